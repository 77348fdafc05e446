import { abTest } from '#common/ab-stats.ts';
import { newBlock, themeFromBrandKit, type FunnelTheme, type PageDocument } from '#common/schemas/blocks.ts';
import { clip } from '#common/schemas/fields.ts';
import {
  FUNNEL_LIMITS,
  PAGE_SLUG_MAX,
  type AnalyticsReport,
  type DailyCount,
  type DailyStats,
  type FunnelCreateInput,
  type FunnelDetail,
  type FunnelSummary,
  type FunnelUpdateInput,
  type Lead,
  type LeadList,
  type PageCreateInput,
  type PageDetail,
  type PageReport,
  type PageStatus,
  type PageSummary,
  type PageUpdateInput,
  type PageVersion,
  type SourceCount,
  type StatTotals,
  type Variant,
  type VariantReport,
  type VersionDocument,
} from '#common/schemas/funnels.ts';
import { PLANS } from '#common/plans.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { projects } from '#worker/db/schema.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { lastDays } from '#worker/lib/days.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { readAll, run, type Read } from '#worker/lib/reads.ts';
import type { FunnelPageWithFunnel } from '#worker/middleware/access.ts';
import { forgetCustomDomain } from '#worker/features/funnels/custom-domain.ts';
import { purgeFunnel, purgePage } from '#worker/features/funnels/edge-cache.ts';
import * as repo from '#worker/features/funnels/repo.ts';

/**
 * Funnels and their pages in the workspace (PRODUCT.md §4.5): creating and changing
 * funnels (name, theme, custom domain within the owner's plan), pages with their draft
 * (variant A and B), publishing (a numbered version, atomically), restoring, "make B the
 * winner", leads (list, CSV, delete) and the analytics report. Every change to what
 * visitors see purges the edge cache (edge-cache.ts) of the request's data centre.
 */
type Project = typeof projects.$inferSelect;
export type Membership = { project: Project; role: ProjectRole };
export type Actor = { id: string; name: string };
/** A page with its funnel: what the `{ page: role }` rule puts on the request. */
export type PageWithFunnel = FunnelPageWithFunnel;

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { [field]: [message] });
}

/** The columns of a UNIQUE violation ("funnels.name"), found in the error or its causes (drizzle wraps D1's); undefined for any other error. */
function uniqueColumns(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const match = /UNIQUE constraint failed: ([\w., ]+)/.exec(e instanceof Error ? e.message : String(e));
    if (match) return match[1];
  }
  return undefined;
}

function isUniqueViolation(error: unknown): boolean {
  return uniqueColumns(error) !== undefined;
}

const utf8 = new TextEncoder();

/** Refuses (413) a document whose stored JSON is over FUNNEL_LIMITS.documentBytes: D1 refuses rows over 2 MB with a 500. */
function refuseLargeDocument(field: 'document' | 'documentB', document: unknown): void {
  if (document === null || document === undefined) return;
  const bytes = utf8.encode(JSON.stringify(document)).byteLength;
  if (bytes <= FUNNEL_LIMITS.documentBytes) return;
  const which = field === 'documentB' ? 'Variant B' : 'This page';
  const message = `${which} is too large to save (${Math.ceil(bytes / 1024)} KiB; at most ${FUNNEL_LIMITS.documentBytes / 1024} KiB). Shorten or remove some blocks.`;
  throw new AppError('payload_too_large', message, { [field]: [message] });
}

function staleRevision(current: number): AppError {
  return new AppError('conflict', 'Someone saved a newer version of this page. Reload to see it; your change was not saved.', {
    _: [`revision:${current}`],
  });
}

/* ---------- access ---------- */

/** The funnel, if it is live and the user is a member of its project (the access rule `{ funnel: role }`). */
export async function funnelForMember(db: Db, id: string, userId: string) {
  const row = await repo.findFunnelForMember(db, id, userId);
  return row && { project: row.project, role: row.role, resource: row.funnel };
}

/** The page and its funnel, if both are live and the user is a member (the access rule `{ page: role }`). */
export async function pageForMember(db: Db, id: string, userId: string) {
  const row = await repo.findPageForMember(db, id, userId);
  return row && { project: row.project, role: row.role, resource: { page: row.page, funnel: row.funnel } satisfies PageWithFunnel };
}

