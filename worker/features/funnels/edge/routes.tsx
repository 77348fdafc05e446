import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { renderToString } from 'react-dom/server';
import * as z from 'zod/mini';
import { fontById, type FontId } from '#common/fonts.ts';
import { BLOCK_ID, DEFAULT_THEME, funnelThemeSchema, type FunnelTheme, type ImageRef, type PageDocument } from '#common/schemas/blocks.ts';
import { text, wellFormed } from '#common/schemas/fields.ts';
import { FUNNEL_NAME_RE, PAGE_SLUG_RE, type Variant } from '#common/schemas/funnels.ts';
import { PageView, pageNeedsScript, themeCss } from '#client/blocks/page-view.tsx';
import type { BlockContext, FormState, ResolvedImage } from '#client/blocks/types.ts';
import { appHosts, type AppEnv } from '#worker/env.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { applyHeaders } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { NO_SCRIPT_CSP } from '#worker/middleware/security-headers.ts';
import { escapeHtml } from '#worker/ssr/html.ts';
import { pageAssets } from '#worker/ssr/manifest.ts';
import { signMediaUrl } from '#worker/features/media/service.ts';
import { cleanSource, countsAsView, recordView, referrerHost } from '#worker/features/funnels/analytics/service.ts';
import { customDomains, requestHost } from '#worker/features/funnels/edge/custom-domain.ts';
import {
  EDGE_HEADERS,
  EDGE_TTL_SECONDS,
  cachedPage,
  edgeCacheUrl,
  pagePath,
  storePage,
  type CachedPage,
  type EdgeSite,
} from '#worker/features/funnels/edge/cache.ts';
import { liveFunnelPage, liveMediaOf, nextLivePage, type FunnelKey, type EdgeFunnel, type LivePage } from '#worker/features/funnels/edge/repo.ts';
import { formOf, notifyMembers, submitLead, type LiveDocument } from '#worker/features/funnels/leads/service.ts';
import { PAGE_SCRIPT, pageScriptHash } from '#worker/features/funnels/edge/page-script.ts';

/**
 * The public edge of funnels (issue 12 point 5): published pages at `/p/{funnel}/{slug}` and
 * on custom domains (custom-domain.ts), cached at the edge (edge-cache.ts), A/B variants by
 * a sticky cookie, views counted after the response (analytics.ts), forms turned into leads
 * (leads-service.ts). A page ships no JavaScript unless it has a form, a countdown or a video
 * facade, and then one small inline script (page-script.ts).
 */

const DAY_SECONDS = 86_400;
const AB_COOKIE_DAYS = 90;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const MAX_HIDDEN = 300;

/** Where the visitor's variant comes from; tests replace it with a seeded generator. */
export const edgeRandom = { next: Math.random };

/** The variant of a page with B shown to `splitB`% of visitors, for a uniform draw `r` in [0, 1). */
export function assignVariant(splitB: number, r: number): Variant {
  return r * 100 < splitB ? 'b' : 'a';
}

interface PageMeta {
  pageId: string;
  funnelId: string;
  hasB: boolean;
  splitB: number;
  hasForm: boolean;
  notify: boolean;
}

interface Choice {
  variant: Variant;
  /** A new assignment: the cookie is written with the response. */
  assigned: boolean;
}

function abCookie(pageId: string): string {
  return `ab_${pageId}`;
}

function chooseVariant(c: Context<AppEnv>, meta: Pick<PageMeta, 'pageId' | 'hasB' | 'splitB'>): Choice {
  if (!meta.hasB) return { variant: 'a', assigned: false };
  const kept = getCookie(c, abCookie(meta.pageId));
  if (kept === 'a' || kept === 'b') return { variant: kept, assigned: false };
  return { variant: assignVariant(meta.splitB, edgeRandom.next()), assigned: true };
}

function cookiePath(site: EdgeSite): string {
  return site.kind === 'path' ? `/p/${site.funnelName}` : '/';
}

