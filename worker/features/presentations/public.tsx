import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { renderToString } from 'react-dom/server';
import { fontById, type FontId } from '#common/fonts.ts';
import { readableOn, type FunnelTheme } from '#common/schemas/blocks.ts';
import {
  PRESENTATION_SLUG_RE,
  SECTION_TYPES,
  beaconInput,
  sectionLabels,
  sectionSamples,
  unlockInput,
  type PresentationDocument,
  type Section,
} from '#common/schemas/presentations.ts';
import { themeCss } from '#client/blocks/page-view.tsx';
import { BEACON_SCRIPT } from '#client/presentations/beacon-script.ts';
import { PresentationView, SectionView } from '#client/presentations/presentation-view.tsx';
import { contextFromResolved, type PresentationContext } from '#client/presentations/types.ts';
import type { AppEnv } from '#worker/env.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { sha256Hex, verifyPassword } from '#worker/lib/crypto.ts';
import { clearLimit, consume } from '#worker/lib/rate-limit.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { afterResponse } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { escapeHtml } from '#worker/ssr/html.ts';
import { pageAssets } from '#worker/ssr/manifest.ts';
import { renderCard } from '#worker/features/creatives/render/service.ts';
import { countsAsView, isBotAgent } from '#worker/features/funnels/analytics/service.ts';
import * as service from '#worker/features/presentations/service.ts';
import * as views from '#worker/features/presentations/views-service.ts';

/**
 * The public side of presentations (issue 13): `/presents/{slug}` as complete HTML with no
 * JavaScript but the view beacon (≤ 2 KB gzip, allowed by its hash), the password form and
 * its signed cookie, the expired page, the neutral card for link-preview bots (nothing
 * counted, no cookie, no attempt used up), the Open Graph picture with the customer's name
 * (drawn by the creatives' renderer, kept in R2), the creations it shows (gated like the
 * page) and the components gallery for its author and admins.
 */

type Row = service.Row;
const encoder = new TextEncoder();
const PERSONAL = 'private, no-store';
/** Password attempts per presentation and network, 15 minutes. */
const UNLOCK_RULE = { limit: 10, windowMs: 15 * 60_000 };

/** The rate-limit key of unlock attempts: per presentation and network (clientNetwork), hashed (rate_limits holds no address). */
async function unlockLimitKey(presentationId: string, ip: string): Promise<string> {
  return `presentation-unlock:${await sha256Hex(`presentation-unlock\n${presentationId}\n${clientNetwork(ip)}`)}`;
}

/** CSP hashes of recent style elements and the beacon. Bounded. */
const hashes = settledCache<string, string>(200);
function sha256Source(content: string): Promise<string> {
  return hashes.get(content, async () => {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(content));
    return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  });
}

