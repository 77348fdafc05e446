import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { containsText, fieldById, operand, type Db, type Operand } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { isLiveRow } from '#worker/db/live-rows.ts';
import { sessions, users } from '#worker/db/schema.ts';

/**
 * The accounts as other features read and change them (the users table is auth's): a user's
 * name, address or plan inside another feature's query, the affiliate code, the plan that
 * billing sets, and the admin area's list and changes.
 */
export type UserRow = typeof users.$inferSelect;

const FIELDS = {
  name: users.name,
  email: users.email,
  locale: users.locale,
  timeZone: users.timeZone,
  plan: users.plan,
  role: users.role,
  affiliateCode: users.affiliateCode,
  deletedAt: users.deletedAt,
  disabledAt: users.disabledAt,
} as const;

export type UserField = keyof typeof FIELDS;

/**
 * One field of the user `id` (a column of the caller's query, such as `media.uploadedBy`, or a
 * value) inside another feature's statement: a correlated subquery on the primary key, null
 * when there is no such user. In select fields, order by and conditions alike.
 */
export function userField<K extends UserField>(id: Operand, field: K): SQL<(typeof FIELDS)[K]['_']['data'] | null> {
  return fieldById(FIELDS[field], id);
}

/** The id of the account with the address `email` (deleted or not; null when there is none), as a subquery. */
export function userIdByEmail(email: string): SQL<string | null> {
  return sql<string | null>`(SELECT users_by_email.id FROM users users_by_email WHERE users_by_email.email = ${email})`;
}

/** Whether `id` is an account that is not deleted. */
export function isLiveUser(id: Operand): SQL {
  return sql`EXISTS (SELECT 1 FROM users users_live WHERE users_live.id = ${operand(id)} AND users_live.deleted_at IS NULL)`;
}

/** The language of the live account with the address `email`, if there is one. */
export function localeByEmail(db: Db, email: string) {
  return db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .get();
}

export function nameOf(db: Db, userId: string) {
  return db.select({ name: users.name }).from(users).where(eq(users.id, userId)).get();
}

export function findByAffiliateCode(db: Db, code: string) {
  return db.select({ id: users.id, email: users.email }).from(users).where(eq(users.affiliateCode, code)).get();
}

export async function affiliateCodeOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.select({ code: users.affiliateCode }).from(users).where(isLiveRow(users, userId)).get();
  return row?.code ?? undefined;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) !== undefined;
}

/** Changes the user's plan (billing). Run `forgetUser(userId)` after it: cached sessions carry the plan. */
export function setPlan(db: Db, userId: string, plan: UserRow['plan']) {
  return db.update(users).set({ plan, updatedAt: new Date() }).where(eq(users.id, userId));
}

/* ---------- the admin area ---------- */

/** Figures of other features beside each account (its credits, its projects), from the account's id. */
type Extra = Record<string, SQL>;

/** Live (not deleted) accounts, newest first, after `before`; `q` searches email and name. */
export function listUsers<E extends Extra>(
  db: Db,
  options: { q?: string | undefined; limit: number; before?: { time: number; id: string } | undefined },
  extra: (userId: Operand) => E,
) {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (options.q) conditions.push(or(containsText(users.email, options.q), containsText(users.name, options.q)));
  const query = db
    .select({ user: users, ...extra(users.id) })
    .from(users)
    .$dynamic();
  return keysetPage(query, { time: users.createdAt, key: users.id, conditions, before: options.before, limit: options.limit }).all();
}

export function findUser<E extends Extra>(db: Db, id: string, extra: (userId: Operand) => E) {
  return db
    .select({ user: users, ...extra(users.id) })
    .from(users)
    .where(isLiveRow(users, id))
    .get();
}

export function liveSessionCount(db: Db, userId: string, now: Date) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${now.getTime()}`))
    .get();
}

/** The plan changes only from the plan the admin saw (of two admins at once, one wins). */
export function setPlanIf(db: Db, userId: string, from: UserRow['plan'], to: UserRow['plan'], now: Date) {
  return db
    .update(users)
    .set({ plan: to, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.plan, from), isNull(users.deletedAt)));
}

export function setRoleIf(db: Db, userId: string, from: UserRow['role'], to: UserRow['role'], now: Date) {
  return db
    .update(users)
    .set({ role: to, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, from), isNull(users.deletedAt)));
}

export function setDisabled(db: Db, userId: string, disabled: boolean, now: Date) {
  return db
    .update(users)
    .set({ disabledAt: disabled ? now : null, updatedAt: now })
    .where(and(eq(users.id, userId), disabled ? isNull(users.disabledAt) : isNotNull(users.disabledAt), isNull(users.deletedAt)));
}