/** The funnel by its public name, if the user is a member of its project (the component sheet). */
export async function funnelByNameForMember(db: Db, name: string, userId: string) {
  const row = await repo.findFunnelByNameForMember(db, name, userId);
  return row && { project: row.project, role: row.role, resource: row.funnel };
}

/* ---------- reading ---------- */

const funnelUrl = (origin: string, name: string) => `${origin}/p/${name}`;
const pageUrl = (origin: string, funnelName: string, slug: string) => `${origin}/p/${funnelName}/${slug}`;

export function statusOf(page: Pick<repo.PageRow, 'publishedVersionId' | 'publishedRevision' | 'revision'>): PageStatus {
  if (page.publishedVersionId === null) return 'draft';
  return page.publishedRevision === page.revision ? 'published' : 'changed';
}

/** The last 7 days per key (funnel or page), oldest first, days without a row counted as 0. */
function weeksBy<R extends { day: string; views: number; leads: number }>(rows: readonly R[], keyOf: (row: R) => string, days: readonly string[]) {
  const byKey = new Map<string, Map<string, { views: number; leads: number }>>();
  for (const row of rows) {
    const byDay = byKey.get(keyOf(row)) ?? new Map<string, { views: number; leads: number }>();
    byDay.set(row.day, { views: Number(row.views), leads: Number(row.leads) });
    byKey.set(keyOf(row), byDay);
  }
  return (key: string): DailyCount[] => days.map((day) => ({ day, views: byKey.get(key)?.get(day)?.views ?? 0, leads: byKey.get(key)?.get(day)?.leads ?? 0 }));
}

async function funnelSummaries(db: Db, rows: repo.FunnelListRow[], origin: string, now: Date): Promise<FunnelSummary[]> {
  const ids = rows.map((row) => row.funnel.id);
  const days = lastDays(now, 7);
  const [counts, daily] = await Promise.all([repo.pageCountsOf(db, ids), repo.funnelDailyStats(db, ids, days[0]!)]);
  return toFunnelSummaries(rows, counts, daily, origin, days);
}

