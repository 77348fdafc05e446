import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { contactMessages } from '#worker/db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** A new message; an id the table already has writes nothing (a queued message delivered again: decision 0043). */
export function insertContactMessage(db: Db, values: typeof contactMessages.$inferInsert) {
  return db.insert(contactMessages).values(values).onConflictDoNothing({ target: contactMessages.id });
}

/** Messages newest first, after `before`; `open` are the ones nobody has handled yet. */
export function listContactMessages(
  db: Db,
  options: { status: 'open' | 'handled' | 'all'; limit: number; before?: { time: number; id: string } | undefined },
): Promise<ContactMessageRow[]> {
  const conditions: (SQL | undefined)[] = [];
  if (options.status === 'open') conditions.push(isNull(contactMessages.handledAt));
  if (options.status === 'handled') conditions.push(isNotNull(contactMessages.handledAt));
  return keysetPage(db.select().from(contactMessages).$dynamic(), {
    time: contactMessages.createdAt,
    key: contactMessages.id,
    conditions,
    before: options.before,
    limit: options.limit,
  }).all();
}

export function findContactMessage(db: Db, id: string) {
  return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
}

/** Marks a message handled if it is not yet (of two admins at once, one changes the row). */
export function markHandled(db: Db, id: string, now: Date) {
  return db
    .update(contactMessages)
    .set({ handledAt: now, updatedAt: now })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
}
