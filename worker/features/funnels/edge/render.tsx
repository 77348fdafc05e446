import { renderToString } from 'react-dom/server';
import type { Locale } from '#common/i18n/locales.ts';
import * as z from 'zod/mini';
import { DEFAULT_THEME, funnelThemeSchema, type FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { ImageRef, PageDocument } from '#common/schemas/blocks.ts';
import { fontFileUrl, themeFontFaces } from '#common/theme-fonts.ts';
import { PageView, pageNeedsScript, themeCss } from '#client/blocks/page-view.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { i18nFor } from '#worker/lib/i18n.ts';
import type { BlockContext, FormState, ResolvedImage } from '#client/blocks/types.ts';
import type { Bindings } from '#worker/env.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { inlinePageCsp } from '#worker/ssr/csp.ts';
import { escapeHtml, socialImageTags } from '#worker/ssr/html.ts';
import { siteCardImage } from '#worker/ssr/social-card.ts';
import { funnelStyles, pageAssets } from '#worker/ssr/manifest.ts';
import { signMediaUrl, thumbnailWidth, type RenderMedia } from '#worker/features/media/service.ts';
import { pagePath, type EdgeSite } from '#worker/features/funnels/edge/cache.ts';
import { mediaRefsOf } from '#worker/features/funnels/media-refs.ts';
import { PAGE_SCRIPT, pageScriptHash } from '#worker/features/funnels/edge/page-script.ts';
import type { EdgeFunnel, LivePage } from '#worker/features/funnels/edge/repo.ts';

/**
 * A published page's HTML (edge/service.ts decides which page, variant and form state): the
 * blocks rendered to a string, the head (SEO, social image, fonts, the theme's <style>), the
 * signed media URLs and the page's Content-Security-Policy; and the funnel's 404.
 */

export const DAY_SECONDS = 86_400;

/** A funnel's theme and what the head makes of it: the same for every render of its pages. */
interface ThemeParts {
  theme: FunnelTheme;
  /**
   * The funnel stylesheet (client/styles/funnel.css: the blocks' rules only), then the theme's
   * variables and fonts, in one element: no stylesheet request before the first paint (decision
   * 0039). The CSP allows it by its hash (no style attributes).
   */
  style: string;
  themeColor: string;
  /** The page's CSP when the head's <style> is its only one, with and without the page script: made on first use. */
  csp: { withScript?: string; without?: string };
}

/**
 * Themes met in this isolate, by their stored JSON: parsed and turned into CSS once, not on every
 * render (decision 0037). Bounded. The funnel stylesheet is the deployment's, the same for all.
 */
const themes = new Map<string, ThemeParts>();
const MAX_THEMES = 200;

/**
 * The funnel stylesheet for one theme: of the bundled fonts' fallback faces
 * (client/styles/font-fallbacks.css, every font's) only those of the theme's fonts and of Inter,
 * the body's default (a quarter of the sheet's bytes otherwise).
 */
export function sheetForTheme(sheet: string, theme: Pick<FunnelTheme, 'fonts'>): string {
  const keep = new Set(['inter', theme.fonts.heading, theme.fonts.body].map((id) => `cf-${id}-fallback`));
  return sheet.replace(/@font-face\{font-family:(cf-[a-z0-9-]+-fallback);[^}]*\}/g, (rule, family: string) => (keep.has(family) ? rule : ''));
}

function themePartsOf(funnel: EdgeFunnel, sheet: string): ThemeParts {
  const key = JSON.stringify(funnel.theme) ?? '';
  let parts = themes.get(key);
  if (!parts) {
    const parsed = z.safeParse(funnelThemeSchema, funnel.theme);
    const theme = parsed.success ? parsed.data : DEFAULT_THEME;
    parts = {
      theme,
      style: `<style>${sheetForTheme(sheet, theme)}${themeCss(theme)}${themeFontFaces(theme)}</style>`,
      themeColor: `<meta name="theme-color" content="${escapeHtml(theme.colors.primary)}">`,
      csp: {},
    };
    if (themes.size >= MAX_THEMES) themes.delete(themes.keys().next().value!);
    themes.set(key, parts);
  }
  return parts;
}

/** Every media id a document shows (images, posters, avatars, video files, the social image). */
function mediaIdsOf(document: PageDocument): string[] {
  const ids = new Set(mediaRefsOf(document).map((ref) => ref.id));
  return [...ids].filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id)).slice(0, 200);
}

