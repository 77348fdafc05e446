import { isbot } from 'isbot';
import { abTest } from '#common/ab-stats.ts';
import { wellFormed } from '#common/schemas/fields.ts';
import type { AnalyticsReport, DailyCount, DailyStats, PageReport, SourceCount, StatTotals, Variant, VariantReport } from '#common/schemas/funnels.ts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { DAY_MS, lastDays } from '#worker/lib/days.ts';
import { httpUrl } from '#worker/lib/http-url.ts';
import { constant, mapRead, read, run, type Read } from '#worker/lib/reads.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import type { FunnelRow } from '#worker/features/funnels/types.ts';
import { weeksBy } from '#worker/features/funnels/weeks.ts';
import * as repo from '#worker/features/funnels/analytics/repo.ts';

/**
 * Cookieless page analytics (PRODUCT.md §4.5, issue 12 point 8): per page, variant and UTC
 * day, views, unique visitors and leads, and the referrer hosts and UTM sources. A unique
 * visitor is a sha256 of the day's salt, the IP and the user agent; the salt lives one day
 * in `analytics_salts` and is then deleted with the day's hashes (the scheduled job), after
 * which no hash can be linked to anyone. Written after the response (waitUntil), one batch.
 * Read back as the funnel's report (`analytics`) and the week of views and leads on every
 * funnel and page summary (`funnelWeeks`, `pageWeeks`).
 */

/** How long the daily referrer and UTM source rows are kept (the reports look back 30 days). */
const SOURCES_KEPT_DAYS = 400;

/** The UTC day of an instant, 'YYYY-MM-DD'. */
let lastDay = { index: Number.NaN, day: '' };
export function utcDay(now: number): string {
  const index = Math.floor(now / DAY_MS);
  if (index !== lastDay.index) lastDay = { index, day: new Date(now).toISOString().slice(0, 10) };
  return lastDay.day;
}

/** The answers for recent user agents (a page's visitors send a handful of distinct ones): isbot's big regex once per agent. */
const MAX_AGENTS = 500;
const agents = new Map<string, boolean>();

/** Known crawlers, link unfurlers, monitors and headless browsers (isbot's list); no user agent at all counts as one. */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  let bot = agents.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (agents.size >= MAX_AGENTS) agents.clear();
    agents.set(userAgent, bot);
  }
  return bot;
}

const PREFETCH = /\b(prefetch|prerender|preview)\b/i;

/**
 * A speculative load that no person asked for (yet): Chrome's `Sec-Purpose: prefetch`
 * (speculation rules, with `;prerender`), the older `Purpose`/`X-Purpose: preview`,
 * Firefox's `X-Moz: prefetch`.
 */
export function isPrefetch(headers: Headers): boolean {
  for (const name of ['sec-purpose', 'purpose', 'x-purpose', 'x-moz']) {
    const value = headers.get(name);
    if (value && PREFETCH.test(value)) return true;
  }
  return false;
}

/** Whether a GET of a page counts as a view: not HEAD, not a bot, not a prefetch. */
export function countsAsView(method: string, headers: Headers): boolean {
  return method === 'GET' && !isBotAgent(headers.get('user-agent')) && !isPrefetch(headers);
}

const MAX_SOURCE = 100;

/** A source value as stored: trimmed, lower case, well-formed, at most 100 characters; '' → null. */
export function cleanSource(value: string | null | undefined): string | null {
  if (!value) return null;
  const cleaned = Array.from(wellFormed(value).trim().toLowerCase()).slice(0, MAX_SOURCE).join('');
  return cleaned || null;
}

/**
 * The host of an external referrer (`https://www.google.com/search?q=…` → `www.google.com`);
 * null for none, for one that is not http(s), and for the page's own host (moving between
 * the funnel's pages is no source).
 */
export function referrerHost(referer: string | null | undefined, ownHost: string): string | null {
  const url = referer ? httpUrl(referer) : undefined;
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (!host || host === ownHost.toLowerCase().replace(/:\d+$/, '')) return null;
  return cleanSource(host);
}