function toFunnelSummaries(
  rows: readonly repo.FunnelListRow[],
  counts: readonly { funnelId: string; pages: number; published: number }[],
  daily: readonly { funnelId: string; day: string; views: number; leads: number }[],
  origin: string,
  days: readonly string[],
): FunnelSummary[] {
  const countOf = new Map(counts.map((c) => [c.funnelId, c]));
  const weekOf = weeksBy(daily, (d) => d.funnelId, days);
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

async function pageSummaries(db: Db, rows: repo.PageListRow[], origin: string, now: Date): Promise<PageSummary[]> {
  const days = lastDays(now, 7);
  const daily = await repo.pageDailySince(
    db,
    rows.map((row) => row.page.id),
    days[0]!,
  );
  const weekOf = weeksBy(daily, (d) => d.pageId, days);
  return rows.map(({ page, funnel }) => {
    const daily7d = weekOf(page.id);
    return {
      id: page.id,
      funnelId: funnel.id,
      funnelName: funnel.name,
      funnelTitle: funnel.title,
      projectId: funnel.projectId,
      slug: page.slug,
      title: page.title,
      position: page.position,
      status: statusOf(page),
      hasVariantB: page.draftB !== null,
      splitB: page.splitB,
      views7d: daily7d.reduce((sum, d) => sum + d.views, 0),
      leads7d: daily7d.reduce((sum, d) => sum + d.leads, 0),
      daily7d,
      publishedAt: page.publishedAt?.toISOString() ?? null,
      url: pageUrl(origin, funnel.name, page.slug),
      customUrl: funnel.customDomain ? `https://${funnel.customDomain}/${page.slug}` : null,
      updatedAt: page.updatedAt.toISOString(),
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
  const days = lastDays(now, 7);
  return readAll(
    [repo.funnelsForUser(db, userId, projectId), repo.pageCountsForUser(db, userId, projectId), repo.funnelDailyStatsForUser(db, userId, projectId, days[0]!)],
    ([rows, counts, daily]) => ({ items: toFunnelSummaries(rows, counts, daily, origin, days) }),
  );
}

export async function funnelDetail(db: Db, funnel: repo.FunnelRow, membership: Membership, origin: string, now = new Date()): Promise<FunnelDetail> {
  const pages = await repo.pagesOfFunnel(db, funnel.id);
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
    pages: pageList,
    role: membership.role,
  };
}

/** A funnel by its public name, for a member of its project (else 404: the name of another team's funnel is not confirmed). */
export async function funnelDetailByName(db: Db, name: string, userId: string, origin: string): Promise<FunnelDetail> {
  const row = await repo.findFunnelByNameForMember(db, name, userId);
  if (!row) throw new AppError('not_found');
  return funnelDetail(db, row.funnel, { project: row.project, role: row.role }, origin);
}

export async function listPages(
  db: Db,
  userId: string,
  filters: { funnelId?: string; projectId?: string },
  origin: string,
  now = new Date(),
): Promise<{ items: PageSummary[] }> {
  return { items: await pageSummaries(db, await repo.pagesForUser(db, userId, filters), origin, now) };
}

export async function pageDetail(db: Db, { page, funnel }: PageWithFunnel, role: ProjectRole, origin: string, now = new Date()): Promise<PageDetail> {
  const [[summary], versions] = await Promise.all([pageSummaries(db, [{ page, funnel }], origin, now), repo.versionCountOf(db, page.id)]);
  return {
    ...summary!,
    draft: page.draft as PageDocument,
    draftB: (page.draftB as PageDocument | null) ?? null,
    revision: page.revision,
    publishedRevision: page.publishedRevision,
    theme: funnel.theme as FunnelTheme,
    funnel: { id: funnel.id, name: funnel.name, title: funnel.title, customDomain: funnel.customDomain },
    versionCount: Number(versions?.count ?? 0),
    role,
  };
}

async function freshPage(db: Db, id: string, funnel: repo.FunnelRow): Promise<PageWithFunnel> {
  const page = await repo.findLivePage(db, id);
  if (!page) throw new AppError('not_found');
  return { page, funnel };
}

/* ---------- edge cache ---------- */

async function safely(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    // A purge that fails leaves an old copy for at most EDGE_TTL_SECONDS: never a failed save.
    console.error(JSON.stringify({ level: 'error', message: 'edge_purge_failed', error: error instanceof Error ? error.message : String(error) }));
  }
}

/** Purges one page's URLs (under `slug`, the old one after a slug change); its funnel's root too when it is (or was) the first live page. */
async function purgePageOf(db: Db, funnel: repo.FunnelRow, pageId: string, slug: string, origin: string): Promise<void> {
  const pages = await repo.pagesOfFunnel(db, funnel.id);
  const first = pages.find((p) => p.publishedVersionId !== null || p.id === pageId);
  // A page just deleted is no longer listed: it may have been the first one.
  const gone = !pages.some((p) => p.id === pageId);
  await safely(purgePage({ origin, funnelName: funnel.name, customDomain: funnel.customDomain, slug, isFirst: gone || !first || first.id === pageId }));
}

async function purgeAllOf(db: Db, funnel: Pick<repo.FunnelRow, 'id' | 'name' | 'customDomain'>, origin: string, extraSlugs: string[] = []): Promise<void> {
  const pages = await repo.pagesOfFunnel(db, funnel.id);
  await safely(purgeFunnel({ origin, funnelName: funnel.name, customDomain: funnel.customDomain, slugs: [...pages.map((p) => p.slug), ...extraSlugs] }));
}

/* ---------- funnels ---------- */

async function domainRefusal(db: Db, projectId: string): Promise<AppError> {
  const allowance = await repo.domainAllowance(db, projectId);
  const plan = PLANS[allowance?.plan ?? 'free'];
  const message =
    plan.customDomains === 0
      ? `The ${plan.name} plan has no custom domains. The project’s owner can upgrade to use one.`
      : `The ${plan.name} plan includes ${plan.customDomains} custom domain${plan.customDomains === 1 ? '' : 's'}, all in use. Remove one, or the project’s owner can upgrade.`;
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

function uniqueRefusal(error: unknown): AppError | undefined {
  const text = uniqueColumns(error);
  if (text === undefined) return undefined;
  if (text.includes('custom_domain'))
    return new AppError('conflict', 'Another funnel uses this domain.', { customDomain: ['Another funnel uses this domain.'] });
  if (text.includes('funnel_pages'))
    return new AppError('conflict', 'Another page of this funnel has this address.', { slug: ['Another page of this funnel has this address.'] });
  return new AppError('conflict', 'This name is taken. Pick another one.', { name: ['This name is taken. Pick another one.'] });
}

/** A new funnel in a project; its theme comes from the project's brand kit unless given. */
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
        createdBy: actor.id,
        now,
      }),
      auditIfChangedStatement(db, {
        actorUserId: actor.id,
        action: 'funnel.create',
        targetType: 'funnel',
        targetId: id,
        projectId,
        details: { name: input.name },
      }),
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
  funnel: repo.FunnelRow,
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
  const seenChanged = domainChanged || (input.title !== undefined && input.title !== funnel.title) || input.theme !== undefined;
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
export async function deleteFunnel(db: Db, funnel: repo.FunnelRow, actor: Actor, origin: string): Promise<void> {
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
export async function reorderPages(db: Db, funnel: repo.FunnelRow, membership: Membership, pageIds: string[], origin: string): Promise<FunnelDetail> {
  const pages = await repo.pagesOfFunnel(db, funnel.id);
  const live = new Set(pages.map((p) => p.id));
  if (new Set(pageIds).size !== pageIds.length || pageIds.length !== live.size || !pageIds.every((id) => live.has(id))) {
    throw invalid('pageIds', 'Send every page of this funnel once, in the new order. Reload if pages were added or deleted meanwhile.');
  }
  const now = new Date();
  const [first, ...rest] = repo.setPositionStatements(db, funnel.id, pageIds, now);
  await db.batch([first!, ...rest]);
  // The first page (served at the funnel's root) may have changed.
  await safely(purgeFunnel({ origin, funnelName: funnel.name, customDomain: funnel.customDomain, slugs: [] }));
  return funnelDetail(db, funnel, membership, origin, now);
}

/* ---------- pages ---------- */

/** What a new page starts with: a hero and a text block, the title as its SEO title. */
export function starterDocument(title: string): PageDocument {
  const hero = newBlock('hero', `hero-${newId(6)}`);
  const body = newBlock('text', `text-${newId(6)}`);
  return { blocks: [hero, body], seo: { title: clip(title, 70), description: '', image: null } };
}

export async function createPage(db: Db, funnel: repo.FunnelRow, role: ProjectRole, input: PageCreateInput, origin: string): Promise<PageDetail> {
  const id = newId();
  const now = new Date();
  const draft = starterDocument(input.title);
  refuseLargeDocument('document', draft);
  let result: D1Result | undefined;
  try {
    [result] = await rawBatch(db, [
      repo.insertPageIfRoom(db, {
        id,
        funnelId: funnel.id,
        projectId: funnel.projectId,
        slug: input.slug,
        title: input.title,
        draft,
        now,
      }),
    ]);
  } catch (error) {
    throw uniqueRefusal(error) ?? error;
  }
  if (result?.meta.changes !== 1) throw new AppError('conflict', `A funnel holds at most ${FUNNEL_LIMITS.pagesPerFunnel} pages.`);
  return pageDetail(db, await freshPage(db, id, funnel), role, origin, now);
}

/** Saves the draft on top of `baseRevision` (else 409); every change bumps the revision. */
export async function updatePage(db: Db, ctx: PageWithFunnel, role: ProjectRole, input: PageUpdateInput, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  if (input.baseRevision !== page.revision) throw staleRevision(page.revision);
  refuseLargeDocument('document', input.document);
  refuseLargeDocument('documentB', input.documentB);
  const set: Partial<repo.PageInsert> = {};
  if (input.title !== undefined && input.title !== page.title) set.title = input.title;
  if (input.slug !== undefined && input.slug !== page.slug) set.slug = input.slug;
  if (input.document !== undefined) set.draft = input.document;
  if (input.documentB !== undefined) {
    set.draftB = input.documentB;
    // A new variant B without a split: half the visitors.
    if (input.documentB !== null && page.draftB === null && input.splitB === undefined && page.splitB === 0) set.splitB = 50;
  }
  if (input.splitB !== undefined) set.splitB = input.splitB;
  if (Object.keys(set).length === 0) return pageDetail(db, ctx, role, origin);
  const now = new Date();
  let rows: repo.PageRow[];
  try {
    rows = await repo.updatePageIfAt(db, page.id, page.revision, set, now);
  } catch (error) {
    throw uniqueRefusal(error) ?? error;
  }
  const updated = rows[0];
  if (!updated) {
    const current = await repo.findLivePage(db, page.id);
    if (!current) throw new AppError('not_found');
    throw staleRevision(current.revision);
  }
  // The live page's address changed: the old URLs must not keep serving it from the cache.
  if (set.slug !== undefined && page.publishedVersionId !== null) await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, { page: updated, funnel }, role, origin, now);
}

export async function deletePage(db: Db, { page, funnel }: PageWithFunnel, actor: Actor, origin: string): Promise<void> {
  const now = new Date();
  const [result] = await rawBatch(db, [
    repo.softDeletePage(db, page.id, now),
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'funnel_page.delete',
      targetType: 'funnel_page',
      targetId: page.id,
      projectId: page.projectId,
    }),
  ]);
  if (result?.meta.changes !== 1) throw new AppError('not_found');
  if (page.publishedVersionId !== null) await purgePageOf(db, funnel, page.id, page.slug, origin);
}

