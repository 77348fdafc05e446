import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { PLANS } from '#common/plans.ts';
import { API_KEY_PLAN_LIMITS, type ApiScope } from '#common/schemas/api-keys.ts';
import { preparedOnce, rawStatement, type Db } from '#worker/db/client.ts';
import { planLimitSql } from '#worker/db/plans.ts';
import { apiKeys } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';
import { isActiveProject, isLiveProject, ownerOf } from '#worker/features/projects/scope/service.ts';

/**
 * The queries of API keys (issue 31, decision 0040). A project's keys are limited by its owner's
 * plan, checked inside the insert itself; a key is found by the SHA-256 of its secret.
 */
export type ApiKeyRow = typeof apiKeys.$inferSelect;

const liveKeysOf = (projectId: string) => sql`(SELECT count(*) FROM api_keys k WHERE k.project_id = ${projectId} AND k.revoked_at IS NULL)`;

/** The plans whose keys may carry every one of `scopes`, as `plan IN (…)`. */
function planAllows(plan: ReturnType<typeof userField>, scopes: readonly ApiScope[]) {
  const plans = Object.values(PLANS).filter((p) => scopes.every((scope) => API_KEY_PLAN_LIMITS[p.id].scopes.includes(scope)));
  if (plans.length === 0) return sql`0`;
  return sql`${plan} IN (${sql.join(
    plans.map((p) => sql`${p.id}`),
    sql`, `,
  )})`;
}

/**
 * Stores a key in one conditional insert: only while the project's live keys are fewer than
 * its owner's plan allows, and only with scopes that plan allows (the Free plan: one key, `read`).
 * Concurrent creates each see the rows committed before them: no burst passes the limit.
 */
export function insertKeyIfRoom(
  db: Db,
  k: { id: string; projectId: string; name: string; scopes: readonly ApiScope[]; prefix: string; secretHash: string; createdBy: string; now: Date },
) {
  const plan = userField(ownerOf(k.projectId), 'plan');
  const limit = planLimitSql(plan, (p) => API_KEY_PLAN_LIMITS[p.id].keys, sql`0`);
  const now = k.now.getTime();
  return rawStatement(
    db,
    sql`INSERT INTO api_keys (id, project_id, name, scopes, prefix, secret_hash, created_by, created_at)
      SELECT ${k.id}, ${k.projectId}, ${k.name}, ${JSON.stringify(k.scopes)}, ${k.prefix}, ${k.secretHash}, ${k.createdBy}, ${now}
      WHERE ${liveKeysOf(k.projectId)} < ${limit} AND ${planAllows(plan, k.scopes)}`,
  );
}

/** The owner's plan and the project's live keys (for a refusal's message and the list's explanation). */
export function keyAllowance(db: Db, projectId: string) {
  return db.get<{ plan: 'free' | 'pro' | 'agency' | null; used: number }>(
    sql`SELECT ${userField(ownerOf(projectId), 'plan')} AS plan, ${liveKeysOf(projectId)} AS used`,
  );
}

/** A project's live keys, newest first, with the name of who created each. */
export function liveKeys(db: Db, projectId: string) {
  return db
    .select({ key: apiKeys, creatorName: userField(apiKeys.createdBy, 'name') })
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(100)
    .all();
}

export function liveKey(db: Db, projectId: string, id: string) {
  return db
    .select({ key: apiKeys, creatorName: userField(apiKeys.createdBy, 'name') })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)))
    .get();
}

/** Revokes a live key of the project; the change counts 0 when there is none (or it was revoked already). */
export function revokeKey(db: Db, projectId: string, id: string, now: Date) {
  return db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)));
}

/**
 * The live key with this secret's hash, in a live project: one indexed read per API request, its
 * SQL built once per isolate (`preparedOnce`: drizzle would build it on every request).
 */
const keyByHashQuery = preparedOnce<{ id: string; projectId: string; scopes: string[]; lastUsedAt: Date | null; projectActive: number }>((db) =>
  db
    .select({
      id: apiKeys.id,
      projectId: apiKeys.projectId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      /** An archived project is read-only through the API too (worker/middleware/archived.ts). */
      projectActive: sql<number>`${isActiveProject(apiKeys.projectId)}`,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, sql.placeholder('secretHash')), isNull(apiKeys.revokedAt), isLiveProject(apiKeys.projectId))),
);

export function keyByHash(db: Db, secretHash: string) {
  return keyByHashQuery(db, { secretHash });
}

/**
 * Records the key's use (time and address) at most once per `everyMs`: a conditional update that
 * changes nothing while the last recorded use is newer. The audit entry after it in the same batch
 * is written only when this changed the row (`auditIfChangedStatement`).
 */
export function touchKey(db: Db, id: string, ip: string, now: number, everyMs: number) {
  return db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now), lastUsedIp: ip })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} <= ${now - everyMs})`));
}
