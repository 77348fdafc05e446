import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledPosts } from '#worker/db/schema.ts';
import { publishDue, schedulePost, type PostOutcome } from '#worker/features/instagram/publish/service.ts';
import { publishedSince as publishedSinceQuery } from '#worker/features/instagram/publish/repo.ts';
import { ACCESS_TOKEN, FakeMeta, IG_USER_ID, accountRow, db, metaError, postOf, setup, type Setup } from '#worker/test/instagram-publish.ts';
import { latestMail } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

// The job's clock, on the whole minute of the test run: the signed picture link it makes expires
// relative to it, and the route that serves the picture checks that expiry against the real clock
// (a fixed date here made the test fail a few hours after it was written).
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60 * 1000;

// The file shares one database: every test starts with no post due from an earlier one.
beforeEach(async () => {
  await env.DB.prepare("UPDATE scheduled_posts SET status = 'canceled' WHERE status IN ('scheduled', 'publishing')").run();
});

function settled() {
  const calls: [string, PostOutcome][] = [];
  return { calls, onSettled: vi.fn((adId: string, outcome: PostOutcome) => void calls.push([adId, outcome])) };
}

async function schedule(s: Setup, kind: 'single' | 'carousel' | 'story' = 'single', caption = 'Spring is here ☕ #coffee') {
  return schedulePost(db(), env, { projectId: s.projectId, adId: s.adId, kind, creationIds: s.creationIds, caption, createdBy: s.owner.id }, T0);
}

function run(now: Date, onSettled: (adId: string, outcome: PostOutcome) => void, owner: string = crypto.randomUUID()) {
  return publishDue(db(), env, now, { owner, onSettled, origin: ORIGIN, pause: async () => {} });
}

