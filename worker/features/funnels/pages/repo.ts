import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { FUNNEL_LIMITS } from '#common/schemas/funnels.ts';
import { inList, rawStatement, rowWhere, type Db } from '#worker/db/client.ts';
import { anyLiveRowQuery, isLiveRow, liveInProject, liveRow, newestLiveQuery } from '#worker/db/live-rows.ts';
import { funnelPageVersions, funnelPages, funnels } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';
import { inMemberProjects } from '#worker/features/projects/scope/service.ts';
import type { FunnelRow, PageRow } from '#worker/features/funnels/types.ts';

/** The workspace's queries of pages and their published versions (funnel_pages, funnel_page_versions). */
export type PageInsert = typeof funnelPages.$inferInsert;

/* ---------- access ---------- */

/** A live page of a live funnel, with its funnel (their project's liveness and membership are read with it: `projectOfPage`), as a query to batch. */
export function livePageQuery(db: Db, id: string) {
  return db
    .select({ page: funnelPages, funnel: funnels })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .where(and(eq(funnelPages.id, id), isNull(funnelPages.deletedAt), isNull(funnels.deletedAt)))
    .limit(1);
}

/** The project of the page `id` (its funnel's), as a subquery. */
export function projectOfPage(id: string) {
  return sql`(SELECT f.project_id FROM funnel_pages p JOIN funnels f ON f.id = p.funnel_id WHERE p.id = ${id})`;
}

/** The live pages of a funnel in their order. */
export function pagesOfFunnel(db: Db, funnelId: string): Promise<PageRow[]> {
  return db
    .select()
    .from(funnelPages)
    .where(and(eq(funnelPages.funnelId, funnelId), isNull(funnelPages.deletedAt)))
    .orderBy(asc(funnelPages.position), asc(funnelPages.createdAt), asc(funnelPages.id))
    .all();
}

/* ---------- counts ---------- */

/** Live pages and published pages per funnel. */
export function pageCountsOf(db: Db, funnelIds: readonly string[]) {
  if (funnelIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      funnelId: funnelPages.funnelId,
      pages: sql<number>`count(*)`,
      published: sql<number>`count(${funnelPages.publishedVersionId})`,
    })
    .from(funnelPages)
    .where(and(inList(funnelPages.funnelId, funnelIds), isNull(funnelPages.deletedAt)))
    .groupBy(funnelPages.funnelId)
    .all();
}

/* ---------- pages ---------- */

export interface PageListRow {
  page: PageRow;
  funnel: FunnelRow;
}

/** Live pages of live funnels in the user's live projects, by funnel (newest first) and position. */
export function pagesForUser(db: Db, userId: string, filters: { funnelId?: string; projectId?: string }, limit = 1000): Promise<PageListRow[]> {
  return db
    .select({ page: funnelPages, funnel: funnels })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .where(
      and(
        isNull(funnelPages.deletedAt),
        isNull(funnels.deletedAt),
        inMemberProjects(funnels.projectId, userId),
        filters.funnelId === undefined ? undefined : eq(funnels.id, filters.funnelId),
        filters.projectId === undefined ? undefined : eq(funnels.projectId, filters.projectId),
      ),
    )
    .orderBy(desc(funnels.createdAt), asc(funnels.id), asc(funnelPages.position), asc(funnelPages.createdAt), asc(funnelPages.id))
    .limit(limit)
    .all();
}

/** A new page's values (its position is the funnel's next). */
export interface NewPage {
  id: string;
  funnelId: string;
  projectId: string;
  slug: string;
  title: string;
  draft: unknown;
  draftB?: unknown;
  splitB?: number;
  now: Date;
}

/**
 * Adds a page at the end of a funnel in one conditional insert: only while the funnel is
 * live and has fewer than FUNNEL_LIMITS.pagesPerFunnel live pages. A taken slug is refused
 * by the unique index (an exception).
 */
