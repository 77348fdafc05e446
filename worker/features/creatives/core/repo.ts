import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CreativeStatus, FormatId } from '#common/creative/document.ts';
import { containsText, fieldById, inList, operand, rawStatement, rowWhere, type Db, type Operand } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { anyLiveRowQuery, isLiveRow, liveInProject, liveRow, liveRowWhere, newestLiveQuery } from '#worker/db/live-rows.ts';
import { creations, creativeRevisions, creatives } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';
import { deletedProjectIds, inMemberProjects, isLiveProject, memberColumns } from '#worker/features/projects/scope/service.ts';

export type CreativeRow = typeof creatives.$inferSelect;
export type CreativeInsert = typeof creatives.$inferInsert;
export type CreationRow = typeof creations.$inferSelect;
export type CreationInsert = typeof creations.$inferInsert;
export type RevisionRow = typeof creativeRevisions.$inferSelect;
export type RevisionInsert = typeof creativeRevisions.$inferInsert;

/* ---------- fragments for other features' statements ---------- */

const CREATION_FIELDS = {
  name: creations.name,
  format: creations.format,
  width: creations.width,
  height: creations.height,
  r2Key: creations.r2Key,
  deletedAt: creations.deletedAt,
} as const;

/** One field of the creation `id` (a column of the caller's query: an ad's picture) inside another feature's statement; null without such a creation. */
export function creationField<K extends keyof typeof CREATION_FIELDS>(id: Operand, field: K) {
  return fieldById(CREATION_FIELDS[field], id);
}

/** The creation `id` exists and is not deleted. */
export function isLiveCreation(id: Operand): SQL {
  return sql`EXISTS (SELECT 1 FROM creations creations_live WHERE creations_live.id = ${operand(id)} AND creations_live.deleted_at IS NULL)`;
}

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

/**
 * Reserves `count` variation numbers on the creative `id`, deleted or not (one write, so batches
 * made at once get ranges that never overlap); the last number reserved, none without the row.
 */
export function reserveVariationNumbers(db: Db, id: string, count: number) {
  return db
    .update(creatives)
    .set({ variationsMade: sql`${creatives.variationsMade} + ${count}` })
    .where(eq(creatives.id, id))
    .returning({ last: creatives.variationsMade })
    .get();
}

export function softDeleteCreative(db: Db, id: string, now: Date) {
  return db.update(creatives).set({ deletedAt: now, updatedAt: now }).where(eq(creatives.id, id));
}

