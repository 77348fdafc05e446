import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { CreativeStatus, FormatId } from '#common/creative/document.ts';
import { inList, rawStatement, type Db } from '#worker/db/client.ts';
import { creations, creativeRevisions, creatives, media, projectMembers, projects, users } from '#worker/db/schema.ts';

export type CreativeRow = typeof creatives.$inferSelect;
export type CreativeInsert = typeof creatives.$inferInsert;
export type CreationRow = typeof creations.$inferSelect;
export type CreationInsert = typeof creations.$inferInsert;
export type RevisionRow = typeof creativeRevisions.$inferSelect;
export type RevisionInsert = typeof creativeRevisions.$inferInsert;

/* ---------- creatives and revisions ---------- */

/** The insert of a new creative (to run in a batch with its first revision). */
export function insertCreative(db: Db, values: CreativeInsert) {
  return db.insert(creatives).values(values);
}

export function insertRevision(db: Db, values: RevisionInsert) {
  return db.insert(creativeRevisions).values(values);
}

/**
 * The update of a creative, conditional on the revision and status it was read at: of two
 * saves at once, only one changes the row (the caller checks the affected rows).
 */
export function updateCreativeIfUnchanged(db: Db, row: Pick<CreativeRow, 'id' | 'revisionNumber' | 'status'>, set: Partial<CreativeInsert>) {
  return db
    .update(creatives)
    .set(set)
    .where(and(eq(creatives.id, row.id), eq(creatives.revisionNumber, row.revisionNumber), eq(creatives.status, row.status)));
}

/**
 * The insert of a revision, written only if the creative now points at it: in the batch
 * after `updateCreativeIfUnchanged`, a save that lost the race leaves no revision behind.
 */
export function insertRevisionIfCurrent(
  db: Db,
  revision: Required<Pick<RevisionInsert, 'id' | 'creativeId' | 'number' | 'hash' | 'createdBy' | 'reason' | 'createdAt'>> & { document: unknown },
) {
  return rawStatement(
    db,
    sql`INSERT INTO creative_revisions (id, creative_id, number, document, hash, created_by, reason, created_at)
      SELECT ${revision.id}, ${revision.creativeId}, ${revision.number}, ${JSON.stringify(revision.document)}, ${revision.hash}, ${revision.createdBy}, ${revision.reason}, ${revision.createdAt.getTime()}
      FROM creatives WHERE id = ${revision.creativeId} AND revision_id = ${revision.id}`,
  );
}

export function softDeleteCreative(db: Db, id: string, now: Date) {
  return db.update(creatives).set({ deletedAt: now, updatedAt: now }).where(eq(creatives.id, id));
}

export function findLiveCreative(db: Db, id: string) {
  return db
    .select({ id: creatives.id })
    .from(creatives)
    .where(and(eq(creatives.id, id), isNull(creatives.deletedAt)))
    .get();
}

/* ---------- creations ---------- */

/** A render's creation; none when a live creation of the revision exists already (the partial unique index). */
export function insertCreationUnlessRendered(db: Db, values: CreationInsert) {
  return db.insert(creations).values(values).onConflictDoNothing().returning();
}

export function softDeleteCreation(db: Db, id: string, now: Date) {
  return db.update(creations).set({ deletedAt: now }).where(eq(creations.id, id));
}

/* ---------- reads ---------- */

/** A live creative with the user's membership of its project, in one query (none if not a member). */
export function findCreativeForMember(db: Db, id: string, userId: string) {
  return db
    .select({ creative: creatives, project: projects, role: projectMembers.role })
    .from(creatives)
    .innerJoin(projects, eq(projects.id, creatives.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, creatives.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(creatives.id, id), isNull(creatives.deletedAt), isNull(projects.deletedAt)))
    .get();
}

/** The live creatives of a project among `ids`. */
export function creativesIn(db: Db, projectId: string, ids: readonly string[]) {
  return db
    .select()
    .from(creatives)
    .where(and(eq(creatives.projectId, projectId), inList(creatives.id, ids), isNull(creatives.deletedAt)))
    .all();
}

/** A live creation of a live project (a signed URL's picture: no membership needed). */
export function findLiveCreation(db: Db, id: string) {
  return db
    .select({ creation: creations })
    .from(creations)
    .innerJoin(projects, eq(projects.id, creations.projectId))
    .where(and(eq(creations.id, id), isNull(creations.deletedAt), isNull(projects.deletedAt)))
    .get()
    .then((row) => row?.creation);
}

/** A live creation with the user's membership of its project, in one query. */
export function findCreationForMember(db: Db, id: string, userId: string) {
  return db
    .select({ creation: creations, project: projects, role: projectMembers.role })
    .from(creations)
    .innerJoin(projects, eq(projects.id, creations.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, creations.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(creations.id, id), isNull(creations.deletedAt), isNull(projects.deletedAt)))
    .get();
}

export interface CreativeFilters {
  projectId?: string | undefined;
  status?: CreativeStatus | undefined;
  format?: FormatId | undefined;
}

type Before = { time: number; id: string } | undefined;