describe('publishing flows against the Graph API', () => {
  it('publishes a single image: container, status, limit, media_publish, permalink', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    expect(await run(T0, done.onSettled)).toBe(1);

    expect(meta.kinds()).toEqual(['POST media', 'GET status', 'GET limit', 'POST publish', 'GET permalink']);
    for (const call of meta.calls) {
      expect(call.request.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(call.url).not.toContain(ACCESS_TOKEN);
    }
    const create = meta.params(meta.calls[0]!);
    expect(meta.calls[0]!.url).toBe(`https://graph.instagram.com/v23.0/${IG_USER_ID}/media`);
    expect(create.caption).toBe('Spring is here ☕ #coffee');
    expect(create.media_type).toBeUndefined();
    const imageUrl = String(create.image_url);
    expect(imageUrl).toMatch(new RegExp(`^${ORIGIN}/api/creations/${s.creationIds[0]}/signed\\?expires=\\d+&sig=`));
    // The picture Meta fetches: the creation's PNG, without a session.
    const picture = await send(imageUrl.slice(ORIGIN.length));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');

    const containerId = [...meta.containers.keys()][0]!;
    expect(meta.calls[1]!.url).toBe(`https://graph.instagram.com/v23.0/${containerId}?fields=status_code%2Cstatus`);
    expect(meta.calls[2]!.url).toContain(`/${IG_USER_ID}/content_publishing_limit?fields=quota_usage%2Cconfig`);
    expect(meta.params(meta.calls[3]!)).toEqual({ creation_id: containerId });

    const post = await postOf(s.adId);
    const mediaId = meta.containers.get(containerId)?.mediaId;
    expect(post).toMatchObject({
      status: 'published',
      containerId,
      mediaId,
      permalink: `https://www.instagram.com/p/${mediaId}/`,
      attempts: 0,
      errorClass: null,
      leaseOwner: null,
    });
    expect(post?.publishedAt?.toISOString()).toBe(T0.toISOString());
    expect(done.calls).toEqual([[s.adId, 'published']]);

    // Nothing is due any more.
    expect(await run(at(10 * MIN), done.onSettled)).toBe(0);
    expect(meta.count('POST publish')).toBe(1);
  });

  it('publishes a carousel: an item container per picture, then the CAROUSEL container with its children', async () => {
    const s = await setup({ count: 3, kind: 'carousel' });
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s, 'carousel', 'Three new blends');
    await run(T0, done.onSettled);

    expect(meta.kinds()).toEqual(['POST media', 'POST media', 'POST media', 'POST media', 'GET status', 'GET limit', 'POST publish', 'GET permalink']);
    const items = meta.calls.slice(0, 3).map((call) => meta.params(call));
    items.forEach((item, i) => {
      expect(item.is_carousel_item).toBe('true');
      expect(item.caption).toBeUndefined();
      expect(String(item.image_url)).toContain(`/api/creations/${s.creationIds[i]}/signed?`);
    });
    const childIds = [...meta.containers.keys()].slice(0, 3);
    const carousel = meta.params(meta.calls[3]!);
    expect(carousel).toEqual({ media_type: 'CAROUSEL', children: childIds.join(','), caption: 'Three new blends' });
    const post = await postOf(s.adId);
    expect(post?.childContainerIds).toEqual(childIds);
    expect(post?.containerId).toBe([...meta.containers.keys()][3]);
    expect(post?.status).toBe('published');
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('publishes a story: media_type STORIES, no caption', async () => {
    const s = await setup({ kind: 'story' });
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s, 'story');
    await run(T0, done.onSettled);
    const create = meta.params(meta.calls[0]!);
    expect(create.media_type).toBe('STORIES');
    expect(create.caption).toBeUndefined();
    expect(String(create.image_url)).toContain(`/api/creations/${s.creationIds[0]}/signed?`);
    expect((await postOf(s.adId))?.status).toBe('published');
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('waits for a scheduled time', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedulePost(
      db(),
      env,
      { projectId: s.projectId, adId: s.adId, kind: 'single', creationIds: s.creationIds, caption: 'Later', at: at(30 * MIN), createdBy: null },
      T0,
    );
    expect(await run(at(29 * MIN), done.onSettled)).toBe(0);
    expect(meta.calls).toHaveLength(0);
    expect(await run(at(30 * MIN), done.onSettled)).toBe(1);
    expect(meta.count('POST publish')).toBe(1);
  });
});

describe('exactly once', () => {
  it('two overlapping runs publish each post once', async () => {
    const a = await setup();
    const b = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(a);
    await schedule(b);
    const results = await Promise.all([run(T0, done.onSettled, 'run-1'), run(T0, done.onSettled, 'run-2'), run(T0, done.onSettled, 'run-3')]);
    expect(results.reduce((n, r) => n + r, 0)).toBe(2);
    expect(meta.count('POST publish')).toBe(2);
    expect(meta.count('POST media')).toBe(2);
    expect(done.calls.sort()).toEqual(
      [
        [a.adId, 'published'],
        [b.adId, 'published'],
      ].sort(),
    );
    expect((await postOf(a.adId))?.status).toBe('published');
    expect((await postOf(b.adId))?.status).toBe('published');
  });

  it('a run that died between container and publish is resumed by the next run after the lease: one media_publish', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    // The dead run: it claimed the post and stored the container it created, then stopped.
    meta.containers.set('17890000000000777', { status: 'FINISHED', params: { image_url: 'https://adloom.test/x', caption: 'Spring is here ☕ #coffee' } });
    await db()
      .update(scheduledPosts)
      .set({ status: 'publishing', leaseOwner: 'dead-run', leaseUntil: at(5 * MIN), containerId: '17890000000000777' })
      .where(eq(scheduledPosts.adId, s.adId));

    // While its lease holds, nobody touches it.
    expect(await run(at(4 * MIN), done.onSettled)).toBe(0);
    expect(meta.calls).toHaveLength(0);

    expect(await run(at(6 * MIN), done.onSettled)).toBe(1);
    expect(meta.kinds()).toEqual(['GET status', 'GET limit', 'POST publish', 'GET permalink']);
    expect(meta.params(meta.calls[2]!)).toEqual({ creation_id: '17890000000000777' });
    expect(await postOf(s.adId)).toMatchObject({ status: 'published', leaseOwner: null });
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('a run that died right after media_publish: the container is PUBLISHED, the next run never publishes again', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    // The first run gets as far as media_publish at Meta, but its answer is lost (timeout).
    meta.failNext((call) => call.url.endsWith('/media_publish'), 'timeout');
    const realPublish = meta.containers;
    await run(T0, done.onSettled, 'run-1');
    // Meta did publish (the timeout hid it): the fake marks its container published as Meta would have.
    const containerId = (await postOf(s.adId))?.containerId ?? '';
    const container = realPublish.get(containerId)!;
    container.status = 'PUBLISHED';
    container.mediaId = '17950000000000999';
    meta.media.set('17950000000000999', { caption: 'Spring is here ☕ #coffee', timestamp: T0.toISOString().replace(/\.\d+Z$/, '+0000') });
    expect(await postOf(s.adId)).toMatchObject({ status: 'scheduled', attempts: 1, errorClass: 'transient' });

    await run(at(2 * MIN), done.onSettled, 'run-2');
    // One media_publish request in total (the one whose answer was lost).
    expect(meta.count('POST publish')).toBe(1);
    expect(await postOf(s.adId)).toMatchObject({
      status: 'published',
      mediaId: '17950000000000999',
      permalink: 'https://www.instagram.com/p/17950000000000999/',
    });
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('a story whose media_publish answer was lost is found on the stories edge, not published again', async () => {
    const s = await setup({ kind: 'story' });
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s, 'story');
    meta.failNext((call) => call.url.endsWith('/media_publish'), 'timeout');
    await run(T0, done.onSettled, 'run-1');
    const container = meta.containers.get((await postOf(s.adId))?.containerId ?? '')!;
    container.status = 'PUBLISHED';
    meta.media.set('17950000000000555', { caption: '', timestamp: T0.toISOString().replace(/\.\d+Z$/, '+0000') });
    await run(at(2 * MIN), done.onSettled, 'run-2');
    expect(meta.calls.at(-1)?.url).toContain(`/${IG_USER_ID}/stories?`);
    expect(meta.count('POST publish')).toBe(1);
    expect(await postOf(s.adId)).toMatchObject({ status: 'published', mediaId: '17950000000000555' });
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('a container still IN_PROGRESS is left for the next run (stored, not recreated)', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.statusQueue.push('IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS');
    expect(await run(T0, done.onSettled)).toBe(0);
    const waiting = await postOf(s.adId);
    expect(waiting).toMatchObject({ status: 'scheduled', attempts: 0, leaseOwner: null });
    expect(waiting?.containerId).toBeTruthy();
    expect(waiting?.nextAttemptAt.getTime()).toBe(at(MIN).getTime());
    expect(done.calls).toEqual([]);

    expect(await run(at(MIN), done.onSettled)).toBe(1);
    expect(meta.count('POST media')).toBe(1);
    expect(meta.count('POST publish')).toBe(1);
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('publishDue with postId publishes only that post', async () => {
    const a = await setup();
    const b = await setup();
    const meta = new FakeMeta();
    const done = settled();
    const postA = await schedule(a);
    await schedule(b);
    expect(await publishDue(db(), env, T0, { owner: 'now', onSettled: done.onSettled, postId: postA.id, origin: ORIGIN, pause: async () => {} })).toBe(1);
    expect(meta.count('POST publish')).toBe(1);
    expect((await postOf(b.adId))?.status).toBe('scheduled');
  });
});

describe('Meta errors', () => {
  const isCreate = (call: { url: string; request: Request }) => call.request.method === 'POST' && call.url.endsWith('/media');

  it.each([
    ['transient (5xx)', metaError(500, 2, 'Service temporarily unavailable', { transient: true }), 'transient', 1],
    ['transient (code 1)', metaError(400, 1, 'An unknown error occurred'), 'transient', 1],
    ['transient (2207001)', metaError(400, -1, 'Instagram server error', { subcode: 2207001 }), 'transient', 1],
    ['rate limit (4)', metaError(400, 4, 'Application request limit reached', { transient: true }), 'rate_limit', 5],
    ['rate limit (17)', metaError(400, 17, 'User request limit reached'), 'rate_limit', 5],
    ['rate limit (613)', metaError(400, 613, 'Calls to this api have exceeded the rate limit.'), 'rate_limit', 5],
  ] as const)('%s → retried later with backoff', async (_name, reply, errorClass, minutes) => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.failNext(isCreate, reply);
    await run(T0, done.onSettled);
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'scheduled', attempts: 1, errorClass, leaseOwner: null });
    expect(post?.nextAttemptAt.getTime()).toBe(at(minutes * MIN).getTime());
    expect(post?.errorMessage).toMatch(/tried again/);
    expect(done.calls).toEqual([]);
    expect(meta.count('POST publish')).toBe(0);
    // Before the backoff nothing happens; after it, the retry publishes.
    expect(await run(at(minutes * MIN - 1), done.onSettled)).toBe(0);
    expect(await run(at(minutes * MIN), done.onSettled)).toBe(1);
    expect(await postOf(s.adId)).toMatchObject({ status: 'published', attempts: 1, errorClass: null, errorMessage: null });
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('a timeout is transient', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    await schedule(s);
    meta.failNext(isCreate, 'timeout');
    await run(T0, () => {});
    expect(await postOf(s.adId)).toMatchObject({ status: 'scheduled', attempts: 1, errorClass: 'transient' });
  });

  it.each([
    [
      'media fetch failed (2207052)',
      metaError(400, 9004, 'Only photo or video can be accepted as media type.', { subcode: 2207052 }),
      /could not fetch the picture/,
    ],
    ['aspect ratio (2207009)', metaError(400, 36003, 'The aspect ratio is not supported.', { subcode: 2207009 }), /aspect ratio/],
    ['unsupported format (2207026)', metaError(400, 36001, 'Unsupported format', { subcode: 2207026 }), /format/],
    ['image too large (2207004)', metaError(400, 36000, 'The image size is too large.', { subcode: 2207004 }), /too large/],
  ] as const)('%s → failed at once (media)', async (_name, reply, reason) => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.failNext(isCreate, reply);
    await run(T0, done.onSettled);
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'failed', attempts: 1, errorClass: 'media' });
    expect(post?.errorMessage).toMatch(reason);
    expect(done.calls).toEqual([[s.adId, 'failed']]);
    expect(await run(at(60 * MIN), done.onSettled)).toBe(0);
    expect(meta.count('POST publish')).toBe(0);
  });

  it('a container in ERROR is a media error', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.statusQueue.push('ERROR');
    await run(T0, done.onSettled);
    expect(await postOf(s.adId)).toMatchObject({ status: 'failed', errorClass: 'media' });
    expect(meta.count('POST publish')).toBe(0);
    expect(done.calls).toEqual([[s.adId, 'failed']]);
  });

  it('quota: the publishing limit is read before publishing; a full quota waits and retries', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.quotaUsage = 100;
    await run(T0, done.onSettled);
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'scheduled', attempts: 1, errorClass: 'quota' });
    expect(post?.errorMessage).toMatch(/limit of 100 posts per 24 hours/);
    expect(post?.nextAttemptAt.getTime()).toBe(at(60 * MIN).getTime());
    expect(meta.count('POST publish')).toBe(0);
    // The quota frees up: the stored container is published (not recreated).
    meta.quotaUsage = 12;
    await run(at(60 * MIN), done.onSettled);
    expect(meta.count('POST media')).toBe(1);
    expect(meta.count('POST publish')).toBe(1);
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });

  it('quota: 2207042 from media_publish is the quota class', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    await schedule(s);
    meta.failNext((call) => call.url.endsWith('/media_publish'), metaError(400, 9, 'Application request limit reached', { subcode: 2207042 }));
    await run(T0, () => {});
    expect(await postOf(s.adId)).toMatchObject({ status: 'scheduled', errorClass: 'quota', attempts: 1 });
  });

  it('190 (invalid token) → failed at once, the connection is marked broken and the owner told', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.failNext(
      isCreate,
      metaError(400, 190, 'Error validating access token: The session has been invalidated because the user changed their password.', { subcode: 460 }),
    );
    await run(T0, done.onSettled);
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'failed', errorClass: 'reconnect', attempts: 1 });
    expect(post?.errorMessage).toMatch(/Reconnect/);
    expect(await accountRow(s.accountId)).toMatchObject({ status: 'broken' });
    expect((await accountRow(s.accountId))?.brokenReason).toMatch(/Reconnect/);
    expect(await latestMail(s.owner.email, 'instagram_broken')).toBeTruthy();
    expect(done.calls).toEqual([[s.adId, 'failed']]);
    // A broken account schedules nothing new.
    await expect(schedule(s)).rejects.toMatchObject({ status: 409 });
  });

  it('an unknown error fails at once with the reason', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.failNext(isCreate, metaError(400, 100, 'Invalid parameter', { userMsg: 'The caption contains a blocked word.' }));
    await run(T0, done.onSettled);
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'failed', errorClass: 'unknown' });
    expect(post?.errorMessage).toContain('The caption contains a blocked word.');
    expect(done.calls).toEqual([[s.adId, 'failed']]);
    expect(meta.count('POST publish')).toBe(0);
  });

  it('at most 3 retries: the 4th transient failure fails the post with the reason in plain words', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    const outage = metaError(503, 2, 'Service temporarily unavailable', { transient: true });
    let now = T0;
    for (const [attempt, wait] of [
      [1, 1],
      [2, 5],
      [3, 15],
    ] as const) {
      meta.failNext(isCreate, outage);
      await run(now, done.onSettled);
      const post = await postOf(s.adId);
      expect(post).toMatchObject({ status: 'scheduled', attempts: attempt, errorClass: 'transient' });
      expect(post?.nextAttemptAt.getTime()).toBe(now.getTime() + wait * MIN);
      now = new Date(now.getTime() + wait * MIN);
    }
    meta.failNext(isCreate, outage);
    await run(now, done.onSettled);
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'failed', attempts: 4, errorClass: 'transient' });
    expect(post?.errorMessage).toBe('Gave up after 4 attempts. Instagram had a temporary problem.');
    expect(done.calls).toEqual([[s.adId, 'failed']]);
    expect(await run(new Date(now.getTime() + 60 * MIN), done.onSettled)).toBe(0);
    expect(meta.count('POST media')).toBe(4);
    expect(meta.count('POST publish')).toBe(0);
  });

  it('a deleted creation fails as a media error without calling Meta', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    await env.DB.prepare('UPDATE creations SET deleted_at = ? WHERE id = ?').bind(T0.getTime(), s.creationIds[0]).run();
    await run(T0, done.onSettled);
    expect(await postOf(s.adId)).toMatchObject({ status: 'failed', errorClass: 'media' });
    expect(meta.calls).toHaveLength(0);
  });

  it('a disconnected account fails the post (reconnect) without calling Meta', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    await env.DB.prepare('DELETE FROM instagram_accounts WHERE id = ?').bind(s.accountId).run();
    await run(T0, done.onSettled);
    expect(await postOf(s.adId)).toMatchObject({ status: 'failed', errorClass: 'reconnect' });
    expect(meta.calls).toHaveLength(0);
    expect(done.calls).toEqual([[s.adId, 'failed']]);
  });

  it('a stored container found EXPIRED on resume is a media error, never published', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    meta.statusQueue.push('IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'EXPIRED');
    await run(T0, done.onSettled);
    await run(at(MIN), done.onSettled);
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'failed', errorClass: 'media' });
    expect(post?.errorMessage).toMatch(/expired/);
    expect(meta.count('POST publish')).toBe(0);
    expect(done.calls).toEqual([[s.adId, 'failed']]);
  });

  it('a real account without a known https origin fails at once with the reason (Meta could not fetch the picture)', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedule(s);
    await publishDue(db(), env, T0, { owner: 'cron', onSettled: done.onSettled, pause: async () => {} });
    const post = await postOf(s.adId);
    expect(post).toMatchObject({ status: 'failed', errorClass: 'unknown', attempts: 1 });
    expect(post?.errorMessage).toMatch(/public https address/);
    expect(meta.calls).toHaveLength(0);
  });

  it('a post keeps the address it was scheduled from: the cron (which knows none) gives Meta links to this site', async () => {
    const s = await setup();
    const meta = new FakeMeta();
    const done = settled();
    await schedulePost(
      db(),
      env,
      { projectId: s.projectId, adId: s.adId, kind: 'single', creationIds: s.creationIds, caption: 'Later', createdBy: s.owner.id, origin: ORIGIN },
      T0,
    );
    await publishDue(db(), env, T0, { owner: 'cron', onSettled: done.onSettled, pause: async () => {} });
    expect(meta.kinds()).toContain('POST publish');
    const create = meta.params(meta.calls[0]!);
    expect(String(create.image_url)).toMatch(new RegExp(`^${ORIGIN}/api/creations/${s.creationIds[0]}/signed\\?`));
    expect((await postOf(s.adId))?.status).toBe('published');
    expect(done.calls).toEqual([[s.adId, 'published']]);
  });
});

describe('the look for newly published posts', () => {
  it('reads a range of published posts by time through its index, not every published post ever', async () => {
    const query = publishedSinceQuery(db(), new Date('2026-11-01T00:00:00Z'), 50).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    expect(results.map((row) => row.detail).join('\n')).toMatch(
      /SEARCH scheduled_posts USING INDEX scheduled_posts_published_idx \(status=\? AND published_at>\?\)/,
    );
  });
});
