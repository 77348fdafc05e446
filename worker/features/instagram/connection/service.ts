import type { InstagramConnection } from '#common/schemas/ads.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { sealSecret, sha256Hex, unsealSecret } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId, newToken } from '#worker/lib/ids.ts';
import { createMailer, personalEmail } from '#worker/lib/mailer.ts';
import { run } from '#worker/lib/reads.ts';
import { membersOf, membershipOf, projectNameOf } from '#worker/features/projects/scope/service.ts';
import * as repo from '#worker/features/instagram/connection/repo.ts';
import {
  OAUTH_SCOPES,
  authorizeUrl,
  exchangeCode,
  fetchProfile,
  longLivedToken,
  refreshLongLivedToken,
  InstagramApiError,
  verifySignedRequest,
  type InstagramFailure,
} from '#worker/features/instagram/connection/oauth.ts';

type Env = Pick<Bindings, 'TOKEN_ENCRYPTION_KEY' | 'INSTAGRAM_APP_ID' | 'INSTAGRAM_APP_SECRET' | 'RESEND_API_KEY' | 'MAIL_FROM'>;

/** A state is good for ten minutes (PRODUCT.md §4.7). */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** Instagram refreshes a long-lived token only once it is at least 24 hours old. */
export const REFRESH_MIN_AGE_MS = 24 * 60 * 60 * 1000;
/** Tokens are refreshed when they expire within this window (a 60-day token: about a week after it was issued). */
export const REFRESH_WINDOW_MS = 53 * 24 * 60 * 60 * 1000;
const REFRESH_BATCH = 50;
/** After a refresh failed for a passing reason (5xx, timeout), the next attempt waits this long: the job runs every minute. */
const REFRESH_RETRY_MS = 60 * 60 * 1000;
/** A data-deletion request's status page answers for a year (/tech-provider says so). */
const DELETION_REQUEST_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

/** The sealed value's additional data: a token opens only on its own project's account row. */
const tokenContext = (projectId: string) => `instagram:${projectId}`;

/** The Instagram Login settings that are missing (the connect button names them). */
export function missingSettings(env: Pick<Bindings, 'INSTAGRAM_APP_ID' | 'INSTAGRAM_APP_SECRET'>): string[] {
  const missing: string[] = [];
  if (!env.INSTAGRAM_APP_ID) missing.push('INSTAGRAM_APP_ID');
  if (!env.INSTAGRAM_APP_SECRET) missing.push('INSTAGRAM_APP_SECRET');
  return missing;
}

function accountView(row: repo.AccountRow): NonNullable<InstagramConnection['account']> {
  return {
    id: row.id,
    username: row.username,
    pictureUrl: row.pictureUrl,
    sandbox: row.sandbox,
    status: row.status,
    brokenReason: row.brokenReason,
    tokenExpiresAt: row.tokenExpiresAt ? row.tokenExpiresAt.toISOString() : null,
    connectedAt: row.createdAt.toISOString(),
  };
}

/** The account's sandbox flag or username inside another feature's statement (a post's account: instagram/publish). */
export { accountField, type AccountRow } from '#worker/features/instagram/connection/repo.ts';

/** The project's account, if it has one (publishing, the sandbox Graph). */
export function accountOfProject(db: Db, projectId: string) {
  return repo.findAccountOfProject(db, projectId);
}

/** An account by its id. */
export function accountById(db: Db, id: string) {
  return repo.findAccount(db, id);
}

/** GET /api/projects/{projectId}/instagram: the project's account (if any) and whether real Instagram Login is configured. */
export async function connectionOf(db: Db, env: Pick<Bindings, 'INSTAGRAM_APP_ID' | 'INSTAGRAM_APP_SECRET'>, projectId: string): Promise<InstagramConnection> {
  const missing = missingSettings(env);
  const row = await repo.findAccountOfProject(db, projectId);
  return { configured: missing.length === 0, missing, account: row ? accountView(row) : null };
}

/**
 * The account's access token for the Graph API (unsealed), or undefined when the project
 * has no such account or its token cannot be opened (then the account is marked broken).
 */
