import type { Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import type { PublicUser, SessionInfo } from '#common/schemas/auth.ts';
import { PLANS } from '#common/plans.ts';
import { knownTimeZone } from '#common/time-zone.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, sha256Hex, verifyPassword } from '#worker/lib/crypto.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import type { RequestMeta } from '#worker/lib/request-meta.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId, newToken } from '#worker/lib/ids.ts';
import { personalEmail, type Mailer, type Recipient } from '#worker/lib/mailer.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { RATE_LIMITS, clearLimit, consume, release } from '#worker/lib/rate-limit.ts';
import { SESSION_TTL_MS } from '#worker/lib/session-cookie.ts';
import { referralStatement } from '#worker/features/affiliate/service.ts';
import { openAccountStatements } from '#worker/features/credits/service.ts';
import * as repo from '#worker/features/auth/core/repo.ts';
import { cachedSession, forgetSession, forgetToken, forgetUser, rememberSession, tokenHash as hashOfToken } from '#worker/lib/session-cache.ts';

/** How often a used session pushes its expiry 30 days ahead (one write per hour at most). */
const SLIDE_EVERY_MS = 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function toPublicUser(user: Pick<repo.UserRow, 'id' | 'email' | 'name' | 'role' | 'plan' | 'createdAt' | 'locale' | 'timeZone'>): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    plan: { id: user.plan, name: PLANS[user.plan].name },
    createdAt: user.createdAt.toISOString(),
    locale: user.locale,
    timeZone: user.timeZone,
  };
}

function toSessionUser(user: repo.UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    plan: user.plan,
    createdAt: user.createdAt,
    locale: user.locale,
    timeZone: user.timeZone,
  };
}

