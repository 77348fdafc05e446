import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AdStatus } from '#common/ads.ts';
import { inList, rawStatement, type Db } from '#worker/db/client.ts';
import { adItems, adReviews, ads, creations, projectMembers, projects, users } from '#worker/db/schema.ts';

export type AdRow = typeof ads.$inferSelect;
export type AdInsert = typeof ads.$inferInsert;
export type AdReviewRow = typeof adReviews.$inferSelect;
export type AdReviewInsert = typeof adReviews.$inferInsert;

/** An ad that is not deleted, in a live project the user belongs to, with the user's role. */
export function findAdForMember(db: Db, id: string, userId: string) {
  return db
    .select({ ad: ads, project: projects, role: projectMembers.role })
    .from(ads)
    .innerJoin(projects, eq(projects.id, ads.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, ads.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(ads.id, id), isNull(ads.deletedAt), isNull(projects.deletedAt)))
    .get();
}

/** The live ad behind a preview link, with its (live) project. */
export function findAdByPreviewId(db: Db, previewId: string) {
  return db
    .select({ ad: ads, project: projects })
    .from(ads)
    .innerJoin(projects, eq(projects.id, ads.projectId))
    .where(and(eq(ads.previewId, previewId), isNull(ads.deletedAt), isNull(projects.deletedAt)))
    .get();
}

export function findLiveAd(db: Db, id: string) {
  return db
    .select()
    .from(ads)
    .where(and(eq(ads.id, id), isNull(ads.deletedAt)))
    .get();
}

/** The creations of a project among `ids` that are not deleted. */
export function liveCreationsIn(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(creations)
    .where(and(eq(creations.projectId, projectId), inList(creations.id, ids), isNull(creations.deletedAt)))
    .all();
}

/** The pictures of ads, in order, with their creation (deleted ones too: the ad shows them as gone). */
export function itemsOf(db: Db, adIds: readonly string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      adId: adItems.adId,
      position: adItems.position,
      creationId: adItems.creationId,
      name: creations.name,
      format: creations.format,
      width: creations.width,
      height: creations.height,
      r2Key: creations.r2Key,
      deletedAt: creations.deletedAt,
    })
    .from(adItems)
    .innerJoin(creations, eq(creations.id, adItems.creationId))
    .where(inList(adItems.adId, adIds))
    .orderBy(adItems.adId, asc(adItems.position))
    .all();
}

export function reviewCounts(db: Db, adIds: readonly string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select({ adId: adReviews.adId, count: sql<number>`count(*)` })
    .from(adReviews)
    .where(inList(adReviews.adId, adIds))
    .groupBy(adReviews.adId)
    .all();
}

/**
 * The live ads of the projects the user belongs to, counted per project and status, with the
 * reviews they received (what each project's ads list shows as `status` and `reviewCount`).
 */
export function adCountsForUser(db: Db, userId: string) {
  return db
    .select({
      projectId: ads.projectId,
      projectName: projects.name,
      status: ads.status,
      ads: sql<number>`count(*)`,
      reviews: sql<number>`coalesce(sum((SELECT count(*) FROM ad_reviews r WHERE r.ad_id = ${ads.id})), 0)`,
    })
    .from(ads)
    .innerJoin(projects, eq(projects.id, ads.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, ads.projectId), eq(projectMembers.userId, userId)))
    .where(and(isNull(ads.deletedAt), isNull(projects.deletedAt)))
    .groupBy(ads.projectId, ads.status);
}

export interface AdFilters {
  projectId: string;
  status?: AdStatus | undefined;
}

type Before = { time: number; id: string } | undefined;

/** A project's live ads, newest first (keyset pagination on created_at, id). */
export function listAds(db: Db, filters: AdFilters, limit: number, before: Before) {
  const conditions = [eq(ads.projectId, filters.projectId), isNull(ads.deletedAt)];
  if (filters.status) conditions.push(eq(ads.status, filters.status));
  if (before) conditions.push(or(lt(ads.createdAt, new Date(before.time)), and(eq(ads.createdAt, new Date(before.time)), lt(ads.id, before.id)))!);
  return db
    .select()
    .from(ads)
    .where(and(...conditions))
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .limit(limit + 1)
    .all();
}

export function insertAd(db: Db, values: AdInsert) {
  return db.insert(ads).values(values);
}

export function insertItems(db: Db, adId: string, creationIds: readonly string[]) {
  return db.insert(adItems).values(creationIds.map((creationId, position) => ({ adId, position, creationId })));
}

