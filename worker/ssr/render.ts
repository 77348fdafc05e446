import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import type { Context } from 'hono';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ISLAND_TEXT_ID } from '#client/public/island-text.tsx';
import { islandText } from '#client/public/island.tsx';
import { publicOrigin, type AppEnv } from '#worker/env.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { NO_SCRIPT_CSP } from '#worker/middleware/security-headers.ts';
import { escapeHtml, scriptJson, socialImageTags, type SocialImage } from '#worker/ssr/html.ts';
import { ENTRIES, chunkCss, chunkFiles, pageAssets, type PageAssets } from '#worker/ssr/manifest.ts';
import { alternatesOf, localizedPage, publicPage, type PublicPageId } from '#worker/ssr/public-pages.ts';
import { siteCardImage } from '#worker/ssr/social-card.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Keep out of search engines (login, reset, errors, the workspace). */
  noindex?: boolean;
  /** The picture a pasted link unfurls as (Open Graph and Twitter cards): an absolute URL. Without it, the page's social card. */
  image?: SocialImage;
  /** Which of the site's public pages it is (public-pages.ts): its card, language and alternates. Others show the home page's card. */
  page?: PublicPageId;
  /** The page's language (`<html lang>`, its words through Lingui): English when unset. */
  locale?: Locale;
}

/** The head's title, description and robots rule of one of the site's public pages, in one of its languages. */
export function pageMeta(id: PublicPageId, locale: Locale = publicPage(id).lang ?? DEFAULT_LOCALE): PageMeta {
  const { title, description, noindex } = localizedPage(id, locale);
  return { page: id, title, description, locale, ...(noindex ? { noindex } : {}) };
}

function imageTags(image: SocialImage): string {
  return [
    socialImageTags(image),
    `<meta name="twitter:image" content="${escapeHtml(image.url)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}">`,
  ].join('');
}

/** The page's versions by language, for search engines (an indexed page only): `hreflang` links to absolute URLs. */
function alternateTags(origin: string, meta: PageMeta, path: string): string {
  const page = meta.page ? localizedPage(meta.page, DEFAULT_LOCALE) : { path };
  return alternatesOf(page)
    .map((alternate) => `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(origin + alternate.path)}">`)
    .join('');
}

/** The page's language (`<html lang>`). */
function langOf(meta: PageMeta): Locale {
  return meta.locale ?? DEFAULT_LOCALE;
}

/**
 * The one head of every server-rendered page: whatever the page, it has its description, its
 * canonical URL and language versions (or noindex), and the Open Graph and Twitter tags with a
 * picture (its own, or its social card), so no page can be shared as text only.
 */
function headTags(c: Context<AppEnv>, meta: PageMeta, assets: PageAssets, extra: string): string {
  const origin = publicOrigin(c.env, c.req.url);
  const path = new URL(c.req.url).pathname;
  const url = origin + path;
  const title = meta.title === 'Adloom' ? meta.title : `${meta.title} · Adloom`;
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(url)}">${alternateTags(origin, meta, path)}`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    '<meta property="og:site_name" content="Adloom">',
    imageTags(meta.image ?? siteCardImage(origin, meta.page ?? 'home')),
    '<meta name="theme-color" content="#4f46e5">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    assets.font ? `<link rel="preload" href="${assets.font}" as="font" type="font/woff2" crossorigin>` : '',
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    extra,
  ].join('');
}

/**
 * The islands' script for a page that rendered any: one small inline module (with the
 * response's nonce) that imports the island entry once the page has loaded, so the
 * JavaScript never competes with the page's own content for the network or the main
 * thread. Until then the links and forms work as plain HTML.
 */
function islandScripts(assets: PageAssets, html: string, nonce: string, locale: Locale): string {
  if (!html.includes('data-island="')) return '';
  const text = islandText(locale, i18nFor(locale));
  const data = text ? `<script type="application/json" id="${ISLAND_TEXT_ID}">${scriptJson(text)}</script>` : '';
  const entry = assets.manifest[ENTRIES.public];
  if (!entry) throw new Error(`The build manifest has no ${ENTRIES.public} entry.`);
  const load = `const go=()=>import(${JSON.stringify(`/${entry.file}`)});document.readyState==="complete"?go():addEventListener("load",go,{once:true})`;
  return `${data}<script type="module" nonce="${nonce}">${load}</script>`;
}

/**
 * Renders a public page to complete HTML (string render: the fast path for small
 * pages). Content pages render no islands and so ship no JavaScript at all.
 */
type PageStatus = 200 | 400 | 403 | 404 | 413 | 415 | 422 | 429 | 500;

async function documentHtml(c: Context<AppEnv>, meta: PageMeta, element: ReactElement, nonce: string): Promise<string> {
  const assets = await pageAssets(c.env);
  // The page's words in its language: one Lingui instance per language (worker/lib/i18n.ts).
  const body = renderToString(createElement(I18nRoot, { i18n: i18nFor(langOf(meta)), children: element }));
  const scripts = islandScripts(assets, body, nonce, langOf(meta));
  return `<!doctype html><html lang="${langOf(meta)}"><head>${headTags(c, meta, assets, scripts)}</head><body>${body}</body></html>`;
}

