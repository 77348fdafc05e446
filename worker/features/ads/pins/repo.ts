import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { adPins } from '#worker/db/schema.ts';

export type PinRow = typeof adPins.$inferSelect;

/** What a new pin or reply carries (its number is the ad's next, given by the insert). */
export interface PinInsert {
  id: string;
  adId: string;
  parentId: string | null;
  item: number | null;
  x: number | null;
  y: number | null;
  start: number | null;
  end: number | null;
  quote: string | null;
  revision: number;
  userId: string | null;
  authorName: string;
  body: string;
  createdAt: Date;
}

/**
 * The insert of a pin (no parent: it takes the ad's next number) or a reply (to a pin of the
 * same ad), written only while the ad has fewer than `max` rows: one conditional statement, so
 * two pins at once never share a number nor both take the last place (the unique index on
 * ad_id, number holds it too). Returns the row written (none: full, or no such parent).
 */
export async function insertPinIfRoom(db: Db, p: PinInsert, max: number): Promise<{ number: number | null } | undefined> {
  const number = p.parentId ? sql`NULL` : sql`(SELECT coalesce(max(number), 0) + 1 FROM ad_pins WHERE ad_id = ${p.adId} AND number IS NOT NULL)`;
  const parent = p.parentId ? sql` AND EXISTS (SELECT 1 FROM ad_pins WHERE id = ${p.parentId} AND ad_id = ${p.adId} AND parent_id IS NULL)` : sql``;
  return (
    (await rawStatement(
      db,
      sql`INSERT INTO ad_pins (id, ad_id, parent_id, number, item, x, y, start, "end", quote, revision, user_id, author_name, body, created_at)
        SELECT ${p.id}, ${p.adId}, ${p.parentId}, ${number}, ${p.item}, ${p.x}, ${p.y}, ${p.start}, ${p.end}, ${p.quote}, ${p.revision}, ${p.userId}, ${p.authorName}, ${p.body}, ${p.createdAt.getTime()}
        WHERE (SELECT count(*) FROM ad_pins WHERE ad_id = ${p.adId}) < ${max}${parent}
        RETURNING number`,
    ).first<{ number: number | null }>()) ?? undefined
  );
}

/** The pins and replies of an ad, oldest first (rowid orders those of one millisecond). */
export function pinsOf(db: Db, adId: string, limit: number) {
  return db
    .select()
    .from(adPins)
    .where(eq(adPins.adId, adId))
    .orderBy(asc(adPins.createdAt), sql`rowid`)
    .limit(limit)
    .all();
}

/**
 * Marks a pin of the ad resolved (by `name`) or open again; only a pin (not a reply) that is not
 * already so. Returns whether it changed.
 */
export async function setResolved(db: Db, adId: string, pinId: string, resolved: { at: Date; by: string; userId: string | null } | null): Promise<boolean> {
  const target = and(eq(adPins.id, pinId), eq(adPins.adId, adId), isNull(adPins.parentId));
  const result = await db
    .update(adPins)
    .set(
      resolved
        ? { resolvedAt: resolved.at, resolvedBy: resolved.by, resolvedByUserId: resolved.userId }
        : { resolvedAt: null, resolvedBy: null, resolvedByUserId: null },
    )
    .where(and(target, resolved ? isNull(adPins.resolvedAt) : isNotNull(adPins.resolvedAt)))
    .run();
  return result.meta.changes > 0;
}

/** Whether the ad has the pin `pinId` (not a reply). */
export async function hasPin(db: Db, adId: string, pinId: string): Promise<boolean> {
  const row = await db
    .select({ id: adPins.id })
    .from(adPins)
    .where(and(eq(adPins.id, pinId), eq(adPins.adId, adId), isNull(adPins.parentId)))
    .get();
  return row !== undefined;
}
