import { planLimitSql } from '#worker/db/plans.ts';
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { containsText, inList, operand, rawStatement, type Db, type Operand } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { isLiveRow, liveInProject, liveRow, liveRowWhere, newestLiveQuery } from '#worker/db/live-rows.ts';
import { media } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';
import { deletedProjectIds, isLiveProject, ownedLiveProjectIds, ownerOf } from '#worker/features/projects/scope/service.ts';

export type MediaRow = typeof media.$inferSelect;

/** The live objects among `ids` that belong to the project (one query). */
export function findLiveMediaIn(db: Db, projectId: string, ids: readonly string[]) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.projectId, projectId), inList(media.id, ids), isNull(media.deletedAt), isLiveProject(media.projectId)))
    .all();
}

/** A live media object (not deleted; its project is the membership's to check), as a query to batch. */
export function liveMediaQuery(db: Db, id: string) {
  return liveRow(db, media, id).limit(1);
}

/** The project of the media object `id`, as a subquery (its membership is read in the same batch). */
export function projectOfMedia(id: string) {
  return sql`(SELECT project_id FROM media WHERE id = ${id})`;
}

/** A live media object (neither it nor its project deleted). */
export function findLiveMedia(db: Db, id: string) {
  return liveRowWhere(db, media, eq(media.id, id), isLiveProject(media.projectId));
}

/** What a render or a page needs of a media object (`liveMediaIn`, `liveMediaJson`). */
export interface RenderMedia {
  id: string;
  kind: MediaRow['kind'];
  mime: string;
  r2Key: string;
  thumbnailKey: string | null;
  size: number;
  width: number | null;
  height: number | null;
}

/**
 * The same as `liveMediaIn`, as a correlated subquery for another feature's statement: the live
 * media of the project `projectId` (a column of the caller's query) whose ids `ids` (a subquery
 * of one column) gives, as one JSON array of `RenderMedia` (`parseRenderMedia` reads it). A
 * published page's row and its pictures in one round trip (funnels/edge/repo.ts).
 */
export function liveMediaJson(projectId: Operand, ids: SQL) {
  return sql<string>`(SELECT json_group_array(json_object('id', pm.id, 'kind', pm.kind, 'mime', pm.mime, 'r2Key', pm.r2_key, 'thumbnailKey', pm.thumbnail_key, 'size', pm.size, 'width', pm.width, 'height', pm.height)) FROM "media" "pm" WHERE pm.project_id = ${operand(projectId)} AND pm.deleted_at IS NULL AND pm.id IN ${ids})`;
}

/** The rows of a `liveMediaJson` column. */
export function parseRenderMedia(json: string | null): RenderMedia[] {
  return json ? (JSON.parse(json) as RenderMedia[]) : [];
}

/** The live media of a project among `ids`, with what a render or a page needs of them (one query, however many ids). */
export function liveMediaIn(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: media.id,
      kind: media.kind,
      mime: media.mime,
      r2Key: media.r2Key,
      thumbnailKey: media.thumbnailKey,
      size: media.size,
      width: media.width,
      height: media.height,
    })
    .from(media)
    .where(and(eq(media.projectId, projectId), inList(media.id, ids), isNull(media.deletedAt)))
    .all();
}

/** The thumbnails of live media of any projects (the list thumbnails of one page of creatives). */
export function thumbnailsIn(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: media.id, projectId: media.projectId, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(and(inList(media.id, ids), isNull(media.deletedAt)))
    .all();
}