/** The ad as it was read: same revision and status, not deleted (the guard of every conditional write). */
const unchanged = (row: Pick<AdRow, 'id' | 'revision' | 'status'>) =>
  sql`EXISTS (SELECT 1 FROM ads WHERE id = ${row.id} AND revision = ${row.revision} AND status = ${row.status} AND deleted_at IS NULL)`;

/**
 * The statements that replace an ad's pictures, written only while the ad is still as it
 * was read: in a batch before `updateAdIfUnchanged`, a save that lost a race changes nothing.
 */
export function replaceItemsIfUnchanged(db: Db, row: Pick<AdRow, 'id' | 'revision' | 'status'>, creationIds: readonly string[]) {
  return [
    rawStatement(db, sql`DELETE FROM ad_items WHERE ad_id = ${row.id} AND ${unchanged(row)}`),
    rawStatement(
      db,
      sql`INSERT INTO ad_items (ad_id, position, creation_id)
        SELECT ${row.id}, CAST(key AS INTEGER), value FROM json_each(${JSON.stringify(creationIds)}) WHERE ${unchanged(row)}`,
    ),
  ];
}

/** The update of an ad, conditional on the revision and status it was read at (the caller checks the changes). */
export function updateAdIfUnchanged(db: Db, row: Pick<AdRow, 'id' | 'revision' | 'status'>, set: Partial<AdInsert>) {
  return db
    .update(ads)
    .set(set)
    .where(and(eq(ads.id, row.id), eq(ads.revision, row.revision), eq(ads.status, row.status), isNull(ads.deletedAt)));
}

/**
 * Moves a live ad's status from one of `from` to `to` (at `revision`, when given; with
 * `afterChange`, only if the statement before it in the batch changed a row).
 */
export function setStatusIf(db: Db, id: string, from: readonly AdStatus[], to: AdStatus, now: Date, revision?: number, afterChange = false) {
  const conditions = [eq(ads.id, id), isNull(ads.deletedAt), inList(ads.status, from)];
  if (revision !== undefined) conditions.push(eq(ads.revision, revision));
  if (afterChange) conditions.push(sql`changes() = 1`);
  return db
    .update(ads)
    .set({ status: to, updatedAt: now })
    .where(and(...conditions));
}

/** Ads marked scheduled before `before` (the job's repair pass looks at their posts). */
export function scheduledAdsBefore(db: Db, before: Date, limit: number) {
  return db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.status, 'scheduled'), isNull(ads.deletedAt), lt(ads.updatedAt, before)))
    .orderBy(ads.updatedAt)
    .limit(limit)
    .all();
}

export function setPreviewId(db: Db, id: string, previewId: string | null) {
  return db
    .update(ads)
    .set({ previewId })
    .where(and(eq(ads.id, id), isNull(ads.deletedAt)))
    .returning({ id: ads.id });
}

export function softDeleteAd(db: Db, id: string, now: Date) {
  return db
    .update(ads)
    .set({ deletedAt: now, updatedAt: now, previewId: null })
    .where(and(eq(ads.id, id), isNull(ads.deletedAt)));
}

/**
 * The insert of a review, written only while the ad has fewer than `max` (one conditional
 * statement: two reviews at once cannot both take the last place).
 */
export function insertReviewIfRoom(db: Db, r: Required<Omit<AdReviewInsert, 'createdAt'>> & { createdAt: Date }, max: number) {
  return rawStatement(
    db,
    sql`INSERT INTO ad_reviews (id, ad_id, user_id, reviewer_name, reviewer_email, decision, comment, revision, created_at)
      SELECT ${r.id}, ${r.adId}, ${r.userId}, ${r.reviewerName}, ${r.reviewerEmail}, ${r.decision}, ${r.comment}, ${r.revision}, ${r.createdAt.getTime()}
      WHERE (SELECT count(*) FROM ad_reviews WHERE ad_id = ${r.adId}) < ${max}`,
  );
}

/** The reviews of an ad, oldest first (a thread; at most `limit`, the newest of them); rowid orders those of one millisecond. */
export async function reviewsOf(db: Db, adId: string, limit = 500) {
  const rows = await db
    .select()
    .from(adReviews)
    .where(eq(adReviews.adId, adId))
    .orderBy(desc(adReviews.createdAt), sql`rowid DESC`)
    .limit(limit)
    .all();
  return rows.reverse();
}

/** The members of a project with their address (whom a review is mailed to). */
export function membersOf(db: Db, projectId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), isNull(users.deletedAt)))
    .all();
}