export function insertPageIfRoom(db: Db, p: NewPage) {
  const now = p.now.getTime();
  return rawStatement(
    db,
    sql`INSERT INTO funnel_pages (id, funnel_id, project_id, slug, position, title, draft, draft_b, split_b, revision, created_at, updated_at)
      SELECT ${p.id}, ${p.funnelId}, ${p.projectId}, ${p.slug},
        (SELECT coalesce(max(position), -1) + 1 FROM funnel_pages WHERE funnel_id = ${p.funnelId} AND deleted_at IS NULL),
        ${p.title}, ${JSON.stringify(p.draft)}, ${p.draftB === undefined || p.draftB === null ? null : JSON.stringify(p.draftB)}, ${p.splitB ?? 50}, 1, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM funnels WHERE id = ${p.funnelId} AND deleted_at IS NULL)
        AND (SELECT count(*) FROM funnel_pages WHERE funnel_id = ${p.funnelId} AND deleted_at IS NULL) < ${FUNNEL_LIMITS.pagesPerFunnel}`,
  );
}

export function findLivePage(db: Db, id: string) {
  return liveRow(db, funnelPages, id).get();
}

/** Whether a live page of the funnel (other than `exceptId`) has the slug. */
export async function slugTaken(db: Db, funnelId: string, slug: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .select({ id: funnelPages.id })
    .from(funnelPages)
    .where(and(eq(funnelPages.funnelId, funnelId), eq(funnelPages.slug, slug), isNull(funnelPages.deletedAt)))
    .get();
  return Boolean(row && row.id !== exceptId);
}

/** Changes a page's draft only if it is still at `revision`; the revision grows by one. */
/**
 * Saves on top of `revision`; with `liveVersionId` (a version id or null for "not live") only
 * while the page's live version is still that one (publishing does not bump the revision).
 */
export function updatePageIfAt(db: Db, id: string, revision: number, set: Partial<PageInsert>, now: Date, liveVersionId?: string | null) {
  return db
    .update(funnelPages)
    .set({ ...set, revision: revision + 1, updatedAt: now })
    .where(
      and(
        eq(funnelPages.id, id),
        eq(funnelPages.revision, revision),
        isNull(funnelPages.deletedAt),
        liveVersionId === undefined ? undefined : sql`${funnelPages.publishedVersionId} IS ${liveVersionId}`,
      ),
    )
    .returning();
}

/** Page positions in one batch (the caller checked the ids are exactly the funnel's live pages). */
export function setPositionStatements(db: Db, funnelId: string, pageIds: readonly string[], now: Date) {
  return pageIds.map((id, position) =>
    db
      .update(funnelPages)
      .set({ position, updatedAt: now })
      .where(and(eq(funnelPages.id, id), eq(funnelPages.funnelId, funnelId), isNull(funnelPages.deletedAt))),
  );
}

export function softDeletePage(db: Db, id: string, now: Date) {
  return db.update(funnelPages).set({ deletedAt: now, updatedAt: now }).where(isLiveRow(funnelPages, id));
}

/* ---------- versions ---------- */

export function versionCountOf(db: Db, pageId: string) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(funnelPageVersions)
    .where(eq(funnelPageVersions.pageId, pageId))
    .get();
}

export function versionsOf(db: Db, pageId: string, limit = 200) {
  return db
    .select({ version: funnelPageVersions, publisher: userField(funnelPageVersions.publishedBy, 'name') })
    .from(funnelPageVersions)
    .where(eq(funnelPageVersions.pageId, pageId))
    .orderBy(desc(funnelPageVersions.number))
    .limit(limit)
    .all();
}

export function findVersion(db: Db, pageId: string, versionId: string) {
  return rowWhere(db, funnelPageVersions, eq(funnelPageVersions.id, versionId), eq(funnelPageVersions.pageId, pageId));
}

export function findVersionById(db: Db, versionId: string) {
  return db.select().from(funnelPageVersions).where(eq(funnelPageVersions.id, versionId)).get();
}

/**
 * A new published version (number = the page's highest + 1), written only while the page
 * is live and still at `revision`: the first statement of a publish batch. The unique
 * (page_id, number) index is the last word if two publishes ever met.
 */
/**
 * A new version, only while the page is at `revision` (and, with `liveVersionId`, still live
 * at that version, or not live for null: what "make B the winner" and restore read).
 */