/** A project's live images (among `ids` when given), newest first: what a presentation shows. */
export function projectImages(db: Db, projectId: string, ids: readonly string[] | null, limit: number) {
  const where = liveInProject(media, projectId, ids, eq(media.kind, 'image'));
  if (!where) return Promise.resolve([]);
  return db
    .select({ id: media.id, name: media.name, alt: media.alt, width: media.width, height: media.height, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(where)
    .orderBy(desc(media.createdAt))
    .limit(limit)
    .all();
}

export function findBySha(db: Db, projectId: string, sha256: string) {
  return liveRowWhere(db, media, eq(media.projectId, projectId), eq(media.sha256, sha256));
}

/** The bytes (files and thumbnails) stored across every live project of the owner of `projectId`. */
const usedByOwnerOf = (projectId: string) => sql`(SELECT coalesce(sum(m.size + coalesce(m.thumbnail_size, 0)), 0) FROM media m
  WHERE m.deleted_at IS NULL AND m.project_id IN ${ownedLiveProjectIds(ownerOf(projectId))})`;

/** The storage of the plan of the owner of `projectId`, from the one constants module (null without an owner). */
const limitOfOwnerOf = (projectId: string) => {
  const owner = ownerOf(projectId);
  return sql`(CASE WHEN ${owner} IS NULL THEN NULL ELSE ${planLimitSql(userField(owner, 'plan'), (plan) => plan.storageBytes, sql`0`)} END)`;
};

export type NewMedia = Pick<
  typeof media.$inferInsert,
  'id' | 'projectId' | 'uploadedBy' | 'kind' | 'mime' | 'name' | 'size' | 'sha256' | 'width' | 'height' | 'durationMs' | 'r2Key' | 'alt' | 'attribution'
> & {
  now: Date;
};

/**
 * Adds an uploaded file only if it fits the owner's storage: one conditional write, so
 * that uploads arriving together cannot pass the limit between a check and an insert.
 * Undefined when it does not fit; a second copy of the same bytes fails on the unique index.
 */
export async function insertMediaWithinQuota(db: Db, m: NewMedia): Promise<MediaRow | undefined> {
  const now = m.now.getTime();
  const result = await rawStatement(
    db,
    sql`INSERT INTO media (id, project_id, uploaded_by, kind, mime, name, size, sha256, width, height, duration_ms, alt, tags, attribution, r2_key, created_at, updated_at)
      SELECT ${m.id}, ${m.projectId}, ${m.uploadedBy ?? null}, ${m.kind}, ${m.mime}, ${m.name}, ${m.size}, ${m.sha256}, ${m.width ?? null}, ${m.height ?? null}, ${m.durationMs ?? null}, ${m.alt ?? ''}, '[]', ${m.attribution ? JSON.stringify(m.attribution) : null}, ${m.r2Key}, ${now}, ${now}
      WHERE ${usedByOwnerOf(m.projectId)} + ${m.size} <= ${limitOfOwnerOf(m.projectId)}`,
  ).run();
  if (result.meta.changes !== 1) return undefined;
  return db.select().from(media).where(eq(media.id, m.id)).get();
}

/**
 * Sets a live file's thumbnail only if the owner's storage still has room for it (the old
 * thumbnail's bytes freed): one conditional write, like the upload's. Undefined when the file
 * is gone or the thumbnail does not fit (or, `onlyIfNone`, when it has one already).
 */
export async function setThumbnailWithinQuota(db: Db, row: Pick<MediaRow, 'id' | 'projectId'>, key: string, size: number, now: Date, onlyIfNone = false) {
  const result = await rawStatement(
    db,
    sql`UPDATE media SET thumbnail_key = ${key}, thumbnail_size = ${size}, updated_at = ${now.getTime()}
      WHERE id = ${row.id} AND deleted_at IS NULL${onlyIfNone ? sql` AND thumbnail_key IS NULL` : sql``}
        AND ${usedByOwnerOf(row.projectId)} - coalesce(thumbnail_size, 0) + ${size} <= ${limitOfOwnerOf(row.projectId)}`,
  ).run();
  if (result.meta.changes !== 1) return undefined;
  return db.select().from(media).where(eq(media.id, row.id)).get();
}

export interface MediaFilters {
  type?: 'image' | 'video' | undefined;
  tag?: string | undefined;
  q?: string | undefined;
}

export function listMedia(db: Db, projectId: string, filters: MediaFilters, limit: number, before?: { time: number; id: string }) {
  const conditions = [eq(media.projectId, projectId), isNull(media.deletedAt)];
  if (filters.type) conditions.push(eq(media.kind, filters.type));
  if (filters.tag) conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${media.tags}) WHERE json_each.value = ${filters.tag.toLowerCase()})`);
  if (filters.q) {
    // Tags are stored lowercased by JavaScript: the query lowered the same way finds them.
    const folded = filters.q.toLowerCase();
    conditions.push(
      sql`(${containsText(media.name, filters.q)} OR ${containsText(media.alt, filters.q)} OR EXISTS (SELECT 1 FROM json_each(${media.tags}) WHERE instr(json_each.value, ${folded}) > 0))`,
    );
  }
  return keysetPage(
    db
      .select({ media, uploaderName: userField(media.uploadedBy, 'name') })
      .from(media)
      .$dynamic(),
    {
      time: media.createdAt,
      key: media.id,
      conditions,
      before,
      limit,
    },
  ).all();
}

/** Every tag used in the project's library, for the filter. */
export function listTags(db: Db, projectId: string) {
  return db
    .select({ tag: sql<string>`json_each.value`, count: sql<number>`count(*)` })
    .from(sql`${media}, json_each(${media.tags})`)
    .where(and(eq(media.projectId, projectId), isNull(media.deletedAt)))
    .groupBy(sql`json_each.value`)
    .orderBy(sql`json_each.value`)
    .all();
}

export function updateMedia(db: Db, id: string, values: Partial<typeof media.$inferInsert>) {
  return db
    .update(media)
    .set({ ...values, updatedAt: new Date() })
    .where(isLiveRow(media, id))
    .returning();
}

export function softDeleteMedia(db: Db, projectId: string, ids: string[], now: Date) {
  return db
    .update(media)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(media.projectId, projectId), inList(media.id, ids), isNull(media.deletedAt)))
    .returning({ id: media.id });
}

/** Soft-deleted objects (and those of deleted projects) past their grace period, for the purge job. */
export function purgeableMedia(db: Db, before: Date, limit: number) {
  return db
    .select({ id: media.id, r2Key: media.r2Key, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(or(lt(media.deletedAt, before), sql`${media.projectId} IN ${deletedProjectIds(before)}`))
    .limit(limit)
    .all();
}

export function deleteMediaRows(db: Db, ids: string[]) {
  return db.delete(media).where(inList(media.id, ids));
}

/** The storage the owner of `projectId` has used across their live projects, and their plan's limit (0 without an owner). */
export async function ownerStorage(db: Db, projectId: string): Promise<{ usedBytes: number; limitBytes: number }> {
  const row = await rawStatement(db, sql`SELECT ${usedByOwnerOf(projectId)} AS used, coalesce(${limitOfOwnerOf(projectId)}, 0) AS "limit"`).first<{
    used: number;
    limit: number;
  }>();
  return { usedBytes: row?.used ?? 0, limitBytes: row?.limit ?? 0 };
}

/** A project's newest live media (the admin's support view): a query for the caller's batch. */
export function newestMediaQuery(db: Db, projectId: string, limit: number) {
  return newestLiveQuery(db, media, { name: media.name, at: media.createdAt }, projectId, limit);
}

/** How many live media a project has and the bytes they take with their thumbnails, as subqueries for another feature's statement. */
export function mediaUsage(projectId: string) {
  return {
    media: sql<number>`(SELECT count(*) FROM media WHERE project_id = ${projectId} AND deleted_at IS NULL)`,
    storageBytes: sql<number>`(SELECT coalesce(sum(size + coalesce(thumbnail_size, 0)), 0) FROM media WHERE project_id = ${projectId} AND deleted_at IS NULL)`,
  };
}
