import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppEnv } from '#worker/env.ts';
import { escapeHtml, scriptJson } from '#worker/ssr/html.ts';
import { ENTRIES, ISLAND_SOURCES, chunkCss, chunkFiles, pageAssets, type PageAssets } from '#worker/ssr/manifest.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Keep out of search engines (login, reset, errors, the workspace). */
  noindex?: boolean;
}

function headTags(c: Context<AppEnv>, meta: PageMeta, assets: PageAssets, extra: string): string {
  const url = new URL(c.req.url);
  const title = meta.title === 'Adloom' ? meta.title : `${meta.title} · Adloom`;
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(url.origin + url.pathname)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    '<meta property="og:type" content="website">',
    '<meta name="theme-color" content="#4f46e5">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    assets.font ? `<link rel="preload" href="${assets.font}" as="font" type="font/woff2" crossorigin>` : '',
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    extra,
  ].join('');
}

/** Scripts for the islands a page rendered: the entry plus each island's chunk, preloaded. */
function islandScripts(assets: PageAssets, html: string, nonce: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(/data-island="([a-z-]+)"/g)) used.add(match[1]!);
  if (used.size === 0) return '';
  const { manifest } = assets;
  const entry = manifest[ENTRIES.public];
  if (!entry) throw new Error(`The build manifest has no ${ENTRIES.public} entry.`);
  const seen = new Set<string>();
  const preload = chunkFiles(manifest, ENTRIES.public, seen).slice(1);
  for (const name of used) {
    const source = ISLAND_SOURCES[name];
    if (source) preload.push(...chunkFiles(manifest, source, seen));
  }
  return [
    ...preload.map((file) => `<link rel="modulepreload" href="${file}" nonce="${nonce}">`),
    `<script type="module" src="/${entry.file}" nonce="${nonce}"></script>`,
  ].join('');
}

/**
 * Renders a public page to complete HTML (string render: the fast path for small
 * pages). Content pages render no islands and so ship no JavaScript at all.
 */
export async function renderPage(c: Context<AppEnv>, meta: PageMeta, element: ReactElement, status: 200 | 404 | 422 | 429 | 500 = 200): Promise<Response> {
  const assets = await pageAssets(c.env);
  const body = renderToString(element);
  const scripts = islandScripts(assets, body, c.var.nonce);
  const html = `<!doctype html><html lang="en"><head>${headTags(c, meta, assets, scripts)}</head><body>${body}</body></html>`;
  return c.html(html, status, { 'Cache-Control': 'private, no-cache' });
}

/** Data the workspace starts with, so the first screen needs no extra round trip. */
export interface AppBoot {
  user: unknown;
  sentryDsn: string | null;
  requestId: string;
}

const SHELL_SKELETON =
  '<div class="app-root flex min-h-screen" aria-busy="true"><div class="hidden w-60 shrink-0 border-r border-zinc-200 bg-white md:block dark:border-zinc-800 dark:bg-zinc-900"></div><div class="flex-1"><div class="h-14 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"></div><div class="mx-auto max-w-6xl space-y-4 p-6"><div class="h-8 w-48 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800"></div><div class="h-32 animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800"></div></div></div></div>';

/** The workspace's HTML: its stylesheet, entry module and boot data; React renders the rest. */
export async function renderAppShell(c: Context<AppEnv>, meta: PageMeta, boot: AppBoot, status: 200 | 404 = 200): Promise<Response> {
  const assets = await pageAssets(c.env);
  const { manifest } = assets;
  const entry = manifest[ENTRIES.app];
  if (!entry) throw new Error(`The build manifest has no ${ENTRIES.app} entry.`);
  const nonce = c.var.nonce;
  const css = chunkCss(manifest, ENTRIES.app).filter((file) => file !== assets.stylesheet);
  const preload = chunkFiles(manifest, ENTRIES.app).slice(1);
  const extra = [
    ...css.map((file) => `<link rel="stylesheet" href="${file}">`),
    ...preload.map((file) => `<link rel="modulepreload" href="${file}" nonce="${nonce}">`),
    `<script type="module" src="/${entry.file}" nonce="${nonce}"></script>`,
  ].join('');
  const html = `<!doctype html><html lang="en"><head>${headTags(c, { ...meta, noindex: true }, assets, extra)}</head><body><div id="root">${SHELL_SKELETON}</div><script type="application/json" id="boot">${scriptJson(boot)}</script></body></html>`;
  return c.html(html, status, { 'Cache-Control': 'private, no-cache' });
}
