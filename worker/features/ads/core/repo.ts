import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AdStatus } from '#common/ads.ts';
import { inList, ofExistingRow, operand, rawStatement, type Db } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { anyLiveRowQuery, isLiveRow, liveInProject, liveRow, newestLiveQuery } from '#worker/db/live-rows.ts';
import { adItems, adReviews, ads, approvalChains } from '#worker/db/schema.ts';
import { creationField, isLiveCreation } from '#worker/features/creatives/core/service.ts';
import { inMemberProjects, projectName } from '#worker/features/projects/scope/service.ts';

export type AdRow = typeof ads.$inferSelect;
export type AdInsert = typeof ads.$inferInsert;
export type AdReviewRow = typeof adReviews.$inferSelect;
export type AdReviewInsert = typeof adReviews.$inferInsert;

/** An ad that is not deleted, as a query to batch with its project's membership or row (`projectOfAd`). */
export function liveAdQuery(db: Db, id: string) {
  return liveRow(db, ads, id).limit(1);
}

/** The project of the ad `id`, as a subquery. */
export function projectOfAd(id: string) {
  return sql`(SELECT project_id FROM ads WHERE id = ${id})`;
}

/** The live ad behind a preview link, as a query to batch with its project (`projectOfPreview`). */
export function adByPreviewIdQuery(db: Db, previewId: string) {
  return db
    .select()
    .from(ads)
    .where(and(eq(ads.previewId, previewId), isNull(ads.deletedAt)))
    .limit(1);
}

/** The project of the ad behind a preview link, as a subquery. */
export function projectOfPreview(previewId: string) {
  return sql`(SELECT project_id FROM ads WHERE preview_id = ${previewId})`;
}

export function findLiveAd(db: Db, id: string) {
  return liveRow(db, ads, id).get();
}

/** A picture of an ad with its creation's name and size: the fields every list of pictures selects. */
function pictureFields() {
  // Each item's creation (a foreign key: it exists), by its primary key.
  return {
    adId: adItems.adId,
    position: adItems.position,
    creationId: adItems.creationId,
    name: ofExistingRow(creationField(adItems.creationId, 'name')),
    width: ofExistingRow(creationField(adItems.creationId, 'width')),
    height: ofExistingRow(creationField(adItems.creationId, 'height')),
  };
}

/** The pictures of ads, in order, with their creation (deleted ones too: the ad shows them as gone). */
export function itemsOf(db: Db, adIds: readonly string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...pictureFields(),
      format: ofExistingRow(creationField(adItems.creationId, 'format')),
      r2Key: ofExistingRow(creationField(adItems.creationId, 'r2Key')),
      deletedAt: creationField(adItems.creationId, 'deletedAt'),
    })
    .from(adItems)
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
      projectName: sql<string>`${projectName(ads.projectId)}`,
      status: ads.status,
      ads: sql<number>`count(*)`,
      reviews: sql<number>`coalesce(sum((SELECT count(*) FROM ad_reviews r WHERE r.ad_id = ${operand(ads.id)})), 0)`,
    })
    .from(ads)
    .where(and(isNull(ads.deletedAt), inMemberProjects(ads.projectId, userId)))
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
  return keysetPage(db.select().from(ads).$dynamic(), { time: ads.createdAt, key: ads.id, conditions, before, limit }).all();
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

/** Moves a live ad's status from one of `from` to `to` (the publishing's settlements; the chain's steps are `moveIf`). */
export function setStatusIf(db: Db, id: string, from: readonly AdStatus[], to: AdStatus, now: Date) {
  return db
    .update(ads)
    .set({ status: to, updatedAt: now })
    .where(and(eq(ads.id, id), isNull(ads.deletedAt), inList(ads.status, from)));
}

/* ---------- approval chains (decision 0050) ---------- */

export type ApprovalChainRow = typeof approvalChains.$inferSelect;

/** A project's approval chain (none: the default mode), as a query to batch. */
export function chainQuery(db: Db, projectId: string) {
  return db.select().from(approvalChains).where(eq(approvalChains.projectId, projectId)).limit(1);
}

/**
 * Saves a project's chain (a new version) and restarts its ads in review at the first level, in
 * one batch: a move read at the old version is then refused by `moveIf`'s guard.
 */
export function saveChainStatements(db: Db, projectId: string, chain: Pick<ApprovalChainRow, 'mode' | 'levels'>, now: Date) {
  return [
    db
      .insert(approvalChains)
      .values({ projectId, ...chain, version: 1, updatedAt: now })
      .onConflictDoUpdate({ target: approvalChains.projectId, set: { ...chain, version: sql`${approvalChains.version} + 1`, updatedAt: now } }),
    db
      .update(ads)
      .set({ approvalLevel: 0 })
      .where(and(eq(ads.projectId, projectId), eq(ads.status, 'in_review'), sql`${ads.approvalLevel} <> 0`, isNull(ads.deletedAt))),
  ];
}

/** The chain's version as the ad's move reads it: 0 while the project has none. */
const chainVersion = (projectId: string) => sql`coalesce((SELECT version FROM approval_chains WHERE project_id = ${projectId}), 0)`;

/**
 * One step of an ad along its chain, as one conditional write: from the status and level it was
 * read at (and its revision, when given), at the chain's version read, to the next ones. With
 * `afterChange`, only if the statement before it in the batch changed a row.
 */