function abCookieHeader(c: Context<AppEnv>, site: EdgeSite, pageId: string, variant: Variant): string {
  const secure = new URL(c.req.url).protocol === 'https:';
  return `${abCookie(pageId)}=${variant}; Max-Age=${AB_COOKIE_DAYS * DAY_SECONDS}; Path=${cookiePath(site)}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function waitUntil(c: Context<AppEnv>, work: Promise<unknown>): void {
  const logged = work.catch((error: unknown) => console.error(`[${c.get('requestId')}] funnel edge background work failed`, error));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (a direct app.request in a script): the work runs unawaited.
  }
}

// ---------------------------------------------------------------------------------------
// The live document and its rendering

const liveDocumentSchema = z.object({
  a: z.object({ blocks: z.array(z.looseObject({ id: z.string(), type: z.string() })), seo: z.looseObject({}) }),
  b: z.nullable(z.object({ blocks: z.array(z.looseObject({ id: z.string(), type: z.string() })), seo: z.looseObject({}) })),
  splitB: z.number(),
});

/** The version's document as stored by publish (validated there with pageDocumentSchema); null when unreadable. */
function liveDocument(page: LivePage): LiveDocument | null {
  const parsed = z.safeParse(liveDocumentSchema, page.document);
  if (!parsed.success) return null;
  return page.document as LiveDocument;
}

function themeOf(funnel: EdgeFunnel): FunnelTheme {
  const parsed = z.safeParse(funnelThemeSchema, funnel.theme);
  return parsed.success ? parsed.data : DEFAULT_THEME;
}

function hasForm(document: PageDocument): boolean {
  return document.blocks.some((block) => block.type === 'form');
}

/** Every media id a document shows (images, posters, avatars, video files, the social image). */
function mediaIdsOf(document: PageDocument): string[] {
  const ids = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'mediaId' && typeof inner === 'string') ids.add(inner);
        else walk(inner);
      }
    }
  };
  walk(document);
  for (const block of document.blocks) if (block.type === 'video' && block.props.file) ids.add(block.props.file);
  return [...ids].filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id)).slice(0, 200);
}

const THUMB_WIDTH = 480;

/**
 * Signed URLs already made in this isolate: a URL depends only on the media id, the file and
 * the expiry (one per day), so every render of the day reuses it instead of an HMAC. Bounded.
 */
const signed = settledCache<string, string>(2_000);

function signedUrl(secret: string, id: string, file: 'file' | 'thumbnail', ttl: number, now: number, expires: number): Promise<string> {
  return signed.get(`${id}|${file}|${expires}`, () => signMediaUrl(secret, id, file, ttl, now));
}

/**
 * Signed media URLs for a render: valid until the end of the next UTC day, so a cached page's
 * links outlive the cache entry (EDGE_TTL_SECONDS) and stay the same all day (browser caches).
 */
async function resolveImages(c: Context<AppEnv>, projectId: string, document: PageDocument, now: number): Promise<Map<string, ResolvedImage>> {
  const rows = await liveMediaOf(c.get('db'), projectId, mediaIdsOf(document));
  const nowSeconds = Math.floor(now / 1000);
  const expires = (Math.floor(nowSeconds / DAY_SECONDS) + 2) * DAY_SECONDS;
  const ttl = expires - nowSeconds;
  const resolved = new Map<string, ResolvedImage>();
  await Promise.all(
    rows.map(async (row) => {
      const src = await signedUrl(c.env.SESSION_SECRET, row.id, 'file', ttl, now, expires);
      const width = row.width ?? (row.kind === 'video' ? 1280 : null);
      const height = row.height ?? (row.kind === 'video' ? 720 : null);
      if (width === null || height === null) return;
      let srcSet: string | undefined;
      if (row.kind === 'image' && row.thumbnailKey && width > THUMB_WIDTH) {
        const thumb = await signedUrl(c.env.SESSION_SECRET, row.id, 'thumbnail', ttl, now, expires);
        srcSet = `${thumb} ${THUMB_WIDTH}w, ${src} ${width}w`;
      }
      resolved.set(row.id, { src, width, height, ...(srcSet ? { srcSet } : {}) });
    }),
  );
  return resolved;
}

/** Where the funnel is canonically served: its custom domain when it has one. */
function canonicalUrl(c: Context<AppEnv>, funnel: EdgeFunnel, slug: string): string {
  if (funnel.customDomain) return `https://${funnel.customDomain}/${slug}`;
  return `${new URL(c.req.url).origin}/p/${funnel.name}/${slug}`;
}

