import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { inList, type Db } from '#worker/db/client.ts';
import { instagramSandboxMedia, scheduledPosts } from '#worker/db/schema.ts';
import { accountField } from '#worker/features/instagram/connection/service.ts';
import { inMemberProjects, projectName } from '#worker/features/projects/scope/service.ts';

export type PostRow = typeof scheduledPosts.$inferSelect;
export type PostInsert = typeof scheduledPosts.$inferInsert;
export type SandboxMediaRow = typeof instagramSandboxMedia.$inferSelect;

/** A post with the account it goes to (sandbox flag and username for AdPost). */
export interface PostWithAccount {
  post: PostRow;
  sandbox: boolean | null;
  username: string | null;
}

/** Inserts a post; the partial unique index refuses a second live post of one ad (undefined then). */
export async function insertPost(db: Db, values: PostInsert): Promise<PostRow | undefined> {
  return db.insert(scheduledPosts).values(values).onConflictDoNothing().returning().get();
}

export function findPost(db: Db, id: string) {
  return db.select().from(scheduledPosts).where(eq(scheduledPosts.id, id)).get();
}

/** Every post of these ads, newest first, with the account's sandbox flag and username. */
export function postsOfAds(db: Db, adIds: readonly string[]): Promise<PostWithAccount[]> {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select({ post: scheduledPosts, sandbox: accountField(scheduledPosts.accountId, 'sandbox'), username: accountField(scheduledPosts.accountId, 'username') })
    .from(scheduledPosts)
    .where(inList(scheduledPosts.adId, adIds))
    .orderBy(desc(scheduledPosts.createdAt), desc(scheduledPosts.id))
    .all();
}

/**
 * Cancels the ad's post while it is still only scheduled and Meta holds nothing of it: once a
 * container exists (a retry after a lost answer may already be on Instagram), only the job
 * settles the post, so that it can never be published twice.
 */
export function cancelScheduledPost(db: Db, adId: string, now: Date) {
  return db
    .update(scheduledPosts)
    .set({ status: 'canceled', updatedAt: now, leaseOwner: null, leaseUntil: null })
    .where(and(eq(scheduledPosts.adId, adId), eq(scheduledPosts.status, 'scheduled'), isNull(scheduledPosts.containerId)))
    .returning({ id: scheduledPosts.id })
    .all();
}

/**
 * The posts of the live projects `userId` is a member of (or of one of them) scheduled in
 * [from, to), with their project's name: the content calendar's window. Canceled posts are
 * left out. Through scheduled_posts_project_time_idx.
 */
export function calendarPosts(
  db: Db,
  userId: string,
  window: { from: Date; to: Date; projectId?: string | undefined; statuses: readonly PostRow['status'][] },
  limit: number,
) {
  return db
    .select({ post: scheduledPosts, projectName: projectName(scheduledPosts.projectId), sandbox: accountField(scheduledPosts.accountId, 'sandbox') })
    .from(scheduledPosts)
    .where(
      and(
        window.projectId ? eq(scheduledPosts.projectId, window.projectId) : undefined,
        inMemberProjects(scheduledPosts.projectId, userId),
        gte(scheduledPosts.scheduledAt, window.from),
        lt(scheduledPosts.scheduledAt, window.to),
        inList(scheduledPosts.status, window.statuses),
      ),
    )
    .orderBy(asc(scheduledPosts.scheduledAt), asc(scheduledPosts.id))
    .limit(limit)
    .all();
}

/**
 * Moves the ad's post to `at` with one conditional UPDATE: only while it is still scheduled, no
 * run holds it and Meta holds nothing of it (no container). The job's claim is conditional too
 * (status scheduled and due), so of a move and a run exactly one changes the row: a claimed post
 * stays where it was, a moved one is claimed at its new time. With `from` (the time the mover
 * saw) only a post still at that time moves: of concurrent moves one wins.
 */
export function reschedulePost(db: Db, adId: string, at: Date, now: Date, from?: Date) {
  return db
    .update(scheduledPosts)
    .set({ scheduledAt: at, nextAttemptAt: at, updatedAt: now })
    .where(
      and(
        eq(scheduledPosts.adId, adId),
        eq(scheduledPosts.status, 'scheduled'),
        isNull(scheduledPosts.containerId),
        isNull(scheduledPosts.leaseOwner),
        from ? eq(scheduledPosts.scheduledAt, from) : undefined,
      ),
    )
    .returning()
    .get();
}

/** The ad's live post (scheduled, publishing or published), if any. */
export function livePostOfAd(db: Db, adId: string) {
  return db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.adId, adId), inList(scheduledPosts.status, ['scheduled', 'publishing', 'published'])))
    .get();
}

/** Ids of posts that are due: scheduled and due, or publishing with an expired lease (a run that died). */
export function dueIds(db: Db, now: Date, limit: number, postId?: string) {
  return db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(and(postId ? eq(scheduledPosts.id, postId) : undefined, claimable(now)))
    .orderBy(scheduledPosts.nextAttemptAt)
    .limit(limit)
    .all();
}

function claimable(now: Date) {
  return or(
    and(eq(scheduledPosts.status, 'scheduled'), lte(scheduledPosts.nextAttemptAt, now)),
    and(eq(scheduledPosts.status, 'publishing'), lt(scheduledPosts.leaseUntil, now)),
  );
}