/** A copy of the page as a new draft at the end of the funnel: "slug-copy" (or -copy-2, …). */
export async function duplicatePage(db: Db, { page, funnel }: PageWithFunnel, role: ProjectRole, origin: string): Promise<PageDetail> {
  const now = new Date();
  const title = clip(`${page.title} (copy)`, FUNNEL_LIMITS.pageTitle);
  // Drafts saved before the size limit may be over it: a copy would not save either.
  refuseLargeDocument('document', page.draft);
  refuseLargeDocument('documentB', page.draftB);
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const suffix = attempt === 1 ? '-copy' : `-copy-${attempt}`;
    const slug = `${page.slug.slice(0, PAGE_SLUG_MAX - suffix.length)}${suffix}`;
    if (await repo.slugTaken(db, funnel.id, slug)) continue;
    const id = newId();
    let result: D1Result | undefined;
    try {
      [result] = await rawBatch(db, [
        repo.insertPageIfRoom(db, {
          id,
          funnelId: funnel.id,
          projectId: page.projectId,
          slug,
          title,
          draft: page.draft,
          draftB: page.draftB,
          splitB: page.splitB,
          now,
        }),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) continue; // taken at the same moment: the next suffix
      throw error;
    }
    if (result?.meta.changes !== 1) throw new AppError('conflict', `A funnel holds at most ${FUNNEL_LIMITS.pagesPerFunnel} pages.`);
    return pageDetail(db, await freshPage(db, id, funnel), role, origin, now);
  }
  throw new AppError('conflict', 'This page has too many copies. Rename one and try again.');
}