export async function tokenFor(
  db: Db,
  env: Env,
  accountId: string,
): Promise<{ igUserId: string; accessToken: string; sandbox: boolean; status: 'active' | 'broken' } | undefined> {
  const row = await repo.findAccount(db, accountId);
  if (!row?.tokenSealed || !row.tokenKeyId) return undefined;
  let accessToken: string;
  try {
    accessToken = await unsealSecret(env.TOKEN_ENCRYPTION_KEY, { sealed: row.tokenSealed, keyId: row.tokenKeyId }, tokenContext(row.projectId));
  } catch {
    // Another key (rotated without re-sealing) or an altered value: only reconnecting helps.
    await markBroken(db, env, row.id, 'The stored Instagram access could not be read. Connect the account again.');
    return undefined;
  }
  return { igUserId: row.igUserId, accessToken, sandbox: row.sandbox, status: row.status };
}

/**
 * Marks the connection broken (publishing stops, the UI shows the reason) and emails the
 * project's owner(s), once: a second call for an already broken account does nothing.
 */
export async function markBroken(db: Db, env: Env, accountId: string, reason: string, now = new Date()): Promise<void> {
  const row = await repo.markAccountBroken(db, accountId, reason, now);
  if (!row) return;
  const [owners, projectName] = await Promise.all([run(db, membersOf(db, row.projectId, 'owner')), projectNameOf(db, row.projectId)]);
  const mailer = createMailer(db, env);
  for (const owner of owners) {
    await mailer.send(
      personalEmail('instagram_broken', owner, (i18n) => {
        const project = projectName ?? i18n._('email.instagramBroken.yourProject');
        return {
          subject: i18n._('email.instagramBroken.subject', { project }),
          // `reason` is the connection's stored reason, as the workspace shows it (English for now).
          lines: [i18n._('email.instagramBroken.body', { project, username: row.username }), reason, '', i18n._('email.instagramBroken.scheduled')],
        };
      }),
    );
  }
}

/**
 * Starts Instagram Login for a project: a fresh random state (its SHA-256 stored, bound to
 * user and project, ten minutes) and the authorize URL to send the browser to.
 */
export async function startConnect(db: Db, env: Env, input: { userId: string; projectId: string; origin: string }, now = new Date()): Promise<{ url: string }> {
  const missing = missingSettings(env);
  if (missing.length > 0 || !env.INSTAGRAM_APP_ID) {
    throw new AppError(
      'conflict',
      `Instagram Login is not configured on this server: set ${missing.join(' and ')} (from your Meta app’s Instagram settings) and restart. Until then you can connect a sandbox account.`,
    );
  }
  const state = newToken();
  await repo.purgeExpiredOauthStates(db, now);
  await repo.insertOauthState(db, {
    stateHash: await sha256Hex(state),
    userId: input.userId,
    projectId: input.projectId,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    createdAt: now,
  });
  return { url: authorizeUrl({ appId: env.INSTAGRAM_APP_ID, redirectUri: callbackUrl(input.origin), state }) };
}

export function callbackUrl(origin: string): string {
  return `${origin}/callback/instagram`;
}

/** Why a callback did not connect an account: each has its own page. */
export type CallbackFailure = 'denied' | 'invalid_state' | 'expired_state' | 'other_user' | 'not_owner' | 'exchange_failed' | 'not_configured';

/** What the failure page adds in the reader's words (`instagram.failure.{detail}`): Instagram's failure, or permissions left out. */
export type CallbackDetail = InstagramFailure | 'permissions';

export type CallbackOutcome = { ok: true; projectId: string } | { ok: false; failure: CallbackFailure; projectId?: string; detail?: CallbackDetail };

/**
 * GET /callback/instagram: checks and takes the state (single use, whatever happens next),
 * then code → short-lived token → long-lived token → profile, and only then stores the
 * account with its sealed token. Any failure stores nothing.
 */
