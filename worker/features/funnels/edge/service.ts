import type { Db } from '#worker/db/client.ts';
import { notFound, validName, type EdgeAnswer, type EdgeDeps, type EdgeRequest } from '#worker/features/funnels/edge/answer.ts';
import { purgeFunnel, purgePage, type EdgeSite, type PurgeFunnelTarget, type PurgePageTarget } from '#worker/features/funnels/edge/cache.ts';
import { domainTarget, forgetCustomDomain as forgetHost, funnelForHost, isAppHost } from '#worker/features/funnels/edge/custom-domain.ts';
import { submitForm, type ReadFields } from '#worker/features/funnels/edge/form-post.ts';
import { listablePages, type EdgeFunnel } from '#worker/features/funnels/edge/repo.ts';
import { servePage } from '#worker/features/funnels/edge/serve-page.ts';

/**
 * The public edge of funnels (issue 12 point 5): published pages at `/p/{funnel}/{slug}` and
 * on custom domains (custom-domain.ts), cached at the edge (cache.ts), A/B variants by a
 * sticky cookie, views counted after the response (analytics/service.ts), forms turned into
 * leads (leads/service.ts). A page ships no JavaScript unless it has a form, a countdown or a
 * video facade, and then one small inline script (page-script.ts). This is the sub-feature's
 * entry point: the ways in (a path, a custom domain), the purges and the sitemap's pages. The
 * rules are in a file per job: which page and variant to serve (serve-page.ts, variant.ts), its
 * bytes from the cache or a render (live-page.ts, render.tsx), what to answer and whether the
 * visit counts (answer.ts), what a form post stores (form-post.ts); routes.tsx only reads the
 * request and writes the answer.
 */
export { FUNNEL_OPENER_POLICY, type EdgeAnswer, type EdgeDeps, type EdgeRequest } from '#worker/features/funnels/edge/answer.ts';
export { assignVariant, edgeRandom } from '#worker/features/funnels/edge/variant.ts';
export type { ReadFields } from '#worker/features/funnels/edge/form-post.ts';

function pathSite(request: EdgeRequest, funnelName: string): EdgeSite {
  return { kind: 'path', origin: new URL(request.url).origin, funnelName };
}

function domainSite(funnel: EdgeFunnel): EdgeSite {
  return { kind: 'domain', domain: funnel.customDomain ?? '' };
}

const ROBOTS: EdgeAnswer = { kind: 'text', status: 200, text: 'User-agent: *\nAllow: /\n', headers: { 'Cache-Control': 'public, max-age=3600' } };

/** GET or HEAD of `/p/{funnelName}` (its first page: `slug` null) or `/p/{funnelName}/{slug}`. */
export function servePathPage(deps: EdgeDeps, request: EdgeRequest, funnelName: string, slug: string | null): Promise<EdgeAnswer> {
  const site = pathSite(request, funnelName);
  if (!validName(funnelName)) return notFound(deps, site);
  return servePage(deps, request, site, slug, { name: funnelName });
}

/** POST of a form to `/p/{funnelName}/{slug}`. */
export function submitPathForm(deps: EdgeDeps, request: EdgeRequest, funnelName: string, slug: string, readFields: ReadFields): Promise<EdgeAnswer> {
  const site = pathSite(request, funnelName);
  if (!validName(funnelName)) return notFound(deps, site);
  return submitForm(deps, request, site, slug, { name: funnelName }, readFields);
}

/**
 * A request on a funnel's custom domain: `GET /` is the first page, `GET /{slug}` a page,
 * `POST /{slug}` its form, `/robots.txt` allows everything, anything else is the funnel's 404.
 * Undefined where the app answers: the app's own hosts (APP_HOSTS) and their subdomains
 * (never a funnel's, whatever the table says), hosts of no funnel, and on a funnel's domain
 * the static files and signed media its pages use.
 */
export async function serveOnCustomDomain(deps: EdgeDeps, request: EdgeRequest, readFields: ReadFields): Promise<EdgeAnswer | undefined> {
  if (isAppHost(request.host, deps.appHosts)) return undefined;
  const funnel = await funnelForHost(deps.db, request.host);
  if (!funnel) return undefined;
  const target = domainTarget(request.method, request.path);
  // The funnel is read again on a miss: the host's entry may be up to a minute old (theme, title).
  const site = domainSite(funnel);
  const key = { domain: funnel.customDomain ?? '' };
  switch (target.kind) {
    case 'app':
      return undefined;
    case 'robots':
      return ROBOTS;
    case 'page':
      return servePage(deps, request, site, target.slug, key);
    case 'form':
      return submitForm(deps, request, site, target.slug, key, readFields);
    case 'notFound':
      return notFound(deps, site, funnel);
  }
}

// ---------------------------------------------------------------------------------------
// For the workspace: purges after a change

async function safely(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    // A purge that fails leaves an old copy for at most EDGE_TTL_SECONDS: never a failed save.
    console.error(JSON.stringify({ level: 'error', message: 'edge_purge_failed', error: error instanceof Error ? error.message : String(error) }));
  }
}

/** Deletes the cached copies of one page (cache.ts `purgePage`); a purge that fails is logged, never a failed save. */
export function purgePageCopies(target: PurgePageTarget): Promise<void> {
  return safely(purgePage(target));
}

/** Deletes every cached page of a funnel (cache.ts `purgeFunnel`); a purge that fails is logged, never a failed save. */
export function purgeFunnelCopies(target: PurgeFunnelTarget): Promise<void> {
  return safely(purgeFunnel(target));
}

/** Forgets what this isolate knows about a custom domain (its funnel changed it or was deleted): other isolates see it within a minute. */
export function forgetCustomDomain(domain: string | null | undefined): void {
  forgetHost(domain);
}

/** A published page for the sitemap: its path under the app's origin and when it was published. */
export interface ListedPage {
  path: string;
  publishedAt: Date;
}

/** The published pages search engines may list (repo `listablePages`), at most `limit`: the sitemap's funnel part. */
export async function listedPages(db: Db, limit: number): Promise<ListedPage[]> {
  const rows = await listablePages(db, limit);
  return rows.map((row) => ({ path: `/p/${encodeURIComponent(row.funnelName)}/${encodeURIComponent(row.slug)}`, publishedAt: row.publishedAt }));
}