export function findLiveCreative(db: Db, id: string) {
  return db.select({ id: creatives.id }).from(creatives).where(isLiveRow(creatives, id)).get();
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

/** A live creative, as a query to batch with its project's membership (`projectOfCreative`). */
export function liveCreativeQuery(db: Db, id: string) {
  return liveRow(db, creatives, id).limit(1);
}

/** The project of the creative `id`, as a subquery. */
export function projectOfCreative(id: string) {
  return sql`(SELECT project_id FROM creatives WHERE id = ${id})`;
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
  return liveRowWhere(db, creations, eq(creations.id, id), isLiveProject(creations.projectId));
}

/** A live creation, as a query to batch with its project's membership (`projectOfCreation`). */
export function liveCreationQuery(db: Db, id: string) {
  return liveRow(db, creations, id).limit(1);
}

/** The project of the creation `id`, as a subquery. */
export function projectOfCreation(id: string) {
  return sql`(SELECT project_id FROM creations WHERE id = ${id})`;
}

export interface CreativeFilters {
  /** A part of the name, in any case. */
  q?: string | undefined;
  projectId?: string | undefined;
  status?: CreativeStatus | undefined;
  format?: FormatId | undefined;
}

type Before = { time: number; id: string } | undefined;

/** The live creatives in the projects the user belongs to (newest change first). */
export function listCreatives(db: Db, userId: string, filters: CreativeFilters, limit: number, before: Before) {
  const conditions = [isNull(creatives.deletedAt), inMemberProjects(creatives.projectId, userId)];
  if (filters.projectId) conditions.push(eq(creatives.projectId, filters.projectId));
  if (filters.status) conditions.push(eq(creatives.status, filters.status));
  if (filters.format) conditions.push(eq(creatives.format, filters.format));
  if (filters.q) conditions.push(containsText(creatives.name, filters.q));
  const query = db
    .select({
      creative: creatives,
      ...memberColumns(creatives.projectId, userId),
      lastCreationId: sql<
        string | null
      >`(SELECT c.id FROM creations c WHERE c.creative_id = "creatives"."id" AND c.deleted_at IS NULL ORDER BY c.created_at DESC LIMIT 1)`,
    })
    .from(creatives)
    .$dynamic();
  return keysetPage(query, { time: creatives.updatedAt, key: creatives.id, conditions, before, limit }).all();
}

/** The live creatives of one project (the public API's list, issue 31: a key stands for its project, not a user), newest change first. */
export function projectCreativesPage(db: Db, projectId: string, limit: number, before: Before) {
  const query = db.select().from(creatives).$dynamic();
  const conditions = [eq(creatives.projectId, projectId), isNull(creatives.deletedAt)];
  return keysetPage(query, { time: creatives.updatedAt, key: creatives.id, conditions, before, limit }).all();
}

export interface CreationFilters extends CreativeFilters {
  creativeId?: string | undefined;
}

export function listCreations(db: Db, userId: string, filters: CreationFilters, limit: number, before: Before) {
  const conditions = [isNull(creations.deletedAt), inMemberProjects(creations.projectId, userId)];
  if (filters.projectId) conditions.push(eq(creations.projectId, filters.projectId));
  if (filters.format) conditions.push(eq(creations.format, filters.format));
  if (filters.creativeId) conditions.push(eq(creations.creativeId, filters.creativeId));
  if (filters.q) conditions.push(containsText(creations.name, filters.q));
  // A creation's status is its creative's (a PNG of a creative deleted since has none).
  if (filters.status) conditions.push(sql`EXISTS (SELECT 1 FROM creatives cr WHERE cr.id = "creations"."creative_id" AND cr.status = ${filters.status})`);
  const query = db
    .select({
      creation: creations,
      ...memberColumns(creations.projectId, userId),
      creativeLive: sql<number>`(SELECT count(*) FROM creatives cr WHERE cr.id = "creations"."creative_id" AND cr.deleted_at IS NULL)`,
      linkGroup: sql<string | null>`(SELECT cr.link_group FROM creatives cr WHERE cr.id = "creations"."creative_id" AND cr.deleted_at IS NULL)`,
    })
    .from(creations)
    .$dynamic();
  return keysetPage(query, { time: creations.createdAt, key: creations.id, conditions, before, limit });
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
      authorName: userField(creativeRevisions.createdBy, 'name'),
      document: creativeRevisions.document,
    })
    .from(creativeRevisions)
    .where(and(...conditions))
    .orderBy(desc(creativeRevisions.number))
    .limit(limit + 1)
    .all();
}

export function findRevision(db: Db, creativeId: string, revisionId: string) {
  return rowWhere(db, creativeRevisions, eq(creativeRevisions.creativeId, creativeId), eq(creativeRevisions.id, revisionId));
}

/** The live creations of a project among `ids` (an ad's pictures, a post's). */
export function liveCreationsIn(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(creations)
    .where(and(eq(creations.projectId, projectId), inList(creations.id, ids), isNull(creations.deletedAt)))
    .all();
}

/** The creations of a project among `ids`, live or not (a scheduled post's: a deleted one is a media error, not a crash). */
export function creationsIn(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: creations.id, deletedAt: creations.deletedAt })
    .from(creations)
    .where(and(eq(creations.projectId, projectId), inList(creations.id, ids)))
    .all();
}

/** A project's live creations (among `ids` when given), newest first, with their creative's status: what a presentation shows. */
export function projectCreations(db: Db, projectId: string, ids: readonly string[] | null, limit: number) {
  const where = liveInProject(creations, projectId, ids);
  if (!where) return Promise.resolve([]);
  return db
    .select({ id: creations.id, name: creations.name, width: creations.width, height: creations.height, status: creatives.status })
    .from(creations)
    .leftJoin(creatives, eq(creatives.id, creations.creativeId))
    .where(where)
    .orderBy(desc(creations.createdAt))
    .limit(limit)
    .all();
}