export async function completeConnect(
  db: Db,
  env: Env,
  input: { userId: string; origin: string; state?: string; code?: string; error?: string },
  now = new Date(),
): Promise<CallbackOutcome> {
  // A state of the wrong shape cannot exist: no query for it.
  const state = input.state && input.state.length <= 128 ? input.state : undefined;
  const stored = state ? await repo.takeOauthState(db, await sha256Hex(state)) : undefined;
  if (!stored) return { ok: false, failure: input.error ? 'denied' : 'invalid_state' };
  if (stored.userId !== input.userId) return { ok: false, failure: 'other_user' };
  const projectId = stored.projectId;
  if (input.error) return { ok: false, failure: 'denied', projectId };
  if (stored.expiresAt.getTime() < now.getTime()) return { ok: false, failure: 'expired_state', projectId };
  if (!input.code || input.code.length > 2048) return { ok: false, failure: 'invalid_state', projectId };
  if (!env.INSTAGRAM_APP_ID || !env.INSTAGRAM_APP_SECRET) return { ok: false, failure: 'not_configured', projectId };
  // Ownership moved, or the project was archived or deleted, within the ten minutes.
  // The owner of a live project that is not archived.
  const membership = await membershipOf(db, projectId, input.userId);
  if (membership?.role !== 'owner' || membership.project.archivedAt !== null) return { ok: false, failure: 'not_owner', projectId };

  let profile: Awaited<ReturnType<typeof fetchProfile>>;
  let token: Awaited<ReturnType<typeof longLivedToken>>;
  let scopedUserId: string | undefined;
  try {
    const short = await exchangeCode({
      appId: env.INSTAGRAM_APP_ID,
      appSecret: env.INSTAGRAM_APP_SECRET,
      redirectUri: callbackUrl(input.origin),
      code: input.code,
    });
    if (short.permissions && !OAUTH_SCOPES.every((scope) => short.permissions?.includes(scope))) {
      return { ok: false, failure: 'denied', projectId, detail: 'permissions' };
    }
    token = await longLivedToken({ appSecret: env.INSTAGRAM_APP_SECRET, shortLivedToken: short.accessToken });
    profile = await fetchProfile(token.accessToken);
    // Meta's deauthorize and data-deletion callbacks may name the user by this id.
    scopedUserId = short.userId ?? profile.scopedUserId;
  } catch (error) {
    if (error instanceof InstagramApiError) return { ok: false, failure: 'exchange_failed', projectId, detail: error.failure };
    throw error;
  }

  const sealed = await sealSecret(env.TOKEN_ENCRYPTION_KEY, token.accessToken, tokenContext(projectId));
  await repo.upsertAccount(db, {
    id: newId(),
    projectId,
    connectedBy: input.userId,
    igUserId: profile.userId,
    igScopedUserId: scopedUserId ?? null,
    username: profile.username,
    pictureUrl: profile.pictureUrl,
    sandbox: false,
    tokenSealed: sealed.sealed,
    tokenKeyId: sealed.keyId,
    tokenExpiresAt: new Date(now.getTime() + token.expiresIn * 1000),
    tokenRefreshedAt: now,
    status: 'active',
    brokenReason: null,
    createdAt: now,
    updatedAt: now,
  });
  return { ok: true, projectId };
}

function sandboxUsername(projectName: string, projectId: string): string {
  const slug = projectName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 20)
    .replace(/\.+$/, '');
  return `${slug || projectId.slice(0, 8).toLowerCase()}.sandbox`;
}

/** Connects the project's sandbox account (no Meta app needed): publishing goes to the local Graph implementation. */
export async function connectSandbox(db: Db, env: Env, input: { userId: string; projectId: string }, now = new Date()): Promise<InstagramConnection> {
  // Reconnecting the sandbox keeps its account: its feed and the permalinks of its posts stay.
  const existing = await repo.findAccountOfProject(db, input.projectId);
  const id = existing?.sandbox ? existing.id : newId();
  const projectName = (await projectNameOf(db, input.projectId)) ?? '';
  const sealed = await sealSecret(env.TOKEN_ENCRYPTION_KEY, 'sandbox', tokenContext(input.projectId));
  await repo.upsertAccount(db, {
    id,
    projectId: input.projectId,
    connectedBy: input.userId,
    igUserId: existing?.sandbox ? existing.igUserId : `sandbox_${id}`,
    igScopedUserId: null,
    username: sandboxUsername(projectName, input.projectId),
    pictureUrl: null,
    sandbox: true,
    tokenSealed: sealed.sealed,
    tokenKeyId: sealed.keyId,
    tokenExpiresAt: null,
    tokenRefreshedAt: now,
    status: 'active',
    brokenReason: null,
    createdAt: now,
    updatedAt: now,
  });
  return connectionOf(db, env, input.projectId);
}

/** Removes the project's account and its token (scheduled posts keep their rows, without an account). */
export async function disconnect(db: Db, projectId: string): Promise<void> {
  await repo.deleteAccountOfProject(db, projectId);
}

/**
 * The scheduled job: refreshes long-lived tokens at least 24 hours old that expire within
 * the window; a token that has run out, or that Instagram refuses (OAuthException 190:
 * revoked, expired, password changed), marks the connection broken. Returns how many
 * tokens were refreshed.
 */