async function newSession(db: Db, userId: string, meta: RequestMeta, now: Date) {
  const token = newToken();
  const id = newId();
  const values = {
    id,
    userId,
    tokenHash: await sha256Hex(token),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    country: meta.country,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  };
  return { token, id, values, statement: repo.insertSession(db, values) };
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A short affiliate code that reads well in a link (no 0/o, 1/l/i). */
export function newAffiliateCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** Signs a user up; `referrerId` (from the affiliate cookie, checked by the caller) becomes a referral. */
export async function signup(
  db: Db,
  input: { email: string; password: string; name: string; locale?: Locale; timeZone?: string | undefined },
  meta: RequestMeta,
  referrerId?: string,
) {
  await consume(db, `signup:${clientNetwork(meta.ip)}`, RATE_LIMITS.signups);
  if (await repo.findUserByEmail(db, input.email)) {
    throw new AppError('conflict', 'An account with this email already exists. Sign in instead, or reset your password.', {
      email: ['An account with this email already exists.'],
    });
  }
  const now = new Date();
  const userId = newId();
  const passwordHash = await hashPassword(input.password);
  // The browser's zone, as the runtime names it; one it does not know is dropped (signupInput).
  const zone = input.timeZone ? knownTimeZone(input.timeZone) : null;
  const session = await newSession(db, userId, meta, now);
  try {
    await db.batch([
      repo.insertUser(db, {
        id: userId,
        email: input.email,
        name: input.name,
        passwordHash,
        ...(input.locale ? { locale: input.locale } : {}),
        ...(zone ? { timeZone: zone } : {}),
        affiliateCode: newAffiliateCode(),
        createdAt: now,
        updatedAt: now,
      }),
      ...openAccountStatements(db, userId, 'free', now),
      session.statement,
      ...(referrerId ? [referralStatement(db, referrerId, userId, now)] : []),
    ]);
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (String(error).includes('UNIQUE'))
      throw new AppError('conflict', 'An account with this email already exists.', { email: ['An account with this email already exists.'] });
    throw error;
  }
  const user = await repo.findUserById(db, userId);
  if (!user) throw new Error('user vanished after sign-up');
  return { user: toPublicUser(user), token: session.token };
}

/**
 * Signs a user in. An account waiting for deletion (decision 0023) is kept: signing in cancels
 * the deletion (`deletionCanceled`, and an email says so, in case it was not them).
 */
const WRONG_CREDENTIALS = 'That email and password do not match. Check them, or reset your password.';
const DISABLED = 'This account has been disabled. Write to us through the contact page if you think this is a mistake.';

export async function login(db: Db, input: { email: string; password: string }, meta: RequestMeta, oldToken?: string, mailer?: Mailer) {
  // Per network (an IPv6 /64 is one client: stepping through its addresses gains nothing).
  const network = clientNetwork(meta.ip);
  const limitKey = `login:${input.email}:${network}`;
  const networkKey = `login-network:${network}`;
  // Each try is counted before the password is checked (one atomic upsert), so that a burst
  // of tries arriving together gets no more than the limit; a success clears the count (and
  // gives back its count on the network's limit, which counts failures across all emails).
  await consume(db, limitKey, RATE_LIMITS.loginFailures);
  await consume(db, networkKey, RATE_LIMITS.loginNetworkFailures);
  const user = await repo.findUserByEmail(db, input.email);
  // Same work whether or not the account exists, so timing does not reveal it.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) throw new AppError('unauthenticated', WRONG_CREDENTIALS);
  // Said only to whoever knows the password: an admin disabled the account (issue 13). A 401 like a
  // wrong password, so that the no-JavaScript form shows it on the form (and no session is made).
  if (user.disabledAt) throw new AppError('unauthenticated', DISABLED);
  await clearLimit(db, limitKey);
  await release(db, networkKey);
  const now = new Date();
  const session = await newSession(db, user.id, meta, now);
  // Always in the batch, whatever the read saw: a deletion asked for from another device while
  // this sign-in ran is cancelled too (both statements change nothing when none is pending).
  const cancel = [
    repo.cancelDeletion(db, user.id, now),
    auditIfChangedStatement(db, { actorUserId: user.id, action: 'user.deletion_canceled', targetType: 'user', targetId: user.id, ip: meta.ip }),
  ];
  // Rotation: the session this browser had before (if any) ends with the new sign-in.
  const oldHash = oldToken ? await sha256Hex(oldToken) : undefined;
  const results = await rawBatch(db, [
    ...cancel,
    ...(oldHash ? [repo.deleteSessionByTokenHash(db, oldHash)] : []),
    repo.insertSessionWhileLive(db, session.values),
  ]);
  if (oldHash) forgetToken(oldHash);
  if (results.at(-1)?.meta.changes !== 1) {
    // Disabled by an admin, or purged, after it was read: no session, and what the up-front checks would have said.
    if ((await repo.findUserById(db, user.id))?.disabledAt) throw new AppError('unauthenticated', DISABLED);
    throw new AppError('unauthenticated', WRONG_CREDENTIALS);
  }
  // Only the sign-in whose update cleared the request says so (two at once: one email).
  const deletionCanceled = results[0]?.meta.changes === 1;
  if (deletionCanceled && mailer) await mailer.send(deletionCanceledEmail(user));
  return { user: toPublicUser(user), token: session.token, deletionCanceled };
}

function deletionCanceledEmail(user: Recipient) {
  return personalEmail('account_deletion_canceled', user, (i18n) => ({
    subject: i18n._('email.deletionCanceled.subject'),
    lines: [i18n._('email.deletionCanceled.signedIn'), i18n._('email.deletionCanceled.instagram'), '', i18n._('email.deletionCanceled.notYou')],
  }));
}

/**
 * Counts one re-entry of the signed-in user's password (deleting the account, changing the
 * password) before it is checked, like sign-in failures: 5 per account and client network (an
 * IPv6 /64 is one client) per 15 minutes, 20 per account from all networks, then 429. Both steps
 * share the counts: whoever holds a stolen session gets no more guesses by switching between them.
 * Returns what to run once the password turned out right.
 */
async function countPasswordTry(db: Db, userId: string, meta: RequestMeta): Promise<() => Promise<void>> {
  const networkKey = `confirm-password:${userId}:${clientNetwork(meta.ip)}`;
  const accountKey = `confirm-password:${userId}`;
  await consume(db, networkKey, RATE_LIMITS.loginFailures);
  await consume(db, accountKey, RATE_LIMITS.confirmPasswordAccount);
  return async () => {
    await clearLimit(db, networkKey);
    await release(db, accountKey);
  };
}

/**
 * Checks the signed-in user's password before a step that cannot wait to be undone (deleting
 * the account): 422 on a wrong one, counted like sign-in failures (`countPasswordTry`).
 */
export async function confirmPassword(db: Db, userId: string, password: string, meta: RequestMeta): Promise<void> {
  const succeeded = await countPasswordTry(db, userId, meta);
  const user = await repo.findUserById(db, userId);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw new AppError('validation_failed', 'That password is not right.', { password: ['This is not your password.'] });
  }
  await succeeded();
}

