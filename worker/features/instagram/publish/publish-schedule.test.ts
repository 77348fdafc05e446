import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ads, instagramAccounts, scheduledPosts } from '#worker/db/schema.ts';
import decodeJpeg, { init as initJpegDecoder } from '@jsquash/jpeg/decode.js';
import jpegDecoderWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import { pngToJpeg } from '#worker/features/creatives/render/jpeg.ts';
import { signedCreationUrl } from '#worker/features/creatives/core/service.ts';
import { solidPng } from '#worker/test/png.ts';
import { cancelScheduled, postsFor, publishDue, schedulePost } from '#worker/features/instagram/publish/service.ts';
import { FakeMeta, db, postOf, setup, type Setup } from '#worker/test/instagram-publish.ts';
import { upsertAccount } from '#worker/features/instagram/connection/repo.ts';
import { connectSandbox } from '#worker/features/instagram/connection/service.ts';
import { settleStrandedAds } from '#worker/features/ads/core/service.ts';
import { publishDuePosts } from '#worker/jobs/index.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

// The job's clock on the whole minute of the run (signed links made from it are checked against the real clock).
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;

beforeEach(async () => {
  await env.DB.prepare("UPDATE scheduled_posts SET status = 'canceled' WHERE status IN ('scheduled', 'publishing')").run();
});

function input(s: Setup, extra: { at?: Date; kind?: 'single' | 'carousel' | 'story'; creationIds?: string[] } = {}) {
  return {
    projectId: s.projectId,
    adId: s.adId,
    kind: extra.kind ?? ('single' as const),
    creationIds: extra.creationIds ?? s.creationIds,
    caption: 'Spring is here ☕',
    createdBy: s.owner.id,
    ...(extra.at ? { at: extra.at } : {}),
  };
}

describe('schedulePost', () => {
  it('schedules now or later and answers the AdPost', async () => {
    const s = await setup();
    const post = await schedulePost(db(), env, input(s, { at: new Date(T0.getTime() + 3 * DAY) }), T0);
    expect(post).toEqual({
      id: expect.any(String),
      status: 'scheduled',
      kind: 'single',
      scheduledAt: new Date(T0.getTime() + 3 * DAY).toISOString(),
      publishedAt: null,
      permalink: null,
      attempts: 0,
      errorClass: null,
      error: null,
      sandbox: false,
      username: 'northwind.coffee',
    });
    const row = await postOf(s.adId);
    expect(row?.nextAttemptAt.getTime()).toBe(T0.getTime() + 3 * DAY);
  });

  it('a time up to a minute in the past means now; more is refused (422), as is more than 75 days ahead', async () => {
    const s = await setup();
    await expect(schedulePost(db(), env, input(s, { at: new Date(T0.getTime() - 2 * MIN) }), T0)).rejects.toMatchObject({ status: 422 });
    await expect(schedulePost(db(), env, input(s, { at: new Date(T0.getTime() + 76 * DAY) }), T0)).rejects.toMatchObject({ status: 422 });
    await expect(schedulePost(db(), env, input(s, { at: new Date('nonsense') }), T0)).rejects.toMatchObject({ status: 422 });
    const post = await schedulePost(db(), env, input(s, { at: new Date(T0.getTime() - 30 * 1000) }), T0);
    expect(post.scheduledAt).toBe(T0.toISOString());
  });

  it('refuses a wrong number of pictures for the kind (422)', async () => {
    const s = await setup({ count: 2 });
    await expect(schedulePost(db(), env, input(s, { kind: 'single' }), T0)).rejects.toMatchObject({ status: 422 });
    await expect(schedulePost(db(), env, input(s, { kind: 'story' }), T0)).rejects.toMatchObject({ status: 422 });
    await expect(schedulePost(db(), env, input(s, { kind: 'carousel', creationIds: [s.creationIds[0]!] }), T0)).rejects.toMatchObject({ status: 422 });
  });

  it('409 without a connection, with a broken one, and when the ad already has a live post', async () => {
    const none = await setup({ account: 'none' });
    await expect(schedulePost(db(), env, input(none), T0)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/Connect an Instagram account/),
    });

    const broken = await setup();
    await db().update(instagramAccounts).set({ status: 'broken', brokenReason: 'revoked' }).where(eq(instagramAccounts.id, broken.accountId));
    await expect(schedulePost(db(), env, input(broken), T0)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/broken/) });

    const s = await setup();
    await schedulePost(db(), env, input(s), T0);
    await expect(schedulePost(db(), env, input(s), T0)).rejects.toMatchObject({ status: 409, message: 'This ad is already scheduled or published.' });
  });

  it('20 concurrent schedulePost calls for one ad make exactly one live post', async () => {
    const s = await setup();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => schedulePost(db(), env, input(s), T0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409 });
    const rows = await db().select().from(scheduledPosts).where(eq(scheduledPosts.adId, s.adId)).all();
    expect(rows).toHaveLength(1);
  });

  it('cancelScheduled cancels only a post not yet claimed; a canceled or failed post makes room for a new one', async () => {
    const s = await setup();
    await schedulePost(db(), env, input(s), T0);
    expect(await cancelScheduled(db(), s.adId, T0)).toBe(true);
    expect(await cancelScheduled(db(), s.adId, T0)).toBe(false);
    expect((await postsFor(db(), [s.adId])).get(s.adId)?.status).toBe('canceled');

    const again = await schedulePost(db(), env, input(s), T0);
    expect((await postsFor(db(), [s.adId])).get(s.adId)).toMatchObject({ id: again.id, status: 'scheduled' });
    // Claimed by a run: no longer cancelable.
    await db()
      .update(scheduledPosts)
      .set({ status: 'publishing', leaseOwner: 'run', leaseUntil: new Date(T0.getTime() + 5 * MIN) })
      .where(eq(scheduledPosts.id, again.id));
    expect(await cancelScheduled(db(), s.adId, T0)).toBe(false);
    await expect(schedulePost(db(), env, input(s), T0)).rejects.toMatchObject({ status: 409 });
    await db().update(scheduledPosts).set({ status: 'failed' }).where(eq(scheduledPosts.id, again.id));
    const third = await schedulePost(db(), env, input(s), T0);
    expect(third.status).toBe('scheduled');
  });

  it('a post waiting to retry after its container was made cannot be cancelled: only the job settles it (never a second post)', async () => {
    const s = await setup();
    const post = await schedulePost(db(), env, input(s), T0);
    // A run made the container, then a lost answer from Meta put the post back to wait for a retry.
    await db().update(scheduledPosts).set({ containerId: '17890000000000099', attempts: 1 }).where(eq(scheduledPosts.id, post.id));
    expect(await cancelScheduled(db(), s.adId, T0)).toBe(false);
    expect((await postOf(s.adId))?.status).toBe('scheduled');
    await expect(schedulePost(db(), env, input(s), T0)).rejects.toMatchObject({ status: 409 });
  });

  it('postsFor: the live post of each ad, else its latest; nothing for an ad without posts', async () => {
    const a = await setup();
    const b = await setup();
    const c = await setup();
    await schedulePost(db(), env, input(a), T0);
    await cancelScheduled(db(), a.adId, T0);
    const live = await schedulePost(db(), env, input(a), new Date(T0.getTime() - 1000));
    await schedulePost(db(), env, input(b), T0);
    await cancelScheduled(db(), b.adId, T0);
    const posts = await postsFor(db(), [a.adId, b.adId, c.adId]);
    expect(posts.get(a.adId)?.id).toBe(live.id);
    expect(posts.get(b.adId)?.status).toBe('canceled');
    expect(posts.has(c.adId)).toBe(false);
    expect((await postsFor(db(), [])).size).toBe(0);
  });
});