/**
 * Signed URLs already made in this isolate: a URL depends only on the media id, the file and
 * the expiry (one per day), so every render of the day reuses it instead of an HMAC. Bounded.
 */
const signed = settledCache<string, string>(2_000);

function signedUrl(secret: string, id: string, file: 'file' | 'thumbnail', ttl: number, now: number, expires: number): Promise<string> {
  return signed.get(`${id}|${file}|${expires}`, () => signMediaUrl(secret, id, file, ttl, now));
}

/** When the signed media URLs of a render at `now` expire (seconds): the end of the next UTC day, the same all day. */
export function mediaExpiry(now: number): number {
  return (Math.floor(Math.floor(now / 1000) / DAY_SECONDS) + 2) * DAY_SECONDS;
}

/**
 * Signed media URLs for a render: valid until the end of the next UTC day, so a cached page's
 * links outlive the cache entry (EDGE_TTL_SECONDS) and stay the same all day (browser caches).
 */
async function resolveImages(secret: string, media: readonly RenderMedia[], document: PageDocument, now: number): Promise<Map<string, ResolvedImage>> {
  const shown = new Set(mediaIdsOf(document));
  const rows = media.filter((row) => shown.has(row.id));
  const nowSeconds = Math.floor(now / 1000);
  const expires = mediaExpiry(now);
  const ttl = expires - nowSeconds;
  const resolved = new Map<string, ResolvedImage>();
  await Promise.all(
    rows.map(async (row) => {
      const src = await signedUrl(secret, row.id, 'file', ttl, now, expires);
      const width = row.width ?? (row.kind === 'video' ? 1280 : null);
      const height = row.height ?? (row.kind === 'video' ? 720 : null);
      if (width === null || height === null) return;
      let srcSet: string | undefined;
      const thumbWidth = row.thumbnailKey ? thumbnailWidth(row.thumbnailKey) : width;
      if (row.kind === 'image' && width > thumbWidth) {
        const thumb = await signedUrl(secret, row.id, 'thumbnail', ttl, now, expires);
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a srcset, not words
        srcSet = `${thumb} ${thumbWidth}w, ${src} ${width}w`;
      }
      resolved.set(row.id, { src, width, height, ...(srcSet ? { srcSet } : {}) });
    }),
  );
  return resolved;
}

/** Where the funnel is canonically served: its custom domain when it has one. */
function canonicalUrl(origin: string, funnel: EdgeFunnel, slug: string): string {
  if (funnel.customDomain) return `https://${funnel.customDomain}/${slug}`;
  return `${origin}/p/${funnel.name}/${slug}`;
}

/** Preloads the files the first screen draws with: the heading's bold and the body's regular (the pages' WOFF2, decision 0039). */
function fontPreloads(theme: FunnelTheme, interFile: string | undefined): string {
  const files = new Map<string, string>();
  for (const [id, weight] of [
    [theme.fonts.heading, 700],
    [theme.fonts.body, 400],
  ] as const) {
    if (id === 'inter') {
      if (interFile) files.set(interFile, 'font/woff2');
    } else files.set(fontFileUrl(id, 'page', weight), 'font/woff2');
  }
  // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not words
  return [...files].map(([href, type]) => `<link rel="preload" href="${href}" as="font" type="${type}" crossorigin>`).join('');
}

/**
 * The page's Content-Security-Policy: no script but PAGE_SCRIPT (by hash: the HTML is cached,
 * so no per-response nonce), the page's own <style> elements by hash, the video players'
 * frames, images and media from this origin (signed media URLs are same-origin everywhere).
 */
async function pageCsp(html: string, withScript: boolean): Promise<string> {
  return inlinePageCsp(html, withScript ? await pageScriptHash() : "'none'", [
    "media-src 'self'",
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  ]);
}

/**
 * The CSP of a rendered page. Its head has one <style>, the theme's, so the policy is the same
 * for every page of the theme: made once per theme from that element alone, instead of
 * scanning the whole HTML for <style> elements on every render (a twentieth of the page's CPU).
 * A body with a <style> of its own (no block writes one) is scanned as before.
 */
async function renderedCsp(parts: ThemeParts, body: string, html: string, withScript: boolean): Promise<string> {
  if (body.includes('<style')) return pageCsp(html, withScript);
  if (withScript) return (parts.csp.withScript ??= await pageCsp(parts.style, true));
  return (parts.csp.without ??= await pageCsp(parts.style, false));
}