/** Runs a "go live" batch: a new version written only at `revision`, then the page pointed at it. */
async function goLive(
  db: Db,
  ctx: PageWithFunnel,
  actor: Actor,
  v: {
    title: string;
    document: VersionDocument;
    bump: boolean;
    publishedRevision: number;
    set?: Partial<repo.PageInsert>;
    action: string;
    /** Only while this version (null: none) is still the live one: set when the new version is made from what was live. */
    liveVersionId?: string | null;
  },
): Promise<void> {
  const { page } = ctx;
  const versionId = newId();
  const now = new Date();
  let results: D1Result[];
  try {
    results = await rawBatch(db, [
      repo.insertVersionIfAt(db, {
        id: versionId,
        pageId: page.id,
        revision: page.revision,
        liveVersionId: v.liveVersionId,
        title: v.title,
        slug: page.slug,
        document: v.document,
        publishedBy: actor.id,
        now,
      }),
      repo.goLiveStatement(db, { pageId: page.id, versionId, revision: page.revision, bump: v.bump, publishedRevision: v.publishedRevision, set: v.set, now }),
      auditIfChangedStatement(db, {
        actorUserId: actor.id,
        action: v.action,
        targetType: 'funnel_page',
        targetId: page.id,
        projectId: page.projectId,
        details: { versionId },
      }),
    ]);
  } catch (error) {
    // Two publishes that computed the same number: the unique index refused the second.
    if (isUniqueViolation(error)) throw new AppError('conflict', 'This page was published at the same moment. Reload and try again.');
    throw error;
  }
  if (results[0]?.meta.changes !== 1 || results[1]?.meta.changes !== 1) throw await refusalAfter(db, page, v.liveVersionId);
}