describe('reconnecting', () => {
  it('another account (here: sandbox → real) replaces the row: posts queued for the old one fail with "reconnect", never go to the new one', async () => {
    const s = await setup({ account: 'sandbox' });
    await schedulePost(db(), env, input(s, { at: new Date(T0.getTime() + DAY) }), T0);
    await upsertAccount(db(), {
      id: 'real-account-after-sandbox',
      projectId: s.projectId,
      connectedBy: s.owner.id,
      igUserId: '17841400000000001',
      username: 'northwind.coffee',
      sandbox: false,
      status: 'active',
      createdAt: T0,
      updatedAt: T0,
    });
    expect((await postOf(s.adId))?.accountId).toBeNull();
    const done: [string, string][] = [];
    await publishDue(db(), env, new Date(T0.getTime() + DAY), { owner: 'cron', onSettled: async (adId, outcome) => void done.push([adId, outcome]) });
    expect(await postOf(s.adId)).toMatchObject({ status: 'failed', errorClass: 'reconnect' });
    expect(done).toEqual([[s.adId, 'failed']]);
  });

  it('reconnecting the sandbox keeps its account, its feed and its queued posts', async () => {
    const s = await setup({ account: 'sandbox' });
    await schedulePost(db(), env, input(s, { at: new Date(T0.getTime() + DAY) }), T0);
    await connectSandbox(db(), env, { userId: s.owner.id, projectId: s.projectId }, T0);
    const row = await db().select().from(instagramAccounts).where(eq(instagramAccounts.projectId, s.projectId)).get();
    expect(row).toMatchObject({ id: s.accountId, igUserId: s.igUserId, sandbox: true });
    expect((await postOf(s.adId))?.accountId).toBe(s.accountId);
  });
});

