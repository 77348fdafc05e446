import { and, asc, desc, eq, gte, isNull, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import { inList, type Db } from '#worker/db/client.ts';
import { insightPauses, postInsights } from '#worker/db/schema.ts';
import type { InsightSort } from '#common/schemas/insights.ts';
import { inMemberProjects, projectName } from '#worker/features/projects/scope/service.ts';

export type InsightRow = typeof postInsights.$inferSelect;
export type InsightInsert = typeof postInsights.$inferInsert;

/** The newest publishing time the job has met (where its next look for new posts starts). */
export async function newestPublishedAt(db: Db): Promise<Date | null> {
  const row = await db
    .select({ at: max(postInsights.publishedAt) })
    .from(postInsights)
    .get();
  return row?.at ?? null;
}

/** Rows for posts the job meets for the first time; a post it already has is left as it is. */
export async function insertNew(db: Db, rows: InsightInsert[]): Promise<void> {
  if (rows.length === 0) return;
  // D1 takes at most 100 bound parameters per statement: a few rows per insert.
  const statements = [];
  for (let i = 0; i < rows.length; i += 5)
    statements.push(
      db
        .insert(postInsights)
        .values(rows.slice(i, i + 5))
        .onConflictDoNothing(),
    );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/** States the job still asks about: not read yet, read (numbers grow), or waiting for a reconnect. */
const ASKED = ['pending', 'ok', 'reconnect'] as const;

/**
 * The posts due for a reading, oldest reading first: published since `since`, due, in a
 * state still asked about, and of an account that is not paused. Each comes with its pause's
 * strikes (a success clears them).
 */
export function dueInsights(db: Db, now: Date, since: Date, limit: number) {
  return db
    .select({ insight: postInsights, strikes: insightPauses.strikes })
    .from(postInsights)
    .leftJoin(insightPauses, eq(insightPauses.accountId, postInsights.accountId))
    .where(
      and(
        lte(postInsights.nextFetchAt, now),
        gte(postInsights.publishedAt, since),
        inList(postInsights.state, ASKED),
        or(isNull(insightPauses.pausedUntil), lte(insightPauses.pausedUntil, now)),
      ),
    )
    .orderBy(asc(postInsights.nextFetchAt))
    .limit(limit)
    .all();
}

/**
 * Claims one post for this run with a single conditional UPDATE: its next reading moves to
 * `until` only while it is still due, so of two overlapping runs one reads it.
 */
export async function claim(db: Db, postId: string, now: Date, until: Date): Promise<boolean> {
  const row = await db
    .update(postInsights)
    .set({ nextFetchAt: until })
    .where(and(eq(postInsights.postId, postId), lte(postInsights.nextFetchAt, now)))
    .returning({ postId: postInsights.postId })
    .get();
  return row !== undefined;
}

export function update(db: Db, postId: string, values: Partial<InsightInsert>) {
  return db.update(postInsights).set(values).where(eq(postInsights.postId, postId)).run();
}

/**
 * Pauses the account's readings until `until` with one conditional upsert: a new row with one
 * strike, or one more strike and the later of the two times (a pause never shortens).
 */
export function pause(db: Db, accountId: string, until: Date) {
  return db
    .insert(insightPauses)
    .values({ accountId, pausedUntil: until, strikes: 1 })
    .onConflictDoUpdate({
      target: insightPauses.accountId,
      set: { pausedUntil: sql`max(${insightPauses.pausedUntil}, excluded.paused_until)`, strikes: sql`${insightPauses.strikes} + 1` },
    })
    .returning()
    .get();
}

export function findPause(db: Db, accountId: string) {
  return db.select().from(insightPauses).where(eq(insightPauses.accountId, accountId)).get();
}

/** A reading succeeded: the account's rate-limit strikes are over (only a pause already past is removed). */
export function clearPause(db: Db, accountId: string, now: Date) {
  return db
    .delete(insightPauses)
    .where(and(eq(insightPauses.accountId, accountId), lt(insightPauses.pausedUntil, now)))
    .run();
}

/** The ad's post's figures (an ad has one published post at most; the newest if ever more). */
export function ofAd(db: Db, adId: string) {
  return db.select().from(postInsights).where(eq(postInsights.adId, adId)).orderBy(desc(postInsights.publishedAt)).limit(1).get();
}

const engagement = sql<number>`coalesce(${postInsights.likes}, 0) + coalesce(${postInsights.comments}, 0) + coalesce(${postInsights.saves}, 0) + coalesce(${postInsights.shares}, 0)`;

const ORDER: Record<InsightSort, SQL[]> = {
  published: [desc(postInsights.publishedAt), desc(postInsights.postId)],
  reach: [sql`coalesce(${postInsights.reach}, -1) DESC`, desc(postInsights.publishedAt)],
  engagement: [sql`${engagement} DESC`, desc(postInsights.publishedAt)],
};

/** A project's posts with their figures, in the asked order (the table and the CSV). */
export function ofProject(db: Db, projectId: string, sort: InsightSort, limit: number) {
  return db
    .select()
    .from(postInsights)
    .where(eq(postInsights.projectId, projectId))
    .orderBy(...ORDER[sort])
    .limit(limit)
    .all();
}

/** The dashboard's best posts: of the user's projects, published since `since`, read at least once, by engagement then reach. */
export function bestOfUser(db: Db, userId: string, since: Date, limit: number) {
  return db
    .select({ insight: postInsights, projectName: sql<string | null>`${projectName(postInsights.projectId)}` })
    .from(postInsights)
    .where(and(inMemberProjects(postInsights.projectId, userId), gte(postInsights.publishedAt, since), eq(postInsights.state, 'ok')))
    .orderBy(sql`${engagement} DESC`, sql`coalesce(${postInsights.reach}, 0) DESC`, desc(postInsights.postId))
    .limit(limit);
}
