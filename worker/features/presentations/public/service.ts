import { readableOn } from '#common/schemas/blocks-theme.ts';
import {
  PRESENTATION_LIMITS,
  PRESENTATION_SLUG_RE,
  SECTION_TYPES,
  sectionSamples,
  type PresentationDocument,
  type Resolved,
  type Section,
} from '#common/schemas/presentations.ts';
import type { Locale } from '#common/i18n/locales.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings, SessionUser } from '#worker/env.ts';
import { sha256Hex, verifyPassword } from '#worker/lib/crypto.ts';
import { DAY_MS } from '#worker/lib/days.ts';
import { clearLimit, consume } from '#worker/lib/rate-limit.ts';
import { renderCard } from '#worker/features/creatives/render/service.ts';
import { countsAsView, daySalt, isBotAgent, utcDay, visitorHash } from '#worker/features/funnels/analytics/service.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { canManage, documentOf, isExpired, ogPrefix, publicPath } from '#worker/features/presentations/rules.ts';
import * as repo from '#worker/features/presentations/public/repo.ts';
import * as tokens from '#worker/features/presentations/public/tokens.ts';
import * as talk from '#worker/features/presentations/talk/service.ts';
import * as workspace from '#worker/features/presentations/workspace/service.ts';

/**
 * The public side of presentations (issue 13): what a visitor of `/presents/{slug}` gets. A
 * draft only for its author and admins, the expired card, the password form (attempts limited
 * per network) and its signed cookie, the neutral card for link-preview bots (nothing counted,
 * no cookie, no attempt used up), the Open Graph picture with the customer's name (drawn by
 * the creatives' renderer, kept in R2), the creations it shows (gated like the page) and the
 * components gallery for its author and admins. routes.tsx reads the request and writes the
 * answer; pages.tsx draws the HTML.
 *
 * Views are cookieless like the funnel pages: a view is counted when the page is served to a
 * person (not a bot, not a prefetch, not its author or an admin), a unique visitor is the
 * day's salted hash of IP and user agent (the funnels' daily salt), and the page's small beacon
 * reports the seconds it was visible and the sections reached (with a view token signed by the
 * page: tokens.ts).
 */

type Row = workspace.Row;
/** Every answer of the public side is for one visitor: never kept by a cache. */
export const PERSONAL = 'private, no-store';
/** Password attempts per presentation and network, 15 minutes. */
const UNLOCK_RULE = { limit: 10, windowMs: 15 * 60_000 };

/** What a visitor's request says about them (read by routes.tsx). */
export interface Visitor {
  /** The signed-in user, if any: the author and admins see drafts, and their visits are not counted. */
  user: SessionUser | null | undefined;
  /** The request's method and headers: bots, link previews and prefetches. */
  method: string;
  headers: Headers;
  /** The request's cookies: the unlock cookie of a protected presentation. */
  cookies: Record<string, string>;
  ip: string;
  /** The `?r=` of a recipient's link (decision 0056), if any. */
  recipientCode?: string | undefined;
  /** Whether the request came over https (the unlock cookie a recipient's link sets is Secure then). */
  https?: boolean;
}

/**
 * A small centred page instead of the presentation: unknown (404), expired (410), the password
 * form, the link-preview bots' card. `locale`: the presentation's language, which the card
 * speaks (pages.tsx); without one (nothing found) the visitor's.
 */
export type Card = (
  | { card: 'not-found' }
  | ({ card: 'expired'; authorName: string | null; ask: string | null } & AskState)
  | { card: 'asked'; authorName: string }
  | { card: 'ask-limited'; retryAfter: string }
  | ({
      card: 'password';
      action: string;
      error?: 'wrong' | 'limited';
      status: 200 | 422 | 429;
      retryAfter?: string;
      authorName: string | null;
      ask: string | null;
    } & AskState)
  | { card: 'interest-form'; action: string; back: string; authorName: string; values: AskValues; errors: talk.FormErrors }
  | { card: 'interest-sent'; authorName: string; back: string }
  | ({ card: 'grant' } & talk.GrantAnswer & { action: string; token: string })
  | { card: 'bot'; open: boolean; customerName: string; authorName: string | null; image: { path: string } }
) & { locale?: Locale };

export type AskValues = { name: string; email: string; message: string };
/** The ask form's values and messages after a wrong POST (decision 0056). */
export interface AskState {
  values?: AskValues;
  errors?: talk.FormErrors;
}

