import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { analyticsSalts, pageStats, pageVisitors } from '#worker/db/schema.ts';
import {
  cleanSource,
  countsAsView,
  daySalt,
  forgetSalt,
  isBotAgent,
  isPrefetch,
  recordView,
  referrerHost,
  utcDay,
  viewBatching,
  visitorHash,
} from '#worker/features/funnels/analytics/service.ts';
import { OTHER_SOURCE, SOURCE_CAP, countViews, upsertSalt } from '#worker/features/funnels/analytics/repo.ts';
import { purgeExpiredRecords } from '#worker/jobs/index.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { brokenDb } from '#worker/test/broken-db.ts';
import { heroBlock, pageDoc, seedFunnel } from '#worker/test/funnels-edge.ts';
import { deferred, heldD1 } from '#worker/test/held-d1.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
const DAY = 86_400_000;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let projectId: string;
let pageId: string;
let otherPageId: string;

beforeAll(async () => {
  // Each view is written before its response is handed back (send() waits for waitUntil): no gathering delay.
  viewBatching.delayMs = 0;
  const owner = await createUser();
  const project = await createProject(owner);
  projectId = project.id;
  const funnel = await seedFunnel(project.id, { pages: [{ slug: 'days', a: pageDoc([heroBlock('Days')]) }] });
  pageId = funnel.pages[0]!.id;
  const other = await seedFunnel(project.id, { pages: [{ slug: 'batch', a: pageDoc([heroBlock('Batch')]) }] });
  otherPageId = other.pages[0]!.id;
});

describe('who counts', () => {
  it('tells people from bots, link unfurlers and prefetches', () => {
    expect(isBotAgent(BROWSER)).toBe(false);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      '',
      null,
    ])
      expect(isBotAgent(agent), String(agent)).toBe(true);
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true);
    expect(isPrefetch(new Headers({ 'x-moz': 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({ purpose: 'preview' }))).toBe(true);
    expect(isPrefetch(new Headers({ accept: 'text/html' }))).toBe(false);
    expect(countsAsView('GET', new Headers({ 'user-agent': BROWSER }))).toBe(true);
    expect(countsAsView('HEAD', new Headers({ 'user-agent': BROWSER }))).toBe(false);
  });

  it('keeps external referrer hosts and clean UTM sources only', () => {
    expect(referrerHost('https://www.Google.com/search?q=coffee', 'adloom.test')).toBe('www.google.com');
    expect(referrerHost('https://adloom.test/p/x', 'adloom.test:443')).toBeNull();
    expect(referrerHost('android-app://com.google.android.gm/', 'adloom.test')).toBeNull();
    expect(referrerHost('not a url', 'adloom.test')).toBeNull();
    expect(referrerHost(undefined, 'adloom.test')).toBeNull();
    expect(cleanSource('  NewsLetter ')).toBe('newsletter');
    expect(cleanSource('\ud800x')).toBe('\ufffdx');
    expect(cleanSource('x'.repeat(500))).toHaveLength(100);
    expect(cleanSource('   ')).toBeNull();
  });
});

