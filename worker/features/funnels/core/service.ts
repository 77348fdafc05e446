import { themeFromBrandKit, type FunnelTheme } from '#common/schemas/blocks-theme.ts';
import {
  FUNNEL_LIMITS,
  type DailyCount,
  type FunnelCreateInput,
  type FunnelDetail,
  type FunnelSummary,
  type FunnelUpdateInput,
} from '#common/schemas/funnels.ts';
import { PLANS } from '#common/plans.ts';
import { countOf } from '#common/plural.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { combine, mapRead, read, run, type Read } from '#worker/lib/reads.ts';
import { firstRowForMember } from '#worker/features/projects/scope/service.ts';
import { funnelWeeks, funnelWeeksRead } from '#worker/features/funnels/analytics/service.ts';
import { forgetCustomDomain, purgeFunnelCopies } from '#worker/features/funnels/edge/service.ts';
import { deletedPagesPurge, funnelTemplateStatements, pageCountsOf, pageSummaries, pagesOf, setPageOrder } from '#worker/features/funnels/pages/service.ts';
import { uniqueRefusal } from '#worker/features/funnels/refusals.ts';
import type { Actor, FunnelRow, Membership } from '#worker/features/funnels/types.ts';
import * as repo from '#worker/features/funnels/core/repo.ts';

/**
 * Funnels in the workspace (PRODUCT.md §4.5): listing them with their figures, creating and
 * changing them (name, theme, notifications, a custom domain within the owner's plan), the
 * page order, deleting, and the scheduled purge. Pages are in ../pages, leads in ../leads,
 * the report in ../analytics. Every change to what visitors see purges the edge cache
 * (edge/service.ts) of the request's data centre.
 */

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { [field]: [message] });
}

/* ---------- access ---------- */

/** The funnel, if it is live and the user is a member of its live project (the access rule `{ funnel: role }`): one batch. */
export function funnelForMember(db: Db, id: string, userId: string) {
  return forMemberOf(db, { id }, userId);
}

/** The funnel by its public name, if the user is a member of its project (the component sheet). */
export function funnelByNameForMember(db: Db, name: string, userId: string) {
  return forMemberOf(db, { name }, userId);
}

function forMemberOf(db: Db, key: { id: string } | { name: string }, userId: string) {
  return firstRowForMember(db, repo.liveFunnelQuery(db, key), repo.projectOfFunnel(key), userId);
}

/* ---------- reading ---------- */

const funnelUrl = (origin: string, name: string) => `${origin}/p/${name}`;

async function funnelSummaries(db: Db, rows: repo.FunnelListRow[], origin: string, now: Date): Promise<FunnelSummary[]> {
  const ids = rows.map((row) => row.funnel.id);
  const [counts, weekOf] = await Promise.all([pageCountsOf(db, ids), funnelWeeks(db, ids, now)]);
  return toFunnelSummaries(rows, counts, weekOf, origin);
}

function toFunnelSummaries(
  rows: readonly repo.FunnelListRow[],
  counts: readonly { funnelId: string; pages: number; published: number }[],
  weekOf: (funnelId: string) => DailyCount[],
  origin: string,
): FunnelSummary[] {
  const countOf = new Map(counts.map((c) => [c.funnelId, c]));
  return rows.map(({ funnel, projectName }) => {
    const daily7d = weekOf(funnel.id);
    const count = countOf.get(funnel.id);
    return {
      id: funnel.id,
      projectId: funnel.projectId,
      projectName,
      name: funnel.name,
      title: funnel.title,
      customDomain: funnel.customDomain,
      pageCount: Number(count?.pages ?? 0),
      publishedCount: Number(count?.published ?? 0),
      views7d: daily7d.reduce((sum, d) => sum + d.views, 0),
      leads7d: daily7d.reduce((sum, d) => sum + d.leads, 0),
      daily7d,
      url: funnelUrl(origin, funnel.name),
      createdAt: funnel.createdAt.toISOString(),
      updatedAt: funnel.updatedAt.toISOString(),
    };
  });
}