/**
 * One isolate serves many requests of a day: its salt is read from D1 once. Only the salt
 * itself is kept, never the pending query: that promise belongs to the request that made it
 * (worker/lib/settled-cache.ts), so concurrent first uses each read it (INSERT OR IGNORE: they agree).
 */
let saltCache: { day: string; salt: string } | undefined;

function randomSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}

/** The salt of `day`: made on first use (INSERT OR IGNORE: concurrent first uses agree), then read. */
export async function daySalt(db: Db, day: string): Promise<string> {
  if (saltCache?.day === day) return saltCache.salt;
  const row = await repo.upsertSalt(db, day, randomSalt());
  saltCache = { day, salt: row.salt };
  return row.salt;
}

/** Forgets the isolate's salt (tests, after the scheduled job deleted it). */
export function forgetSalt(): void {
  saltCache = undefined;
  seen = { day: '', keys: new Set() };
}

const encoder = new TextEncoder();

/** Recent visitors' hashes (salt, IP, user agent → hash): a returning visitor costs no digest. Bounded, in memory only. */
const hashes = settledCache<string, string>(2_000);

/** The day's anonymous visitor id: sha256(salt, IP, user agent), 128 bits in hex. */
export function visitorHash(salt: string, ip: string, userAgent: string): Promise<string> {
  const input = `${salt}\n${ip}\n${userAgent}`;
  return hashes.get(input, async () => {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(input));
    return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  });
}

export interface ViewInput {
  pageId: string;
  variant: Variant;
  now: number;
  ip: string;
  userAgent: string;
  /** An external referrer's host (see `referrerHost`). */
  referrer: string | null;
  utmSource: string | null;
}

/** Views written per batch at most. */
const BATCH_VIEWS = 50;
/**
 * How long the first view of a batch waits for others (they ride along in the same D1 round
 * trip): short enough for waitUntil, long enough to gather a busy page's views. Tests set 0.
 */
export const viewBatching = { delayMs: 50 };
/**
 * The batch that is still gathering views: opened by one request's view, written by that
 * request (its own D1 session, in its own waitUntil) once `viewBatching.delayMs` is over or it
 * is full. A batch is closed before it is written, so a later view opens the next batch in its
 * own request: no request's promise waits on another's, and none stays pending while views
 * keep arriving (an isolate-wide drain loop did, and kept every request context alive under
 * steady traffic: the load run's memory climb, docs/decisions/0025).
 */
interface Batch {
  views: repo.CountedView[];
  written: Promise<void>;
}
let gathering: Batch | undefined;

/**
 * The visitors this isolate has stored today (page, variant, day, hash): their next views
 * skip the visitor insert. Bounded; forgotten with the day.
 */
const MAX_SEEN = 20_000;
let seen = { day: '', keys: new Set<string>() };

async function writeBatch(db: Db, batch: Batch): Promise<void> {
  if (viewBatching.delayMs > 0 && batch.views.length < BATCH_VIEWS) await new Promise((resolve) => setTimeout(resolve, viewBatching.delayMs));
  if (gathering === batch) gathering = undefined;
  await repo.countViews(db, batch.views);
  for (const view of batch.views) {
    if (!view.hash || view.day !== seen.day) continue;
    if (seen.keys.size >= MAX_SEEN) seen.keys.clear();
    seen.keys.add(`${view.pageId}|${view.variant}|${view.hash}`);
  }
}

/**
 * Counts one view: the visitor's daily hash is computed, the view added to the batch that is gathering, and the
 * views written in one batch (repo.countViews, summed per page and day) after
 * `viewBatching.delayMs`: views that arrive meanwhile ride along, so under load one D1 round
 * trip counts many views. The view's promise (the caller's waitUntil) resolves once its batch is
 * written when this request opened the batch, at once when it joined another request's.
 */