/** A live creation of the project (its file, for a presentation's public page). */
export function creationFile(db: Db, projectId: string, id: string) {
  return db
    .select({ r2Key: creations.r2Key })
    .from(creations)
    .where(and(eq(creations.id, id), eq(creations.projectId, projectId), isNull(creations.deletedAt)))
    .get();
}

export function findLiveCreationOfRevision(db: Db, revisionId: string) {
  return liveRowWhere(db, creations, eq(creations.revisionId, revisionId));
}

/** The newest live creation of a creative. */
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
    .where(or(lt(creations.deletedAt, before), sql`${creations.projectId} IN ${deletedProjectIds(before)}`))
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

/** A project's most recently changed live creatives (the admin's support view): a query for the caller's batch. */
export function newestCreativesQuery(db: Db, projectId: string, limit: number) {
  return newestLiveQuery(db, creatives, { name: creatives.name, at: creatives.updatedAt }, projectId, limit);
}

/** A project's newest live creations (the admin's support view): a query for the caller's batch. */
export function newestCreationsQuery(db: Db, projectId: string, limit: number) {
  return newestLiveQuery(db, creations, { name: creations.name, at: creations.createdAt }, projectId, limit);
}

/** How many live creatives and creations a project has, as subqueries for another feature's statement. */
export function creativeUsage(projectId: string) {
  return {
    creatives: sql<number>`(SELECT count(*) FROM creatives WHERE project_id = ${projectId} AND deleted_at IS NULL)`,
    creations: sql<number>`(SELECT count(*) FROM creations WHERE project_id = ${projectId} AND deleted_at IS NULL)`,
  };
}

/** A creative in one of the user's projects (the dashboard's first steps). */
export function anyCreativeQuery(db: Db, userId: string) {
  return anyLiveRowQuery(db, creatives, inMemberProjects(creatives.projectId, userId));
}

/**
 * A new creative and its first revision, unless the project has a live creative whose current
 * document has this hash (issue 31, decision 0044: the public API's "same input"). Two
 * statements for one batch: the creative only when none has the hash (one conditional insert,
 * so of concurrent identical requests one writes), its revision only when that creative exists.
 */
export function insertCreativeUnlessSameStatements(db: Db, c: CreativeInsert & { revisionHash: string }, r: RevisionInsert) {
  const now = (c.createdAt ?? new Date()).getTime();
  const document = JSON.stringify(c.document);
  return [
    rawStatement(
      db,
      sql`INSERT INTO creatives (id, project_id, created_by, name, name_from_headline, status, format, template, document, revision_id, revision_number, revision_hash, created_at, updated_at)
      SELECT ${c.id}, ${c.projectId}, ${c.createdBy ?? null}, ${c.name}, ${c.nameFromHeadline ? 1 : 0}, 'draft', ${c.format}, ${c.template}, ${document}, ${c.revisionId}, 1, ${c.revisionHash}, ${now}, ${now}
      WHERE NOT EXISTS (SELECT 1 FROM creatives same WHERE same.project_id = ${c.projectId} AND same.revision_hash = ${c.revisionHash} AND same.deleted_at IS NULL)`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO creative_revisions (id, creative_id, number, document, hash, created_by, reason, created_at)
      SELECT ${r.id}, ${r.creativeId}, 1, ${document}, ${r.hash}, ${r.createdBy ?? null}, 'created', ${now}
      WHERE EXISTS (SELECT 1 FROM creatives WHERE id = ${r.creativeId})`,
    ),
  ];
}

/** The project's live creative whose current document has this hash (the newest, if several). */
export function liveCreativeWithHash(db: Db, projectId: string, hash: string) {
  return db
    .select()
    .from(creatives)
    .where(and(eq(creatives.projectId, projectId), eq(creatives.revisionHash, hash), isNull(creatives.deletedAt)))
    .orderBy(desc(creatives.updatedAt))
    .limit(1)
    .get();
}