/** Why a write guarded by the page's revision (and live version) did not happen: 404, or 409 saying what changed. */
async function refusalAfter(db: Db, page: repo.PageRow, liveVersionId: string | null | undefined): Promise<AppError> {
  const current = await repo.findLivePage(db, page.id);
  if (!current) return new AppError('not_found');
  if (current.revision === page.revision && liveVersionId !== undefined && current.publishedVersionId !== liveVersionId) {
    return new AppError('conflict', 'Someone published or unpublished this page meanwhile. Reload to see it; nothing was changed.', {
      _: [`revision:${current.revision}`],
    });
  }
  return staleRevision(current.revision);
}

/** Publishes the draft at `baseRevision` as the next version, atomically; the edge serves it at once. */
export async function publishPage(db: Db, ctx: PageWithFunnel, role: ProjectRole, actor: Actor, baseRevision: number, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  if (baseRevision !== page.revision) throw staleRevision(page.revision);
  await goLive(db, ctx, actor, {
    title: page.title,
    document: { a: page.draft as PageDocument, b: (page.draftB as PageDocument | null) ?? null, splitB: page.splitB },
    bump: false,
    publishedRevision: page.revision,
    action: 'funnel_page.publish',
  });
  await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin);
}

/** Takes the page offline (404 at the edge); its versions stay. */
export async function unpublishPage(db: Db, ctx: PageWithFunnel, role: ProjectRole, actor: Actor, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  const now = new Date();
  const [result] = await rawBatch(db, [
    repo.unpublishPage(db, page.id, now),
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'funnel_page.unpublish',
      targetType: 'funnel_page',
      targetId: page.id,
      projectId: page.projectId,
    }),
  ]);
  if (result?.meta.changes !== 1) throw new AppError('conflict', 'This page is not published.');
  await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin, now);
}

export async function versionsOf(db: Db, page: repo.PageRow): Promise<{ items: PageVersion[] }> {
  const rows = await repo.versionsOf(db, page.id);
  return {
    items: rows.map(({ version, publisher }) => ({
      id: version.id,
      number: version.number,
      title: version.title,
      slug: version.slug,
      publishedAt: version.createdAt.toISOString(),
      publishedBy: publisher,
      hasVariantB: (version.document as VersionDocument).b !== null,
      live: version.id === page.publishedVersionId,
    })),
  };
}

/** The draft becomes the version again, and is published as a new version (number + 1), in one batch. */
export async function restoreVersion(db: Db, ctx: PageWithFunnel, role: ProjectRole, actor: Actor, versionId: string, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  const version = await repo.findVersion(db, page.id, versionId);
  if (!version) throw new AppError('not_found');
  const document = version.document as VersionDocument;
  await goLive(db, ctx, actor, {
    title: version.title,
    document,
    bump: true,
    publishedRevision: page.revision + 1,
    set: { draft: document.a, draftB: document.b, splitB: document.splitB, title: version.title },
    action: 'funnel_page.restore',
    liveVersionId: page.publishedVersionId,
  });
  await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin);
}

/**
 * "Make B the winner": B's draft becomes the draft, B is removed and the split is 0; when
 * the live version has a B, a new live version serves that B to everyone.
 */
