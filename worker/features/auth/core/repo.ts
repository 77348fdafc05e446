import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { preparedOnce, rawStatement, type Db } from '#worker/db/client.ts';
import { isLiveRow, liveRow, liveRowWhere } from '#worker/db/live-rows.ts';
import { passwordResetTokens, sessions, users } from '#worker/db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function findUserByEmail(db: Db, email: string) {
  return liveRowWhere(db, users, eq(users.email, email));
}

export function findUserById(db: Db, id: string) {
  return liveRow(db, users, id).get();
}

export function insertUser(db: Db, values: typeof users.$inferInsert) {
  return db.insert(users).values(values);
}

export function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(values);
}

/**
 * A sign-in's session, inserted only while its user is live (not purged, not disabled, no
 * deletion pending: the sign-in's batch cancels one first): one conditional write, so that a
 * sign-in that read the user before the purge's batch anonymised it inserts nothing (`changes`
 * is 0) instead of a session nobody can use.
 */
export function insertSessionWhileLive(db: Db, values: typeof sessions.$inferInsert & { createdAt: Date }) {
  return rawStatement(
    db,
    sql`INSERT INTO ${sessions} (id, user_id, token_hash, user_agent, country, created_at, last_seen_at, expires_at)
      SELECT ${values.id}, ${values.userId}, ${values.tokenHash}, ${values.userAgent ?? null}, ${values.country ?? null},
        ${values.createdAt.getTime()}, ${values.lastSeenAt.getTime()}, ${values.expiresAt.getTime()}
      FROM ${users} WHERE ${users.id} = ${values.userId} AND ${users.deletedAt} IS NULL AND ${users.disabledAt} IS NULL
        AND ${users.deletionRequestedAt} IS NULL`,
  );
}

/**
 * Clears a deletion request (the user signed in during the grace period); changes one row only if
 * one was pending and the account is live: the same condition as the session the sign-in inserts,
 * so a sign-in refused because an admin disabled the account meanwhile cancels nothing.
 */
export function cancelDeletion(db: Db, userId: string, now: Date) {
  return db
    .update(users)
    .set({ deletionRequestedAt: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.deletedAt), isNull(users.disabledAt)));
}

/** The live session for a token hash, with its user (deleted, disabled and deletion-pending users have none). */
/** Every signed-in request's lookup (when not in the isolate's session cache): its SQL built once per isolate (`preparedOnce`). */
const liveSessionQuery = preparedOnce<{ session: SessionRow; user: UserRow }>((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        // A placeholder is bound as it is given: the instant as the column stores it (ms).
        gt(sessions.expiresAt, sql.placeholder('nowMs')),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
        isNull(users.deletionRequestedAt),
      ),
    ),
);

export function findLiveSession(db: Db, tokenHash: string, now: Date) {
  return liveSessionQuery(db, { tokenHash, nowMs: now.getTime() });
}

export function touchSession(db: Db, id: string, lastSeenAt: Date, expiresAt: Date) {
  return db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
}

export function deleteSessionByTokenHash(db: Db, tokenHash: string) {
  return db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export function deleteSession(db: Db, userId: string, sessionId: string) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
}

export function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
  return db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export function deleteAllSessions(db: Db, userId: string) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

export function listLiveSessions(db: Db, userId: string, now: Date, limit: number, before?: { lastSeenAt: Date; id: string }) {
  const conditions = [eq(sessions.userId, userId), gt(sessions.expiresAt, now)];
  if (before) {
    conditions.push(
      sql`(${sessions.lastSeenAt} < ${before.lastSeenAt.getTime()} OR (${sessions.lastSeenAt} = ${before.lastSeenAt.getTime()} AND ${sessions.id} < ${before.id}))`,
    );
  }
  return db
    .select()
    .from(sessions)
    .where(and(...conditions))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(limit)
    .all();
}

/** Changes a live user (a purged row is never written again: a reset confirmed after the purge changes nothing). */
export function updateUser(db: Db, id: string, values: Partial<Pick<UserRow, 'name' | 'passwordHash' | 'locale' | 'timeZone'>>) {
  return db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(isLiveRow(users, id))
    .returning();
}

export function insertResetToken(db: Db, values: typeof passwordResetTokens.$inferInsert) {
  return db.insert(passwordResetTokens).values(values);
}

/** Ends every open reset link of the user (a newer link, or a changed password, replaces them). */
export function endResetTokens(db: Db, userId: string, now: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The reset token if it is still open (unused, unexpired). */
export function findOpenResetToken(db: Db, tokenHash: string, now: Date) {
  return db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .get();
}

/** Marks a reset token used if it is unused and unexpired: the single-use guarantee. */
export function consumeResetToken(db: Db, tokenHash: string, now: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId })
    .get();
}

export function purgeExpired(db: Db, now: Date) {
  return db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000))),
  ]);
}