/** The presentation itself, for a person (or its author, with a banner). */
export interface PresentationPage {
  card: 'presentation';
  image: { path: string };
  /** Protected by a password: the picture's alt text does not name the customer. */
  locked: boolean;
  document: PresentationDocument;
  resolved: Resolved;
  refCode: string | null;
  authorName: string;
  now: number;
  /** What its author or an admin is told above it (a draft or their visits not counted; the password), or null. */
  banner: { draft: boolean; password: boolean } | null;
  /** The beacon's view token and address: only on a view that counts. */
  beacon?: { token: string; url: string };
  /** Counts the view once the answer is out; undefined when the visit does not count. */
  record?: () => Promise<void>;
  /** A recipient's link opened a locked presentation: the unlock cookie, so its pictures load too. */
  setCookie?: string;
  /** The "I'm interested" forms' address. */
  interestAction: string;
}

/** The components gallery: one sample of every section type in the presentation's theme. */
export interface GalleryPage {
  card: 'gallery';
  document: PresentationDocument;
  resolved: Resolved;
  refCode: string | null;
  authorName: string;
  path: string;
  sections: Section[];
}

/** A file to send (the Open Graph picture, a creation), with its headers. */
export interface FileAnswer {
  body: ReadableStream | Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

export const NOT_FOUND: Card = { card: 'not-found' };

export function validSlug(slug: string): boolean {
  return PRESENTATION_SLUG_RE.test(slug);
}

/** Whether a visitor may ask the author for a new link (public/ask.ts): an author with a name and an address. */
export function askable(row: Row): row is Row & { authorName: string; authorEmail: string; authorLocale: Locale } {
  return talk.reachable(row);
}

/** The language of a presentation's pages and cards (its document's). */
export const localeOfRow = (row: Row): Locale => documentOf(row.presentation).locale;

const askPath = (row: Row) => (askable(row) ? `${publicPath(row.presentation.slug)}/ask` : null);

export const expired = (row: Row, state: AskState = {}): Card => ({
  card: 'expired',
  authorName: row.authorName,
  ask: askPath(row),
  locale: localeOfRow(row),
  ...state,
});

export function passwordCard(row: Row, error?: 'wrong' | 'limited', status: 200 | 422 | 429 = 200, retryAfter?: string, state: AskState = {}): Card {
  const action = `${publicPath(row.presentation.slug)}/unlock`;
  return {
    card: 'password',
    action,
    status,
    authorName: row.authorName,
    ask: askPath(row),
    locale: localeOfRow(row),
    ...(error ? { error } : {}),
    ...(retryAfter ? { retryAfter } : {}),
    ...state,
  };
}

/** What link-preview bots get: no sections, no intro, no prices; the customer's name only when the presentation has no password. */
function botCard(row: Row, now: number): Card {
  const p = row.presentation;
  const open = p.passwordHash === null && !isExpired(p, now);
  return {
    card: 'bot',
    open,
    customerName: p.customerName,
    authorName: row.authorName,
    image: { path: `${publicPath(p.slug)}/og.png` },
    locale: localeOfRow(row),
  };
}

interface Gate {
  row: Row;
  manager: boolean;
  /** The live recipient whose link was opened (null: none, or revoked: the page works unattributed). */
  recipientId: string | null;
  /** A recipient's link opened it without the password: the page sets the unlock cookie. */
  unlockedByLink: boolean;
}

/**
 * The presentation a visitor may see at `slug`, or the card that says why not: unknown,
 * unpublished (only its author and admins see a draft), expired, locked.
 */
async function gate(db: Db, secret: string, slug: string, visitor: Visitor, options: { bots: boolean }, now: number): Promise<Gate | Card> {
  if (!validSlug(slug)) return NOT_FOUND;
  const row = await workspace.bySlug(db, slug);
  if (!row) return NOT_FOUND;
  const manager = canManage(visitor.user, row.presentation);
  if (row.presentation.status !== 'published' && !manager) return NOT_FOUND;
  if (options.bots && isBotAgent(visitor.headers.get('user-agent'))) return botCard(row, now);
  if (manager) return { row, manager, recipientId: null, unlockedByLink: false };
  if (isExpired(row.presentation, now)) return expired(row);
  const recipientId = await talk.recipientOfCode(db, row.presentation.id, visitor.recipientCode);
  const hash = row.presentation.passwordHash;
  if (hash && !(await tokens.unlocked(secret, row.presentation.id, hash, visitor.cookies[tokens.unlockCookieName(row.presentation.id)]))) {
    // A live recipient's link is the author's personal share: it opens without the password (a revoked one does not).
    return recipientId ? { row, manager, recipientId, unlockedByLink: true } : passwordCard(row);
  }
  return { row, manager, recipientId, unlockedByLink: false };
}

/** `GET /presents/{slug}`: the presentation, or the card that stands in for it; a person's view is counted. */
export async function visit(db: Db, secret: string, slug: string, visitor: Visitor, now = Date.now()): Promise<PresentationPage | Card> {
  const found = await gate(db, secret, slug, visitor, { bots: true }, now);
  if (!('row' in found)) return found;
  const { row, manager, recipientId } = found;
  const p = row.presentation;
  const document = documentOf(p);
  const resolved = await workspace.resolve(db, secret, row, document, now);
  const counted = !manager && countsAsView(visitor.method, visitor.headers);
  const token = counted ? await tokens.viewToken(secret, p.id, now) : undefined;
  const beacon = token ? { token, url: `${publicPath(p.slug)}/beacon` } : undefined;
  const userAgent = visitor.headers.get('user-agent') ?? '';
  const viewId = token?.split('.')[0] ?? '';
  const record = async () => {
    await countView(db, { presentationId: p.id, now, ip: visitor.ip, userAgent });
    await talk.startVisit(db, { viewId, presentationId: p.id, recipientId, now });
  };
  const setCookie =
    found.unlockedByLink && p.passwordHash
      ? await unlockCookieHeader(secret, { id: p.id, slug: p.slug, passwordHash: p.passwordHash }, visitor.https ?? false, now)
      : undefined;
  return {
    card: 'presentation',
    image: { path: `${publicPath(p.slug)}/og.png` },
    locked: p.passwordHash !== null,
    document,
    resolved,
    refCode: row.authorCode,
    authorName: row.authorName ?? '',
    now,
    banner: manager ? { draft: p.status !== 'published', password: p.passwordHash !== null } : null,
    interestAction: `${publicPath(p.slug)}/interested`,
    ...(setCookie ? { setCookie } : {}),
    ...(beacon ? { beacon, record } : {}),
  };
}

/** The unlock cookie's header: for the presentation's path only, Secure over https. */
async function unlockCookieHeader(secret: string, p: { id: string; slug: string; passwordHash: string }, https: boolean, now: number): Promise<string> {
  const { id: presentationId, passwordHash } = p;
  const cookie = await tokens.unlockCookie(secret, presentationId, passwordHash, now);
  const path = publicPath(p.slug);
  return `${tokens.unlockCookieName(presentationId)}=${cookie.value}; Max-Age=${cookie.maxAge}; Path=${path}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;
}

/** The rate-limit key of unlock attempts: per presentation and network (clientNetwork), hashed (rate_limits holds no address). */
async function unlockLimitKey(presentationId: string, ip: string): Promise<string> {
  return `presentation-unlock:${await sha256Hex(`presentation-unlock\n${presentationId}\n${clientNetwork(ip)}`)}`;
}

/** Where the password form sends the visitor (303), with the headers that go with it. */
export interface Redirect {
  redirect: string;
  setCookie?: string;
  cacheControl?: string;
}

/**
 * The password form: right → the signed cookie (for the presentation's path, Secure over
 * https) and back to the page; wrong → the form again (422), limited per network (429).
 */
export async function unlock(
  db: Db,
  secret: string,
  slug: string,
  input: { password: string; ip: string; https: boolean },
  now = Date.now(),
): Promise<Card | Redirect> {
  if (!validSlug(slug)) return NOT_FOUND;
  const row = await workspace.bySlug(db, slug);
  if (!row || row.presentation.status !== 'published') return NOT_FOUND;
  const p = row.presentation;
  if (isExpired(p, now)) return expired(row);
  const target = publicPath(p.slug);
  if (!p.passwordHash) return { redirect: target };
  // Every attempt counts, before the password is checked (a limited network gets 429 without a PBKDF2, and a right
  // guess after the limit is refused too); per presentation and network (an IPv6 /64 is one network); cleared on success.
  const key = await unlockLimitKey(p.id, input.ip);
  try {
    await consume(db, key, UNLOCK_RULE);
  } catch (error) {
    const retry = (error as { headers?: Record<string, string> }).headers?.['Retry-After'];
    if (!retry) throw error;
    return passwordCard(row, 'limited', 429, retry);
  }
  if (!(await verifyPassword(input.password, p.passwordHash))) {
    return passwordCard(row, 'wrong', 422);
  }
  await clearLimit(db, key);
  return {
    redirect: target,
    setCookie: await unlockCookieHeader(secret, { id: p.id, slug: p.slug, passwordHash: p.passwordHash }, input.https, now),
    cacheControl: PERSONAL,
  };
}

// ---------------------------------------------------------------------------------------
// Views

async function countView(db: Db, input: { presentationId: string; now: number; ip: string; userAgent: string }): Promise<void> {
  const day = utcDay(input.now);
  const hash = await visitorHash(await daySalt(db, day), input.ip, input.userAgent);
  await repo.countView(db, { presentationId: input.presentationId, day, hash });
}

/**
 * A beacon's report: seconds capped by the time since the page was served (plus a little
 * clock slack) and by PRESENTATION_LIMITS.maxViewSeconds; only ids of the presentation's own
 * sections count, each once.
 */
async function recordBeacon(
  db: Db,
  input: { presentationId: string; view: { viewId: string; issuedMs: number }; seconds: number; reached: string[]; sectionIds: string[]; now: number },
): Promise<void> {
  const elapsed = Math.max(0, Math.ceil((input.now - input.view.issuedMs) / 1000) + 5);
  const seconds = Math.max(0, Math.min(input.seconds, elapsed, PRESENTATION_LIMITS.maxViewSeconds));
  const own = new Set(input.sectionIds);
  const sections = [...new Set(input.reached)].filter((id) => own.has(id));
  await repo.recordBeacon(db, { viewId: input.view.viewId, presentationId: input.presentationId, day: utcDay(input.view.issuedMs), seconds, sections });
}

/**
 * Seconds per section (`d`: `id:seconds,…`), only the presentation's own sections, each capped
 * by the view's seconds: for the visit's timeline (decision 0056).
 */
function dwellOf(text: string, own: Set<string>, cap: number): Record<string, number> {
  const dwell: Record<string, number> = {};
  for (const part of text.split(',').slice(0, 40)) {
    const match = /^([A-Za-z0-9_-]{1,64}):(\d{1,6})$/.exec(part);
    if (match && own.has(match[1]!)) dwell[match[1]!] = Math.min(Number(match[2]), cap);
  }
  return dwell;
}

/** The beacon (`t` its view token, `s` seconds, `r` sections reached, `d` seconds per section): counted only for a valid token of this presentation, else nothing. */
export async function beacon(
  db: Db,
  secret: string,
  slug: string,
  input: { t: string; s: string; r: string; d: string },
  userAgent: string | null,
  now = Date.now(),
): Promise<void> {
  if (!validSlug(slug) || isBotAgent(userAgent)) return;
  const row = await workspace.bySlug(db, slug);
  if (!row || row.presentation.status !== 'published') return;
  const view = await tokens.readViewToken(secret, row.presentation.id, input.t, now);
  if (!view) return;
  const document = documentOf(row.presentation);
  const reached = input.r ? input.r.split(',').slice(0, 40) : [];
  const sectionIds = document.sections.map((section) => section.id);
  await recordBeacon(db, { presentationId: row.presentation.id, view, seconds: Number(input.s), reached, sectionIds, now });
  const elapsed = Math.max(0, Math.ceil((now - view.issuedMs) / 1000) + 5);
  const seconds = Math.max(0, Math.min(Number(input.s), elapsed, PRESENTATION_LIMITS.maxViewSeconds));
  const own = new Set(sectionIds);
  const sections = dwellOf(input.d, own, seconds);
  for (const id of reached) if (own.has(id) && !(id in sections)) sections[id] = 0;
  await talk.reportVisit(db, { viewId: view.viewId, presentationId: row.presentation.id, seconds, sections });
}

/** The scheduled job's part: visitor hashes and view states of days before yesterday. */
export async function purgePastViews(db: Db, now: Date): Promise<void> {
  await repo.deletePastViews(db, utcDay(now.getTime() - DAY_MS));
}

// ---------------------------------------------------------------------------------------
// The Open Graph picture and the creations

const encoder = new TextEncoder();

function darker(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const scale = (v: number) => Math.round(v * 0.55);
  const r = scale((n >> 16) & 255);
  const g = scale((n >> 8) & 255);
  const b = scale(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** The Open Graph picture of a published presentation (the customer's name only when it is open), drawn once per name and theme; undefined: none. */
export async function ogPicture(db: Db, env: Pick<Bindings, 'ASSETS' | 'RENDERER' | 'MEDIA'>, slug: string, now = Date.now()): Promise<FileAnswer | undefined> {
  const row = validSlug(slug) ? await workspace.bySlug(db, slug) : undefined;
  if (!row || row.presentation.status !== 'published') return undefined;
  const p = row.presentation;
  const document = documentOf(p);
  const open = p.passwordHash === null && !isExpired(p, now);
  const theme = document.theme;
  // In the presentation's language, like the page it stands for.
  const i18n = i18nFor(document.locale);
  const input = {
    kicker: i18n._(open ? 'content.presentation.og.kicker' : 'content.presentation.og.private'),
    title: open ? document.customerName : i18n._('content.presentation.og.forYou'),
    footer: row.authorName ? i18n._('content.presentation.og.footerBy', { author: row.authorName }) : i18n._('content.presentation.og.footer'),
    from: theme.colors.primary,
    to: darker(theme.colors.primary),
    color: readableOn(theme.colors.primary),
    headingFont: theme.fonts.heading,
    bodyFont: theme.fonts.body,
  };
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(JSON.stringify(input)));
  const key = `${ogPrefix(p.id)}${Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('')}.png`;
  const headers = { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600', 'X-Robots-Tag': 'noindex' };
  const stored = await env.MEDIA.get(key);
  if (stored) return { body: stored.body, headers: { ...headers, 'Content-Length': String(stored.size) } };
  const png = await renderCard(env, input);
  await env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
  // The card of an earlier name or theme is not kept (the customer's name must not outlive its presentation in R2).
  await workspace.deleteOgCards(env.MEDIA, p.id, key);
  return { body: png as Uint8Array<ArrayBuffer>, headers: { ...headers, 'Content-Length': String(png.byteLength) } };
}

/** A creation of the presentation's project, to those who may see the presentation; undefined: none. */
export async function creationFile(
  db: Db,
  secret: string,
  bucket: R2Bucket,
  slug: string,
  creationId: string,
  visitor: Visitor,
  now = Date.now(),
): Promise<FileAnswer | undefined> {
  const found = await gate(db, secret, slug, visitor, { bots: false }, now);
  if (!('row' in found) || !/^[A-Za-z0-9_-]{1,64}$/.test(creationId)) return undefined;
  const key = await workspace.creationKey(db, found.row, creationId);
  const object = key ? await bucket.get(key) : null;
  if (!object) return undefined;
  return { body: object.body, headers: { 'Content-Type': 'image/png', 'Content-Length': String(object.size), 'Cache-Control': 'private, max-age=3600' } };
}

// ---------------------------------------------------------------------------------------
// The components gallery

/** The sample of a section type; the picker sections take the presentation's own items when it has such a section. */
function gallerySection(document: PresentationDocument, type: (typeof SECTION_TYPES)[number]): Section {
  const own = document.sections.find((section) => section.type === type);
  if (own && (type === 'creatives' || type === 'adPreviews' || type === 'funnelPages')) return { ...own, id: `sample-${type}` } as Section;
  return { id: `sample-${type}`, type, props: structuredClone(sectionSamples[type]) } as Section;
}

/** Every section type in the presentation's theme, for its author and admins (anyone else: not found). */
export async function gallery(db: Db, secret: string, slug: string, user: SessionUser | null | undefined): Promise<GalleryPage | Card> {
  const row = validSlug(slug) ? await workspace.bySlug(db, slug) : undefined;
  if (!row || !canManage(user, row.presentation)) return NOT_FOUND;
  const p = row.presentation;
  const document = documentOf(p);
  const resolved = await workspace.resolve(db, secret, row, document);
  return {
    card: 'gallery',
    document,
    resolved,
    refCode: row.authorCode,
    authorName: row.authorName ?? '',
    path: publicPath(p.slug),
    sections: SECTION_TYPES.map((type) => gallerySection(document, type)),
  };
}
