import type { Locale } from '#common/i18n/locales.ts';
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { FUNNEL_LIMITS } from '#common/schemas/funnels.ts';
import { ofExistingRow, rawStatement, type Db } from '#worker/db/client.ts';
import { planLimitSql } from '#worker/db/plans.ts';
import { isLiveRow, liveRow } from '#worker/db/live-rows.ts';
import { funnelPages, funnels } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';
import { inMemberProjects, ownedLiveProjectIds, ownerOf, projectName } from '#worker/features/projects/scope/service.ts';
import type { FunnelRow } from '#worker/features/funnels/types.ts';

/**
 * The workspace's queries of funnels (pages are in ../pages/repo.ts, statistics in
 * ../analytics/repo.ts). The funnel list's page counts are here with the list itself, its week
 * of statistics is analytics' read of the same pages: one batch, filtered by the same
 * membership and liveness condition.
 */

/* ---------- access ---------- */

/** A live funnel (its project's liveness and membership are read with it: `projectOfFunnel`), as a query to batch. */
export function liveFunnelQuery(db: Db, key: { id: string } | { name: string }) {
  return db
    .select()
    .from(funnels)
    .where(and('id' in key ? eq(funnels.id, key.id) : eq(funnels.name, key.name), isNull(funnels.deletedAt)))
    .limit(1);
}

/** The project of the funnel with this id or public name, as a subquery. */
export function projectOfFunnel(key: { id: string } | { name: string }) {
  return 'id' in key ? sql`(SELECT project_id FROM funnels WHERE id = ${key.id})` : sql`(SELECT project_id FROM funnels WHERE name = ${key.name})`;
}

/* ---------- funnels ---------- */

export interface FunnelListRow {
  funnel: FunnelRow;
  projectName: string;
}

/** The live funnels of the live projects the user belongs to (optionally one project), newest first. */
export function funnelsForUser(db: Db, userId: string, projectId: string | undefined, limit = 500) {
  return db
    .select({ funnel: funnels, projectName: ofExistingRow(projectName(funnels.projectId)) })
    .from(funnels)
    .where(and(isNull(funnels.deletedAt), inMemberProjects(funnels.projectId, userId), projectId === undefined ? undefined : eq(funnels.projectId, projectId)))
    .orderBy(desc(funnels.createdAt), desc(funnels.id))
    .limit(limit);
}

/** The live pages of the live funnels the user can see (optionally of one project): for per-funnel figures in the same batch as the list. */
function userFunnelPages(userId: string, projectId: string | undefined) {
  return and(
    isNull(funnels.deletedAt),
    isNull(funnelPages.deletedAt),
    inMemberProjects(funnels.projectId, userId),
    projectId === undefined ? undefined : eq(funnels.projectId, projectId),
  );
}

/** `pageCountsOf` for every funnel of `funnelsForUser` (one statement, no list of ids). */
export function pageCountsForUser(db: Db, userId: string, projectId: string | undefined) {
  return db
    .select({ funnelId: funnelPages.funnelId, pages: sql<number>`count(*)`, published: sql<number>`count(${funnelPages.publishedVersionId})` })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .where(userFunnelPages(userId, projectId))
    .groupBy(funnelPages.funnelId);
}

/** The ids of the pages of `pageCountsForUser`, as a subquery (their statistics are analytics' to read). */
export function userFunnelPageIds(db: Db, userId: string, projectId: string | undefined): SQL {
  // A query builder inside sql`` is written in parentheses: a subquery.
  return sql`${db.select({ id: funnelPages.id }).from(funnelPages).innerJoin(funnels, eq(funnels.id, funnelPages.funnelId)).where(userFunnelPages(userId, projectId))}`;
}

/** The live funnels with a custom domain in the live projects `ownerId` owns (but `exceptFunnelId`). */
function domainsOf(ownerId: SQL, exceptFunnelId?: string) {
  return sql`(SELECT count(*) FROM funnels f WHERE f.custom_domain IS NOT NULL AND f.deleted_at IS NULL
    AND ${exceptFunnelId === undefined ? sql`1` : sql`f.id <> ${exceptFunnelId}`} AND f.project_id IN ${ownedLiveProjectIds(ownerId)})`;
}

/**
 * True while the owner of `projectId` has a custom domain left on their plan: the live
 * funnels with a domain in the live projects they own (but `exceptFunnelId`) are fewer
 * than the plan's `customDomains`. Inside the statement that sets the domain.
 */