export async function recordView(db: Db, view: ViewInput): Promise<void> {
  const day = utcDay(view.now);
  if (seen.day !== day) {
    // A new day: yesterday's salt and the hashes made with it leave the isolate's memory too.
    seen = { day, keys: new Set() };
    hashes.clear();
  }
  const hash = await visitorHash(await daySalt(db, day), view.ip, view.userAgent);
  const known = seen.keys.has(`${view.pageId}|${view.variant}|${hash}`);
  const counted: repo.CountedView = {
    pageId: view.pageId,
    variant: view.variant,
    day,
    hash: known ? null : hash,
    referrer: view.referrer,
    utmSource: view.utmSource,
  };
  const open = gathering;
  if (open && open.views.length < BATCH_VIEWS) {
    // Written by the request that opened the batch (its waitUntil): this request waits for
    // nothing of another's, whose promises workerd will not resolve into it safely.
    open.views.push(counted);
    if (open.views.length >= BATCH_VIEWS) gathering = undefined;
    return;
  }
  const batch: Batch = { views: [counted], written: Promise.resolve() };
  gathering = batch;
  batch.written = writeBatch(db, batch);
  return batch.written;
}

/**
 * The scheduled job's part: salts of days that are over, visitor hashes older than
 * yesterday (the counts stay in page_stats), and source rows older than SOURCES_KEPT_DAYS. Without its salt a hash identifies no one.
 */
export async function purgePastAnalytics(db: Db, now: Date): Promise<void> {
  const today = utcDay(now.getTime());
  const yesterday = utcDay(now.getTime() - DAY_MS);
  await repo.deletePastAnalytics(db, today, yesterday, utcDay(now.getTime() - SOURCES_KEPT_DAYS * DAY_MS));
  if (saltCache && saltCache.day < today) saltCache = undefined;
}

/**
 * The day's lead count + 1: a statement of the lead's own batch (leads/service.ts), made only
 * when the statement just before it (the lead's insert) changed a row: a lead written twice counts once.
 */
export function leadCountIfInsertedStatement(db: Db, pageId: string, variant: Variant, now: number) {
  return repo.leadStatUpsertIfInserted(db, pageId, variant, utcDay(now));
}

/* ---------- the weeks on the summaries ---------- */

/** Each funnel's last 7 days of views and leads (days without a row count 0): `(funnelId) => days`. */
export function funnelWeeks(db: Db, funnelIds: readonly string[], now: Date): Promise<(funnelId: string) => DailyCount[]> {
  return run(db, weeksOfFunnels(db, funnelIds.length === 0 ? undefined : () => repo.livePagesOf(funnelIds), now));
}

/**
 * The same for the funnels of the pages a subquery gives (a user's funnels: `funnelsRead` of
 * core batches it with the list, one statement, no list of ids).
 */
export function funnelWeeksRead(db: Db, pageIds: () => SQL, now: Date): Read<(funnelId: string) => DailyCount[]> {
  return weeksOfFunnels(db, () => repo.pagesAmong(pageIds()), now);
}

/** The funnels' weeks of the pages `pages` selects (none: no query); its SQL built only when the statement is. */
function weeksOfFunnels(db: Db, pages: (() => SQL) | undefined, now: Date): Read<(funnelId: string) => DailyCount[]> {
  const days = lastDays(now, 7);
  type Row = { funnelId: string; day: string; views: number; leads: number };
  const rows: Read<Row[]> = pages
    ? read(
        () => repo.funnelDailyStats(db, pages(), days[0]!),
        (all) => all,
      )
    : constant([]);
  return mapRead(rows, (all) => weeksBy(all, (d) => d.funnelId, days));
}

/** Each page's last 7 days of views and leads (both variants): `(pageId) => days`. */
export async function pageWeeks(db: Db, pageIds: readonly string[], now: Date): Promise<(pageId: string) => DailyCount[]> {
  const days = lastDays(now, 7);
  return weeksBy(await repo.pageDailySince(db, pageIds, days[0]!), (d) => d.pageId, days);
}

/* ---------- the report ---------- */

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
export async function analytics(db: Db, funnel: FunnelRow, days: 7 | 30 = 7, now = new Date()): Promise<AnalyticsReport> {
  const period = lastDays(now, days);
  const from = period[0]!;
  const to = period.at(-1)!;
  const pages = await repo.reportPagesOf(db, funnel.id);
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
    const hasB = page.hasB || b.totals.views > 0;
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