const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
const LATIN_EXT =
  'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF';

/** The theme's fonts other than Inter (which the stylesheet has, variable): self-hosted files from /fonts. */
function themeFonts(theme: FunnelTheme): FontId[] {
  return [...new Set([theme.fonts.heading, theme.fonts.body])].filter((id) => id !== 'inter');
}

/**
 * @font-face rules for the theme's fonts (client/static/fonts, regular and bold, latin and
 * latin-ext by unicode-range: the browser fetches latin-ext only for text that needs it),
 * under the family names the blocks' CSS variables use (fontById(id).css).
 */
function fontFaces(theme: FunnelTheme): string {
  return themeFonts(theme)
    .flatMap((id) => {
      const family = fontById(id).css.split(',')[0]!.trim();
      return [400, 700].flatMap((weight) =>
        [
          ['latin', LATIN],
          ['latin-ext', LATIN_EXT],
        ].map(
          ([subset, range]) =>
            `@font-face{font-family:${family};font-style:normal;font-weight:${weight};font-display:swap;src:url(/fonts/${id}-${subset}-${weight}-normal.woff) format("woff");unicode-range:${range}}`,
        ),
      );
    })
    .join('');
}

/** Preloads the files the first screen draws with: the heading's bold and the body's regular (latin). */
function fontPreloads(theme: FunnelTheme, interFile: string | undefined): string {
  const files = new Map<string, string>();
  for (const [id, weight] of [
    [theme.fonts.heading, 700],
    [theme.fonts.body, 400],
  ] as const) {
    if (id === 'inter') {
      if (interFile) files.set(interFile, 'font/woff2');
    } else files.set(`/fonts/${id}-latin-${weight}-normal.woff`, 'font/woff');
  }
  return [...files].map(([href, type]) => `<link rel="preload" href="${href}" as="font" type="${type}" crossorigin>`).join('');
}

const encoder = new TextEncoder();

/** CSP hashes of recent style elements (a theme's <style> is the same on every render). Bounded. */
const styleHashes = settledCache<string, string>(200);

function sha256Source(content: string): Promise<string> {
  return styleHashes.get(content, async () => {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(content));
    return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  });
}

/**
 * The page's Content-Security-Policy: no script but PAGE_SCRIPT (by hash: the HTML is cached,
 * so no per-response nonce), the page's own <style> elements by hash, the video players'
 * frames, images and media from this origin (signed media URLs are same-origin everywhere).
 */