export async function listFunnels(
  db: Db,
  userId: string,
  projectId: string | undefined,
  origin: string,
  now = new Date(),
): Promise<{ items: FunnelSummary[] }> {
  return run(db, funnelsRead(db, userId, projectId, origin, now));
}

/** The user's funnels with their page counts and week of views and leads (`GET /api/funnels`): one batch of three statements. */
export function funnelsRead(db: Db, userId: string, projectId: string | undefined, origin: string, now = new Date()): Read<{ items: FunnelSummary[] }> {
  return mapRead(
    combine({
      rows: read(
        () => repo.funnelsForUser(db, userId, projectId),
        (rows) => rows,
      ),
      counts: read(
        () => repo.pageCountsForUser(db, userId, projectId),
        (counts) => counts,
      ),
      weekOf: funnelWeeksRead(db, () => repo.userFunnelPageIds(db, userId, projectId), now),
    }),
    ({ rows, counts, weekOf }) => ({ items: toFunnelSummaries(rows, counts, weekOf, origin) }),
  );
}

export async function funnelDetail(db: Db, funnel: FunnelRow, membership: Membership, origin: string, now = new Date()): Promise<FunnelDetail> {
  const pages = await pagesOf(db, funnel.id);
  const [[summary], pageList] = await Promise.all([
    funnelSummaries(db, [{ funnel, projectName: membership.project.name }], origin, now),
    pageSummaries(
      db,
      pages.map((page) => ({ page, funnel })),
      origin,
      now,
    ),
  ]);
  return {
    ...summary!,
    theme: funnel.theme as FunnelTheme,
    brandTheme: themeFromBrandKit(membership.project.brandKit),
    notifyLeads: funnel.notifyLeads,
    locale: funnel.locale,
    pages: pageList,
    role: membership.role,
  };
}

/** A funnel by its public name, for a member of its project (else 404: the name of another team's funnel is not confirmed). */
export async function funnelDetailByName(db: Db, name: string, userId: string, origin: string): Promise<FunnelDetail> {
  const row = await funnelByNameForMember(db, name, userId);
  if (!row) throw new AppError('not_found');
  return funnelDetail(db, row.resource, { project: row.project, role: row.role }, origin);
}

/* ---------- edge cache ---------- */

/** Purges every cached page of the funnel (and `extraSlugs`): a failed purge is logged, never a failed save (edge/service.ts). */
async function purgeAllOf(db: Db, funnel: Pick<FunnelRow, 'id' | 'name' | 'customDomain'>, origin: string, extraSlugs: string[] = []): Promise<void> {
  const pages = await pagesOf(db, funnel.id);
  await purgeFunnelCopies({ origin, funnelName: funnel.name, customDomain: funnel.customDomain, slugs: [...pages.map((p) => p.slug), ...extraSlugs] });
}

/* ---------- funnels ---------- */

async function domainRefusal(db: Db, projectId: string): Promise<AppError> {
  const allowance = await repo.domainAllowance(db, projectId);
  const plan = PLANS[allowance?.plan ?? 'free'];
  const message =
    plan.customDomains === 0
      ? `The ${plan.name} plan has no custom domains. The project’s owner can upgrade to use one.`
      : `The ${plan.name} plan includes ${countOf(plan.customDomains, 'custom domain')}, all in use. Remove one, or the project’s owner can upgrade.`;
  return new AppError('plan_limit_reached', message, { customDomain: [message], _: [`plan:${plan.id}`, `limit:${plan.customDomains}`] });
}

/** Hosts no customer can own: Cloudflare's own subdomains (this worker's workers.dev address among them). */
const PLATFORM_SUFFIXES = ['workers.dev', 'pages.dev'];
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** `host` is `base` or under it (`a.b.example.com` under `example.com`). */
const isWithin = (host: string, base: string) => host === base || host.endsWith(`.${base}`);