describe('ads stranded on "scheduled"', () => {
  it('the job repairs an ad whose post settled while the ad was not told (a run that died), or that has no post; it leaves live posts and recent ones alone', async () => {
    const long = new Date(T0.getTime() - 30 * MIN);
    const markScheduled = (adId: string, at: Date) => db().update(ads).set({ status: 'scheduled', updatedAt: at }).where(eq(ads.id, adId));
    const published = await setup();
    const post = await schedulePost(db(), env, input(published), long);
    await db().update(scheduledPosts).set({ status: 'published', mediaId: '18000000000000001' }).where(eq(scheduledPosts.id, post.id));
    await markScheduled(published.adId, long);
    const orphan = await setup();
    await markScheduled(orphan.adId, long);
    const waiting = await setup();
    await schedulePost(db(), env, input(waiting, { at: new Date(T0.getTime() + DAY) }), long);
    await markScheduled(waiting.adId, long);
    const fresh = await setup();
    await markScheduled(fresh.adId, new Date(T0.getTime() - MIN));

    await settleStrandedAds(db(), T0);
    const statusOf = async (adId: string) => (await db().select().from(ads).where(eq(ads.id, adId)).get())?.status;
    expect(await statusOf(published.adId)).toBe('published');
    expect(await statusOf(orphan.adId)).toBe('approved');
    expect(await statusOf(waiting.adId)).toBe('scheduled');
    expect(await statusOf(fresh.adId)).toBe('scheduled');
  });
});

