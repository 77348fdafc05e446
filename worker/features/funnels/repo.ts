import { and, asc, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { FUNNEL_LIMITS } from '#common/schemas/funnels.ts';
import { inList, rawStatement, type Db } from '#worker/db/client.ts';
import { planLimitSql } from '#worker/db/plans.ts';
import { funnelPageVersions, funnelPages, funnels, leads, pageSources, pageStats, projectMembers, projects, users } from '#worker/db/schema.ts';

/** The workspace's queries of funnels, pages, versions, leads and page statistics (the edge's are in edge-repo.ts). */
export type FunnelRow = typeof funnels.$inferSelect;
export type FunnelInsert = typeof funnels.$inferInsert;
export type PageRow = typeof funnelPages.$inferSelect;
export type PageInsert = typeof funnelPages.$inferInsert;
export type VersionRow = typeof funnelPageVersions.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;
export type LeadInsert = typeof leads.$inferInsert;

const liveFunnel = and(isNull(funnels.deletedAt), isNull(projects.deletedAt));

/* ---------- access ---------- */

/** A live funnel of a live project the user belongs to, with the user's role. */
export function findFunnelForMember(db: Db, id: string, userId: string) {
  return db
    .select({ funnel: funnels, project: projects, role: projectMembers.role })
    .from(funnels)
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, funnels.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(funnels.id, id), liveFunnel))
    .get();
}

/** The same, by the funnel's public name (the component sheet's URL). */
export function findFunnelByNameForMember(db: Db, name: string, userId: string) {
  return db
    .select({ funnel: funnels, project: projects, role: projectMembers.role })
    .from(funnels)
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, funnels.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(funnels.name, name), liveFunnel))
    .get();
}

/** A live page of a live funnel the user may see, with its funnel, project and the user's role. */
export function findPageForMember(db: Db, id: string, userId: string) {
  return db
    .select({ page: funnelPages, funnel: funnels, project: projects, role: projectMembers.role })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, funnels.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(funnelPages.id, id), isNull(funnelPages.deletedAt), liveFunnel))
    .get();
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

/* ---------- funnels ---------- */

export interface FunnelListRow {
  funnel: FunnelRow;
  projectName: string;
}

/** The live funnels of the live projects the user belongs to (optionally one project), newest first. */
export function funnelsForUser(db: Db, userId: string, projectId: string | undefined, limit = 500) {
  return db
    .select({ funnel: funnels, projectName: projects.name })
    .from(funnels)
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, funnels.projectId), eq(projectMembers.userId, userId)))
    .where(and(liveFunnel, projectId === undefined ? undefined : eq(funnels.projectId, projectId)))
    .orderBy(desc(funnels.createdAt), desc(funnels.id))
    .limit(limit);
}

/** The live pages of the live funnels the user can see (optionally of one project): for per-funnel figures in the same batch as the list. */
function userFunnelPages(userId: string, projectId: string | undefined) {
  return and(
    liveFunnel,
    isNull(funnelPages.deletedAt),
    eq(projectMembers.userId, userId),
    projectId === undefined ? undefined : eq(funnels.projectId, projectId),
  );
}

/** `pageCountsOf` for every funnel of `funnelsForUser` (one statement, no list of ids). */
export function pageCountsForUser(db: Db, userId: string, projectId: string | undefined) {
  return db
    .select({ funnelId: funnelPages.funnelId, pages: sql<number>`count(*)`, published: sql<number>`count(${funnelPages.publishedVersionId})` })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(projectMembers, eq(projectMembers.projectId, funnels.projectId))
    .where(userFunnelPages(userId, projectId))
    .groupBy(funnelPages.funnelId);
}

/** `funnelDailyStats` for every funnel of `funnelsForUser` (one statement, no list of ids). */
export function funnelDailyStatsForUser(db: Db, userId: string, projectId: string | undefined, fromDay: string) {
  return db
    .select({ funnelId: funnelPages.funnelId, day: pageStats.day, views: sql<number>`sum(${pageStats.views})`, leads: sql<number>`sum(${pageStats.leads})` })
    .from(pageStats)
    .innerJoin(funnelPages, eq(funnelPages.id, pageStats.pageId))
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(projectMembers, eq(projectMembers.projectId, funnels.projectId))
    .where(and(userFunnelPages(userId, projectId), gte(pageStats.day, fromDay)))
    .groupBy(funnelPages.funnelId, pageStats.day);
}

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