describe('unique visitors by a daily salt', () => {
  it('keeps the salt, not the pending query: a first use while another is held resolves on its own, and they agree', async () => {
    const day = '2026-05-01';
    forgetSalt();
    const held = heldD1(env.DB, 'all');
    try {
      const first = daySalt(getDb(held.d1), day);
      await held.reached;
      // Another request's first use: it must not await the held request's query (workerd would
      // cancel that continuation once the first request ends), so it reads the salt itself.
      const second = await daySalt(db(), day);
      expect(held.calls).toBe(1);
      held.release();
      expect(await first).toBe(second);
      // Kept as a value: no query at all now.
      expect(await daySalt(getDb(brokenDb('D1 is down')), day)).toBe(second);
    } finally {
      held.release();
    }
  });

  it('one visitor is one per day: the same hash within a day, another the next day; the salt is made once per day', async () => {
    const day1 = Date.parse('2026-03-10T10:00:00Z');
    const day2 = day1 + DAY;
    const view = { pageId, variant: 'a' as const, ip: '192.0.2.1', userAgent: BROWSER, referrer: null, utmSource: null };
    await recordView(db(), { ...view, now: day1 });
    await recordView(db(), { ...view, now: day1 + 3_600_000 });
    await recordView(db(), { ...view, ip: '192.0.2.2', now: day1 + 7_200_000 });
    await recordView(db(), { ...view, now: day2 });
    const rows = await db().select().from(pageStats).where(eq(pageStats.pageId, pageId)).orderBy(pageStats.day).all();
    expect(rows.map((r) => [r.day, r.views, r.visitors])).toEqual([
      ['2026-03-10', 3, 2],
      ['2026-03-11', 1, 1],
    ]);
    const salt1 = await daySalt(db(), '2026-03-10');
    const salt2 = await daySalt(db(), '2026-03-11');
    expect(salt1).not.toBe(salt2);
    expect(await visitorHash(salt1, '192.0.2.1', BROWSER)).not.toBe(await visitorHash(salt2, '192.0.2.1', BROWSER));
    // Concurrent first uses of a new day (other isolates: each with its own candidate) agree on one salt.
    const salts = await Promise.all(Array.from({ length: 20 }, (_, i) => upsertSalt(getDb(env.DB), '2026-03-12', `candidate-${i}`)));
    expect(new Set(salts.map((row) => row!.salt)).size).toBe(1);
    forgetSalt();
    expect(await daySalt(db(), '2026-03-12')).toBe(salts[0]!.salt);
  });

  it('the scheduled job forgets the salts of past days and the hashes before yesterday; the counts stay', async () => {
    const now = new Date('2026-03-20T00:00:30Z');
    const view = { pageId, variant: 'b' as const, ip: '192.0.2.9', userAgent: BROWSER, referrer: null, utmSource: null };
    for (const at of ['2026-03-17T12:00:00Z', '2026-03-18T12:00:00Z', '2026-03-19T12:00:00Z', '2026-03-20T00:00:10Z'])
      await recordView(db(), { ...view, now: Date.parse(at) });
    await purgeExpiredRecords(env, now);
    const salts = (await db().select({ day: analyticsSalts.day }).from(analyticsSalts).all()).map((r) => r.day);
    expect(salts.every((day) => day >= '2026-03-20')).toBe(true);
    expect(salts).toContain('2026-03-20');
    const days = (await db().select({ day: pageVisitors.day }).from(pageVisitors).where(eq(pageVisitors.pageId, pageId)).all()).map((r) => r.day).sort();
    expect(days).toEqual(['2026-03-19', '2026-03-20']);
    const counts = await db().select().from(pageStats).where(eq(pageStats.variant, 'b')).orderBy(pageStats.day).all();
    expect(counts.map((r) => [r.day, r.views, r.visitors])).toEqual([
      ['2026-03-17', 1, 1],
      ['2026-03-18', 1, 1],
      ['2026-03-19', 1, 1],
      ['2026-03-20', 1, 1],
    ]);
    expect(utcDay(now.getTime())).toBe('2026-03-20');
  });
});

describe('views gathered in batches (viewBatching.delayMs > 0)', () => {
  const DELAY = 50;
  const pageStatsOf = (id: string) => db().select().from(pageStats).where(eq(pageStats.pageId, id)).get();

  /** Resolves once `count` of `promises` have resolved (without waiting for the others). */
  function whenResolved(promises: Promise<unknown>[], count: number): Promise<void> {
    const reached = deferred();
    let resolved = 0;
    for (const promise of promises)
      void promise.then(() => {
        resolved += 1;
        if (resolved === count) reached.resolve();
      });
    return reached.promise;
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    viewBatching.delayMs = DELAY;
  });
  afterEach(() => {
    viewBatching.delayMs = 0;
    vi.useRealTimers();
  });

  it('the views that join a batch resolve at once, before it is written; the view that opened it writes them all, counted exactly', async () => {
    const held = heldD1(env.DB, 'batch');
    try {
      const now = Date.parse('2026-04-02T09:00:00Z');
      const views = Array.from({ length: 30 }, (_, i) =>
        recordView(getDb(held.d1), {
          pageId: otherPageId,
          variant: 'a',
          now,
          ip: `192.0.2.${i % 3}`,
          userAgent: BROWSER,
          referrer: i % 2 ? 'news.example' : null,
          utmSource: null,
        }),
      );
      // 29 views joined the batch the first one opened and returned: no wait for the delay or the write.
      await whenResolved(views, 29);
      expect(held.calls).toBe(0);
      await vi.advanceTimersByTimeAsync(DELAY);
      // The opener writes once the delay is over, and its own promise (its waitUntil) waits for that write.
      await held.reached;
      expect(held.calls).toBe(1);
      let all = false;
      void Promise.all(views).then(() => (all = true));
      await Promise.resolve();
      expect(all).toBe(false);
      expect(await pageStatsOf(otherPageId)).toBeUndefined();
      held.release();
      await Promise.all(views);
    } finally {
      held.release();
    }
    expect(await pageStatsOf(otherPageId)).toMatchObject({ views: 30, visitors: 3 });
    const sources = await env.DB.prepare('SELECT value, count FROM page_sources WHERE page_id = ?').bind(otherPageId).all();
    expect(sources.results).toEqual([{ value: 'news.example', count: 15 }]);
  });

  it("views of requests sent at once are all counted: the joining requests end before the batch is written, the opening request's waitUntil writes it", async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'rush', a: pageDoc([heroBlock('Rush')]) }] });
    const id = funnel.pages[0]!.id;
    const path = `/p/${funnel.name}/rush`;
    // Cached first by a crawler (not a view), so that the requests below are served from the cache.
    expect((await send(path, { headers: { 'user-agent': 'curl/8.5.0' } })).status).toBe(200);
    const requests = Array.from({ length: 12 }, (_, i) => send(path, { headers: { 'user-agent': BROWSER, 'cf-connecting-ip': `198.51.100.${i + 1}` } }));
    // send() waits for the request's waitUntil: 11 requests ended while their views wait in the batch.
    await whenResolved(requests, 11);
    expect(await pageStatsOf(id)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect((await Promise.all(requests)).map((response) => response.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await pageStatsOf(id)).toMatchObject({ views: 12, visitors: 12 });
  });
});