describe('sandbox account', () => {
  it('publishes through the same job to the local Graph; the post shows on the sandbox feed at its permalink', async () => {
    const s = await setup({ account: 'sandbox', count: 2, kind: 'carousel' });
    const meta = new FakeMeta(); // nothing may reach Meta
    await db().update(ads).set({ status: 'scheduled' }).where(eq(ads.id, s.adId));
    await schedulePost(db(), env, { ...input(s, { kind: 'carousel' }), caption: 'Sandbox <b>carousel</b> ☕' }, T0);
    const outcomes: string[] = [];
    const published = await publishDue(db(), env, T0, { owner: 'run-1', origin: ORIGIN, onSettled: (_id, outcome) => void outcomes.push(outcome) });
    expect(published).toBe(1);
    expect(meta.calls).toHaveLength(0);
    expect(outcomes).toEqual(['published']);

    const post = await postOf(s.adId);
    expect(post?.status).toBe('published');
    expect(post?.childContainerIds).toHaveLength(2);
    expect(post?.permalink).toBe(`${ORIGIN}/instagram/sandbox/${s.accountId}#${post?.mediaId}`);
    expect((await postsFor(db(), [s.adId])).get(s.adId)).toMatchObject({ sandbox: true, status: 'published', permalink: post?.permalink });

    const page = await send(`/instagram/sandbox/${s.accountId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`id="${post?.mediaId}"`);
    expect(html).toContain('Sandbox &lt;b&gt;carousel&lt;/b&gt; ☕');
    expect(html).toContain('Sandbox account');
    expect(html).not.toContain('<script');
    const images = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(images).toHaveLength(2);
    for (const [i, src] of images.entries()) {
      expect(src).toContain(`/api/creations/${s.creationIds[i]}/signed?`);
      expect((await send(src)).status).toBe(200);
    }
  });

  it('resuming a sandbox post whose container was published reads its media id: never published twice', async () => {
    const s = await setup({ account: 'sandbox' });
    await schedulePost(db(), env, input(s), T0);
    await publishDue(db(), env, T0, { owner: 'run-1', origin: ORIGIN, onSettled: () => {} });
    const first = await postOf(s.adId);
    // As if the run had died after publishing, before storing the media id.
    await db()
      .update(scheduledPosts)
      .set({ status: 'publishing', mediaId: null, permalink: null, leaseOwner: 'dead', leaseUntil: new Date(T0.getTime() - 1) })
      .where(eq(scheduledPosts.adId, s.adId));
    const outcomes: string[] = [];
    await publishDue(db(), env, new Date(T0.getTime() + MIN), { owner: 'run-2', origin: ORIGIN, onSettled: (_id, o) => void outcomes.push(o) });
    const second = await postOf(s.adId);
    expect(second).toMatchObject({ status: 'published', mediaId: first?.mediaId, permalink: first?.permalink });
    expect(outcomes).toEqual(['published']);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM instagram_sandbox_media WHERE ig_user_id = ? AND media_id IS NOT NULL')
      .bind(s.igUserId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('a story and a deleted picture (media error) in the sandbox', async () => {
    const story = await setup({ account: 'sandbox', kind: 'story' });
    await schedulePost(db(), env, input(story, { kind: 'story' }), T0);
    await publishDue(db(), env, T0, { owner: 'run', onSettled: () => {} });
    const row = await postOf(story.adId);
    expect(row?.status).toBe('published');
    // Without a known origin the sandbox permalink is a path on this site.
    expect(row?.permalink).toBe(`/instagram/sandbox/${story.accountId}#${row?.mediaId}`);

    const gone = await setup({ account: 'sandbox' });
    await schedulePost(db(), env, input(gone), T0);
    await env.DB.prepare('UPDATE creations SET deleted_at = ? WHERE id = ?').bind(T0.getTime(), gone.creationIds[0]).run();
    await publishDue(db(), env, T0, { owner: 'run', onSettled: () => {} });
    expect(await postOf(gone.adId)).toMatchObject({ status: 'failed', errorClass: 'media' });
  });

  it('the cron job publishes due posts and records the outcome on the ad', async () => {
    const s = await setup({ account: 'sandbox' });
    await db().update(ads).set({ status: 'scheduled' }).where(eq(ads.id, s.adId));
    await schedulePost(db(), env, input(s), T0);
    expect(await publishDuePosts(env, new Date(T0.getTime() + MIN))).toBe(1);
    expect((await db().select({ status: ads.status }).from(ads).where(eq(ads.id, s.adId)).get())?.status).toBe('published');
  });

  it('the sandbox feed: 404 for an unknown or a real account; empty feed says so', async () => {
    const real = await setup();
    expect((await send(`/instagram/sandbox/${real.accountId}`)).status).toBe(404);
    expect((await send('/instagram/sandbox/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await send('/instagram/sandbox/%27%22%3E%3Cx')).status).toBe(404);
    const empty = await setup({ account: 'sandbox' });
    const page = await send(`/instagram/sandbox/${empty.accountId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Nothing has been published to this sandbox account yet.');
  });
});

describe('signed creation URL', () => {
  it('valid → the PNG without a session; expired, tampered, another creation or a deleted one → 404', async () => {
    const s = await setup({ count: 2 });
    const [id, other] = s.creationIds as [string, string];
    const url = await signedCreationUrl(env, ORIGIN, id, new Date(Date.now() + 10 * MIN));
    expect(url.startsWith(`${ORIGIN}/api/creations/${id}/signed?expires=`)).toBe(true);
    const path = url.slice(ORIGIN.length);
    const ok = await send(path);
    expect(ok.status).toBe(200);
    // Instagram publishes JPEG pictures only: the PNG is served as a JPEG (SOI … EOI markers).
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(ok.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = new Uint8Array(await ok.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect([bytes.at(-2), bytes.at(-1)]).toEqual([0xff, 0xd9]);

    const expired = await signedCreationUrl(env, '', id, new Date(Date.now() - 1000));
    expect((await send(expired)).status).toBe(404);

    const params = new URL(url).searchParams;
    const sig = params.get('sig') ?? '';
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await send(`/api/creations/${id}/signed?expires=${params.get('expires')}&sig=${flipped}`)).status).toBe(404);
    // A later expiry with the same signature.
    expect((await send(`/api/creations/${id}/signed?expires=${Number(params.get('expires')) + 3600}&sig=${sig}`)).status).toBe(404);
    // The signature of one creation does not open another.
    expect((await send(`/api/creations/${other}/signed?expires=${params.get('expires')}&sig=${sig}`)).status).toBe(404);
    // Missing or odd parameters.
    expect((await send(`/api/creations/${id}/signed`)).status).toBe(404);
    expect((await send(`/api/creations/${id}/signed?expires=abc&sig=${sig}`)).status).toBe(404);
    expect((await send(`/api/creations/${id}/signed?expires=${params.get('expires')}&sig=${'x'.repeat(5000)}`)).status).toBe(404);
    expect((await send(`/api/creations/..%2F..%2Fetc/signed?expires=1&sig=a`)).status).toBe(404);

    await env.DB.prepare('UPDATE creations SET deleted_at = ? WHERE id = ?').bind(Date.now(), id).run();
    expect((await send(path)).status).toBe(404);
  });

  it('the JPEG keeps the picture: size and colour, transparency on white', async () => {
    await initJpegDecoder(jpegDecoderWasm);
    const near = (a: number | undefined, b: number) => Math.abs((a ?? -99) - b) <= 6;
    const solid = await decodeJpeg((await pngToJpeg(await solidPng(16, 12, [200, 120, 40, 255]))).slice().buffer);
    expect([solid.width, solid.height]).toEqual([16, 12]);
    expect(near(solid.data[0], 200) && near(solid.data[1], 120) && near(solid.data[2], 40)).toBe(true);
    const clear = await decodeJpeg((await pngToJpeg(await solidPng(8, 8, [0, 0, 0, 0]))).slice().buffer);
    expect(near(clear.data[0], 255) && near(clear.data[1], 255) && near(clear.data[2], 255)).toBe(true);
  });
});
