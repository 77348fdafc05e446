import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { instagramAccounts, instagramSandboxMedia } from '#worker/db/schema.ts';
import { NEVER, PAUSE_MS, refreshInsights } from '#worker/features/instagram/insights/service.ts';
import { classifyInsightsError, figuresOf, usageOf } from '#worker/features/instagram/insights/graph-insights.ts';
import { sandboxFigures } from '#worker/features/instagram/insights/sandbox-insights.ts';
import { interceptHost, type Intercepted } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';
import { ACCESS_TOKEN, accountRow, db, metaError, setup } from '#worker/test/instagram-publish.ts';
import { forgetInsights, insightOf, insightsBody, pauseOf, publishedPost, publishedSandboxPost } from '#worker/test/instagram-insights.ts';

const T0 = new Date(Date.UTC(2026, 11, 1, 12, 0, 0));
const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeEach(forgetInsights);

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** graph.instagram.com at the fetch boundary: each media id answers from `answers` (a function of the call number). */
function fakeGraph(answer: (mediaId: string, call: Intercepted) => Answer) {
  return interceptHost('graph.instagram.com', (call) => {
    const mediaId = new URL(call.url).pathname.split('/')[2] ?? '';
    const { status, body, headers } = answer(mediaId, call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  });
}

const FEED = { reach: 1520, likes: 98, comments: 12, saved: 31, shares: 7, views: 2380 };
const run = (now: Date, batch?: number) => refreshInsights(db(), env, now, batch ? { batch } : {});

describe('reading insights from the Graph API', () => {
  it('reads a single post with its metrics, stores them and reads again 30 minutes later', async () => {
    const s = await setup();
    const post = await publishedPost(s, { publishedAt: at(-2 * HOUR) });
    const calls = fakeGraph((id) => ({ status: 200, body: insightsBody(id, FEED) }));
    expect(await run(T0)).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`https://graph.instagram.com/v23.0/${post.mediaId}/insights?metric=reach%2Clikes%2Ccomments%2Csaved%2Cshares%2Cviews`);
    expect(calls[0]!.request.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(calls[0]!.url).not.toContain(ACCESS_TOKEN);
    expect(await insightOf(post.postId)).toMatchObject({
      state: 'ok',
      reach: 1520,
      likes: 98,
      comments: 12,
      saves: 31,
      shares: 7,
      views: 2380,
      fetchedAt: T0,
      nextFetchAt: at(30 * MIN),
      adId: post.adId,
      mediaId: post.mediaId,
    });
    expect(await run(at(10 * MIN))).toBe(0);
    expect(calls).toHaveLength(1);
    expect(await run(at(31 * MIN))).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('asks a carousel for the feed metrics and a story for reach, shares and views only', async () => {
    const s = await setup();
    const carousel = await publishedPost(s, { kind: 'carousel', publishedAt: at(-3 * 24 * HOUR) });
    const story = await publishedPost(s, { kind: 'story', publishedAt: at(-2 * HOUR) });
    const calls = fakeGraph((id) =>
      id === story.mediaId ? { status: 200, body: insightsBody(id, { reach: 310, shares: 2, views: 420 }) } : { status: 200, body: insightsBody(id, FEED) },
    );
    expect(await run(T0)).toBe(2);
    const metrics = Object.fromEntries(calls.map((c) => [new URL(c.url).pathname.split('/')[2], new URL(c.url).searchParams.get('metric')]));
    expect(metrics[carousel.mediaId]).toBe('reach,likes,comments,saved,shares,views');
    expect(metrics[story.mediaId]).toBe('reach,shares,views');
    expect(await insightOf(story.postId)).toMatchObject({ reach: 310, shares: 2, views: 420, likes: null, comments: null, saves: null });
    // A three-day-old post is read again in 3 hours.
    expect((await insightOf(carousel.postId))?.nextFetchAt).toEqual(at(3 * HOUR));
  });

  it('stops asking about a story after its 24 hours and about a post after 30 days', async () => {
    const s = await setup();
    const story = await publishedPost(s, { kind: 'story', publishedAt: at(-23 * HOUR - 45 * MIN) });
    const calls = fakeGraph((id) => ({ status: 200, body: insightsBody(id, { reach: 5, shares: 0, views: 9 }) }));
    await run(T0);
    expect(calls).toHaveLength(1);
    // Its next reading would fall after the 24 hours: none.
    expect((await insightOf(story.postId))?.nextFetchAt).toEqual(NEVER);
    // A post published 31 days ago is never met.
    const old = await publishedPost(s, { publishedAt: at(-31 * 24 * HOUR) });
    await run(at(MIN));
    expect(await insightOf(old.postId)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('keeps the figures Meta withholds (#10 not enough viewers) as none, and reads on', async () => {
    const s = await setup();
    const post = await publishedPost(s, { publishedAt: at(-HOUR) });
    fakeGraph(() => metaError(400, 10, '(#10) Not enough viewers for the media to show insights') as Answer);
    await run(T0);
    expect(await insightOf(post.postId)).toMatchObject({ state: 'ok', reach: null, likes: null, nextFetchAt: at(30 * MIN) });
  });

  it('marks the connection broken on an expired token (190) and shows the post waiting for a reconnect', async () => {
    const s = await setup();
    const post = await publishedPost(s, { publishedAt: at(-HOUR) });
    fakeGraph(() => metaError(400, 190, 'Error validating access token: Session has expired on Tuesday, 01-Dec-26.', { subcode: 463 }) as Answer);
    await run(T0);
    expect(await insightOf(post.postId)).toMatchObject({ state: 'reconnect', nextFetchAt: at(6 * HOUR) });
    expect((await accountRow(s.accountId))?.status).toBe('broken');
    const answer = await send(`/api/ads/${post.adId}/insights`, { cookie: s.owner.cookie });
    expect(await answer.json()).toMatchObject({ reconnect: true, insight: { state: 'reconnect' } });
  });

  it('stops asking about a media deleted on Instagram (100/33)', async () => {
    const s = await setup();
    const post = await publishedPost(s, { publishedAt: at(-HOUR) });
    const calls = fakeGraph(
      (id) =>
        metaError(
          400,
          100,
          `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
          {
            subcode: 33,
          },
        ) as Answer,
    );
    await run(T0);
    expect(await insightOf(post.postId)).toMatchObject({ state: 'gone', nextFetchAt: NEVER });
    await run(at(24 * HOUR));
    expect(calls).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('pauses the account on code 4 for Meta’s estimated time, skips its other posts, and resumes after', async () => {
    const s = await setup();
    const a = await publishedPost(s, { publishedAt: at(-2 * HOUR) });
    await publishedPost(s, { publishedAt: at(-HOUR) });
    let limited = true;
    const usage = JSON.stringify({
      '17841405822304914': [{ type: 'instagram', call_count: 100, total_cputime: 12, total_time: 20, estimated_time_to_regain_access: 40 }],
    });
    const calls = fakeGraph((id) =>
      limited
        ? {
            ...(metaError(400, 4, 'Application request limit reached', { transient: true }) as { status: number; body: unknown }),
            headers: { 'x-business-use-case-usage': usage },
          }
        : { status: 200, body: insightsBody(id, FEED) },
    );
    expect(await run(T0)).toBe(0);
    expect(calls).toHaveLength(1);
    expect(await pauseOf(s.accountId)).toEqual({ accountId: s.accountId, pausedUntil: at(40 * MIN), strikes: 1 });
    expect((await insightOf(a.postId))?.nextFetchAt).toEqual(at(40 * MIN));
    // Respected by the next runs.
    expect(await run(at(20 * MIN))).toBe(0);
    expect(calls).toHaveLength(1);
    limited = false;
    expect(await run(at(41 * MIN))).toBe(2);
    // A reading that succeeds clears the strikes.
    expect(await pauseOf(s.accountId)).toBeUndefined();
  });

  it('doubles the pause on each rate-limit answer in a row (17, 32, 613)', async () => {
    const s = await setup();
    await publishedPost(s, { publishedAt: at(-HOUR) });
    const codes = [17, 32, 613];
    let i = 0;
    fakeGraph(() => metaError(400, codes[i++] ?? 17, 'User request limit reached') as Answer);
    await run(T0);
    expect(await pauseOf(s.accountId)).toMatchObject({ strikes: 1, pausedUntil: at(PAUSE_MS) });
    await run(at(PAUSE_MS));
    expect(await pauseOf(s.accountId)).toMatchObject({ strikes: 2, pausedUntil: at(PAUSE_MS + 2 * PAUSE_MS) });
    await run(at(3 * PAUSE_MS));
    expect(await pauseOf(s.accountId)).toMatchObject({ strikes: 3, pausedUntil: at(3 * PAUSE_MS + 4 * PAUSE_MS) });
  });

  it('rests an account whose usage headers are near the quota, after keeping the answer', async () => {
    const s = await setup();
    const a = await publishedPost(s, { publishedAt: at(-2 * HOUR) });
    const b = await publishedPost(s, { publishedAt: at(-HOUR) });
    const calls = fakeGraph((id) => ({
      status: 200,
      body: insightsBody(id, FEED),
      headers: { 'x-app-usage': '{"call_count":95,"total_time":20,"total_cputime":10}' },
    }));
    expect(await run(T0)).toBe(1);
    expect(calls).toHaveLength(1);
    expect((await insightOf(a.postId))?.state).toBe('ok');
    expect((await insightOf(b.postId))?.state).toBe('pending');
    expect((await pauseOf(s.accountId))?.pausedUntil).toEqual(at(PAUSE_MS));
  });

  it('stores 20 concurrent pauses of one account as one row: every strike counted, the latest time kept', async () => {
    const s = await setup();
    const { pause } = await import('#worker/features/instagram/insights/repo.ts');
    await Promise.all(Array.from({ length: 20 }, (_, i) => pause(db(), s.accountId, at(i * MIN))));
    expect(await pauseOf(s.accountId)).toEqual({ accountId: s.accountId, pausedUntil: at(19 * MIN), strikes: 20 });
  });
});

describe('the job’s selection', () => {
  it('reads at most a batch per run, the oldest reading first, and 20 overlapping runs read each post once', async () => {
    const s = await setup({ account: 'sandbox' });
    const posts = [];
    for (let i = 0; i < 25; i += 1) posts.push(await publishedSandboxPost(s, at(-(i + 1) * HOUR)));
    expect(await run(T0, 10)).toBe(10);
    const read = await Promise.all(Array.from({ length: 20 }, () => run(T0, 25)));
    expect(read.reduce((a, b) => a + b, 0)).toBe(15);
    for (const p of posts) expect((await insightOf(p.postId))?.fetchedAt).toEqual(T0);
  });
});

describe('the sandbox', () => {
  it('gives plausible numbers, the same for a post at the same age, growing with it', () => {
    const day1 = sandboxFigures('post-a', 'single', 24 * HOUR);
    expect(sandboxFigures('post-a', 'single', 24 * HOUR)).toEqual(day1);
    const day7 = sandboxFigures('post-a', 'single', 7 * 24 * HOUR);
    for (const key of ['reach', 'likes', 'views'] as const) expect(day7[key]!).toBeGreaterThanOrEqual(day1[key]!);
    expect(day1.reach).toBeGreaterThan(0);
    expect(day1.likes!).toBeLessThan(day1.reach!);
    expect(day1.views!).toBeGreaterThan(day1.reach!);
    expect(sandboxFigures('post-b', 'single', 24 * HOUR)).not.toEqual(day1);
    // A post's first followers see it at once: a little reach from the first minute.
    const first = sandboxFigures('post-a', 'single', 0).reach!;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(day1.reach! / 10);
    expect(sandboxFigures('post-a', 'story', 3 * HOUR)).toMatchObject({ likes: null, comments: null, saves: null });
  });

  it('reads the sandbox account through the same job, and a post gone from the sandbox as Meta’s deleted media', async () => {
    const s = await setup({ account: 'sandbox' });
    const post = await publishedSandboxPost(s, at(-5 * HOUR));
    const calls = interceptHost('graph.instagram.com', () => new Response('{}'));
    await run(T0);
    expect(calls).toHaveLength(0);
    const row = await insightOf(post.postId);
    expect(row).toMatchObject({ state: 'ok', ...sandboxFigures(post.postId, 'single', 5 * HOUR) });
    await db().delete(instagramSandboxMedia).where(eq(instagramSandboxMedia.mediaId, post.mediaId));
    await run(at(31 * MIN));
    expect(await insightOf(post.postId)).toMatchObject({ state: 'gone', nextFetchAt: NEVER, reach: row?.reach });
  });

  it('leaves a post whose account was disconnected waiting for a reconnect', async () => {
    const s = await setup({ account: 'sandbox' });
    const post = await publishedSandboxPost(s, at(-HOUR));
    await db().update(instagramAccounts).set({ status: 'broken' }).where(eq(instagramAccounts.id, s.accountId));
    await run(T0);
    expect(await insightOf(post.postId)).toMatchObject({ state: 'reconnect', nextFetchAt: at(6 * HOUR) });
  });
});

describe('Meta’s shapes', () => {
  it('reads values[0].value and total_value.value, skips what it did not ask for and nonsense', () => {
    expect(
      figuresOf('single', {
        data: [
          { name: 'reach', period: 'lifetime', values: [{ value: 12 }] },
          { name: 'views', total_value: { value: 30 } },
          { name: 'impressions', values: [{ value: 99 }] },
          { name: 'likes', values: [{ value: -3 }] },
          { name: 'saved', values: [{ value: 'x' }] },
          null,
        ],
      }),
    ).toEqual({ reach: 12, likes: null, comments: null, saves: null, shares: null, views: 30 });
    expect(figuresOf('story', { data: [{ name: 'likes', values: [{ value: 4 }] }] }).likes).toBeNull();
    expect(figuresOf('single', 'not json')).toMatchObject({ reach: null });
  });

  it('sorts error answers', () => {
    expect(classifyInsightsError(400, { error: { code: 190, message: 'x' } }).failure).toBe('reconnect');
    for (const code of [4, 17, 32, 613, 80002]) expect(classifyInsightsError(400, { error: { code } }).failure).toBe('rate_limit');
    expect(classifyInsightsError(429, undefined).failure).toBe('rate_limit');
    expect(classifyInsightsError(400, { error: { code: 100, error_subcode: 33 } }).failure).toBe('gone');
    expect(classifyInsightsError(400, { error: { code: 100, error_subcode: 2108006 } }).failure).toBe('gone');
    expect(classifyInsightsError(403, { error: { code: 10, message: '(#10) Application does not have permission for this action' } }).failure).toBe(
      'permission',
    );
    expect(classifyInsightsError(500, {}).failure).toBe('transient');
    expect(classifyInsightsError(400, { error: { code: 100 } }).failure).toBe('unknown');
  });

  it('reads the usage headers', () => {
    const headers = new Headers({
      'x-app-usage': '{"call_count":12,"total_time":40,"total_cputime":3}',
      'x-business-use-case-usage': '{"178":[{"type":"instagram","call_count":70,"total_cputime":1,"total_time":2,"estimated_time_to_regain_access":0}]}',
    });
    expect(usageOf(headers)).toEqual({ percent: 70, regainMinutes: 0 });
    expect(usageOf(new Headers({ 'x-app-usage': 'not json' }))).toEqual({ percent: 0, regainMinutes: 0 });
  });
});