export async function makeBWinner(db: Db, ctx: PageWithFunnel, role: ProjectRole, actor: Actor, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  if (page.draftB === null) throw new AppError('conflict', 'This page has no variant B.');
  const set: Partial<repo.PageInsert> = { draft: page.draftB, draftB: null, splitB: 0 };
  const live = page.publishedVersionId ? await repo.findVersionById(db, page.publishedVersionId) : undefined;
  const liveDocument = live?.document as VersionDocument | undefined;
  if (live && liveDocument?.b) {
    // The draft matches the new live version only if B's draft is what visitors saw as B.
    const same = JSON.stringify(liveDocument.b) === JSON.stringify(page.draftB) && live.title === page.title;
    await goLive(db, ctx, actor, {
      title: live.title,
      document: { a: liveDocument.b, b: null, splitB: 0 },
      bump: true,
      publishedRevision: same ? page.revision + 1 : (page.publishedRevision ?? page.revision),
      set,
      action: 'funnel_page.winner',
      // B as it was live when this request read it: a publish since then (same revision) is not overwritten with it.
      liveVersionId: live.id,
    });
    await purgePageOf(db, funnel, page.id, page.slug, origin);
  } else {
    // Not live with a B: only the draft changes, while nobody saved or published since.
    const [updated] = await repo.updatePageIfAt(db, page.id, page.revision, set, new Date(), page.publishedVersionId);
    if (!updated) throw await refusalAfter(db, page, page.publishedVersionId);
  }
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin);
}

/* ---------- leads ---------- */

function toLead(row: repo.LeadListRow): Lead {
  const { lead } = row;
  return {
    id: lead.id,
    pageId: lead.pageId,
    pageSlug: row.pageSlug,
    pageTitle: row.pageTitle,
    variant: lead.variant,
    data: lead.data,
    email: lead.email,
    utm: lead.utm,
    referrer: lead.referrer,
    createdAt: lead.createdAt.toISOString(),
  };
}

export async function listLeads(db: Db, funnelId: string, query: { q?: string; cursor?: string; limit?: number }): Promise<LeadList> {
  const limit = query.limit ?? 50;
  const rows = await repo.listLeads(db, funnelId, { q: query.q || undefined, limit, before: decodeCursor(query.cursor) });
  const page = toPage(rows, limit, (row) => encodeCursor(row.lead.createdAt, row.lead.id));
  return { items: page.items.map(toLead), nextCursor: page.nextCursor };
}

/** Hard delete (a GDPR request), recorded in the audit log without the lead's data. */
export async function deleteLead(db: Db, funnel: repo.FunnelRow, actor: Actor, leadId: string): Promise<void> {
  const [result] = await rawBatch(db, [
    repo.deleteLead(db, funnel.id, leadId),
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'lead.delete', targetType: 'lead', targetId: leadId, projectId: funnel.projectId }),
  ]);
  if (result?.meta.changes !== 1) throw new AppError('not_found');
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula (starting with = + - @,
 * a tab or a carriage return) gets a leading apostrophe; quotes, commas and line breaks quote it.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

const CSV_FIXED = ['page', 'variant', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer', 'created_at'] as const;
const CSV_PAGE = 500;

function cellOf(value: string | boolean | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

/**
 * The funnel's leads as CSV, streamed a page of rows at a time (newest first): a header of
 * every field name the leads carry, then page, variant, UTM, referrer and time. UTF-8 with
 * a byte order mark so spreadsheets read accents right.
 */
export function leadsCsv(db: Db, funnelId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let fields: string[] = [];
  let before: { time: number; id: string } | undefined;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      fields = (await repo.leadFieldNames(db, funnelId)).map((row) => row.key);
      // A data field named like a fixed column is told apart by its prefix.
      const header = [...fields.map((f) => ((CSV_FIXED as readonly string[]).includes(f) ? `field_${f}` : f)), ...CSV_FIXED];
      controller.enqueue(encoder.encode(`\ufeff${csvRow(header)}`));
    },
    async pull(controller) {
      if (done) return;
      const rows = await repo.listLeads(db, funnelId, { limit: CSV_PAGE, before });
      const page = rows.slice(0, CSV_PAGE);
      let chunk = '';
      for (const { lead, pageSlug } of page) {
        const utm = lead.utm;
        chunk += csvRow([
          ...fields.map((f) => cellOf(lead.data[f])),
          pageSlug,
          lead.variant,
          utm.source ?? '',
          utm.medium ?? '',
          utm.campaign ?? '',
          utm.term ?? '',
          utm.content ?? '',
          lead.referrer ?? '',
          lead.createdAt.toISOString(),
        ]);
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      const last = page.at(-1);
      if (rows.length > CSV_PAGE && last) {
        before = { time: last.lead.createdAt.getTime(), id: last.lead.id };
      } else {
        done = true;
        controller.close();
      }
    },
  });
}

