import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { FUNNEL_LIMITS } from '#common/schemas/funnels.ts';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { planLimitSql } from '#worker/db/plans.ts';
import { funnelPages, funnels, pageStats, projectMembers, projects } from '#worker/db/schema.ts';
import type { FunnelRow } from '#worker/features/funnels/types.ts';

/**
 * The workspace's queries of funnels (pages are in ../pages/repo.ts, statistics in
 * ../analytics/repo.ts). The funnel list's page counts and week of statistics are here with
 * the list itself: one batch, filtered by the same membership and liveness condition.
 */

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

/**
 * Funnels deleted before `before` (PRODUCT.md §3: 30 days), for good: their pages, versions,
 * leads and daily counts go with them (foreign keys with ON DELETE CASCADE). The second
 * statement of the scheduled purge's batch, after the pages deleted on their own.
 */
export function deletedFunnelsPurge(db: Db, before: Date) {
  return db.delete(funnels).where(lt(funnels.deletedAt, before));
}