/** A page's blocks as the edge draws them: what its <body> holds, drawn with the funnel stylesheet. */
export function edgeMarkup(document: PageDocument, theme: FunnelTheme, locale: Locale, ctx: Omit<BlockContext, 'mode'>): string {
  // Adloom's own words on the page (form messages, countdown units) are in the funnel's language, not the visitor's.
  return renderToString(
    <I18nRoot i18n={i18nFor(locale)}>
      <PageView document={document} theme={theme} ctx={{ mode: 'edge', ...ctx }} />
    </I18nRoot>,
  );
}

/** What a render reads besides the page: the signing secret, the static assets, the request's origin and time. */
export interface RenderEnv {
  /** SESSION_SECRET: signs the media URLs. */
  secret: string;
  assets: Pick<Bindings, 'ASSETS'>;
  /** The request's origin (canonical and social image URLs under `/p`). */
  origin: string;
  now: number;
}

export interface RenderInput {
  site: EdgeSite;
  funnel: EdgeFunnel;
  page: LivePage;
  /** The live media of the page's project that its version names (read with the page: edge/repo.ts `liveFunnelPage`). */
  media: readonly RenderMedia[];
  document: PageDocument;
  form?: Omit<FormState, 'action' | 'hidden'>;
}

/** The complete HTML of a published page (status 200 unless given), with its CSP; not yet cached or personalised. */
export async function renderLivePage(env: RenderEnv, input: RenderInput): Promise<{ html: string; csp: string; withScript: boolean }> {
  const { now, origin } = env;
  const { document, funnel, page } = input;
  const [assets, sheet, images] = await Promise.all([pageAssets(env.assets), funnelStyles(env.assets), resolveImages(env.secret, input.media, document, now)]);
  const parts = themePartsOf(funnel, sheet);
  const { theme, style, themeColor } = parts;
  const body = edgeMarkup(document, theme, funnel.locale, {
    image: (ref: ImageRef) => images.get(ref.mediaId),
    form: { action: pagePath(input.site, page.slug), hidden: {}, ...input.form },
    now,
  });
  const withScript = pageNeedsScript(document);
  const title = document.seo.title || page.title || funnel.title;
  const description = document.seo.description || funnel.title;
  const canonical = canonicalUrl(origin, funnel, page.slug);
  const social = document.seo.image ? images.get(document.seo.image.mediaId) : undefined;
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
    // Its own picture, or the site's card: a shared link never unfurls as text only.
    socialImageTags(
      social && document.seo.image
        ? { url: origin + social.src, width: social.width, height: social.height, alt: document.seo.image.alt }
        : siteCardImage(origin, 'home'),
    ),
    themeColor,
    // No favicon request (a custom domain has none; a 404 in the console costs Best Practices).
    '<link rel="icon" href="data:,">',
    fontPreloads(theme, assets.font),
    style,
  ].join('');
  const script = withScript ? `<script>${PAGE_SCRIPT}</script>` : '';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not words
  const html = `<!doctype html><html lang="${funnel.locale}"><head>${head}</head><body>${body}${script}</body></html>`;
  return { html, csp: await renderedCsp(parts, body, html, withScript), withScript };
}

/**
 * The funnel's 404 page: plain, in the public style, no script, not indexed; on a custom domain
 * with a link to its start. In the funnel's language (English when no funnel has the address).
 * Drawn with the funnel stylesheet (its classes are in it: funnel.css reads this file), linked.
 */
export async function notFoundHtml(assets: Pick<Bindings, 'ASSETS'>, site: EdgeSite, locale: Locale): Promise<string> {
  const { funnelStylesheet: stylesheet } = await pageAssets(assets);
  const i18n = i18nFor(locale);
  const home =
    site.kind === 'domain' ? `<p><a class="font-semibold text-accent-700 underline" href="/">${escapeHtml(i18n._('content.notFound.home'))}</a></p>` : '';
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(i18n._('content.notFound.title'))}</title><meta name="description" content="${escapeHtml(i18n._('content.notFound.description'))}"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><link rel="stylesheet" href="${stylesheet}"></head><body><main class="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16"><p class="text-sm font-semibold text-zinc-600">404</p><h1 class="text-3xl font-bold tracking-tight text-balance">${escapeHtml(i18n._('content.notFound.heading'))}</h1><p class="text-zinc-700">${escapeHtml(i18n._('content.notFound.body'))}</p>${home}</main></body></html>`;
  return html;
}