export async function renderPage(c: Context<AppEnv>, meta: PageMeta, element: ReactElement, status: PageStatus = 200): Promise<Response> {
  const nonce = c.get('nonce');
  const html = await documentHtml(c, meta, element, nonce);
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-cache' };
  if (!html.includes(`nonce="${nonce}"`)) headers['Content-Security-Policy'] = NO_SCRIPT_CSP;
  return c.html(html, status, headers);
}

/**
 * Pages whose HTML depends only on the key (path, signed-in state, deployment
 * settings): rendered once per isolate and kept as UTF-8 bytes split where the nonce
 * goes, then served with this response's fresh nonce (a copy, not a render or an
 * encode). Never used for pages with request data.
 */
const NONCE_PLACEHOLDER = 'adloom-nonce-placeholder-5f1e0c7a';
const MAX_STATIC_PAGES = 256;
const encoder = new TextEncoder();
const staticPages = new Map<string, { parts: Uint8Array[]; length: number }>();

function withNonce(page: { parts: Uint8Array[]; length: number }, nonce: string): Uint8Array<ArrayBuffer> {
  const nonceBytes = encoder.encode(nonce);
  const out = new Uint8Array(page.length + nonceBytes.byteLength * (page.parts.length - 1));
  let offset = 0;
  page.parts.forEach((part, i) => {
    if (i > 0) {
      out.set(nonceBytes, offset);
      offset += nonceBytes.byteLength;
    }
    out.set(part, offset);
    offset += part.byteLength;
  });
  return out;
}

/**
 * Pages whose HTML depends only on the key (path, signed-in state, deployment
 * settings): rendered once per isolate and kept as UTF-8 bytes. A page with scripts is
 * split where the nonce goes and served with this response's fresh nonce; a page
 * without any (the content pages) is served as is, under a policy that allows no
 * script at all. Never used for pages with request data.
 */
export async function renderStaticPage(
  c: Context<AppEnv>,
  key: string,
  meta: PageMeta,
  render: () => ReactElement,
  status: PageStatus = 200,
): Promise<Response> {
  // The origin its links are written with (canonical, card) is part of the page.
  const cacheKey = `${status}|${publicOrigin(c.env, c.req.url)}|${key}`;
  let page = staticPages.get(cacheKey);
  if (page === undefined) {
    const parts = (await documentHtml(c, meta, render(), NONCE_PLACEHOLDER)).split(NONCE_PLACEHOLDER).map((text) => encoder.encode(text));
    page = { parts, length: parts.reduce((sum, part) => sum + part.byteLength, 0) };
    if (staticPages.size >= MAX_STATIC_PAGES) staticPages.delete(staticPages.keys().next().value!);
    staticPages.set(cacheKey, page);
  }
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'private, no-cache' };
  if (page.parts.length === 1) headers['Content-Security-Policy'] = NO_SCRIPT_CSP;
  return c.body(page.parts.length === 1 ? (page.parts[0] as Uint8Array<ArrayBuffer>) : withNonce(page, c.get('nonce')), status, headers);
}

/** Data the workspace starts with, so the first screen needs no extra round trip. */
export interface AppBoot {
  user: unknown;
  /** The workspace's language: the user's setting, else the visitor's (worker/lib/i18n.ts). */
  locale: Locale;
  sentryDsn: string | null;
  requestId: string;
}

const SHELL_SKELETON =
  '<div class="app-root flex min-h-screen" aria-busy="true"><div class="hidden w-60 shrink-0 border-r border-zinc-200 bg-white md:block dark:border-zinc-800 dark:bg-zinc-900"></div><div class="flex-1"><div class="h-14 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"></div><div class="mx-auto max-w-6xl space-y-4 p-6"><div class="h-8 w-48 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800"></div><div class="h-32 animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800"></div></div></div></div>';

/** The workspace's HTML: its stylesheet, entry module and boot data; React renders the rest. Not indexed, unless it is one of the site's public pages (the playground). */
export async function renderAppShell(c: Context<AppEnv>, meta: PageMeta, boot: AppBoot, status: 200 | 404 = 200): Promise<Response> {
  const assets = await pageAssets(c.env);
  const { manifest } = assets;
  const entry = manifest[ENTRIES.app];
  if (!entry) throw new Error(`The build manifest has no ${ENTRIES.app} entry.`);
  const nonce = c.get('nonce');
  const css = chunkCss(manifest, ENTRIES.app).filter((file) => file !== assets.stylesheet);
  // The first screen waits for the core messages in the user's language: fetched with the entry, not after it.
  const catalog = manifest[`common/locales/core/compiled/${boot.locale}.ts`];
  const preload = [...chunkFiles(manifest, ENTRIES.app).slice(1), ...(catalog ? [`/${catalog.file}`] : [])];
  const extra = [
    ...css.map((file) => `<link rel="stylesheet" href="${file}">`),
    ...preload.map((file) => `<link rel="modulepreload" href="${file}" nonce="${nonce}">`),
    `<script type="module" src="/${entry.file}" nonce="${nonce}"></script>`,
  ].join('');
  const html = `<!doctype html><html lang="${boot.locale}"><head>${headTags(c, meta.page ? meta : { ...meta, noindex: true }, assets, extra)}</head><body><div id="root">${SHELL_SKELETON}</div><script type="application/json" id="boot">${scriptJson(boot)}</script></body></html>`;
  return c.html(html, status, { 'Cache-Control': 'private, no-cache' });
}
