import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { calendarFeeds } from '#worker/db/schema.ts';
import { isLiveUser, userField } from '#worker/features/auth/users/service.ts';

export type FeedRow = typeof calendarFeeds.$inferSelect;

/** The user's live feed, if any. */
export function liveFeedOf(db: Db, userId: string) {
  return db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .get();
}

/**
 * The live feed behind a token's hash, with its user's language and time zone: only while the
 * account is live and not disabled.
 */
export function feedByHash(db: Db, tokenHash: string) {
  return db
    .select({ id: calendarFeeds.id, userId: calendarFeeds.userId, locale: userField(calendarFeeds.userId, 'locale') })
    .from(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.tokenHash, tokenHash),
        isNull(calendarFeeds.revokedAt),
        isLiveUser(calendarFeeds.userId),
        isNull(userField(calendarFeeds.userId, 'disabledAt')),
      ),
    )
    .get();
}

/** Revokes the user's live feed (a statement for the caller's batch). */
export function revokeStatement(db: Db, userId: string, now: Date) {
  return db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
}

/**
 * Inserts the user's new live feed; the partial unique index (one live feed per user) makes a
 * second concurrent insert do nothing.
 */
export function insertFeedStatement(db: Db, values: typeof calendarFeeds.$inferInsert) {
  return db.insert(calendarFeeds).values(values).onConflictDoNothing().returning();
}
