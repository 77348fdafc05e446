import { PLANS } from '#common/plans.ts';
import {
  API_KEY_PLAN_LIMITS,
  API_KEY_PREFIX,
  API_KEY_SECRET_CHARS,
  API_KEY_VISIBLE_CHARS,
  type ApiKeyCreateInput,
  type ApiKeyCreated,
  type ApiKeyItem,
  type ApiKeyList,
  type ApiScope,
} from '#common/schemas/api-keys.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { base64url, newId } from '#worker/lib/ids.ts';
import { consume, RATE_LIMITS } from '#worker/lib/rate-limit.ts';
import * as repo from '#worker/features/api/keys/repo.ts';

/**
 * API keys (issue 31, decision 0040): owners create, list and revoke a project's keys; `/api/v1`
 * finds the caller behind a bearer token here. The secret exists only in the create's answer;
 * the database keeps its SHA-256.
 */

/** How often a key's last use (time, address) is written, and audited: once a minute at most. */
export const KEY_USE_RECORD_MS = 60_000;

const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_SECRET_CHARS}}$`);

export interface Actor {
  id: string;
  ip: string;
}

/** The project and scopes a valid key stands for. */
export interface ApiCaller {
  keyId: string;
  projectId: string;
  scopes: ApiScope[];
  /** The project is archived: read-only until its owner restores it (writes answer 409). */
  archived: boolean;
}

function toItem(row: repo.ApiKeyRow, creatorName: string | null): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: creatorName,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

/** A new secret: `adl_` + 32 random bytes as base64url (43 characters). */
export function newSecret(): string {
  return API_KEY_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Whether a bearer token has the shape of a key at all (else it cannot exist: no query). */
export function looksLikeSecret(token: string): boolean {
  return token.length === API_KEY_PREFIX.length + API_KEY_SECRET_CHARS && SECRET_PATTERN.test(token);
}

export async function listKeys(db: Db, projectId: string): Promise<ApiKeyList> {
  const [rows, allowance] = await Promise.all([repo.liveKeys(db, projectId), repo.keyAllowance(db, projectId)]);
  const plan = allowance?.plan ?? 'free';
  const limit = API_KEY_PLAN_LIMITS[plan];
  return { items: rows.map((r) => toItem(r.key, r.creatorName)), plan, limit: { keys: limit.keys, scopes: [...limit.scopes] } };
}

async function refusal(db: Db, projectId: string, scopes: readonly ApiScope[]): Promise<AppError> {
  const allowance = await repo.keyAllowance(db, projectId);
  const plan = PLANS[allowance?.plan ?? 'free'];
  const limit = API_KEY_PLAN_LIMITS[plan.id];
  const details = { _: [`plan:${plan.id}`, `limit:${limit.keys}`] };
  if (!scopes.every((scope) => limit.scopes.includes(scope))) {
    const message = `The ${plan.name} plan includes one read-only API key. The project’s owner can upgrade for keys that render, create ads or read leads.`;
    return new AppError('plan_limit_reached', message, { scopes: [message], ...details });
  }
  const message =
    limit.keys === 1
      ? `The ${plan.name} plan includes one read-only API key, already in use. Revoke it first, or upgrade.`
      : `The ${plan.name} plan allows ${limit.keys} API keys per project, all in use. Revoke one first.`;
  return new AppError('plan_limit_reached', message, details);
}

/** Creates a key: one conditional insert (the plan's limit) and its audit entry, one batch. The secret is in this answer only. */
export async function createKey(db: Db, projectId: string, actor: Actor, input: ApiKeyCreateInput): Promise<ApiKeyCreated> {
  const secret = newSecret();
  const id = newId();
  const now = new Date();
  const row = { id, projectId, name: input.name, scopes: input.scopes, prefix: secret.slice(0, API_KEY_VISIBLE_CHARS), secretHash: await sha256Hex(secret) };
  const [insert] = await rawBatch(db, [
    repo.insertKeyIfRoom(db, { ...row, createdBy: actor.id, now }),
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: id,
      projectId,
      details: { name: input.name, scopes: input.scopes, prefix: row.prefix },
      ip: actor.ip,
    }),
  ]);
  if (insert?.meta.changes !== 1) throw await refusal(db, projectId, input.scopes);
  const created = await repo.liveKey(db, projectId, id);
  if (!created) throw new AppError('not_found');
  return { ...toItem(created.key, created.creatorName), secret };
}

/** Revokes a key at once: the next request with it is refused. 404 for a key that is not the project's, or revoked already. */
export async function revokeKey(db: Db, projectId: string, actor: Actor, id: string): Promise<void> {
  const [update] = await rawBatch(db, [
    repo.revokeKey(db, projectId, id, new Date()),
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'api_key.revoke', targetType: 'api_key', targetId: id, projectId, ip: actor.ip }),
  ]);
  if (update?.meta.changes !== 1) throw new AppError('not_found');
}

/**
 * The caller behind a bearer token, or undefined (unknown, revoked, a deleted project). A known key
 * counts one request against its rate limit (429 past it) and, at most once a minute, records its
 * last use and an audit entry `api_key.use` (with the request) in one batch: the use is audited per
 * key and minute, not per request (decision 0040).
 */
export async function callerOf(db: Db, token: string, request: { ip: string; method: string; path: string }, now = Date.now()): Promise<ApiCaller | undefined> {
  if (!looksLikeSecret(token)) return undefined;
  const key = await repo.keyByHash(db, await sha256Hex(token));
  if (!key) return undefined;
  const caller = { keyId: key.id, projectId: key.projectId, scopes: key.scopes as ApiScope[], archived: !key.projectActive };
  const record =
    key.lastUsedAt === null || key.lastUsedAt.getTime() <= now - KEY_USE_RECORD_MS
      ? rawBatch(db, [
          repo.touchKey(db, key.id, request.ip, now, KEY_USE_RECORD_MS),
          auditIfChangedStatement(db, {
            actorUserId: null,
            action: 'api_key.use',
            targetType: 'api_key',
            targetId: key.id,
            projectId: key.projectId,
            details: { method: request.method, path: request.path.slice(0, 200) },
            ip: request.ip,
          }),
        ])
      : undefined;
  await Promise.all([consume(db, `api-key:${key.id}`, RATE_LIMITS.apiKeyRequests, now), record]);
  return caller;
}
