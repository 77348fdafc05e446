import { planLimitSql } from '#worker/db/plans.ts';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { inList, rawStatement, type Db } from '#worker/db/client.ts';
import { creatives, media, projectMembers, projects, users } from '#worker/db/schema.ts';

export type MediaRow = typeof media.$inferSelect;

/** The live objects among `ids` that belong to the project (one query). */
export function findLiveMediaIn(db: Db, projectId: string, ids: readonly string[]) {
  return db
    .select({ media })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .where(and(eq(media.projectId, projectId), inList(media.id, ids), isNull(media.deletedAt), isNull(projects.deletedAt)))
    .all()
    .then((rows) => rows.map((row) => row.media));
}

/** A live media object with the user's membership of its project, in one query (none if not a member). */
export function findLiveMediaForMember(db: Db, id: string, userId: string) {
  return db
    .select({ media, project: projects, role: projectMembers.role })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, media.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(media.id, id), isNull(media.deletedAt), isNull(projects.deletedAt)))
    .get();
}

/** A live media object (neither it nor its project deleted). */
export function findLiveMedia(db: Db, id: string) {
  return db
    .select({ media })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .where(and(eq(media.id, id), isNull(media.deletedAt), isNull(projects.deletedAt)))
    .get()
    .then((row) => row?.media);
}

export function findBySha(db: Db, projectId: string, sha256: string) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.projectId, projectId), eq(media.sha256, sha256), isNull(media.deletedAt)))
    .get();
}

/** The bytes (files and thumbnails) stored across every live project of the owner of `projectId`. */
const usedByOwnerOf = (projectId: string) => sql`(SELECT coalesce(sum(m.size + coalesce(m.thumbnail_size, 0)), 0) FROM media m
  JOIN projects p ON p.id = m.project_id AND p.deleted_at IS NULL
  JOIN project_members o ON o.project_id = p.id AND o.role = 'owner'
  WHERE m.deleted_at IS NULL AND o.user_id = (SELECT user_id FROM project_members WHERE project_id = ${projectId} AND role = 'owner'))`;

/** The storage of the plan of the owner of `projectId`, from the one constants module. */
const limitOfOwnerOf = (projectId: string) =>
  sql`(SELECT ${planLimitSql(sql`u.plan`, (plan) => plan.storageBytes, sql`0`)} FROM project_members o JOIN users u ON u.id = o.user_id WHERE o.project_id = ${projectId} AND o.role = 'owner')`;

export type NewMedia = Pick<
  typeof media.$inferInsert,
  'id' | 'projectId' | 'uploadedBy' | 'kind' | 'mime' | 'name' | 'size' | 'sha256' | 'width' | 'height' | 'durationMs' | 'r2Key'
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
    sql`INSERT INTO media (id, project_id, uploaded_by, kind, mime, name, size, sha256, width, height, duration_ms, alt, tags, r2_key, created_at, updated_at)
      SELECT ${m.id}, ${m.projectId}, ${m.uploadedBy ?? null}, ${m.kind}, ${m.mime}, ${m.name}, ${m.size}, ${m.sha256}, ${m.width ?? null}, ${m.height ?? null}, ${m.durationMs ?? null}, '', '[]', ${m.r2Key}, ${now}, ${now}
      WHERE ${usedByOwnerOf(m.projectId)} + ${m.size} <= ${limitOfOwnerOf(m.projectId)}`,
  ).run();
  if (result.meta.changes !== 1) return undefined;
  return db.select().from(media).where(eq(media.id, m.id)).get();
}

/**
 * Sets a live file's thumbnail only if the owner's storage still has room for it (the old
 * thumbnail's bytes freed): one conditional write, like the upload's. Undefined when the file
 * is gone or the thumbnail does not fit.
 */
export async function setThumbnailWithinQuota(db: Db, row: Pick<MediaRow, 'id' | 'projectId'>, key: string, size: number, now: Date) {
  const result = await rawStatement(
    db,
    sql`UPDATE media SET thumbnail_key = ${key}, thumbnail_size = ${size}, updated_at = ${now.getTime()}
      WHERE id = ${row.id} AND deleted_at IS NULL
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
    // instr(), not LIKE: D1 refuses a LIKE pattern over 50 bytes, and instr() needs no
    // escaping (%, _ and \ are plain characters). SQLite's lower() folds only ASCII: the
    // query lowered in JavaScript (every script) finds "Crème" by "CRÈME", the query lowered
    // like the column finds "CRÈME" by itself. Tags are stored lowercased by JavaScript.
    const folded = filters.q.toLowerCase();
    const contains = (column: typeof media.name | typeof media.alt) =>
      sql`(instr(lower(${column}), ${folded}) > 0 OR instr(lower(${column}), lower(${filters.q})) > 0)`;
    conditions.push(
      sql`(${contains(media.name)} OR ${contains(media.alt)} OR EXISTS (SELECT 1 FROM json_each(${media.tags}) WHERE instr(json_each.value, ${folded}) > 0))`,
    );
  }
  if (before) conditions.push(or(lt(media.createdAt, new Date(before.time)), and(eq(media.createdAt, new Date(before.time)), lt(media.id, before.id)))!);
  return db
    .select({ media, uploaderName: users.name })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(and(...conditions))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit + 1)
    .all();
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

export function uploaderName(db: Db, userId: string | null) {
  if (!userId) return Promise.resolve(undefined);
  return db.select({ name: users.name }).from(users).where(eq(users.id, userId)).get();
}

export function updateMedia(db: Db, id: string, values: Partial<typeof media.$inferInsert>) {
  return db
    .update(media)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(media.id, id), isNull(media.deletedAt)))
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
    .innerJoin(projects, eq(projects.id, media.projectId))
    .where(or(lt(media.deletedAt, before), lt(projects.deletedAt, before)))
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

/** The project's brand-kit logo (for "where is this used"). */
export function brandLogoOf(db: Db, projectId: string) {
  return db
    .select({ id: projects.id, name: projects.name, logoMediaId: sql<string | null>`json_extract(${projects.brandKit}, '$.logoMediaId')` })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
    .get();
}

/** The live creatives of a project whose document mentions one of `ids` (one query, however many ids). */
export function creativesUsingMedia(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: creatives.id, name: creatives.name, mediaId: sql<string>`ids.value` })
    .from(creatives)
    .innerJoin(sql`json_each(${JSON.stringify(ids)}) AS ids`, sql`instr(${creatives.document}, '"' || ids.value || '"') > 0`)
    .where(and(eq(creatives.projectId, projectId), isNull(creatives.deletedAt)))
    .all();
}