/**
 * Ends every session of a user, as a statement for the caller's batch (an admin disabling
 * the account); run `forgetUserSessions` once the batch has run.
 */
export function endAllSessionsStatement(db: Db, userId: string) {
  return repo.deleteAllSessions(db, userId);
}

/** Drops a user's sessions (and their role and plan) from this isolate's cache: the next request reads D1. */
export function forgetUserSessions(userId: string): void {
  forgetUser(userId);
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  const tokenHash = await sha256Hex(token);
  await repo.deleteSessionByTokenHash(db, tokenHash);
  forgetToken(tokenHash);
}

/** Resolves a session token; slides its expiry when it has not been used for an hour. */
export async function authenticate(db: Db, token: string, now = new Date()) {
  const tokenHash = await hashOfToken(token, now.getTime());
  const cached = cachedSession(tokenHash, now.getTime());
  if (cached && now.getTime() - cached.lastSeenAt <= SLIDE_EVERY_MS) return { user: cached.user, sessionId: cached.sessionId, slid: false };
  const row = await repo.findLiveSession(db, tokenHash, now);
  if (!row) {
    forgetToken(tokenHash);
    return undefined;
  }
  let slid = false;
  let { lastSeenAt, expiresAt } = row.session;
  if (now.getTime() - lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    lastSeenAt = now;
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await repo.touchSession(db, row.session.id, lastSeenAt, expiresAt);
    slid = true;
  }
  const user = toSessionUser(row.user);
  rememberSession(tokenHash, { user, sessionId: row.session.id, lastSeenAt: lastSeenAt.getTime(), expiresAt: expiresAt.getTime(), cachedAt: now.getTime() });
  return { user, sessionId: row.session.id, slid };
}

/** Counts a reset request against the per-IP limit (429 beyond it). */
export async function assertResetAllowed(db: Db, meta: RequestMeta): Promise<void> {
  await consume(db, `reset:${clientNetwork(meta.ip)}`, RATE_LIMITS.passwordResetRequests);
}

export async function requestPasswordReset(db: Db, mailer: Mailer, email: string, origin: string): Promise<void> {
  const user = await repo.findUserByEmail(db, email);
  if (!user) return;
  const token = newToken();
  const now = new Date();
  // Only the newest link works: the earlier ones end in the same batch.
  await db.batch([
    repo.endResetTokens(db, user.id, now),
    repo.insertResetToken(db, {
      id: newId(),
      userId: user.id,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    }),
  ]);
  // The reset page in the account's language (`/de/password-reset` for a German account).
  const link = `${origin}${localePath(user.locale, '/password-reset')}?token=${encodeURIComponent(token)}`;
  await mailer.send(
    personalEmail('password_reset', user, (i18n) => ({
      subject: i18n._('email.passwordReset.subject'),
      lines: [i18n._('email.passwordReset.asked'), i18n._('email.passwordReset.choose'), link, '', i18n._('email.passwordReset.ignore')],
    })),
  );
}