/** No script but the beacon (by hash), the page's own <style> by hash, everything else from this origin. */
async function csp(html: string, withBeacon: boolean): Promise<string> {
  const styles = await Promise.all([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => sha256Source(m[1]!)));
  const script = withBeacon ? await sha256Source(BEACON_SCRIPT) : "'none'";
  return [
    `script-src ${script}`,
    "default-src 'self'",
    `style-src 'self'${styles.length ? ` ${[...new Set(styles)].join(' ')}` : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const LATIN = 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2212, U+FEFF, U+FFFD';
const LATIN_EXT = 'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+1E00-1E9F, U+20A0-20AB, U+20AD-20C0, U+2C60-2C7F, U+A720-A7FF';

/** @font-face rules for the theme's fonts other than Inter (self-hosted files from /fonts, as the funnel pages load them). */
function fontFaces(theme: FunnelTheme): string {
  const ids = [...new Set([theme.fonts.heading, theme.fonts.body])].filter((id): id is FontId => id !== 'inter');
  return ids
    .flatMap((id) => {
      const family = fontById(id).css.split(',')[0]!.trim();
      return [400, 700].flatMap((weight) =>
        (
          [
            ['latin', LATIN],
            ['latin-ext', LATIN_EXT],
          ] as const
        ).map(
          ([subset, range]) =>
            `@font-face{font-family:${family};font-style:normal;font-weight:${weight};font-display:swap;src:url(/fonts/${id}-${subset}-${weight}-normal.woff) format("woff");unicode-range:${range}}`,
        ),
      );
    })
    .join('');
}

interface Shell {
  title: string;
  description: string;
  theme?: FunnelTheme;
  /** The Open Graph picture (absolute URL) and its alt text. */
  image?: { url: string; alt: string };
  body: string;
  beacon?: { token: string; url: string };
}

/** A complete page: head, the presentation's theme (when given), the body and the beacon. */
async function page(c: Context<AppEnv>, shell: Shell, status: 200 | 404 | 410 | 422 | 429 = 200): Promise<Response> {
  const assets = await pageAssets(c.env);
  const theme = shell.theme;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(shell.title)}</title>`,
    `<meta name="description" content="${escapeHtml(shell.description)}">`,
    '<meta name="robots" content="noindex">',
    `<meta property="og:title" content="${escapeHtml(shell.title)}">`,
    `<meta property="og:description" content="${escapeHtml(shell.description)}">`,
    '<meta property="og:type" content="website">',
    shell.image
      ? [
          `<meta property="og:image" content="${escapeHtml(shell.image.url)}">`,
          '<meta property="og:image:width" content="1200">',
          '<meta property="og:image:height" content="628">',
          `<meta property="og:image:alt" content="${escapeHtml(shell.image.alt)}">`,
          '<meta name="twitter:card" content="summary_large_image">',
        ].join('')
      : '',
    theme ? `<meta name="theme-color" content="${escapeHtml(theme.colors.primary)}">` : '',
    '<link rel="icon" href="data:,">',
    assets.font ? `<link rel="preload" href="${assets.font}" as="font" type="font/woff2" crossorigin>` : '',
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    theme ? `<style>${themeCss(theme)}${fontFaces(theme)}</style>` : '',
  ].join('');
  const beacon = shell.beacon
    ? `<div hidden data-view="${escapeHtml(shell.beacon.token)}" data-beacon="${escapeHtml(shell.beacon.url)}"></div><script>${BEACON_SCRIPT}</script>`
    : '';
  const html = `<!doctype html><html lang="en"><head>${head}</head><body>${shell.body}${beacon}</body></html>`;
  return c.html(html, status, {
    'Cache-Control': PERSONAL,
    'Content-Security-Policy': await csp(html, shell.beacon !== undefined),
    'X-Robots-Tag': 'noindex',
  });
}

/** A small centred card in the public style (404, expired, password, the bots' card). */
function card(inner: string): string {
  return `<main id="main" class="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16">${inner}</main>`;
}

function notFound(c: Context<AppEnv>): Promise<Response> {
  return page(
    c,
    {
      title: 'Presentation not found',
      description: 'This presentation does not exist.',
      body: card(
        '<p class="text-sm font-semibold text-zinc-600">404</p><h1 class="text-3xl font-bold tracking-tight text-balance">This presentation does not exist</h1><p class="text-zinc-700">The link may be mistyped, or the presentation is no longer shared. Ask the person who sent it for a new link.</p>',
      ),
    },
    404,
  );
}

function expiredPage(c: Context<AppEnv>, row: Row): Promise<Response> {
  const author = row.authorName ? ` Ask ${escapeHtml(row.authorName)} for a new one.` : '';
  return page(
    c,
    {
      title: 'This presentation has expired',
      description: 'The link to this presentation has expired.',
      body: card(
        `<p class="text-sm font-semibold text-zinc-600">Expired</p><h1 class="text-3xl font-bold tracking-tight text-balance">This presentation has expired</h1><p class="text-zinc-700">It was shared for a limited time, and that time is over.${author}</p>`,
      ),
    },
    410,
  );
}

const absolute = (c: Context<AppEnv>, path: string) => `${new URL(c.req.url).origin}${path}`;

/** What link-preview bots get: no sections, no intro, no prices; the customer's name only when the presentation has no password. */
function botCard(c: Context<AppEnv>, row: Row): Promise<Response> {
  const p = row.presentation;
  const open = p.passwordHash === null && !service.isExpired(p, Date.now());
  const title = open ? `A presentation for ${p.customerName}` : 'A private presentation';
  return page(c, {
    title,
    description: open && row.authorName ? `Prepared by ${row.authorName}.` : 'Open the link to see it.',
    image: { url: absolute(c, `${service.publicPath(p.slug)}/og.png`), alt: title },
    body: card(
      `<h1 class="text-3xl font-bold tracking-tight text-balance">${escapeHtml(title)}</h1><p class="text-zinc-700">Open the link in a browser to see it.</p>`,
    ),
  });
}