/* ---------- analytics ---------- */

const conversion = (leads: number, visitors: number) => (visitors > 0 ? leads / visitors : 0);

function totalsOf(series: readonly DailyStats[]): StatTotals {
  const views = series.reduce((s, d) => s + d.views, 0);
  const visitors = series.reduce((s, d) => s + d.visitors, 0);
  const leads = series.reduce((s, d) => s + d.leads, 0);
  return { views, visitors, leads, conversion: conversion(leads, visitors) };
}

function sumSeries(days: readonly string[], parts: readonly DailyStats[][]): DailyStats[] {
  return days.map((day, i) => ({
    day,
    views: parts.reduce((s, p) => s + (p[i]?.views ?? 0), 0),
    visitors: parts.reduce((s, p) => s + (p[i]?.visitors ?? 0), 0),
    leads: parts.reduce((s, p) => s + (p[i]?.leads ?? 0), 0),
  }));
}

/**
 * Per page and variant over the last `days` UTC days: daily views, visitors and leads,
 * totals and conversion, the top referrers and UTM sources, and the A/B comparison for a
 * page with a variant B (now, or with B visits in the period).
 */
export async function analytics(db: Db, funnel: repo.FunnelRow, days: 7 | 30, now = new Date()): Promise<AnalyticsReport> {
  const period = lastDays(now, days);
  const from = period[0]!;
  const to = period.at(-1)!;
  const pages = await repo.pagesOfFunnel(db, funnel.id);
  const ids = pages.map((p) => p.id);
  const [stats, sources] = await Promise.all([repo.statsOfPages(db, ids, from, to), repo.topSourcesOfPages(db, ids, from, to)]);
  const statOf = new Map(stats.map((s) => [`${s.pageId}|${s.variant}|${s.day}`, s]));
  const sourcesOf = (pageId: string, variant: Variant, kind: 'referrer' | 'utm_source'): SourceCount[] =>
    sources.filter((s) => s.pageId === pageId && s.variant === variant && s.kind === kind).map((s) => ({ value: s.value, count: Number(s.count) }));

  const reports: PageReport[] = pages.map((page) => {
    const variants: VariantReport[] = (['a', 'b'] as const).map((variant) => {
      const series = period.map((day) => {
        const s = statOf.get(`${page.id}|${variant}|${day}`);
        return { day, views: s?.views ?? 0, visitors: s?.visitors ?? 0, leads: s?.leads ?? 0 };
      });
      return {
        variant,
        series,
        totals: totalsOf(series),
        referrers: sourcesOf(page.id, variant, 'referrer'),
        utmSources: sourcesOf(page.id, variant, 'utm_source'),
      };
    });
    const [a, b] = variants as [VariantReport, VariantReport];
    const hasB = page.draftB !== null || b.totals.views > 0;
    return {
      pageId: page.id,
      slug: page.slug,
      title: page.title,
      position: page.position,
      totals: totalsOf(sumSeries(period, [a.series, b.series])),
      variants: hasB ? variants : [a],
      ab: hasB ? abTest({ visitors: a.totals.visitors, leads: a.totals.leads }, { visitors: b.totals.visitors, leads: b.totals.leads }) : null,
    };
  });
  const series = sumSeries(
    period,
    reports.flatMap((r) => r.variants.map((v) => v.series)),
  );
  return { days, from, to, totals: totalsOf(series), series, pages: reports };
}

/** Removes funnels and pages deleted before `before`, with their versions, leads and statistics (the scheduled purge). */
export async function purgeDeletedFunnels(db: Db, before: Date): Promise<void> {
  await repo.purgeDeletedFunnels(db, before);
}
