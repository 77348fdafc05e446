import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { presentationRecipients, presentationRequests, presentationVisits } from '#worker/db/schema.ts';

/**
 * The queries of presentations that talk back (decision 0056): recipients and their links,
 * what visitors sent the author, and each counted visit for the timeline.
 */
export type RecipientRow = typeof presentationRecipients.$inferSelect;
export type RequestRow = typeof presentationRequests.$inferSelect;
export type VisitRow = typeof presentationVisits.$inferSelect;

// ---------------------------------------------------------------------------------------
// Recipients

/** A live (not revoked) recipient of this presentation by the code of their link. */
export function liveRecipientByCode(db: Db, presentationId: string, code: string) {
  return db
    .select({ id: presentationRecipients.id })
    .from(presentationRecipients)
    .where(and(eq(presentationRecipients.code, code), eq(presentationRecipients.presentationId, presentationId), isNull(presentationRecipients.revokedAt)))
    .get();
}

/**
 * A new recipient, only while the presentation has fewer than `limit` (one conditional write:
 * of concurrent adds only those under the limit land). Returns whether it was added.
 */
export async function insertRecipientUnder(
  db: Db,
  values: { id: string; presentationId: string; name: string; email: string | null; code: string; now: number },
  limit: number,
) {
  const { id, presentationId, name, email, code, now } = values;
  const result = await rawStatement(
    db,
    sql`INSERT INTO ${presentationRecipients} (id, presentation_id, name, email, code, created_at)
        SELECT ${id}, ${presentationId}, ${name}, ${email}, ${code}, ${now}
        WHERE (SELECT count(*) FROM ${presentationRecipients} WHERE presentation_id = ${presentationId}) < ${limit}`,
  ).run();
  return result.meta.changes > 0;
}

/** The recipients of a presentation, newest first, with how often their link was opened and when last. */
export function recipientsOf(db: Db, presentationId: string) {
  return db
    .select({
      recipient: presentationRecipients,
      visits: sql<number>`(SELECT count(*) FROM ${presentationVisits} WHERE ${presentationVisits.recipientId} = ${presentationRecipients.id})`,
      lastVisitAt: sql<
        number | null
      >`(SELECT max(${presentationVisits.startedAt}) FROM ${presentationVisits} WHERE ${presentationVisits.recipientId} = ${presentationRecipients.id})`,
    })
    .from(presentationRecipients)
    .where(eq(presentationRecipients.presentationId, presentationId))
    .orderBy(desc(presentationRecipients.createdAt), desc(presentationRecipients.id))
    .all();
}

/** Revokes a recipient of this presentation (once: a second revoke changes nothing). */
export function revokeRecipient(db: Db, presentationId: string, id: string, now: Date) {
  return db
    .update(presentationRecipients)
    .set({ revokedAt: now })
    .where(and(eq(presentationRecipients.id, id), eq(presentationRecipients.presentationId, presentationId), isNull(presentationRecipients.revokedAt)))
    .returning({ id: presentationRecipients.id });
}

export function recipientOf(db: Db, presentationId: string, id: string) {
  return db
    .select()
    .from(presentationRecipients)
    .where(and(eq(presentationRecipients.id, id), eq(presentationRecipients.presentationId, presentationId)))
    .get();
}

// ---------------------------------------------------------------------------------------
// Requests

export function insertRequest(db: Db, values: typeof presentationRequests.$inferInsert) {
  return db.insert(presentationRequests).values(values).run();
}

export function requestsOf(db: Db, presentationId: string, limit: number) {
  return db
    .select()
    .from(presentationRequests)
    .where(eq(presentationRequests.presentationId, presentationId))
    .orderBy(desc(presentationRequests.createdAt), desc(presentationRequests.id))
    .limit(limit)
    .all();
}

export function requestById(db: Db, id: string) {
  return db.select().from(presentationRequests).where(eq(presentationRequests.id, id)).get();
}

/**
 * Grants an access request ONCE, in one batch: the asker's recipient link is made only while
 * the request is not granted yet, then the request is marked granted with it. Of two clicks
 * arriving together only one changes anything (returns true).
 */
export async function grantOnce(
  db: Db,
  request: { id: string; presentationId: string; name: string; email: string },
  recipient: { id: string; code: string },
  now: number,
) {
  const [, marked] = await (db.$client as D1Database).batch([
    rawStatement(
      db,
      sql`INSERT INTO ${presentationRecipients} (id, presentation_id, name, email, code, created_at)
          SELECT ${recipient.id}, ${request.presentationId}, ${request.name}, ${request.email}, ${recipient.code}, ${now}
          WHERE EXISTS (SELECT 1 FROM ${presentationRequests} WHERE id = ${request.id} AND granted_at IS NULL)`,
    ),
    rawStatement(
      db,
      sql`UPDATE ${presentationRequests} SET granted_at = ${now}, recipient_id = ${recipient.id} WHERE id = ${request.id} AND granted_at IS NULL`,
    ),
  ]);
  return (marked?.meta.changes ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------
// Visits

/** A counted view's visit (the page was served to a person), through a recipient's link or not. */
export function insertVisit(db: Db, values: { viewId: string; presentationId: string; recipientId: string | null; startedAt: number }) {
  return db
    .insert(presentationVisits)
    .values({ ...values, startedAt: new Date(values.startedAt), seconds: 0, sections: {} })
    .onConflictDoNothing()
    .run();
}

/**
 * A beacon's report on a visit that exists: its seconds and each section's seconds become the
 * maxima of what was stored and what came (a repeated or lower report changes nothing).
 */
export function updateVisit(db: Db, values: { viewId: string; presentationId: string; seconds: number; sections: Record<string, number> }) {
  const incoming = JSON.stringify(values.sections);
  return rawStatement(
    db,
    sql`UPDATE ${presentationVisits} SET seconds = max(seconds, ${values.seconds}),
          sections = (SELECT coalesce(json_group_object(k, v), '{}') FROM (
            SELECT key AS k, max(value) AS v FROM (
              SELECT key, value FROM json_each(${presentationVisits}.sections) UNION ALL SELECT key, value FROM json_each(${incoming})
            ) GROUP BY key))
        WHERE view_id = ${values.viewId} AND presentation_id = ${values.presentationId}`,
  ).run();
}

/** The newest visits of a presentation with the name of the recipient whose link was used. */
export function visitsOf(db: Db, presentationId: string, limit: number) {
  return db
    .select({ visit: presentationVisits, recipientName: presentationRecipients.name })
    .from(presentationVisits)
    .leftJoin(presentationRecipients, eq(presentationRecipients.id, presentationVisits.recipientId))
    .where(eq(presentationVisits.presentationId, presentationId))
    .orderBy(desc(presentationVisits.startedAt), desc(presentationVisits.viewId))
    .limit(limit)
    .all();
}