function passwordPage(c: Context<AppEnv>, row: Row, error?: string, status: 200 | 422 | 429 = 200): Promise<Response> {
  const p = row.presentation;
  const action = escapeHtml(`${service.publicPath(p.slug)}/unlock`);
  const errorHtml = error ? `<p id="password-error" class="text-sm font-medium text-red-700" role="alert">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="password-error" aria-invalid="true"' : '';
  return page(
    c,
    {
      title: 'A private presentation',
      description: 'This presentation is protected by a password.',
      body: card(
        `<p class="text-sm font-semibold text-zinc-600">Private</p><h1 class="text-3xl font-bold tracking-tight text-balance">This presentation is protected</h1><p class="text-zinc-700">Enter the password you were given to open it.</p><form method="post" action="${action}" class="mt-2 flex flex-col gap-3"><label for="password" class="text-sm font-medium text-zinc-800">Password</label><input id="password" name="password" type="password" required autocomplete="current-password" autofocus class="min-h-11 rounded-lg border border-zinc-300 px-3 py-2 text-base"${described}>${errorHtml}<button type="submit" class="min-h-11 rounded-lg bg-zinc-900 px-4 py-2 font-semibold text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900">Open the presentation</button></form>`,
      ),
    },
    status,
  );
}

function validSlug(slug: string): boolean {
  return PRESENTATION_SLUG_RE.test(slug);
}

interface Gate {
  row: Row;
  manager: boolean;
}

/**
 * The presentation a visitor may see at `slug`, or the response that says why not: unknown,
 * unpublished (only its author and admins see a draft), expired, locked.
 */
async function gate(c: Context<AppEnv>, slug: string, options: { bots: boolean }): Promise<Gate | Response> {
  if (!validSlug(slug)) return notFound(c);
  const row = await service.bySlug(c.get('db'), slug);
  if (!row) return notFound(c);
  const manager = service.canManage(c.get('user'), row.presentation);
  if (row.presentation.status !== 'published' && !manager) return notFound(c);
  if (options.bots && isBotAgent(c.req.header('user-agent'))) return botCard(c, row);
  if (manager) return { row, manager };
  if (service.isExpired(row.presentation, Date.now())) return expiredPage(c, row);
  const hash = row.presentation.passwordHash;
  if (hash && !(await views.unlocked(c.env.SESSION_SECRET, row.presentation.id, hash, getCookie(c, views.unlockCookieName(row.presentation.id))))) {
    return passwordPage(c, row);
  }
  return { row, manager };
}

function draftBanner(row: Row): string {
  const p = row.presentation;
  const state =
    p.status !== 'published' ? 'This is a draft: only you and admins can see it.' : 'You are signed in as its author or an admin: your visits are not counted.';
  const extra = p.passwordHash ? ' Visitors need the password.' : '';
  return `<p class="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950" role="status">${escapeHtml(state + extra)}</p>`;
}

async function servePresentation(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const found = await gate(c, slug, { bots: true });
  if (found instanceof Response) return found;
  const { row, manager } = found;
  const p = row.presentation;
  const now = Date.now();
  const document = service.documentOf(p);
  const resolved = await service.resolve(c.get('db'), c.env.SESSION_SECRET, row, document, now);
  const ctx = contextFromResolved('edge', resolved, { refCode: row.authorCode, authorName: row.authorName ?? '', now });
  const body = (manager ? draftBanner(row) : '') + renderToString(<PresentationView document={document} ctx={ctx} />);
  const counted = !manager && countsAsView(c.req.method, c.req.raw.headers);
  const beacon = counted ? { token: await views.viewToken(c.env.SESSION_SECRET, p.id, now), url: `${service.publicPath(p.slug)}/beacon` } : undefined;
  const response = await page(c, {
    title: `${document.headline} · ${document.customerName}`,
    description: row.authorName ? `A presentation for ${document.customerName} by ${row.authorName}.` : `A presentation for ${document.customerName}.`,
    theme: document.theme,
    image: { url: absolute(c, `${service.publicPath(p.slug)}/og.png`), alt: `A presentation for ${p.passwordHash ? 'you' : document.customerName}` },
    body,
    beacon,
  });
  if (counted) {
    const visitor = requestMeta(c);
    await afterResponse(c, views.countView(c.get('db'), { presentationId: p.id, now, ip: visitor.ip, userAgent: visitor.userAgent ?? '' }));
  }
  return response;
}

/** POST of the password form: right → the signed cookie and back to the page (303); wrong → the form again (422), limited per address. */
async function unlock(c: Context<AppEnv>, password: string): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  if (!validSlug(slug)) return notFound(c);
  const row = await service.bySlug(c.get('db'), slug);
  if (!row || row.presentation.status !== 'published') return notFound(c);
  const p = row.presentation;
  if (service.isExpired(p, Date.now())) return expiredPage(c, row);
  const target = service.publicPath(p.slug);
  if (!p.passwordHash) return c.redirect(target, 303);
  // Every attempt counts, before the password is checked (a limited network gets 429 without a PBKDF2, and a right
  // guess after the limit is refused too); per presentation and network (an IPv6 /64 is one network); cleared on success.
  const key = await unlockLimitKey(p.id, requestMeta(c).ip);
  try {
    await consume(c.get('db'), key, UNLOCK_RULE);
  } catch (error) {
    const retry = (error as { headers?: Record<string, string> }).headers?.['Retry-After'];
    if (!retry) throw error;
    c.header('Retry-After', retry);
    return passwordPage(c, row, 'Too many attempts. Wait a few minutes and try again.', 429);
  }
  if (!(await verifyPassword(password, p.passwordHash))) {
    return passwordPage(c, row, 'That password is not right. Check it and try again.', 422);
  }
  await clearLimit(c.get('db'), key);
  const cookie = await views.unlockCookie(c.env.SESSION_SECRET, p.id, p.passwordHash);
  const secure = new URL(c.req.url).protocol === 'https:';
  c.header(
    'Set-Cookie',
    `${views.unlockCookieName(p.id)}=${cookie.value}; Max-Age=${cookie.maxAge}; Path=${target}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    {
      append: true,
    },
  );
  c.header('Cache-Control', PERSONAL);
  return c.redirect(target, 303);
}