/**
 * Why `domain` cannot be a funnel's domain, or null: the app's own hosts (APP_HOSTS and the
 * request's host), their subdomains and parents would hand the app's address (sign-in, API,
 * workspace) to one customer's funnel; platform addresses, localhost, IP literals and names
 * without a dot are no customer's domain.
 */
export function customDomainProblem(domain: string, origin: string, hosts: readonly string[]): string | null {
  const own = [...hosts, new URL(origin).hostname.toLowerCase()];
  if (!domain.includes('.') || IPV4.test(domain) || domain.includes(':') || domain.includes('[') || isWithin(domain, 'localhost')) {
    return 'Enter a domain like offers.example.com.';
  }
  if (own.some((host) => isWithin(domain, host) || isWithin(host, domain)) || PLATFORM_SUFFIXES.some((suffix) => isWithin(domain, suffix))) {
    return 'Use a domain of your own, not this app’s address.';
  }
  return null;
}

function refuseAppHost(domain: string | null | undefined, origin: string, hosts: readonly string[]): void {
  if (!domain) return;
  const problem = customDomainProblem(domain, origin, hosts);
  if (problem) throw invalid('customDomain', problem);
}

/** A new funnel in a project; its theme comes from the project's brand kit unless given, its pages from the funnel template `input.template` (none without). */
export async function createFunnel(
  db: Db,
  membership: Membership,
  actor: Actor,
  input: FunnelCreateInput,
  origin: string,
  hosts: readonly string[] = [],
): Promise<FunnelDetail> {
  refuseAppHost(input.customDomain, origin, hosts);
  const id = newId();
  const now = new Date();
  const projectId = membership.project.id;
  const locale = input.locale ?? membership.project.locale;
  let results: D1Result[];
  try {
    results = await rawBatch(db, [
      repo.insertFunnelIfRoom(db, {
        id,
        projectId,
        name: input.name,
        title: input.title,
        theme: input.theme ?? themeFromBrandKit(membership.project.brandKit),
        customDomain: input.customDomain ?? null,
        locale,
        createdBy: actor.id,
        now,
      }),
      auditIfChangedStatement(db, {
        actorUserId: actor.id,
        action: 'funnel.create',
        targetType: 'funnel',
        targetId: id,
        projectId,
        details: { name: input.name, ...(input.template ? { template: input.template } : {}) },
      }),
      // A template's pages: inserted only once the funnel is (their insert needs a live funnel).
      ...(input.template ? await funnelTemplateStatements(db, { id, projectId, locale }, membership.project, input.template, now) : []),
    ]);
  } catch (error) {
    throw uniqueRefusal(error) ?? error;
  }
  if (results[0]?.meta.changes !== 1) {
    const count = await repo.funnelCountOf(db, projectId);
    if (Number(count?.count ?? 0) >= FUNNEL_LIMITS.funnelsPerProject) {
      throw new AppError('conflict', `A project holds at most ${FUNNEL_LIMITS.funnelsPerProject} funnels. Delete one first.`);
    }
    throw await domainRefusal(db, projectId);
  }
  if (input.customDomain) forgetCustomDomain(input.customDomain);
  const funnel = await repo.findLiveFunnel(db, id);
  if (!funnel) throw new Error('The funnel was not created.');
  return funnelDetail(db, funnel, membership, origin, now);
}