export function insertVersionIfAt(
  db: Db,
  v: {
    id: string;
    pageId: string;
    revision: number;
    liveVersionId?: string | null;
    title: string;
    slug: string;
    document: unknown;
    publishedBy: string;
    now: Date;
  },
) {
  const live = v.liveVersionId === undefined ? sql`` : sql` AND published_version_id IS ${v.liveVersionId}`;
  return rawStatement(
    db,
    sql`INSERT INTO funnel_page_versions (id, page_id, number, title, slug, document, published_by, created_at)
      SELECT ${v.id}, ${v.pageId}, (SELECT coalesce(max(number), 0) + 1 FROM funnel_page_versions WHERE page_id = ${v.pageId}),
        ${v.title}, ${v.slug}, ${JSON.stringify(v.document)}, ${v.publishedBy}, ${v.now.getTime()}
      WHERE EXISTS (SELECT 1 FROM funnel_pages WHERE id = ${v.pageId} AND revision = ${v.revision} AND deleted_at IS NULL${live})`,
  );
}

/**
 * Points the page at the version just inserted (in the same batch), setting whatever else
 * goes with it (a restored draft, B made the winner); only when that version exists, so a
 * refused insert leaves the page untouched.
 */
export function goLiveStatement(
  db: Db,
  p: { pageId: string; versionId: string; revision: number; bump: boolean; publishedRevision: number | null; set?: Partial<PageInsert>; now: Date },
) {
  return db
    .update(funnelPages)
    .set({
      ...p.set,
      revision: p.bump ? p.revision + 1 : p.revision,
      publishedVersionId: p.versionId,
      publishedRevision: p.publishedRevision,
      publishedAt: p.now,
      updatedAt: p.now,
    })
    .where(
      and(
        eq(funnelPages.id, p.pageId),
        eq(funnelPages.revision, p.revision),
        isNull(funnelPages.deletedAt),
        sql`EXISTS (SELECT 1 FROM funnel_page_versions WHERE id = ${p.versionId})`,
      ),
    );
}

export function unpublishPage(db: Db, id: string, now: Date) {
  return db
    .update(funnelPages)
    .set({ publishedVersionId: null, publishedRevision: null, publishedAt: null, updatedAt: now })
    .where(and(eq(funnelPages.id, id), isNull(funnelPages.deletedAt), isNotNull(funnelPages.publishedVersionId)));
}

/**
 * Pages deleted before `before` (PRODUCT.md §3: 30 days), for good: their versions, leads and
 * daily counts go with them (ON DELETE CASCADE). The first statement of the scheduled purge.
 */
export function deletedPagesPurge(db: Db, before: Date) {
  return db.delete(funnelPages).where(lt(funnelPages.deletedAt, before));
}

/** A project's live pages of live funnels (among `ids` when given), published first: what a presentation shows of them. */
export function projectPages(db: Db, projectId: string, ids: readonly string[] | null, limit: number) {
  const where = liveInProject(funnelPages, projectId, ids, isNull(funnels.deletedAt));
  if (!where) return Promise.resolve([]);
  return db
    .select({
      id: funnelPages.id,
      slug: funnelPages.slug,
      title: funnelPages.title,
      published: sql<number>`${funnelPages.publishedVersionId} IS NOT NULL`,
      funnelName: funnels.name,
      funnelTitle: funnels.title,
      customDomain: funnels.customDomain,
    })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .where(where)
    .orderBy(desc(sql`${funnelPages.publishedVersionId} IS NOT NULL`), asc(funnels.name), asc(funnelPages.position))
    .limit(limit)
    .all();
}

/** A project's most recently changed live pages (the admin's support view): a query for the caller's batch. */
export function newestPagesQuery(db: Db, projectId: string, limit: number) {
  return newestLiveQuery(db, funnelPages, { name: funnelPages.title, at: funnelPages.updatedAt }, projectId, limit);
}

/** A published page of a live funnel in the user's projects (the dashboard's first steps). */
export function anyLivePageQuery(db: Db, userId: string) {
  return anyLiveRowQuery(
    db,
    funnelPages,
    isNotNull(funnelPages.publishedVersionId),
    inMemberProjects(funnelPages.projectId, userId),
    // Correlated, one primary-key lookup per page: `funnel_id IN (SELECT id FROM funnels WHERE deleted_at IS NULL)`
    // read every live funnel of every account (worker/query-plans.test.ts).
    sql`EXISTS (SELECT 1 FROM ${funnels} WHERE ${funnels.id} = ${funnelPages.funnelId} AND ${funnels.deletedAt} IS NULL)`,
  );
}