function hasDomainSlot(projectId: SQL, exceptFunnelId: string) {
  const owner = ownerOf(projectId);
  const limit = planLimitSql(userField(owner, 'plan'), (plan) => plan.customDomains, sql`0`);
  return sql`(${owner} IS NOT NULL AND ${domainsOf(owner, exceptFunnelId)} < ${limit})`;
}

/** How many custom domains the owner of `projectId` uses and may use (for the refusal's message); undefined without an owner. */
export async function domainAllowance(db: Db, projectId: string) {
  const owner = ownerOf(sql`${projectId}`);
  // A plan is never null: none means there is no owner.
  return db.get<{ plan: 'free' | 'pro' | 'agency'; used: number } | undefined>(
    sql`SELECT * FROM (SELECT ${userField(owner, 'plan')} AS plan, ${domainsOf(owner)} AS used) WHERE plan IS NOT NULL`,
  );
}

/**
 * Creates a funnel in one conditional insert: only while the project has fewer than
 * FUNNEL_LIMITS.funnelsPerProject live funnels and, with a domain, while its owner has a
 * domain left. The unique indexes refuse a taken name or domain (an exception).
 */
export function insertFunnelIfRoom(
  db: Db,
  f: { id: string; projectId: string; name: string; title: string; theme: unknown; customDomain: string | null; locale: Locale; createdBy: string; now: Date },
) {
  const now = f.now.getTime();
  const domainCheck = f.customDomain === null ? sql`1` : hasDomainSlot(sql`${f.projectId}`, f.id);
  return rawStatement(
    db,
    sql`INSERT INTO funnels (id, project_id, name, title, theme, custom_domain, notify_leads, locale, created_by, created_at, updated_at)
      SELECT ${f.id}, ${f.projectId}, ${f.name}, ${f.title}, ${JSON.stringify(f.theme)}, ${f.customDomain}, 0, ${f.locale}, ${f.createdBy}, ${now}, ${now}
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
  set: {
    title?: string | undefined;
    theme?: unknown;
    notifyLeads?: boolean | undefined;
    locale?: Locale | undefined;
    domain?: { value: string | null } | undefined;
  },
  now: Date,
) {
  const assignments: SQL[] = [sql`updated_at = ${now.getTime()}`];
  if (set.title !== undefined) assignments.push(sql`title = ${set.title}`);
  if (set.theme !== undefined) assignments.push(sql`theme = ${JSON.stringify(set.theme)}`);
  if (set.notifyLeads !== undefined) assignments.push(sql`notify_leads = ${set.notifyLeads ? 1 : 0}`);
  if (set.locale !== undefined) assignments.push(sql`locale = ${set.locale}`);
  let guard = sql`1`;
  if (set.domain) {
    assignments.push(sql`custom_domain = ${set.domain.value}`);
    if (set.domain.value !== null) guard = hasDomainSlot(sql`${row.projectId}`, row.id);
  }
  return rawStatement(db, sql`UPDATE funnels SET ${sql.join(assignments, sql`, `)} WHERE id = ${row.id} AND deleted_at IS NULL AND ${guard}`);
}

export function findLiveFunnel(db: Db, id: string) {
  return liveRow(db, funnels, id).get();
}

export function softDeleteFunnel(db: Db, id: string, now: Date) {
  return db.update(funnels).set({ deletedAt: now, updatedAt: now }).where(isLiveRow(funnels, id));
}

/**
 * Funnels deleted before `before` (PRODUCT.md §3: 30 days), for good: their pages, versions,
 * leads and daily counts go with them (foreign keys with ON DELETE CASCADE). The second
 * statement of the scheduled purge's batch, after the pages deleted on their own.
 */
export function deletedFunnelsPurge(db: Db, before: Date) {
  return db.delete(funnels).where(lt(funnels.deletedAt, before));
}

/** How many live funnels and pages a project has, as subqueries for another feature's statement. */
export function funnelUsage(projectId: string) {
  return {
    funnels: sql<number>`(SELECT count(*) FROM funnels WHERE project_id = ${projectId} AND deleted_at IS NULL)`,
    pages: sql<number>`(SELECT count(*) FROM funnel_pages WHERE project_id = ${projectId} AND deleted_at IS NULL)`,
  };
}