/** The beacon: 204 whatever happens (a beacon cannot act on an answer); counted only for a valid token of this presentation. */
async function beacon(c: Context<AppEnv>, input: { t: string; s: string; r: string }): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const done = () => c.body(null, 204, { 'Cache-Control': PERSONAL });
  if (!validSlug(slug) || isBotAgent(c.req.header('user-agent'))) return done();
  const row = await service.bySlug(c.get('db'), slug);
  if (!row || row.presentation.status !== 'published') return done();
  const now = Date.now();
  const view = await views.readViewToken(c.env.SESSION_SECRET, row.presentation.id, input.t, now);
  if (!view) return done();
  const document = service.documentOf(row.presentation);
  const reached = input.r ? input.r.split(',').slice(0, 40) : [];
  await views.recordBeacon(c.get('db'), {
    presentationId: row.presentation.id,
    view,
    seconds: Number(input.s),
    reached,
    sectionIds: document.sections.map((section) => section.id),
    now,
  });
  return done();
}

// ---------------------------------------------------------------------------------------
// The Open Graph picture

function darker(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const scale = (v: number) => Math.round(v * 0.55);
  const r = scale((n >> 16) & 255);
  const g = scale((n >> 8) & 255);
  const b = scale(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

async function ogImage(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const row = validSlug(slug) ? await service.bySlug(c.get('db'), slug) : undefined;
  if (!row || row.presentation.status !== 'published')
    return c.json({ error: { code: 'not_found', message: 'Not found.', requestId: c.get('requestId') } }, 404);
  const p = row.presentation;
  const document = service.documentOf(p);
  const open = p.passwordHash === null && !service.isExpired(p, Date.now());
  const theme = document.theme;
  const input = {
    kicker: open ? 'A presentation for' : 'A private presentation',
    title: open ? document.customerName : 'Prepared for you',
    footer: row.authorName ? `by ${row.authorName} · made with Adloom` : 'Made with Adloom',
    from: theme.colors.primary,
    to: darker(theme.colors.primary),
    color: readableOn(theme.colors.primary),
    headingFont: theme.fonts.heading,
    bodyFont: theme.fonts.body,
  };
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(JSON.stringify(input)));
  const key = `${service.ogPrefix(p.id)}${Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('')}.png`;
  const headers = { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600', 'X-Robots-Tag': 'noindex' };
  const stored = await c.env.MEDIA.get(key);
  if (stored) return c.body(stored.body, 200, { ...headers, 'Content-Length': String(stored.size) });
  const png = await renderCard(c.env, input);
  await c.env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
  // The card of an earlier name or theme is not kept (the customer's name must not outlive its presentation in R2).
  await service.deleteOgCards(c.env.MEDIA, p.id, key);
  return c.body(png as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Length': String(png.byteLength) });
}

/** A creation of the presentation's project, to those who may see the presentation. */
async function creationFile(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const creationId = c.req.param('creationId') ?? '';
  const found = await gate(c, slug, { bots: false });
  const missing = () => c.json({ error: { code: 'not_found', message: 'Not found.', requestId: c.get('requestId') } }, 404);
  if (found instanceof Response || !/^[A-Za-z0-9_-]{1,64}$/.test(creationId)) return missing();
  const key = await service.creationKey(c.get('db'), found.row, creationId);
  const object = key ? await c.env.MEDIA.get(key) : null;
  if (!object) return missing();
  return c.body(object.body, 200, { 'Content-Type': 'image/png', 'Content-Length': String(object.size), 'Cache-Control': 'private, max-age=3600' });
}

// ---------------------------------------------------------------------------------------
// The components gallery

/** The sample of a section type; the picker sections take the presentation's own items when it has such a section. */
function gallerySection(document: PresentationDocument, type: (typeof SECTION_TYPES)[number]): Section {
  const own = document.sections.find((section) => section.type === type);
  if (own && (type === 'creatives' || type === 'adPreviews' || type === 'funnelPages')) return { ...own, id: `sample-${type}` } as Section;
  return { id: `sample-${type}`, type, props: structuredClone(sectionSamples[type]) } as Section;
}

async function gallery(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const row = validSlug(slug) ? await service.bySlug(c.get('db'), slug) : undefined;
  if (!row || !service.canManage(c.get('user'), row.presentation)) return notFound(c);
  const p = row.presentation;
  const document = service.documentOf(p);
  const resolved = await service.resolve(c.get('db'), c.env.SESSION_SECRET, row, document);
  const ctx: PresentationContext = contextFromResolved('sheet', resolved, { refCode: row.authorCode, authorName: row.authorName ?? '' });
  const parts = SECTION_TYPES.map((type) => {
    const section = gallerySection(document, type);
    const label = sectionLabels[type];
    return `<div class="border-t-4 border-zinc-200"><p class="bg-zinc-100 px-5 py-2 font-mono text-xs text-zinc-700"><strong class="font-sans text-sm text-zinc-900">${escapeHtml(label.label)}</strong> · ${escapeHtml(type)} — ${escapeHtml(label.description)}</p>${renderToString(<SectionView section={section} doc={document} ctx={ctx} />)}</div>`;
  }).join('');
  const body = `<header class="bg-zinc-900 px-5 py-4 text-white"><h1 class="text-lg font-semibold">Components of “${escapeHtml(document.customerName)}”</h1><p class="text-sm text-zinc-300">Every section type in this presentation’s theme. <a class="underline" href="${escapeHtml(service.publicPath(p.slug))}">Open the presentation</a></p></header><div class="fp-root bg-(--fp-bg) font-(family-name:--fp-body-font) text-(--fp-text)">${parts}</div>`;
  return page(c, {
    title: `Components · ${document.customerName}`,
    description: 'The presentation’s section types in its theme.',
    theme: document.theme,
    body,
  });
}

/** `/presents/*` (mounted in app.ts). */
export const presentationPublicRoutes = new Hono<AppEnv>()
  .get('/:slug', access('public'), (c) => servePresentation(c))
  .post('/:slug/unlock', access('public'), validate('form', unlockInput), (c) => unlock(c, c.req.valid('form').password))
  .post('/:slug/beacon', access('public'), validate('form', beaconInput), (c) => beacon(c, c.req.valid('form')))
  .get('/:slug/og.png', access('public'), (c) => ogImage(c))
  .get('/:slug/creation/:creationId', access('public'), (c) => creationFile(c))
  .get('/:slug/components', access('user'), (c) => gallery(c));
