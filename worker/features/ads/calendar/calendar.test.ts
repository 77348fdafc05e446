import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdPost } from '#common/schemas/ads.ts';
import type { CalendarAnswer } from '#common/schemas/calendar.ts';
import { scheduledPosts } from '#worker/db/schema.ts';
import { publishDuePosts } from '#worker/jobs/index.ts';
import { creation, errorOf, newAd, review, submit, type Team } from '#worker/test/ads.ts';
import { db, json, team } from '#worker/test/creatives.ts';
import { createProject, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * The content calendar's API (issue 32 point 4): every project of the user and no other's, the
 * filters, and moving a scheduled post through the publishing rules: one conditional write that
 * the job's claim races (the post is published exactly once, at one time).
 */
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

async function scheduledAd(t: Team, at: Date, extra: Record<string, unknown> = {}) {
  const ad = await newAd(t.editor, t.project.id, { creationIds: [await creation(t.project.id, t.owner)], primaryText: 'Spring is here ☕', ...extra });
  expect((await submit(t.editor, ad.id)).status).toBe(200);
  expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(201);
  const response = await send(`/api/ads/${ad.id}/publish`, { json: { at: at.toISOString() }, cookie: t.editor.cookie });
  expect(response.status).toBe(201);
  return { ad, post: await json<AdPost>(response) };
}

async function connect(t: Team) {
  expect((await send(`/api/projects/${t.project.id}/instagram/sandbox`, { method: 'POST', cookie: t.owner.cookie })).status).toBe(200);
}

const postRow = (adId: string) => db().select().from(scheduledPosts).where(eq(scheduledPosts.adId, adId)).get();

const calendar = (user: TestUser, query: Record<string, string>) => send(`/api/calendar?${new URLSearchParams(query)}`, { cookie: user.cookie });
const move = (user: TestUser, adId: string, body: unknown) => send(`/api/calendar/ads/${adId}`, { method: 'PATCH', json: body, cookie: user.cookie });
const window = (from: number, days = 31) => ({ from: new Date(from).toISOString(), to: new Date(from + days * DAY).toISOString() });

/** How many times the ad's pictures went out on the sandbox account (each ad has a picture of its own). */
async function timesPublished(adId: string): Promise<number> {
  const post = await postRow(adId);
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM instagram_sandbox_media WHERE published_at IS NOT NULL AND creation_ids = ?`)
    .bind(JSON.stringify(post?.creationIds ?? []))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

let t: Team;
let other: Team;

beforeAll(async () => {
  t = await team();
  other = await team();
  await connect(t);
  await connect(other);
});

describe('GET /api/calendar', () => {
  it('shows the posts of every project of the user (named by their ads), never another user’s; filters by project, status and placement', async () => {
    const now = Date.now();
    const second = await createProject(t.owner, { editor: t.editor, viewer: t.viewer }, 'Second project');
    const t2 = { ...t, project: second };
    await connect(t2);
    const a = await scheduledAd(t, new Date(now + 2 * DAY), { name: 'Spring launch', placements: ['instagram_feed'] });
    const b = await scheduledAd(t2, new Date(now + 3 * DAY), { name: 'Story teaser', placements: ['instagram_story'] });
    const foreign = await scheduledAd(other, new Date(now + 2 * DAY), { name: 'Not yours' });

    const answer = await json<CalendarAnswer>(await calendar(t.viewer, window(now)));
    const mine = answer.items.filter((item) => [a.ad.id, b.ad.id].includes(item.adId));
    expect(mine).toEqual([
      expect.objectContaining({
        adId: a.ad.id,
        postId: a.post.id,
        adName: 'Spring launch',
        projectName: 'Northwind Coffee',
        status: 'scheduled',
        at: a.post.scheduledAt,
      }),
      expect.objectContaining({ adId: b.ad.id, adName: 'Story teaser', projectId: second.id, projectName: 'Second project', placements: ['instagram_story'] }),
    ]);
    expect(mine[0]?.thumbnailUrl).toMatch(/^\/api\/creations\/.+\/file$/);
    expect(answer.items.some((item) => item.adId === foreign.ad.id)).toBe(false);
    expect(answer.projects.map((p) => p.name)).toEqual(expect.arrayContaining(['Northwind Coffee', 'Second project']));

    const byProject = await json<CalendarAnswer>(await calendar(t.viewer, { ...window(now), projectId: second.id }));
    expect(byProject.items.map((item) => item.adId)).toEqual([b.ad.id]);
    const byPlacement = await json<CalendarAnswer>(await calendar(t.viewer, { ...window(now), placement: 'instagram_story' }));
    expect(byPlacement.items.map((item) => item.adId)).toEqual([b.ad.id]);
    const published = await json<CalendarAnswer>(await calendar(t.viewer, { ...window(now), status: 'published' }));
    expect(published.items.filter((item) => [a.ad.id, b.ad.id].includes(item.adId))).toEqual([]);
    // Another user's project as the filter: nothing of it.
    const theirs = await json<CalendarAnswer>(await calendar(t.viewer, { ...window(now), projectId: other.project.id }));
    expect(theirs.items).toEqual([]);
    // An outsider sees none of them.
    expect((await json<CalendarAnswer>(await calendar(t.outsider, window(now)))).items).toEqual([]);
    // Outside the window: not there.
    expect((await json<CalendarAnswer>(await calendar(t.viewer, window(now + 10 * DAY)))).items.some((item) => item.adId === a.ad.id)).toBe(false);
  });

  it('a published post shows on the day it went out, as published', async () => {
    const now = Date.now();
    const { ad, post } = await scheduledAd(t, new Date(now + 2 * MIN), { name: 'Goes out' });
    expect(await publishDuePosts(env, new Date(now + 3 * MIN))).toBeGreaterThanOrEqual(1);
    const answer = await json<CalendarAnswer>(await calendar(t.owner, { ...window(now - DAY, 3), status: 'published' }));
    const item = answer.items.find((entry) => entry.adId === ad.id);
    expect(item).toMatchObject({ postId: post.id, status: 'published', sandbox: true, at: new Date(now + 3 * MIN).toISOString() });
    expect(item?.permalink).toMatch(/\/instagram\/sandbox\//);
  });

  it('refuses a bad window (422) and needs a session (401)', async () => {
    const now = Date.now();
    const bad = [
      { from: 'yesterday', to: new Date(now).toISOString() },
      { from: new Date(now).toISOString(), to: new Date(now - DAY).toISOString() },
      window(now, 63),
      { ...window(now), status: 'canceled' },
      { ...window(now), placement: 'tiktok' },
      { ...window(now), projectId: '\ud800' },
    ];
    for (const query of bad) expect((await calendar(t.owner, query)).status, JSON.stringify(query)).toBe(422);
    expect((await send(`/api/calendar?${new URLSearchParams(window(now))}`)).status).toBe(401);
  });
});

describe('PATCH /api/calendar/ads/{id}', () => {
  it('moves a scheduled post (editors only; others’ ads 404); past, too far ahead and malformed times refused', async () => {
    const now = Date.now();
    const { ad, post } = await scheduledAd(t, new Date(now + DAY));
    const to = new Date(now + 2 * DAY).toISOString();
    expect((await move(t.viewer, ad.id, { at: to })).status).toBe(403);
    expect((await move(other.owner, ad.id, { at: to })).status).toBe(404);
    expect((await move(t.outsider, 'ad_doesnotexist0000000', { at: to })).status).toBe(404);

    const past = await move(t.editor, ad.id, { at: new Date(now - MIN).toISOString() });
    expect(past.status).toBe(422);
    expect((await errorOf(past)).message).toBe('That time has passed. Pick a time in the future.');
    expect((await move(t.editor, ad.id, { at: new Date(now + 76 * DAY).toISOString() })).status).toBe(422);
    expect((await move(t.editor, ad.id, { at: 'tomorrow' })).status).toBe(422);
    expect((await move(t.editor, ad.id, { at: '\ud800' })).status).toBe(422);
    const malformed = await send(`/api/calendar/ads/${ad.id}`, {
      method: 'PATCH',
      body: '{"at":',
      headers: { 'content-type': 'application/json' },
      cookie: t.editor.cookie,
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expect((await postRow(ad.id))?.scheduledAt.toISOString()).toBe(post.scheduledAt);

    const moved = await move(t.editor, ad.id, { at: to, from: post.scheduledAt });
    expect(moved.status).toBe(200);
    expect(await json<AdPost>(moved)).toMatchObject({ id: post.id, status: 'scheduled', scheduledAt: to });
    expect(await postRow(ad.id)).toMatchObject({ scheduledAt: new Date(to), nextAttemptAt: new Date(to), status: 'scheduled' });
    // The time it was at is gone: a move from there is refused.
    const stale = await move(t.editor, ad.id, { at: new Date(now + 3 * DAY).toISOString(), from: post.scheduledAt });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe('This post was moved meanwhile. Reload and try again.');
  });

  it('refuses an ad that is not scheduled, and a post a run has claimed or Meta holds a container of (409)', async () => {
    const now = Date.now();
    const draft = await newAd(t.editor, t.project.id, { creationIds: [await creation(t.project.id, t.owner)] });
    const notScheduled = await move(t.editor, draft.id, { at: new Date(now + DAY).toISOString() });
    expect(notScheduled.status).toBe(409);
    expect((await errorOf(notScheduled)).message).toBe('This ad is not scheduled. Schedule it from its page first.');

    const { ad } = await scheduledAd(t, new Date(now + DAY));
    await db()
      .update(scheduledPosts)
      .set({ status: 'publishing', leaseOwner: 'run', leaseUntil: new Date(now + 5 * MIN) })
      .where(eq(scheduledPosts.adId, ad.id));
    const claimed = await move(t.editor, ad.id, { at: new Date(now + 2 * DAY).toISOString() });
    expect(claimed.status).toBe(409);
    expect((await errorOf(claimed)).message).toBe('This post is being published right now or already was. It can no longer be moved.');

    const waiting = await scheduledAd(t, new Date(now + DAY));
    await db().update(scheduledPosts).set({ containerId: '17890000000000099', attempts: 1 }).where(eq(scheduledPosts.adId, waiting.ad.id));
    expect((await move(t.editor, waiting.ad.id, { at: new Date(now + 2 * DAY).toISOString() })).status).toBe(409);
  });

  it('20 concurrent moves from one time: one wins, the others are refused, and the post is where the winner put it', async () => {
    const now = Date.now();
    const { ad, post } = await scheduledAd(t, new Date(now + DAY));
    const targets = Array.from({ length: 20 }, (_, i) => new Date(now + 2 * DAY + i * 60 * MIN).toISOString());
    const responses = await Promise.all(targets.map((at) => move(t.editor, ad.id, { at, from: post.scheduledAt })));
    const won = responses.flatMap((response, i) => (response.status === 200 ? [targets[i]] : []));
    expect(won).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(19);
    expect((await postRow(ad.id))?.scheduledAt.toISOString()).toBe(won[0]);
  });

  it('a move after a run claimed the post is refused and the post is published once, at its time', async () => {
    const now = Date.now();
    const { ad, post } = await scheduledAd(t, new Date(now + 2 * MIN));
    // Two overlapping runs: one claims, the other finds nothing.
    await Promise.all([publishDuePosts(env, new Date(now + 3 * MIN)), publishDuePosts(env, new Date(now + 3 * MIN))]);
    expect((await move(t.editor, ad.id, { at: new Date(now + DAY).toISOString(), from: post.scheduledAt })).status).toBe(409);
    expect(await postRow(ad.id)).toMatchObject({ status: 'published', scheduledAt: new Date(post.scheduledAt) });
    expect(await timesPublished(ad.id)).toBe(1);
  });

  it('a move before the runs: the overlapping runs leave the post, the run at its new time publishes it once', async () => {
    const now = Date.now();
    const { ad, post } = await scheduledAd(t, new Date(now + 2 * MIN));
    const to = new Date(now + DAY);
    expect((await move(t.editor, ad.id, { at: to.toISOString(), from: post.scheduledAt })).status).toBe(200);
    await Promise.all([publishDuePosts(env, new Date(now + 3 * MIN)), publishDuePosts(env, new Date(now + 3 * MIN))]);
    expect((await postRow(ad.id))?.status).toBe('scheduled');
    await Promise.all([publishDuePosts(env, new Date(to.getTime() + MIN)), publishDuePosts(env, new Date(to.getTime() + MIN))]);
    expect(await postRow(ad.id)).toMatchObject({ status: 'published', scheduledAt: to, publishedAt: new Date(to.getTime() + MIN) });
    expect(await timesPublished(ad.id)).toBe(1);
  });

  it('a drag racing two overlapping scheduler runs: whoever wins, each post is published exactly once, at one time', async () => {
    const now = Date.now();
    const races = [];
    for (let i = 0; i < 6; i += 1) {
      const { ad, post } = await scheduledAd(t, new Date(now + 2 * MIN), { name: `Race ${i}` });
      const to = new Date(now + DAY + i * MIN);
      const [, moved] = await Promise.all([
        publishDuePosts(env, new Date(now + 3 * MIN)),
        move(t.editor, ad.id, { at: to.toISOString(), from: post.scheduledAt }),
        publishDuePosts(env, new Date(now + 3 * MIN)),
      ]);
      races.push({ ad, post, to, status: moved.status });
    }
    await publishDuePosts(env, new Date(now + DAY + 10 * MIN));
    for (const race of races) {
      expect([200, 409]).toContain(race.status);
      const row = await postRow(race.ad.id);
      expect(row?.status).toBe('published');
      // The drag's answer says where the post went out: its new time when it won, the old one when a run had it.
      expect(row?.scheduledAt.toISOString()).toBe(race.status === 200 ? race.to.toISOString() : race.post.scheduledAt);
      expect(await timesPublished(race.ad.id)).toBe(1);
    }
  });
});