export function moveIf(
  db: Db,
  ad: Pick<AdRow, 'id' | 'projectId' | 'status' | 'approvalLevel'>,
  to: { status: AdStatus; level: number },
  guard: { version: number; revision?: number | undefined; afterChange?: boolean },
  now: Date,
) {
  const conditions = [
    eq(ads.id, ad.id),
    isNull(ads.deletedAt),
    eq(ads.status, ad.status),
    eq(ads.approvalLevel, ad.approvalLevel),
    sql`${chainVersion(ad.projectId)} = ${guard.version}`,
  ];
  if (guard.revision !== undefined) conditions.push(eq(ads.revision, guard.revision));
  if (guard.afterChange) conditions.push(sql`changes() = 1`);
  // A scheduled ad remembers the status it was scheduled from: a canceled post puts it back as the chain says.
  const scheduledFrom = to.status === 'scheduled' ? ad.status : null;
  return db
    .update(ads)
    .set({ status: to.status, approvalLevel: to.level, scheduledFrom, updatedAt: now })
    .where(and(...conditions));
}

/** Names the level a review moved the ad at, only when the statement before it (the move) changed the ad. */
export function markReviewCounted(db: Db, reviewId: string, levelName: string) {
  return db
    .update(adReviews)
    .set({ levelName })
    .where(and(eq(adReviews.id, reviewId), sql`changes() = 1`));
}

/** Ads marked scheduled before `before` (the job's repair pass looks at their posts). */
export function scheduledAdsBefore(db: Db, before: Date, limit: number) {
  return db
    .select({ id: ads.id, projectId: ads.projectId, status: ads.status, approvalLevel: ads.approvalLevel, scheduledFrom: ads.scheduledFrom })
    .from(ads)
    .where(and(eq(ads.status, 'scheduled'), isNull(ads.deletedAt), lt(ads.updatedAt, before)))
    .orderBy(ads.updatedAt)
    .limit(limit)
    .all();
}

/**
 * The ad's preview id, made (`previewId`) only when it has none: one conditional write, so two
 * notifications at once agree on one link and a shared link is never replaced.
 */
export function ensurePreviewId(db: Db, id: string, previewId: string) {
  return db
    .update(ads)
    .set({ previewId: sql`coalesce(${ads.previewId}, ${previewId})` })
    .where(isLiveRow(ads, id))
    .returning({ previewId: ads.previewId })
    .get();
}

export function setPreviewId(db: Db, id: string, previewId: string | null) {
  return db.update(ads).set({ previewId }).where(isLiveRow(ads, id)).returning({ id: ads.id });
}

export function softDeleteAd(db: Db, id: string, now: Date) {
  return db.update(ads).set({ deletedAt: now, updatedAt: now, previewId: null }).where(isLiveRow(ads, id));
}

/**
 * The insert of a review, written only while the ad has fewer than `max` (one conditional
 * statement: two reviews at once cannot both take the last place).
 */
export function insertReviewIfRoom(db: Db, r: Required<Omit<AdReviewInsert, 'createdAt' | 'levelName'>> & { createdAt: Date }, max: number) {
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

/** A project's live ads (among `ids` when given), most recently changed first: what a presentation shows of them. */
export function projectAds(db: Db, projectId: string, ids: readonly string[] | null, limit: number) {
  const where = liveInProject(ads, projectId, ids);
  if (!where) return Promise.resolve([]);
  return db
    .select({
      id: ads.id,
      name: ads.name,
      kind: ads.kind,
      status: ads.status,
      primaryText: ads.primaryText,
      headline: ads.headline,
      description: ads.description,
      cta: ads.cta,
      destinationUrl: ads.destinationUrl,
      pageName: ads.pageName,
      avatarMediaId: ads.avatarMediaId,
      placements: ads.placements,
      previewId: ads.previewId,
    })
    .from(ads)
    .where(where)
    .orderBy(desc(ads.updatedAt))
    .limit(limit)
    .all();
}

/** Live ads by id (the content calendar's posts name them). */
export function liveAdsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: ads.id, projectId: ads.projectId, name: ads.name, kind: ads.kind, status: ads.status, placements: ads.placements })
    .from(ads)
    .where(and(inList(ads.id, ids), isNull(ads.deletedAt)))
    .all();
}

/** The live pictures of ads, in order (a presentation's ads). */
export function livePicturesOf(db: Db, adIds: readonly string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select(pictureFields())
    .from(adItems)
    .where(and(inList(adItems.adId, adIds), isLiveCreation(adItems.creationId)))
    .orderBy(asc(adItems.adId), asc(adItems.position))
    .all();
}

/** A project's most recently changed live ads (the admin's support view): a query for the caller's batch. */
export function newestAdsQuery(db: Db, projectId: string, limit: number) {
  return newestLiveQuery(db, ads, { name: ads.name, at: ads.updatedAt }, projectId, limit);
}

/** How many live ads a project has, as a subquery for another feature's statement. */
export function adCount(projectId: string) {
  return sql<number>`(SELECT count(*) FROM ads WHERE project_id = ${projectId} AND deleted_at IS NULL)`;
}

/** An ad of the user's projects that the customer approved (approved, then maybe scheduled or published): the dashboard's first steps. */
export function anyApprovedAdQuery(db: Db, userId: string) {
  return anyLiveRowQuery(db, ads, inMemberProjects(ads.projectId, userId), inList(ads.status, ['approved', 'scheduled', 'published']));
}
