import { and, eq, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { fieldById, type Db, type Operand } from '#worker/db/client.ts';
import { dataDeletionRequests, instagramAccounts, oauthStates } from '#worker/db/schema.ts';

export type AccountRow = typeof instagramAccounts.$inferSelect;

const ACCOUNT_FIELDS = { sandbox: instagramAccounts.sandbox, username: instagramAccounts.username } as const;

/** One field of the account `id` inside another feature's statement (a post's account); null without such an account. */
export function accountField<K extends keyof typeof ACCOUNT_FIELDS>(id: Operand, field: K) {
  return fieldById(ACCOUNT_FIELDS[field], id);
}

export function findAccount(db: Db, id: string) {
  return db.select().from(instagramAccounts).where(eq(instagramAccounts.id, id)).get();
}

export function findAccountOfProject(db: Db, projectId: string) {
  return db.select().from(instagramAccounts).where(eq(instagramAccounts.projectId, projectId)).get();
}

/**
 * Marks an account broken only when it is active: the one caller whose update changed the
 * row gets it back (and tells the owners), a second call returns nothing.
 */
export function markAccountBroken(db: Db, id: string, reason: string, now: Date) {
  return db
    .update(instagramAccounts)
    .set({ status: 'broken', brokenReason: reason, updatedAt: now })
    .where(and(eq(instagramAccounts.id, id), eq(instagramAccounts.status, 'active')))
    .returning()
    .get();
}

/**
 * One account per project. Connecting the same account again replaces its token in place;
 * another account (or sandbox ↔ real) replaces the row, so posts queued for the old one lose
 * their account and fail with "reconnect" instead of going to the new one.
 */
export async function upsertAccount(db: Db, values: typeof instagramAccounts.$inferInsert & { updatedAt: Date }) {
  const { id: _id, projectId: _projectId, createdAt: _createdAt, ...changes } = values;
  const [, rows] = await db.batch([
    db
      .delete(instagramAccounts)
      .where(
        and(
          eq(instagramAccounts.projectId, values.projectId),
          or(ne(instagramAccounts.igUserId, values.igUserId), ne(instagramAccounts.sandbox, values.sandbox ?? false)),
        ),
      ),
    db
      .insert(instagramAccounts)
      .values(values)
      .onConflictDoUpdate({ target: instagramAccounts.projectId, set: { ...changes, createdAt: values.updatedAt } })
      .returning(),
  ]);
  return rows[0];
}

export function deleteAccountOfProject(db: Db, projectId: string) {
  return db.delete(instagramAccounts).where(eq(instagramAccounts.projectId, projectId)).returning({ id: instagramAccounts.id }).all();
}

/**
 * The real (not sandbox) accounts of one Instagram user, in any project, named by Meta's
 * signed_request: by the professional account id or by the app-scoped id.
 */
const realAccountsOfIgUser = (igUserId: string) =>
  and(or(eq(instagramAccounts.igUserId, igUserId), eq(instagramAccounts.igScopedUserId, igUserId)), eq(instagramAccounts.sandbox, false));

/** Every account (any project) of one Instagram user: Meta's deauthorize and data-deletion callbacks. */
export function deleteAccountsOfIgUser(db: Db, igUserId: string) {
  return db.delete(instagramAccounts).where(realAccountsOfIgUser(igUserId)).returning({ id: instagramAccounts.id }).all();
}

/**
 * Deauthorization: the tokens of every (real) account of one Instagram user are deleted
 * and the accounts marked broken; the rows stay so that the owners see what happened.
 * Returns the accounts that were still active (their owners are told).
 */
export async function dropTokensOfIgUser(db: Db, igUserId: string, now: Date) {
  const accounts = realAccountsOfIgUser(igUserId);
  const active = await db
    .select({ id: instagramAccounts.id })
    .from(instagramAccounts)
    .where(and(accounts, eq(instagramAccounts.status, 'active')))
    .all();
  await db.update(instagramAccounts).set({ tokenSealed: null, tokenKeyId: null, tokenExpiresAt: null, updatedAt: now }).where(accounts);
  return active;
}

export function insertOauthState(db: Db, values: typeof oauthStates.$inferInsert) {
  return db.insert(oauthStates).values(values);
}

/** Takes a state (deletes it, whoever asks: a state is used once, even when it turns out wrong). */
export function takeOauthState(db: Db, stateHash: string) {
  return db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning().get();
}

export function purgeExpiredOauthStates(db: Db, now: Date) {
  return db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
}

/**
 * Real (not sandbox) active accounts whose token expires before `before`, was last
 * refreshed (or issued) before `refreshedBefore` (Instagram refreshes only tokens at least
 * 24 hours old) and was not tried since `triedBefore` (the row's last change); and those
 * whose token has already run out.
 */
export function accountsDueForRefresh(db: Db, now: Date, before: Date, refreshedBefore: Date, triedBefore: Date, limit: number) {
  return db
    .select()
    .from(instagramAccounts)
    .where(
      and(
        eq(instagramAccounts.status, 'active'),
        eq(instagramAccounts.sandbox, false),
        isNotNull(instagramAccounts.tokenSealed),
        lte(instagramAccounts.tokenExpiresAt, before),
        or(
          lte(instagramAccounts.tokenExpiresAt, now),
          and(
            or(isNull(instagramAccounts.tokenRefreshedAt), lt(instagramAccounts.tokenRefreshedAt, refreshedBefore)),
            lt(instagramAccounts.updatedAt, triedBefore),
          ),
        ),
      ),
    )
    .orderBy(instagramAccounts.tokenExpiresAt)
    .limit(limit)
    .all();
}

/** Stores a refreshed token, only if the account still holds the token that was refreshed. */
export function storeRefreshedToken(
  db: Db,
  id: string,
  previousSealed: string,
  values: { tokenSealed: string; tokenKeyId: string; tokenExpiresAt: Date; now: Date },
) {
  return db
    .update(instagramAccounts)
    .set({
      tokenSealed: values.tokenSealed,
      tokenKeyId: values.tokenKeyId,
      tokenExpiresAt: values.tokenExpiresAt,
      tokenRefreshedAt: values.now,
      updatedAt: values.now,
    })
    .where(and(eq(instagramAccounts.id, id), eq(instagramAccounts.tokenSealed, previousSealed), eq(instagramAccounts.status, 'active')))
    .returning({ id: instagramAccounts.id })
    .get();
}

export function insertDeletionRequest(db: Db, values: typeof dataDeletionRequests.$inferInsert) {
  return db.insert(dataDeletionRequests).values(values);
}

export function findDeletionRequest(db: Db, code: string) {
  return db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.code, code)).get();
}

/** Deletion requests are answered for a year (the status page), then forgotten. */
export function purgeDeletionRequests(db: Db, before: Date) {
  return db.delete(dataDeletionRequests).where(lt(dataDeletionRequests.createdAt, before));
}

/** Notes a refresh attempt that failed for a passing reason: the next one waits (the row's updated_at). */
export function noteRefreshAttempt(db: Db, id: string, now: Date) {
  return db
    .update(instagramAccounts)
    .set({ updatedAt: now })
    .where(and(eq(instagramAccounts.id, id), eq(instagramAccounts.status, 'active')));
}
