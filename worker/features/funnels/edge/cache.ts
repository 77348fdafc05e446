import type { Variant } from '#common/schemas/funnels.ts';

/**
 * The edge cache of published funnel pages (Cache API, `caches.default`).
 *
 * One entry per (page URL, variant): the key is a synthetic URL made of the host the page is
 * served on, its path and the variant, never the request's query (UTM parameters would make
 * every ad click a miss; they are added to the forms after the cache). The entry is the
 * rendered HTML with internal `X-Edge-*` headers that say which page it is, whether it has a
 * variant B and its split, so that a hit needs no database read; they are stripped before
 * the response leaves. Cookies are set after the cache, so no entry ever carries one.
 */

export const VARIANTS: readonly Variant[] = ['a', 'b'];

/**
 * How long an entry lives at most. The Cache API is per data centre and a purge reaches only
 * the one the publishing request ran in: elsewhere an old copy is served until it expires,
 * so the lifetime is short (the signed media URLs in the HTML stay valid ≥ 1 day, render.tsx).
 */
export const EDGE_TTL_SECONDS = 300;

/** Internal headers of a cached entry (never sent to a visitor). */
export const EDGE_HEADERS = {
  page: 'X-Edge-Page',
  funnel: 'X-Edge-Funnel',
  splitB: 'X-Edge-Split-B',
  hasB: 'X-Edge-Has-B',
  form: 'X-Edge-Form',
  build: 'X-Edge-Build',
  notify: 'X-Edge-Notify',
} as const;

/** Where a funnel is served: under the app's own origin (`/p/{name}/…`) or on its custom domain. */
export type EdgeSite = { kind: 'path'; origin: string; funnelName: string } | { kind: 'domain'; domain: string };

/** The public path of a page on a site; `slug` null = the funnel's root (its first page). */
export function pagePath(site: EdgeSite, slug: string | null): string {
  if (site.kind === 'path') return slug === null ? `/p/${site.funnelName}` : `/p/${site.funnelName}/${slug}`;
  return slug === null ? '/' : `/${slug}`;
}

function siteOrigin(site: EdgeSite): string {
  // Custom domains are always served over https in production; locally (a Host header on
  // http) the key is the same, so a purge never depends on the scheme of a request.
  return site.kind === 'path' ? site.origin : `https://${site.domain}`;
}

/** The cache key's URL of a page URL and variant (the in-isolate copy's key: no Request built on a hit). */
export function edgeCacheUrl(site: EdgeSite, slug: string | null, variant: Variant): string {
  return `${siteOrigin(site)}${pagePath(site, slug)}?edge-variant=${variant}`;
}

/** The cache key (a synthetic GET request) of a page URL and variant. */
export function edgeCacheKey(site: EdgeSite, slug: string | null, variant: Variant): Request {
  return new Request(edgeCacheUrl(site, slug, variant), { method: 'GET' });
}

/** The Cache API's default cache; undefined where there is none (a runtime without it). */
function edgeCache(): Cache | undefined {
  return (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches?.default;
}

/**
 * In front of the Cache API, each isolate keeps the pages it served last for a minute: a hit
 * then costs no call to the cache at all (the Cache API is another service; locally a
 * Durable Object). A purge clears it in the isolate that purges; elsewhere a copy lives at
 * most MEMORY_TTL_MS (less than the Cache API's own EDGE_TTL_SECONDS elsewhere).
 */
const MEMORY_TTL_MS = 60_000;
const MEMORY_MAX_BYTES = 16 * 1024 * 1024;
interface Kept {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  until: number;
}
const memory = new Map<string, Kept>();
let memoryBytes = 0;

function forget(url: string): void {
  const kept = memory.get(url);
  if (!kept) return;
  memoryBytes -= kept.body.byteLength;
  memory.delete(url);
}

function keep(url: string, body: Uint8Array<ArrayBuffer>, headers: Headers, now: number): void {
  forget(url);
  if (body.byteLength > MEMORY_MAX_BYTES / 16) return;
  while (memoryBytes + body.byteLength > MEMORY_MAX_BYTES && memory.size > 0) forget(memory.keys().next().value!);
  memory.set(url, { body, headers: [...headers], until: now + MEMORY_TTL_MS });
  memoryBytes += body.byteLength;
}

/** A cached page as bytes and headers: sent as it is (no stream to pump, no Response to copy). */
export interface CachedPage {
  body: Uint8Array<ArrayBuffer>;
  headers: readonly (readonly [string, string])[];
}

/** What a cached page's internal headers say about it: enough to serve it (and its variant) without a database read. */
export interface PageMeta {
  pageId: string;
  funnelId: string;
  hasB: boolean;
  splitB: number;
  hasForm: boolean;
  notify: boolean;
}

const INTERNAL = Object.values(EDGE_HEADERS).map((name) => name.toLowerCase());

/** One of the internal `X-Edge-*` headers, which never leave for a visitor. */
export function isInternalHeader(name: string): boolean {
  return INTERNAL.includes(name.toLowerCase());
}

/** A header of a cached page (names compared case-insensitively: the Cache API lower-cases them). */
export function headerOf(page: CachedPage, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of page.headers) if (key.toLowerCase() === wanted) return value;
  return null;
}