/** Views and leads per funnel and day since `fromDay` (live pages, both variants). */
export function funnelDailyStats(db: Db, funnelIds: readonly string[], fromDay: string) {
  if (funnelIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      funnelId: funnelPages.funnelId,
      day: pageStats.day,
      views: sql<number>`sum(${pageStats.views})`,
      leads: sql<number>`sum(${pageStats.leads})`,
    })
    .from(pageStats)
    .innerJoin(funnelPages, eq(funnelPages.id, pageStats.pageId))
    .where(and(inList(funnelPages.funnelId, funnelIds), isNull(funnelPages.deletedAt), gte(pageStats.day, fromDay)))
    .groupBy(funnelPages.funnelId, pageStats.day)
    .all();
}

/** The owner of a project: whose plan sets the custom-domain limit. */
const ownerOf = (projectId: SQL) => sql`(SELECT pm.user_id FROM project_members pm WHERE pm.project_id = ${projectId} AND pm.role = 'owner')`;

/**
 * True while the owner of `projectId` has a custom domain left on their plan: the live
 * funnels with a domain in the live projects they own (but `exceptFunnelId`) are fewer
 * than the plan's `customDomains`. Inside the statement that sets the domain.
 */
function hasDomainSlot(projectId: SQL, exceptFunnelId: string) {
  const limit = planLimitSql(sql`u.plan`, (plan) => plan.customDomains, sql`0`);
  return sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${ownerOf(projectId)} AND
    (SELECT count(*) FROM funnels f
      JOIN projects p ON p.id = f.project_id AND p.deleted_at IS NULL
      JOIN project_members m ON m.project_id = f.project_id AND m.role = 'owner' AND m.user_id = u.id
      WHERE f.custom_domain IS NOT NULL AND f.deleted_at IS NULL AND f.id <> ${exceptFunnelId}) < ${limit})`;
}

/** How many custom domains the owner of `projectId` uses and may use (for the refusal's message). */
export async function domainAllowance(db: Db, projectId: string) {
  return db.get<{ plan: 'free' | 'pro' | 'agency'; used: number } | undefined>(
    sql`SELECT u.plan AS plan, (SELECT count(*) FROM funnels f
        JOIN projects p ON p.id = f.project_id AND p.deleted_at IS NULL
        JOIN project_members m ON m.project_id = f.project_id AND m.role = 'owner' AND m.user_id = u.id
        WHERE f.custom_domain IS NOT NULL AND f.deleted_at IS NULL) AS used
      FROM users u WHERE u.id = ${ownerOf(sql`${projectId}`)}`,
  );
}

/**
 * Creates a funnel in one conditional insert: only while the project has fewer than
 * FUNNEL_LIMITS.funnelsPerProject live funnels and, with a domain, while its owner has a
 * domain left. The unique indexes refuse a taken name or domain (an exception).
 */
export function insertFunnelIfRoom(
  db: Db,
  f: { id: string; projectId: string; name: string; title: string; theme: unknown; customDomain: string | null; createdBy: string; now: Date },
) {
  const now = f.now.getTime();
  const domainCheck = f.customDomain === null ? sql`1` : hasDomainSlot(sql`${f.projectId}`, f.id);
  return rawStatement(
    db,
    sql`INSERT INTO funnels (id, project_id, name, title, theme, custom_domain, notify_leads, created_by, created_at, updated_at)
      SELECT ${f.id}, ${f.projectId}, ${f.name}, ${f.title}, ${JSON.stringify(f.theme)}, ${f.customDomain}, 0, ${f.createdBy}, ${now}, ${now}
      WHERE (SELECT count(*) FROM funnels WHERE project_id = ${f.projectId} AND deleted_at IS NULL) < ${FUNNEL_LIMITS.funnelsPerProject}
        AND ${domainCheck}`,
  );
}

export function funnelCountOf(db: Db, projectId: string) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(funnels)
    .where(and(eq(funnels.projectId, projectId), isNull(funnels.deletedAt)))
    .get();
}

/**
 * Sets a funnel's title, theme, notification switch and (when `domain` is given) its
 * custom domain in one update; a new domain only while the owner's plan has one left.
 */
export function updateFunnelStatement(
  db: Db,
  row: Pick<FunnelRow, 'id' | 'projectId'>,
  set: { title?: string; theme?: unknown; notifyLeads?: boolean; domain?: { value: string | null } },
  now: Date,
) {
  const assignments: SQL[] = [sql`updated_at = ${now.getTime()}`];
  if (set.title !== undefined) assignments.push(sql`title = ${set.title}`);
  if (set.theme !== undefined) assignments.push(sql`theme = ${JSON.stringify(set.theme)}`);
  if (set.notifyLeads !== undefined) assignments.push(sql`notify_leads = ${set.notifyLeads ? 1 : 0}`);
  let guard = sql`1`;
  if (set.domain) {
    assignments.push(sql`custom_domain = ${set.domain.value}`);
    if (set.domain.value !== null) guard = hasDomainSlot(sql`${row.projectId}`, row.id);
  }
  return rawStatement(db, sql`UPDATE funnels SET ${sql.join(assignments, sql`, `)} WHERE id = ${row.id} AND deleted_at IS NULL AND ${guard}`);
}

export function findLiveFunnel(db: Db, id: string) {
  return db
    .select()
    .from(funnels)
    .where(and(eq(funnels.id, id), isNull(funnels.deletedAt)))
    .get();
}

export function softDeleteFunnel(db: Db, id: string, now: Date) {
  return db
    .update(funnels)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(funnels.id, id), isNull(funnels.deletedAt)));
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
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, funnels.projectId), eq(projectMembers.userId, userId)))
    .where(
      and(
        isNull(funnelPages.deletedAt),
        liveFunnel,
        filters.funnelId === undefined ? undefined : eq(funnels.id, filters.funnelId),
        filters.projectId === undefined ? undefined : eq(funnels.projectId, filters.projectId),
      ),
    )
    .orderBy(desc(funnels.createdAt), asc(funnels.id), asc(funnelPages.position), asc(funnelPages.createdAt), asc(funnelPages.id))
    .limit(limit)
    .all();
}

/** Views and leads per page since `fromDay`. */
/** Views and leads per page and day since `fromDay` (both variants together). */
export function pageDailySince(db: Db, pageIds: readonly string[], fromDay: string) {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ pageId: pageStats.pageId, day: pageStats.day, views: sql<number>`sum(${pageStats.views})`, leads: sql<number>`sum(${pageStats.leads})` })
    .from(pageStats)
    .where(and(inList(pageStats.pageId, pageIds), gte(pageStats.day, fromDay)))
    .groupBy(pageStats.pageId, pageStats.day)
    .all();
}

/**
 * Adds a page at the end of a funnel in one conditional insert: only while the funnel is
 * live and has fewer than FUNNEL_LIMITS.pagesPerFunnel live pages. A taken slug is refused
 * by the unique index (an exception).
 */
export function insertPageIfRoom(
  db: Db,
  p: { id: string; funnelId: string; projectId: string; slug: string; title: string; draft: unknown; draftB?: unknown; splitB?: number; now: Date },
) {
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
  return db
    .select()
    .from(funnelPages)
    .where(and(eq(funnelPages.id, id), isNull(funnelPages.deletedAt)))
    .get();
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
  return db
    .update(funnelPages)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(funnelPages.id, id), isNull(funnelPages.deletedAt)));
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
    .select({ version: funnelPageVersions, publisher: users.name })
    .from(funnelPageVersions)
    .leftJoin(users, eq(users.id, funnelPageVersions.publishedBy))
    .where(eq(funnelPageVersions.pageId, pageId))
    .orderBy(desc(funnelPageVersions.number))
    .limit(limit)
    .all();
}

export function findVersion(db: Db, pageId: string, versionId: string) {
  return db
    .select()
    .from(funnelPageVersions)
    .where(and(eq(funnelPageVersions.id, versionId), eq(funnelPageVersions.pageId, pageId)))
    .get();
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

/* ---------- leads ---------- */

/** `%text%` for LIKE with its wildcards escaped (ESCAPE '\'). */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface LeadListRow {
  lead: LeadRow;
  pageSlug: string;
  pageTitle: string;
}

/** A funnel's leads, newest first, after `before`; `q` searches the email and the submitted values. */
export function listLeads(db: Db, funnelId: string, options: { q?: string; limit: number; before?: { time: number; id: string } }): Promise<LeadListRow[]> {
  const conditions: (SQL | undefined)[] = [eq(leads.funnelId, funnelId)];
  if (options.q) {
    const pattern = containing(options.q.toLowerCase());
    conditions.push(sql`(${leads.email} LIKE ${pattern} ESCAPE '\\' OR lower(${leads.data}) LIKE ${pattern} ESCAPE '\\')`);
  }
  if (options.before) {
    const time = new Date(options.before.time);
    conditions.push(or(lt(leads.createdAt, time), and(eq(leads.createdAt, time), lt(leads.id, options.before.id))));
  }
  return db
    .select({ lead: leads, pageSlug: funnelPages.slug, pageTitle: funnelPages.title })
    .from(leads)
    .innerJoin(funnelPages, eq(funnelPages.id, leads.pageId))
    .where(and(...conditions))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(options.limit + 1)
    .all();
}

/** Every field name the funnel's leads carry, in the order they first appeared. */
export function leadFieldNames(db: Db, funnelId: string): Promise<{ key: string }[]> {
  return db.all<{ key: string }>(
    sql`SELECT j.key AS key FROM leads l, json_each(l.data) j WHERE l.funnel_id = ${funnelId}
      GROUP BY j.key ORDER BY min(l.created_at), min(j.id), j.key LIMIT 200`,
  );
}

export function findLead(db: Db, funnelId: string, leadId: string) {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.funnelId, funnelId)))
    .get();
}

export function deleteLead(db: Db, funnelId: string, leadId: string) {
  return db.delete(leads).where(and(eq(leads.id, leadId), eq(leads.funnelId, funnelId)));
}

/* ---------- statistics ---------- */

export function statsOfPages(db: Db, pageIds: readonly string[], fromDay: string, toDay: string) {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pageStats)
    .where(and(inList(pageStats.pageId, pageIds), gte(pageStats.day, fromDay), sql`${pageStats.day} <= ${toDay}`))
    .all();
}

/** The top `limit` sources per page, variant and kind over the period. */
export function topSourcesOfPages(db: Db, pageIds: readonly string[], fromDay: string, toDay: string, limit = 5) {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db.all<{ pageId: string; variant: 'a' | 'b'; kind: 'referrer' | 'utm_source'; value: string; count: number }>(
    sql`SELECT page_id AS pageId, variant, kind, value, total AS count FROM (
        SELECT page_id, variant, kind, value, sum(count) AS total,
          row_number() OVER (PARTITION BY page_id, variant, kind ORDER BY sum(count) DESC, value) AS rank
        FROM ${pageSources}
        WHERE ${inList(pageSources.pageId, pageIds)} AND day >= ${fromDay} AND day <= ${toDay}
        GROUP BY page_id, variant, kind, value)
      WHERE rank <= ${limit} ORDER BY pageId, variant, kind, count DESC, value`,
  );
}

/**
 * Funnels and pages deleted before `before` (PRODUCT.md §3: 30 days), for good: their versions,
 * leads and daily counts go with them (foreign keys with ON DELETE CASCADE).
 */
export function purgeDeletedFunnels(db: Db, before: Date) {
  return db.batch([db.delete(funnelPages).where(lt(funnelPages.deletedAt, before)), db.delete(funnels).where(lt(funnels.deletedAt, before))]);
}