/** Whether a reset link can still set a password (unused, unexpired), for the page that opens it. */
export async function isResetLinkOpen(db: Db, token: string): Promise<boolean> {
  return (await repo.findOpenResetToken(db, await sha256Hex(token), new Date())) !== undefined;
}

export async function confirmPasswordReset(db: Db, token: string, password: string): Promise<void> {
  const now = new Date();
  const used = await repo.consumeResetToken(db, await sha256Hex(token), now);
  if (!used) {
    throw new AppError('validation_failed', 'This reset link has expired or was already used. Ask for a new one.', {
      token: ['This reset link has expired or was already used.'],
    });
  }
  const passwordHash = await hashPassword(password);
  // A new password ends every session and every other reset link: whoever knew the old
  // password, or holds an older link, is out.
  await db.batch([
    repo.updateUser(db, used.userId, { passwordHash }),
    repo.deleteAllSessions(db, used.userId),
    repo.endResetTokens(db, used.userId, now),
    auditStatement(db, { actorUserId: used.userId, action: 'user.password_reset', targetType: 'user', targetId: used.userId }),
  ]);
  forgetUser(used.userId);
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: { name?: string | undefined; locale?: Locale | undefined; timeZone?: string | null | undefined },
): Promise<PublicUser> {
  const [user] = await repo.updateUser(db, userId, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.locale === undefined ? {} : { locale: input.locale }),
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  });
  if (!user) throw new AppError('not_found');
  forgetUser(userId);
  return toPublicUser(user);
}

/**
 * Sets a new password when the current one is right (counted like sign-in failures:
 * `countPasswordTry`), and signs out every other device.
 */
export async function changePassword(
  db: Db,
  userId: string,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<PublicUser> {
  const succeeded = await countPasswordTry(db, userId, meta);
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('not_found');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError('validation_failed', 'Your current password is not right.', { currentPassword: ['This is not your current password.'] });
  }
  await succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  const [[updated]] = await db.batch([
    repo.updateUser(db, userId, { passwordHash }),
    repo.deleteOtherSessions(db, userId, sessionId),
    repo.endResetTokens(db, userId, new Date()),
    auditStatement(db, { actorUserId: userId, action: 'user.password_changed', targetType: 'user', targetId: userId }),
  ]);
  if (!updated) throw new AppError('not_found');
  forgetUser(userId);
  return toPublicUser(updated);
}

export async function listSessions(db: Db, userId: string, currentSessionId: string, limit = 50, cursor?: string) {
  let before: { lastSeenAt: Date; id: string } | undefined;
  if (cursor) {
    const [time, id] = cursor.split('.');
    if (!time || !id || !/^\d+$/.test(time)) throw new AppError('validation_failed', undefined, { cursor: ['This cursor is not valid.'] });
    before = { lastSeenAt: new Date(Number(time)), id };
  }
  const rows = await repo.listLiveSessions(db, userId, new Date(), limit + 1, before);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items: SessionInfo[] = page.map((s) => ({
    id: s.id,
    current: s.id === currentSessionId,
    userAgent: s.userAgent,
    country: s.country,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
  }));
  return { items, nextCursor: rows.length > limit && last ? `${last.lastSeenAt.getTime()}.${last.id}` : null };
}

export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const deleted = await repo.deleteSession(db, userId, sessionId);
  if (deleted.length === 0) throw new AppError('not_found', 'That session does not exist or has already ended.');
  forgetSession(sessionId);
}

export async function revokeOtherSessions(db: Db, userId: string, currentSessionId: string): Promise<void> {
  await repo.deleteOtherSessions(db, userId, currentSessionId);
  forgetUser(userId);
}

/** Housekeeping (the scheduled job): expired sessions, and reset tokens a day past their expiry. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await repo.purgeExpired(db, now);
}