/** The live creatives in the projects the user belongs to (newest change first). */
export function listCreatives(db: Db, userId: string, filters: CreativeFilters, limit: number, before: Before) {
  const conditions = [isNull(creatives.deletedAt), isNull(projects.deletedAt)];
  if (filters.projectId) conditions.push(eq(creatives.projectId, filters.projectId));
  if (filters.status) conditions.push(eq(creatives.status, filters.status));
  if (filters.format) conditions.push(eq(creatives.format, filters.format));
  if (before)
    conditions.push(or(lt(creatives.updatedAt, new Date(before.time)), and(eq(creatives.updatedAt, new Date(before.time)), lt(creatives.id, before.id)))!);
  return db
    .select({
      creative: creatives,
      projectName: projects.name,
      role: projectMembers.role,
      lastCreationId: sql<
        string | null
      >`(SELECT c.id FROM creations c WHERE c.creative_id = "creatives"."id" AND c.deleted_at IS NULL ORDER BY c.created_at DESC LIMIT 1)`,
    })
    .from(creatives)
    .innerJoin(projects, eq(projects.id, creatives.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, creatives.projectId), eq(projectMembers.userId, userId)))
    .where(and(...conditions))
    .orderBy(desc(creatives.updatedAt), desc(creatives.id))
    .limit(limit + 1)
    .all();
}

export interface CreationFilters {
  projectId?: string | undefined;
  format?: FormatId | undefined;
  creativeId?: string | undefined;
}

export function listCreations(db: Db, userId: string, filters: CreationFilters, limit: number, before: Before) {
  const conditions = [isNull(creations.deletedAt), isNull(projects.deletedAt)];
  if (filters.projectId) conditions.push(eq(creations.projectId, filters.projectId));
  if (filters.format) conditions.push(eq(creations.format, filters.format));
  if (filters.creativeId) conditions.push(eq(creations.creativeId, filters.creativeId));
  if (before)
    conditions.push(or(lt(creations.createdAt, new Date(before.time)), and(eq(creations.createdAt, new Date(before.time)), lt(creations.id, before.id)))!);
  return db
    .select({
      creation: creations,
      projectName: projects.name,
      role: projectMembers.role,
      creativeLive: sql<number>`(SELECT count(*) FROM creatives cr WHERE cr.id = "creations"."creative_id" AND cr.deleted_at IS NULL)`,
      linkGroup: sql<string | null>`(SELECT cr.link_group FROM creatives cr WHERE cr.id = "creations"."creative_id" AND cr.deleted_at IS NULL)`,
    })
    .from(creations)
    .innerJoin(projects, eq(projects.id, creations.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, creations.projectId), eq(projectMembers.userId, userId)))
    .where(and(...conditions))
    .orderBy(desc(creations.createdAt), desc(creations.id))
    .limit(limit + 1);
}

export function listRevisions(db: Db, creativeId: string, limit: number, beforeNumber: number | undefined) {
  const conditions = [eq(creativeRevisions.creativeId, creativeId)];
  if (beforeNumber !== undefined) conditions.push(lt(creativeRevisions.number, beforeNumber));
  return db
    .select({
      id: creativeRevisions.id,
      number: creativeRevisions.number,
      reason: creativeRevisions.reason,
      createdAt: creativeRevisions.createdAt,
      authorName: users.name,
      document: creativeRevisions.document,
    })
    .from(creativeRevisions)
    .leftJoin(users, eq(users.id, creativeRevisions.createdBy))
    .where(and(...conditions))
    .orderBy(desc(creativeRevisions.number))
    .limit(limit + 1)
    .all();
}

export function findRevision(db: Db, creativeId: string, revisionId: string) {
  return db
    .select()
    .from(creativeRevisions)
    .where(and(eq(creativeRevisions.creativeId, creativeId), eq(creativeRevisions.id, revisionId)))
    .get();
}

export function findLiveCreationOfRevision(db: Db, revisionId: string) {
  return db
    .select()
    .from(creations)
    .where(and(eq(creations.revisionId, revisionId), isNull(creations.deletedAt)))
    .get();
}

/** The live media objects of a project among `ids`, with what the renderer needs. */
export function projectMediaIn(db: Db, projectId: string, ids: readonly string[]) {
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

/** The media of several projects at once (the list thumbnails of one page). */
export function mediaIn(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: media.id, projectId: media.projectId, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(and(inList(media.id, ids), isNull(media.deletedAt)))
    .all();
}

/** The creatives of a project whose document refers to any of `ids` (media usage). */
export function lastCreationOf(db: Db, creativeId: string) {
  return db
    .select({ id: creations.id })
    .from(creations)
    .where(and(eq(creations.creativeId, creativeId), isNull(creations.deletedAt)))
    .orderBy(desc(creations.createdAt))
    .limit(1)
    .get();
}

/** Creations whose own deletion, or their project's, is older than `before` (the purge job). */
export function purgeableCreations(db: Db, before: Date, limit: number) {
  return db
    .select({ id: creations.id, r2Key: creations.r2Key })
    .from(creations)
    .innerJoin(projects, eq(projects.id, creations.projectId))
    .where(or(lt(creations.deletedAt, before), lt(projects.deletedAt, before)))
    .limit(limit)
    .all();
}

export function deleteCreationRows(db: Db, ids: string[]) {
  return db.delete(creations).where(inList(creations.id, ids));
}

/** Creatives deleted before `before` go for good (their revisions with them). */
export function purgeDeletedCreatives(db: Db, before: Date) {
  return db.delete(creatives).where(lt(creatives.deletedAt, before));
}