async function pageCsp(html: string, withScript: boolean): Promise<string> {
  const styles = await Promise.all([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256Source(m[1]!)));
  const script = withScript ? await pageScriptHash() : "'none'";
  return [
    `script-src ${script}`,
    "default-src 'self'",
    `style-src 'self'${styles.length ? ` ${[...new Set(styles)].join(' ')}` : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface RenderInput {
  site: EdgeSite;
  funnel: EdgeFunnel;
  page: LivePage;
  document: PageDocument;
  form?: Omit<FormState, 'action' | 'hidden'>;
}

/** The complete HTML of a published page (status 200 unless given), with its CSP; not yet cached or personalised. */
async function renderLivePage(c: Context<AppEnv>, input: RenderInput): Promise<{ html: string; csp: string; withScript: boolean }> {
  const now = Date.now();
  const { document, funnel, page } = input;
  const theme = themeOf(funnel);
  const [assets, images] = await Promise.all([pageAssets(c.env), resolveImages(c, funnel.projectId, document, now)]);
  const ctx: BlockContext = {
    mode: 'edge',
    image: (ref: ImageRef) => images.get(ref.mediaId),
    form: { action: pagePath(input.site, page.slug), hidden: {}, ...input.form },
    now,
  };
  const body = renderToString(<PageView document={document} theme={theme} ctx={ctx} />);
  const withScript = pageNeedsScript(document);
  const title = document.seo.title || page.title || funnel.title;
  const description = document.seo.description || funnel.title;
  const canonical = canonicalUrl(c, funnel, page.slug);
  const social = document.seo.image ? images.get(document.seo.image.mediaId) : undefined;
  const origin = new URL(c.req.url).origin;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    social && document.seo.image
      ? [
          `<meta property="og:image" content="${escapeHtml(origin + social.src)}">`,
          `<meta property="og:image:width" content="${social.width}">`,
          `<meta property="og:image:height" content="${social.height}">`,
          `<meta property="og:image:alt" content="${escapeHtml(document.seo.image.alt)}">`,
          '<meta name="twitter:card" content="summary_large_image">',
        ].join('')
      : '',
    `<meta name="theme-color" content="${escapeHtml(theme.colors.primary)}">`,
    // No favicon request (a custom domain has none; a 404 in the console costs Best Practices).
    '<link rel="icon" href="data:,">',
    fontPreloads(theme, assets.font),
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    // The theme's variables and fonts (the CSP allows this element by its hash, no style attributes).
    `<style>${themeCss(theme)}${fontFaces(theme)}</style>`,
  ].join('');
  const script = withScript ? `<script>${PAGE_SCRIPT}</script>` : '';
  const html = `<!doctype html><html lang="en"><head>${head}</head><body>${body}${script}</body></html>`;
  return { html, csp: await pageCsp(html, withScript), withScript };
}

// ---------------------------------------------------------------------------------------
// Delivery: from the cache or a fresh render, then personalised (cookie, form attribution)

const INTERNAL = Object.values(EDGE_HEADERS).map((name) => name.toLowerCase());

/** A header of a cached page (names compared case-insensitively: the Cache API lower-cases them). */
function headerOf(page: CachedPage, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of page.headers) if (key.toLowerCase() === wanted) return value;
  return null;
}

function metaOf(page: CachedPage): PageMeta | undefined {
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

/** A rendered page as the cache keeps it (UTF-8 bytes, encoded once for the response and the cache). */
function cacheable(html: string, csp: string, meta: PageMeta, build: string): CachedPage {
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

/** A hidden value as the forms carry it: well-formed, trimmed, at most MAX_HIDDEN characters. */
function hiddenValue(value: string | null | undefined): string {
  if (!value) return '';
  return Array.from(wellFormed(value).trim()).slice(0, MAX_HIDDEN).join('');
}

/** The external referrer as a lead keeps it: origin and path, no query (search terms, tokens). */
function referrerOf(c: Context<AppEnv>, value: string | null | undefined): string {
  if (!value || referrerHost(value, requestHost(c)) === null) return '';
  const url = new URL(value);
  return hiddenValue(`${url.origin}${url.pathname}`);
}

/** The attribution a page's forms carry: the UTM parameters of the page's URL and its external referrer. */
function attributionOfView(c: Context<AppEnv>): Record<string, string> {
  const hidden: Record<string, string> = {};
  // Most views: no query and no referrer, nothing to parse.
  if (!c.req.url.includes('?') && !c.req.header('referer')) return hidden;
  for (const key of UTM_KEYS) {
    const value = hiddenValue(c.req.query(key));
    if (value) hidden[key] = value;
  }
  const referrer = referrerOf(c, c.req.header('referer'));
  if (referrer) hidden.referrer = referrer;
  return hidden;
}

function hiddenInputs(hidden: Record<string, string>): string {
  return Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

interface DeliverOptions {
  status?: 200 | 400 | 413 | 415 | 422 | 429;
  hidden: Record<string, string>;
  /** Counted as a view (a GET of the page itself, not a thank-you state or a re-rendered form). */
  count: boolean;
  cacheControl: string;
}

function deliver(c: Context<AppEnv>, site: EdgeSite, source: CachedPage, meta: PageMeta, choice: Choice, options: DeliverOptions): Response {
  // Through the context (not a bare Response): headers other middleware set on it (a slid
  // session's cookie, Retry-After) stay on the answer.
  for (const [name, value] of source.headers) if (!INTERNAL.includes(name.toLowerCase())) c.header(name, value);
  c.header('Cache-Control', options.cacheControl);
  if (meta.hasB) c.header('Vary', 'Cookie');
  if (choice.assigned) c.header('Set-Cookie', abCookieHeader(c, site, meta.pageId, choice.variant), { append: true });
  // The bytes themselves (workerd writes them out natively; a stream would be pumped through JavaScript).
  let body: Uint8Array<ArrayBuffer> | ReadableStream | null = source.body;
  if (c.req.method === 'HEAD') body = null;
  else if (meta.hasForm && Object.keys(options.hidden).length > 0) {
    const inputs = hiddenInputs(options.hidden);
    body = new HTMLRewriter()
      .on('form[method="post"]', {
        element(form) {
          form.prepend(inputs, { html: true });
        },
      })
      .transform(new Response(source.body)).body!;
  }
  const response = body === null ? c.body(null, options.status ?? 200) : c.body(body, options.status ?? 200);
  if (options.count && countsAsView(c.req.method, c.req.raw.headers)) {
    const visitor = requestMeta(c);
    waitUntil(
      c,
      recordView(c.get('db'), {
        pageId: meta.pageId,
        variant: choice.variant,
        now: Date.now(),
        ip: visitor.ip,
        userAgent: visitor.userAgent ?? '',
        referrer: referrerHost(c.req.header('referer'), requestHost(c)),
        utmSource: cleanSource(c.req.query('utm_source')),
      }),
    );
  }
  return response;
}

function siteFor(c: Context<AppEnv>, funnelName: string): EdgeSite {
  return { kind: 'path', origin: new URL(c.req.url).origin, funnelName };
}

function domainSite(funnel: EdgeFunnel): EdgeSite {
  return { kind: 'domain', domain: funnel.customDomain ?? '' };
}

interface Found {
  funnel: EdgeFunnel;
  page: LivePage;
  live: LiveDocument;
  meta: PageMeta;
}

async function findLive(c: Context<AppEnv>, key: FunnelKey, slug: string | null): Promise<Found | undefined> {
  const row = await liveFunnelPage(c.get('db'), key, slug);
  if (!row) return undefined;
  const { funnel, page } = row;
  const live = liveDocument(page);
  if (!live) {
    console.error(`[${c.get('requestId')}] unreadable published document of page ${page.pageId}`);
    return undefined;
  }
  const meta: PageMeta = {
    pageId: page.pageId,
    funnelId: funnel.id,
    hasB: live.b !== null,
    splitB: live.splitB,
    hasForm: hasForm(live.a) || (live.b !== null && hasForm(live.b)),
    notify: funnel.notifyLeads,
  };
  return { funnel, page, live, meta };
}

const PUBLIC_PAGE = 'public, max-age=0, must-revalidate';
const PERSONAL_PAGE = 'private, no-store';

/**
 * GET (and HEAD) of a page: the variant's cached copy when there is one (no database read),
 * else a render that is cached for the next visitor. `EDGE_CACHE=off` in the environment
 * turns the cache off (the bench's uncached measurement; never set in production). `?sent={blockId}` is the thank-you state
 * of a form (never cached, not counted).
 */
async function servePage(c: Context<AppEnv>, site: EdgeSite, slug: string | null, key: FunnelKey): Promise<Response> {
  if (slug !== null && !PAGE_SLUG_RE.test(slug)) return funnelNotFound(c, site);
  const sentParam = c.req.query('sent');
  const sent = sentParam !== undefined && BLOCK_ID.test(sentParam) ? sentParam : undefined;
  const build = (await pageAssets(c.env)).stylesheet;
  const hidden = attributionOfView(c);

  const cacheOn = (c.env as { EDGE_CACHE?: string }).EDGE_CACHE !== 'off';
  // The variant drawn on the cache path (B chosen, B not cached): the miss path reuses it, so a
  // new visitor is drawn once and B gets exactly split_b % (a second draw gave it split_b²).
  let drawn: { pageId: string; choice: Choice } | undefined;
  if (!sent && cacheOn) {
    const hitA = await cachedPage(edgeCacheUrl(site, slug, 'a'));
    const metaA = hitA && headerOf(hitA, EDGE_HEADERS.build) === build ? metaOf(hitA) : undefined;
    if (hitA && metaA) {
      const choice = chooseVariant(c, metaA);
      if (choice.variant === 'a') return deliver(c, site, hitA, metaA, choice, { hidden, count: true, cacheControl: PUBLIC_PAGE });
      drawn = { pageId: metaA.pageId, choice };
      const hitB = await cachedPage(edgeCacheUrl(site, slug, 'b'));
      if (hitB && headerOf(hitB, EDGE_HEADERS.build) === build) {
        return deliver(c, site, hitB, metaA, choice, { hidden, count: true, cacheControl: PUBLIC_PAGE });
      }
    }
  }

  const found = await findLive(c, key, slug);
  if (!found) return funnelNotFound(c, site);
  // The page may have changed since the cached copy (B removed): the earlier draw holds only for the same page with a B.
  const choice = drawn && drawn.pageId === found.meta.pageId && found.meta.hasB ? drawn.choice : chooseVariant(c, found.meta);
  const document = (choice.variant === 'b' ? found.live.b : found.live.a) ?? found.live.a;
  const rendered = await renderLivePage(c, { site, funnel: found.funnel, page: found.page, document, ...(sent ? { form: { sent: true, formId: sent } } : {}) });
  const response = cacheable(rendered.html, rendered.csp, found.meta, build);
  if (sent) return deliver(c, site, response, found.meta, choice, { hidden, count: false, cacheControl: PERSONAL_PAGE });
  // The same bytes for the response and the cache (both only read them).
  if (cacheOn) waitUntil(c, storePage(edgeCacheUrl(site, slug, choice.variant), { body: response.body, headers: response.headers as [string, string][] }));
  return deliver(c, site, response, found.meta, choice, { hidden, count: true, cacheControl: PUBLIC_PAGE });
}

// ---------------------------------------------------------------------------------------
// Forms

const anyFields = z.record(text(), text());
const readForm = validate('form', anyFields);

/** The posted fields (urlencoded or multipart): 415, 413, 400 for bodies that are not a readable form. */
async function postedFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  let fields: Record<string, string> = {};
  await readForm(c as never, async () => {
    fields = (c.req as unknown as { valid(target: 'form'): Record<string, string> }).valid('form');
  });
  return fields;
}

/** The attribution posted with a form (the hidden inputs), cleaned like a view's. */
function attributionOfPost(c: Context<AppEnv>, fields: Record<string, string>): Record<string, string> {
  const hidden: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = hiddenValue(fields[key]);
    if (value) hidden[key] = value;
  }
  const referrer = referrerOf(c, fields.referrer);
  if (referrer) hidden.referrer = referrer;
  return hidden;
}

/**
 * POST of a page's form: the honeypot (`website`) filled → the usual answer and nothing stored;
 * invalid → 422 with the page, the messages and what was typed; valid → a lead (variant of the
 * visitor's cookie), the page's lead count, an email to the members when the funnel asks for
 * it, and 303 to the next published page of the funnel, or the page's thank-you state.
 */
async function submitForm(c: Context<AppEnv>, site: EdgeSite, slug: string, key: FunnelKey): Promise<Response> {
  if (!PAGE_SLUG_RE.test(slug)) return funnelNotFound(c, site);
  const fields = await postedFields(c);
  const found = await findLive(c, key, slug);
  if (!found) return funnelNotFound(c, site);
  const formId = fields.formId ?? fields.form_id ?? '';
  const cookie = getCookie(c, abCookie(found.page.pageId));
  const target = formOf(found.live, formId, cookie === 'a' || cookie === 'b' ? cookie : undefined);
  if (!target) return funnelNotFound(c, site);
  const hidden = attributionOfPost(c, fields);

  const next = await nextLivePage(c.get('db'), found.funnel.id, found.page);
  const destination = next ? pagePath(site, next.slug) : `${pagePath(site, found.page.slug)}?sent=${encodeURIComponent(target.block.id)}`;
  const done = () => c.redirect(destination, 303);
  if (fields.website) return done();

  try {
    const lead = await submitLead(c.get('db'), {
      funnel: found.funnel,
      pageId: found.page.pageId,
      variant: target.variant,
      form: target.block.props,
      fields,
      attribution: hidden,
      ip: requestMeta(c).ip,
      now: Date.now(),
    });
    if (found.funnel.notifyLeads) {
      const link = site.kind === 'path' ? `${site.origin}/funnels/${found.funnel.id}` : null;
      waitUntil(
        c,
        notifyMembers(c.get('db'), mailerFor(c), {
          funnel: found.funnel,
          pageTitle: found.page.title,
          form: target.block.props,
          lead,
          link,
          appHosts: appHosts(c.env),
        }),
      );
    }
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    applyHeaders(c, failure.headers);
    const values: Record<string, string> = {};
    for (const field of target.block.props.fields) if (fields[field.name] !== undefined) values[field.name] = hiddenValue(fields[field.name]);
    const errors = { ...failure.errors };
    if (Object.keys(errors).length === 0) errors._ = failure.message;
    const document = target.variant === 'b' && found.live.b ? found.live.b : found.live.a;
    const rendered = await renderLivePage(c, { site, funnel: found.funnel, page: found.page, document, form: { errors, values, formId: target.block.id } });
    const response = cacheable(rendered.html, rendered.csp, found.meta, '');
    return deliver(
      c,
      site,
      response,
      found.meta,
      { variant: target.variant, assigned: false },
      { hidden, count: false, cacheControl: PERSONAL_PAGE, status: failure.status },
    );
  }
  return done();
}

// ---------------------------------------------------------------------------------------
// Not found, robots

/** The funnel's 404: a plain page in the public style, no script, not indexed. */
async function funnelNotFound(c: Context<AppEnv>, site: EdgeSite): Promise<Response> {
  const { stylesheet } = await pageAssets(c.env);
  const home = site.kind === 'domain' ? '<p><a class="font-semibold text-accent-700 underline" href="/">Go to the start page</a></p>' : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title><meta name="description" content="This page does not exist."><meta name="robots" content="noindex"><link rel="icon" href="data:,"><link rel="stylesheet" href="${stylesheet}"></head><body><main class="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16"><p class="text-sm font-semibold text-zinc-600">404</p><h1 class="text-3xl font-bold tracking-tight text-balance">This page does not exist</h1><p class="text-zinc-700">The link may be mistyped, or the page is no longer published.</p>${home}</main></body></html>`;
  return c.html(html, 404, { 'Cache-Control': 'private, no-cache', 'Content-Security-Policy': NO_SCRIPT_CSP, 'X-Robots-Tag': 'noindex' });
}

function validName(name: string): boolean {
  return name.length >= 3 && name.length <= 48 && FUNNEL_NAME_RE.test(name);
}

/** The published pages under the app's own origin. */
export const funnelEdgeRoutes = new Hono<AppEnv>()
  .get('/:funnelName', access('public'), (c) => {
    const name = c.req.param('funnelName');
    const site = siteFor(c, name);
    if (!validName(name)) return funnelNotFound(c, site);
    return servePage(c, site, null, { name });
  })
  .get('/:funnelName/:pageSlug', access('public'), (c) => {
    const name = c.req.param('funnelName');
    const site = siteFor(c, name);
    if (!validName(name)) return funnelNotFound(c, site);
    return servePage(c, site, c.req.param('pageSlug'), { name });
  })
  .post('/:funnelName/:pageSlug', access('public'), (c) => {
    const name = c.req.param('funnelName');
    const site = siteFor(c, name);
    if (!validName(name)) return funnelNotFound(c, site);
    return submitForm(c, site, c.req.param('pageSlug'), { name });
  });

/** The custom-domain middleware for app.ts (before the routes). */
export const funnelDomains = customDomains({
  // The funnel is read again on a miss: the host's entry may be up to a minute old (theme, title).
  page: (c, funnel, slug) => servePage(c, domainSite(funnel), slug, { domain: funnel.customDomain ?? '' }),
  submit: (c, funnel, slug) => submitForm(c, domainSite(funnel), slug ?? '', { domain: funnel.customDomain ?? '' }),
  notFound: (c, funnel) => funnelNotFound(c, domainSite(funnel)),
  robots: (c) => Promise.resolve(c.text('User-agent: *\nAllow: /\n', 200, { 'Cache-Control': 'public, max-age=3600' })),
});
