import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { escapeHtml } from '#worker/ssr/html.ts';
import { localePath } from '#common/i18n/paths.ts';
import { alternatesOf, indexablePages, isPublicPageId, languagesOf, type PublicPage, type PublicPageId } from '#worker/ssr/public-pages.ts';
import { cardVersion, siteCard } from '#worker/ssr/social-card.ts';
import { renderCard } from '#worker/features/creatives/render/service.ts';
import { listedPages } from '#worker/features/funnels/edge/service.ts';

/**
 * How the public site is found and shared (issue 27): the sitemap, robots.txt and the social
 * cards of the site's pages. What the pages are is worker/ssr/public-pages.ts; their heads name
 * the cards (worker/ssr/render.ts).
 */

/** The most URLs one sitemap may hold (sitemaps.org). The site's pages and every listable funnel page fit far below it today; past it, the oldest-named funnels' pages beyond the cap are left out until the sitemap is split into an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** Crawlers read these once in a while; an hour old is fresh enough, and a crawl costs one query an hour per edge. */
const CRAWL_CACHE = 'public, max-age=3600';

/** A W3C datetime (sitemaps' `lastmod`) to the second. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function urlEntry(loc: string, lastmod: string, alternates = ''): string {
  return `<url><loc>${escapeHtml(loc)}</loc><lastmod>${escapeHtml(lastmod)}</lastmod>${alternates}</url>`;
}

/**
 * A site page in each of its languages (`/pricing`, `/de/pricing`), each entry naming all its
 * versions with `xhtml:link` alternates (as the pages' heads do), so search engines pair them.
 */
function pageEntries(origin: string, page: PublicPage): string[] {
  const languages = languagesOf(page);
  if (languages.length < 2) return [urlEntry(origin + page.path, page.updated)];
  const links = alternatesOf(page)
    .map((alternate) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(origin + alternate.path)}"/>`)
    .join('');
  return languages.map((locale) => urlEntry(origin + localePath(locale, page.path), page.updated, links));
}

/**
 * `/sitemap.xml`: the site's indexable pages and the published funnel pages of live, unarchived
 * projects (funnels/edge `listedPages`), at `origin`. Never presentations, previews, drafts or
 * noindex pages: only these two lists are read.
 */
export async function sitemap(db: Db, origin: string): Promise<{ xml: string; cacheControl: string }> {
  const site = indexablePages().flatMap(({ page }) => pageEntries(origin, page));
  const funnelPages = (await listedPages(db, SITEMAP_MAX_URLS - site.length)).map((page) => urlEntry(origin + page.path, w3cDate(page.publishedAt)));
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...site,
    ...funnelPages,
    '</urlset>',
  ].join('\n');
  return { xml, cacheControl: CRAWL_CACHE };
}

/** What robots.txt keeps crawlers out of: the API and the signed-in workspace. */
const DISALLOWED = ['/api/', '/dashboard', '/account', '/admin'];

/** `/robots.txt`: the paths crawlers skip, and where the sitemap is. */
export function robots(origin: string): { text: string; cacheControl: string } {
  const lines = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return { text: lines.join('\n'), cacheControl: CRAWL_CACHE };
}

/** Where a page's card of one version is stored. */
const CARD_PREFIX = 'site/og/';
const cardKey = (id: PublicPageId, version: string) => `${CARD_PREFIX}${id}-${version}.png`;

/** Whether an R2 key is the stored card of a page's current version (the storage audit keeps those). */
export function isCurrentCardKey(key: string): boolean {
  const match = /^site\/og\/([a-z0-9-]+)-([0-9a-f]{8})\.png$/.exec(key);
  return match !== null && isPublicPageId(match[1]!) && cardVersion(match[1]) === match[2];
}

/**
 * The PNG of a page's social card (`/og/{page}.png`): drawn by the renderer the first time,
 * then read from R2. Asked for with the current version (`?v=`, as the pages name it) it is
 * immutable; any other URL may be an old one's, so it is cached for an hour only. An unknown
 * page is a 404.
 */
export async function socialCard(
  env: Pick<Bindings, 'ASSETS' | 'RENDERER' | 'MEDIA'>,
  page: string,
  askedVersion: string | undefined,
): Promise<{ body: ReadableStream | Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  if (!isPublicPageId(page)) throw new AppError('not_found');
  const version = cardVersion(page);
  const key = cardKey(page, version);
  const headers = {
    'Content-Type': 'image/png',
    'Cache-Control': askedVersion === version ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  };
  const stored = await env.MEDIA.get(key);
  if (stored) return { body: stored.body, headers: { ...headers, 'Content-Length': String(stored.size) } };
  const png = (await renderCard(env, siteCard(page))) as Uint8Array<ArrayBuffer>;
  await env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
  // The cards of earlier versions are not needed any more (pages name the current one).
  const earlier = await env.MEDIA.list({ prefix: `${CARD_PREFIX}${page}-` });
  const stale = earlier.objects
    .map((object) => object.key)
    .filter((old) => old !== key && /^[0-9a-f]{8}\.png$/.test(old.slice(`${CARD_PREFIX}${page}-`.length)));
  if (stale.length > 0) await env.MEDIA.delete(stale);
  return { body: png, headers: { ...headers, 'Content-Length': String(png.byteLength) } };
}