export async function refreshTokens(db: Db, env: Env, now = new Date()): Promise<number> {
  // Housekeeping of the feature: unused states, and deletion requests past their year.
  await repo.purgeExpiredOauthStates(db, now);
  await repo.purgeDeletionRequests(db, new Date(now.getTime() - DELETION_REQUEST_KEPT_MS));
  const due = await repo.accountsDueForRefresh(
    db,
    now,
    new Date(now.getTime() + REFRESH_WINDOW_MS),
    new Date(now.getTime() - REFRESH_MIN_AGE_MS),
    new Date(now.getTime() - REFRESH_RETRY_MS),
    REFRESH_BATCH,
  );
  let refreshed = 0;
  for (const row of due) {
    if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= now.getTime()) {
      await markBroken(db, env, row.id, 'The Instagram access expired (it was not renewed in time). Connect the account again.', now);
      continue;
    }
    const token = await tokenFor(db, env, row.id);
    if (!token || token.sandbox) continue;
    try {
      const fresh = await refreshLongLivedToken(token.accessToken);
      const sealed = await sealSecret(env.TOKEN_ENCRYPTION_KEY, fresh.accessToken, tokenContext(row.projectId));
      const stored = await repo.storeRefreshedToken(db, row.id, row.tokenSealed ?? '', {
        tokenSealed: sealed.sealed,
        tokenKeyId: sealed.keyId,
        tokenExpiresAt: new Date(now.getTime() + fresh.expiresIn * 1000),
        now,
      });
      if (stored) refreshed += 1;
    } catch (error) {
      if (error instanceof InstagramApiError && error.invalidToken) {
        await markBroken(db, env, row.id, error.plain, now);
        continue;
      }
      // Passing (5xx, timeout, rate limit): tried again in an hour, the window is weeks long.
      await repo.noteRefreshAttempt(db, row.id, now);
      console.error(`[instagram] token refresh for account ${row.id} failed`, error instanceof InstagramApiError ? error.message : error);
    }
  }
  return refreshed;
}

/**
 * Meta's deauthorize callback (Adloom was removed in Instagram): the tokens of every (real)
 * account of that Instagram user are deleted at once; the connections show as broken, and
 * their owners are told once, until they connect again or disconnect.
 */
export async function deauthorize(db: Db, env: Env, igUserId: string, now = new Date()): Promise<void> {
  const reason = 'Adloom was removed from this account’s apps in Instagram, and its access was deleted. Connect the account again to publish.';
  const active = await repo.dropTokensOfIgUser(db, igUserId, now);
  for (const account of active) await markBroken(db, env, account.id, reason, now);
}

/** Meta's data-deletion callback: deletes every (real) account of that Instagram user, with its token. Returns how many. */
export async function forgetInstagramUser(db: Db, igUserId: string): Promise<number> {
  return (await repo.deleteAccountsOfIgUser(db, igUserId)).length;
}

/** Records a data-deletion request (the data is deleted at once) and returns its confirmation code. */
export async function recordDataDeletion(db: Db, igUserId: string, now = new Date()): Promise<string> {
  const deleted = await forgetInstagramUser(db, igUserId);
  const code = newId(12);
  await repo.insertDeletionRequest(db, { code, igUserId, status: 'completed', accountsDeleted: deleted, createdAt: now, completedAt: now });
  return code;
}

/** The Instagram user of a Meta callback, from its signed_request: 404 without an app secret (no request can be verified, so the endpoints do not exist), 400 for one that is not valid. */
async function verifiedUser(appSecret: string | undefined, signedRequest: string): Promise<string> {
  if (!appSecret) throw new AppError('not_found');
  const verified = await verifySignedRequest(signedRequest, appSecret);
  if (!verified) throw new AppError('bad_request', 'The signed request is not valid.');
  return verified.userId;
}

/** Meta's deauthorize callback, proved by its signed_request (no session). */
export async function deauthorizeCallback(db: Db, env: Env, signedRequest: string): Promise<void> {
  await deauthorize(db, env, await verifiedUser(env.INSTAGRAM_APP_SECRET, signedRequest));
}

/** Meta's data-deletion callback, proved by its signed_request: the status page's address and the confirmation code, as Meta expects them. */
export async function dataDeletionCallback(
  db: Db,
  env: Pick<Env, 'INSTAGRAM_APP_SECRET'>,
  signedRequest: string,
  origin: string,
): Promise<{ url: string; confirmation_code: string }> {
  const code = await recordDataDeletion(db, await verifiedUser(env.INSTAGRAM_APP_SECRET, signedRequest));
  return { url: `${origin}/instagram/deletion/${code}`, confirmation_code: code };
}

export function deletionRequest(db: Db, code: string) {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(code)) return Promise.resolve(undefined);
  return repo.findDeletionRequest(db, code);
}