export function metaOf(page: CachedPage): PageMeta | undefined {
  const pageId = headerOf(page, EDGE_HEADERS.page);
  const funnelId = headerOf(page, EDGE_HEADERS.funnel);
  if (!pageId || !funnelId) return undefined;
  return {
    pageId,
    funnelId,
    hasB: headerOf(page, EDGE_HEADERS.hasB) === '1',
    splitB: Number(headerOf(page, EDGE_HEADERS.splitB) ?? 0),
    hasForm: headerOf(page, EDGE_HEADERS.form) === '1',
    notify: headerOf(page, EDGE_HEADERS.notify) === '1',
  };
}

const encoder = new TextEncoder();

/** A rendered page as the cache keeps it (UTF-8 bytes, encoded once for the response and the cache). */
export function cacheable(html: string, csp: string, meta: PageMeta, build: string): CachedPage {
  return {
    body: encoder.encode(html),
    headers: [
      ['content-type', 'text/html; charset=UTF-8'],
      ['content-security-policy', csp],
      ['cache-control', `public, max-age=${EDGE_TTL_SECONDS}`],
      [EDGE_HEADERS.page, meta.pageId],
      [EDGE_HEADERS.funnel, meta.funnelId],
      [EDGE_HEADERS.hasB, meta.hasB ? '1' : '0'],
      [EDGE_HEADERS.splitB, String(meta.splitB)],
      [EDGE_HEADERS.form, meta.hasForm ? '1' : '0'],
      [EDGE_HEADERS.notify, meta.notify ? '1' : '0'],
      [EDGE_HEADERS.build, build],
    ],
  };
}

/** The page cached under `url` (edgeCacheUrl): the isolate's copy, else the Cache API's (kept in the isolate). */
export async function cachedPage(url: string, now = Date.now()): Promise<CachedPage | undefined> {
  const kept = memory.get(url);
  if (kept && kept.until > now) return kept;
  if (kept) forget(url);
  const hit = await edgeCache()?.match(new Request(url, { method: 'GET' }));
  if (!hit) return undefined;
  const body = new Uint8Array(await hit.arrayBuffer());
  keep(url, body, hit.headers, now);
  return { body, headers: [...hit.headers] };
}

/** Stores a page under `url` (edgeCacheUrl), in the isolate and the Cache API. */
export async function storePage(url: string, page: { body: Uint8Array<ArrayBuffer>; headers: HeadersInit }, now = Date.now()): Promise<void> {
  const headers = new Headers(page.headers);
  keep(url, page.body, headers, now);
  await edgeCache()?.put(new Request(url, { method: 'GET' }), new Response(page.body, { headers }));
}

export async function cacheMatch(key: Request, now = Date.now()): Promise<Response | undefined> {
  const page = await cachedPage(key.url, now);
  return page ? new Response(page.body, { headers: page.headers as [string, string][] }) : undefined;
}

/** Stores a page (its body is read here: pass a response of its own). */
export async function cachePut(key: Request, response: Response, now = Date.now()): Promise<void> {
  await storePage(key.url, { body: new Uint8Array(await response.arrayBuffer()), headers: response.headers }, now);
}

/** What `purgePage` needs to find every URL of one page. */
export interface PurgePageTarget {
  /** The app's own origin, e.g. `new URL(c.req.url).origin` of the publishing request. */
  origin: string;
  funnelName: string;
  customDomain: string | null;
  slug: string;
  /** The page is (or was, before a reorder) the funnel's first page: `/p/{name}` and the domain's `/` too. */
  isFirst: boolean;
}

/** Every site a funnel is served on. */
function sitesOf(target: { origin: string; funnelName: string; customDomain: string | null }): EdgeSite[] {
  const sites: EdgeSite[] = [{ kind: 'path', origin: target.origin, funnelName: target.funnelName }];
  if (target.customDomain) sites.push({ kind: 'domain', domain: target.customDomain.toLowerCase() });
  return sites;
}

async function deleteKeys(keys: Request[]): Promise<void> {
  for (const key of keys) forget(key.url);
  const cache = edgeCache();
  if (!cache) return;
  await Promise.all(keys.map((key) => cache.delete(key)));
}

/**
 * Deletes every cached copy of one page: both variants, at `/p/{funnel}/{slug}` and on the
 * custom domain, and the funnel's root URLs when it is the first page. Call it after
 * publish, unpublish, restore, "make B the winner" and a slug change (with the OLD slug).
 * The Cache API is per data centre: this purges the one the request ran in; copies elsewhere
 * expire within EDGE_TTL_SECONDS.
 */
export async function purgePage(target: PurgePageTarget): Promise<void> {
  const keys: Request[] = [];
  for (const site of sitesOf(target)) {
    for (const variant of VARIANTS) {
      keys.push(edgeCacheKey(site, target.slug, variant));
      if (target.isFirst) keys.push(edgeCacheKey(site, null, variant));
    }
  }
  await deleteKeys(keys);
}

/** What `purgeFunnel` needs: the funnel's names and every page slug it has (or had). */
export interface PurgeFunnelTarget {
  origin: string;
  funnelName: string;
  customDomain: string | null;
  slugs: readonly string[];
}

/**
 * Deletes every cached page of a funnel, its root URLs included. Call it when something
 * every page shows changes (theme, title), when the page order changes (the first page
 * moves), when the funnel is deleted, and with the OLD name/domain when they change.
 */
export async function purgeFunnel(target: PurgeFunnelTarget): Promise<void> {
  const keys: Request[] = [];
  for (const site of sitesOf(target)) {
    for (const variant of VARIANTS) {
      keys.push(edgeCacheKey(site, null, variant));
      for (const slug of target.slugs) keys.push(edgeCacheKey(site, slug, variant));
    }
  }
  await deleteKeys(keys);
}