/**
 * Claims one post with a single conditional UPDATE: it changes the row only while the post
 * is still claimable, so of two overlapping runs exactly one gets the row back.
 */
export function claim(db: Db, id: string, owner: string, now: Date, leaseUntil: Date) {
  return db
    .update(scheduledPosts)
    .set({ status: 'publishing', leaseOwner: owner, leaseUntil, updatedAt: now })
    .where(and(eq(scheduledPosts.id, id), claimable(now)))
    .returning()
    .get();
}

/** Writes progress only while this run still holds the lease; false when it lost it. */
export async function updateLeased(db: Db, id: string, owner: string, values: Partial<PostInsert>): Promise<boolean> {
  const row = await db
    .update(scheduledPosts)
    .set(values)
    .where(and(eq(scheduledPosts.id, id), eq(scheduledPosts.leaseOwner, owner), eq(scheduledPosts.status, 'publishing')))
    .returning({ id: scheduledPosts.id })
    .get();
  return row !== undefined;
}

// The sandbox Graph's containers and posts.

export function insertSandboxMedia(db: Db, values: typeof instagramSandboxMedia.$inferInsert) {
  return db.insert(instagramSandboxMedia).values(values).returning().get();
}

export function findSandboxMedia(db: Db, id: string) {
  return db.select().from(instagramSandboxMedia).where(eq(instagramSandboxMedia.id, id)).get();
}

export function findSandboxMediaByMediaId(db: Db, mediaId: string) {
  return db.select().from(instagramSandboxMedia).where(eq(instagramSandboxMedia.mediaId, mediaId)).get();
}

/** Publishes a FINISHED container once: the conditional update changes it only while it is FINISHED. */
export function publishSandboxMedia(db: Db, id: string, igUserId: string, values: { mediaId: string; permalink: string; now: Date }) {
  return db
    .update(instagramSandboxMedia)
    .set({ statusCode: 'PUBLISHED', mediaId: values.mediaId, permalink: values.permalink, publishedAt: values.now })
    .where(and(eq(instagramSandboxMedia.id, id), eq(instagramSandboxMedia.igUserId, igUserId), eq(instagramSandboxMedia.statusCode, 'FINISHED')))
    .returning()
    .get();
}

/** Published sandbox posts of one account (by its ig user id), newest first. */
export function sandboxFeed(db: Db, igUserId: string, limit: number) {
  return db
    .select()
    .from(instagramSandboxMedia)
    .where(and(eq(instagramSandboxMedia.igUserId, igUserId), isNotNull(instagramSandboxMedia.publishedAt)))
    .orderBy(desc(instagramSandboxMedia.publishedAt), desc(instagramSandboxMedia.id))
    .limit(limit)
    .all();
}

/** Published sandbox posts in the last `since` window (the sandbox's content_publishing_limit). */
export async function sandboxPublishedSince(db: Db, igUserId: string, since: Date): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(instagramSandboxMedia)
    .where(and(eq(instagramSandboxMedia.igUserId, igUserId), sql`${instagramSandboxMedia.publishedAt} >= ${since.getTime()}`))
    .get();
  return row?.n ?? 0;
}

/** A project's most recently published posts (the admin's support view): a query for the caller's batch. */
export function newestPublishedQuery(db: Db, projectId: string, limit: number) {
  return db
    .select({ id: scheduledPosts.id, name: scheduledPosts.caption, at: scheduledPosts.publishedAt })
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.projectId, projectId), eq(scheduledPosts.status, 'published')))
    .orderBy(desc(scheduledPosts.publishedAt))
    .limit(limit);
}

/** How many posts a project has published, as a subquery for another feature's statement. */
export function publishedCount(projectId: string) {
  return sql<number>`(SELECT count(*) FROM scheduled_posts WHERE project_id = ${projectId} AND status = 'published')`;
}

/** Posts published at or after `since`, oldest first (the insights job meets each new post once); a query (its plan is tested). */
export function publishedSince(db: Db, since: Date, limit: number) {
  return db
    .select({
      id: scheduledPosts.id,
      projectId: scheduledPosts.projectId,
      adId: scheduledPosts.adId,
      accountId: scheduledPosts.accountId,
      kind: scheduledPosts.kind,
      mediaId: scheduledPosts.mediaId,
      caption: scheduledPosts.caption,
      permalink: scheduledPosts.permalink,
      publishedAt: scheduledPosts.publishedAt,
    })
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.status, 'published'), isNotNull(scheduledPosts.mediaId), sql`${scheduledPosts.publishedAt} >= ${since.getTime()}`))
    .orderBy(scheduledPosts.publishedAt, scheduledPosts.id)
    .limit(limit);
}

/** Whether the sandbox account still holds this published media (the sandbox's insights). */
export async function sandboxMediaPublished(db: Db, igUserId: string, mediaId: string): Promise<boolean> {
  const row = await db
    .select({ id: instagramSandboxMedia.id })
    .from(instagramSandboxMedia)
    .where(and(eq(instagramSandboxMedia.mediaId, mediaId), eq(instagramSandboxMedia.igUserId, igUserId), isNotNull(instagramSandboxMedia.publishedAt)))
    .get();
  return row !== undefined;
}