/** Title, theme, notifications and the custom domain (within the owner's plan, one conditional update). */
export async function updateFunnel(
  db: Db,
  funnel: FunnelRow,
  membership: Membership,
  actor: Actor,
  input: FunnelUpdateInput,
  origin: string,
  hosts: readonly string[] = [],
): Promise<FunnelDetail> {
  const domainChanged = input.customDomain !== undefined && input.customDomain !== funnel.customDomain;
  if (domainChanged) refuseAppHost(input.customDomain, origin, hosts);
  const now = new Date();
  let results: D1Result[];
  try {
    results = await rawBatch(db, [
      repo.updateFunnelStatement(
        db,
        funnel,
        {
          title: input.title,
          theme: input.theme,
          notifyLeads: input.notifyLeads,
          locale: input.locale,
          domain: domainChanged ? { value: input.customDomain ?? null } : undefined,
        },
        now,
      ),
      ...(domainChanged
        ? [
            auditIfChangedStatement(db, {
              actorUserId: actor.id,
              action: 'funnel.domain',
              targetType: 'funnel',
              targetId: funnel.id,
              projectId: funnel.projectId,
              details: { from: funnel.customDomain, to: input.customDomain ?? null },
            }),
          ]
        : []),
    ]);
  } catch (error) {
    throw uniqueRefusal(error) ?? error;
  }
  if (results[0]?.meta.changes !== 1) {
    if (!(await repo.findLiveFunnel(db, funnel.id))) throw new AppError('not_found');
    throw await domainRefusal(db, funnel.projectId);
  }
  const fresh = await repo.findLiveFunnel(db, funnel.id);
  if (!fresh) throw new AppError('not_found');
  // The pages' language is in their HTML (`lang`, the form's words): cached copies in the old one go too.
  const localeChanged = input.locale !== undefined && input.locale !== funnel.locale;
  const seenChanged = domainChanged || (input.title !== undefined && input.title !== funnel.title) || input.theme !== undefined || localeChanged;
  if (seenChanged) {
    await purgeAllOf(db, fresh, origin);
    if (domainChanged) {
      // The old domain's copies too, and the in-isolate lookups of both names.
      if (funnel.customDomain) await purgeAllOf(db, funnel, origin);
      forgetCustomDomain(funnel.customDomain);
      forgetCustomDomain(fresh.customDomain);
    }
  }
  return funnelDetail(db, fresh, membership, origin, now);
}

/** Soft delete: the name and domain are free again at once; its pages are no longer served. */
export async function deleteFunnel(db: Db, funnel: FunnelRow, actor: Actor, origin: string): Promise<void> {
  const now = new Date();
  const [result] = await rawBatch(db, [
    repo.softDeleteFunnel(db, funnel.id, now),
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'funnel.delete', targetType: 'funnel', targetId: funnel.id, projectId: funnel.projectId }),
  ]);
  if (result?.meta.changes !== 1) throw new AppError('not_found');
  await purgeAllOf(db, funnel, origin);
  forgetCustomDomain(funnel.customDomain);
}

/** New page order: exactly the funnel's live pages, each once. */
export async function reorderPages(db: Db, funnel: FunnelRow, membership: Membership, pageIds: string[], origin: string): Promise<FunnelDetail> {
  const pages = await pagesOf(db, funnel.id);
  const live = new Set(pages.map((p) => p.id));
  if (new Set(pageIds).size !== pageIds.length || pageIds.length !== live.size || !pageIds.every((id) => live.has(id))) {
    throw invalid('pageIds', 'Send every page of this funnel once, in the new order. Reload if pages were added or deleted meanwhile.');
  }
  const now = new Date();
  await setPageOrder(db, funnel.id, pageIds, now);
  // The first page (served at the funnel's root) may have changed.
  await purgeFunnelCopies({ origin, funnelName: funnel.name, customDomain: funnel.customDomain, slugs: [] });
  return funnelDetail(db, funnel, membership, origin, now);
}

/** Removes funnels and pages deleted before `before`, with their versions, leads and statistics (the scheduled purge), in one batch. */
export async function purgeDeletedFunnels(db: Db, before: Date): Promise<void> {
  await db.batch([deletedPagesPurge(db, before), repo.deletedFunnelsPurge(db, before)]);
}

/** The admin's support view of a project: how many funnels and pages it has (subqueries). */
export { funnelUsage } from '#worker/features/funnels/core/repo.ts';