describe('sources are capped per page, variant, day and kind', () => {
  it('keeps at most SOURCE_CAP distinct values a day, even for 20 concurrent batches; the rest count in (other), known values keep counting', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const funnel = await seedFunnel(project.id, { pages: [{ slug: 'junk', a: pageDoc([heroBlock('Junk')]) }] });
    const page = funnel.pages[0]!.id;
    const day = '2026-05-01';
    const view = (utmSource: string, referrer: string | null = null) => ({ pageId: page, variant: 'a' as const, day, hash: null, referrer, utmSource });
    // 20 concurrent batches (as many isolates would write), 10 new random values each: 200 values.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        countViews(
          db(),
          Array.from({ length: 10 }, (_, j) => view(`junk-${i}-${j}`)),
        ),
      ),
    );
    const rows = async (kind: string) =>
      (
        await env.DB.prepare('SELECT value, count FROM page_sources WHERE page_id = ? AND day = ? AND kind = ?')
          .bind(page, day, kind)
          .all<{ value: string; count: number }>()
      ).results;
    let utm = await rows('utm_source');
    expect(utm.filter((r) => r.value !== OTHER_SOURCE)).toHaveLength(SOURCE_CAP);
    expect(utm.find((r) => r.value === OTHER_SOURCE)?.count).toBe(200 - SOURCE_CAP);
    expect(utm.reduce((sum, r) => sum + r.count, 0)).toBe(200);
    // A value already kept still counts; a new one goes to (other); referrers have their own cap.
    const kept = utm.find((r) => r.value !== OTHER_SOURCE)!.value;
    await countViews(db(), [view(kept), view(kept), view('brand-new', 'news.example')]);
    utm = await rows('utm_source');
    expect(utm).toHaveLength(SOURCE_CAP + 1);
    expect(utm.find((r) => r.value === kept)?.count).toBe(3);
    expect(utm.find((r) => r.value === OTHER_SOURCE)?.count).toBe(201 - SOURCE_CAP);
    expect(await rows('referrer')).toEqual([{ value: 'news.example', count: 1 }]);
    // Another day starts empty.
    await countViews(db(), [{ ...view('brand-new'), day: '2026-05-02' }]);
    const next = await env.DB.prepare('SELECT value, count FROM page_sources WHERE page_id = ? AND day = ?').bind(page, '2026-05-02').all();
    expect(next.results).toEqual([{ value: 'brand-new', count: 1 }]);
  });

  it('the scheduled job deletes source rows older than 400 days', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const funnel = await seedFunnel(project.id, { pages: [{ slug: 'old', a: pageDoc([heroBlock('Old')]) }] });
    const page = funnel.pages[0]!.id;
    const view = (day: string) => ({ pageId: page, variant: 'a' as const, day, hash: null, referrer: 'old.example', utmSource: null });
    await countViews(db(), [view('2025-01-01'), view('2026-01-01')]);
    await purgeExpiredRecords(env, new Date('2026-03-01T00:00:00Z'));
    const days = await env.DB.prepare('SELECT day FROM page_sources WHERE page_id = ?').bind(page).all();
    expect(days.results).toEqual([{ day: '2026-01-01' }]);
  });
});
