import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdPost } from '#common/schemas/ads.ts';
import { ads, creations, scheduledPosts } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';
import { db, json, team, type ErrorBody } from '#worker/test/creatives.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * Publishing an ad through the API (the publishing job itself is tested in
 * instagram/publish*.test.ts): only approved ads, now or at a time, cancel, and what an
 * edit does to a scheduled post. Against the sandbox account (the local Graph).
 */
type Team = Awaited<ReturnType<typeof team>>;

let seed = 0;
async function creation(projectId: string, user: TestUser) {
  seed += 1;
  const id = newId();
  const r2Key = `creations/${projectId}/${id}.png`;
  await env.MEDIA.put(r2Key, png(4, 4, seed), { httpMetadata: { contentType: 'image/png' } });
  await db().insert(creations).values({
    id,
    projectId,
    revisionId: newId(),
    revisionNumber: 1,
    createdBy: user.id,
    name: 'Picture',
    format: 'square',
    width: 1080,
    height: 1080,
    size: 4,
    r2Key,
  });
  return id;
}

async function approvedAd(t: Team, creationIds: string[], extra: Record<string, unknown> = {}): Promise<AdDetail> {
  const response = await send(`/api/projects/${t.project.id}/ads`, {
    json: { creationIds, primaryText: 'Spring is here ☕ #coffee', ...extra },
    cookie: t.editor.cookie,
  });
  expect(response.status).toBe(201);
  const ad = await json<AdDetail>(response);
  expect((await send(`/api/ads/${ad.id}/submit`, { method: 'POST', cookie: t.editor.cookie })).status).toBe(200);
  expect((await send(`/api/ads/${ad.id}/reviews`, { json: { decision: 'approve' }, cookie: t.owner.cookie })).status).toBe(201);
  return ad;
}

const publish = (user: TestUser, adId: string, body: unknown = {}) => send(`/api/ads/${adId}/publish`, { json: body, cookie: user.cookie });
const unpublish = (user: TestUser, adId: string) => send(`/api/ads/${adId}/publish`, { method: 'DELETE', cookie: user.cookie });
const detailOf = async (user: TestUser, adId: string) => json<AdDetail>(await send(`/api/ads/${adId}`, { cookie: user.cookie }));
const statusOf = async (adId: string) => (await db().select({ status: ads.status }).from(ads).where(eq(ads.id, adId)).get())?.status;
const inADay = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

let t: Team;
let pictures: string[];

beforeAll(async () => {
  t = await team();
  pictures = [await creation(t.project.id, t.owner), await creation(t.project.id, t.owner), await creation(t.project.id, t.owner)];
});

describe('publishing an ad', () => {
  it('needs a connected account (409) and an approved ad (409)', async () => {
    const ad = await approvedAd(t, [pictures[0]!]);
    const none = await publish(t.editor, ad.id);
    expect(none.status).toBe(409);
    expect((await json<ErrorBody>(none)).error.message).toMatch(/Connect an Instagram account/);
    expect(await statusOf(ad.id)).toBe('approved');

    expect((await send(`/api/projects/${t.project.id}/instagram/sandbox`, { method: 'POST', cookie: t.owner.cookie })).status).toBe(200);
    const draft = await json<AdDetail>(await send(`/api/projects/${t.project.id}/ads`, { json: { creationIds: [pictures[0]] }, cookie: t.editor.cookie }));
    expect((await publish(t.editor, draft.id)).status).toBe(409);
    await send(`/api/ads/${draft.id}/submit`, { method: 'POST', cookie: t.editor.cookie });
    expect((await publish(t.editor, draft.id)).status).toBe(409);
    expect((await publish(t.viewer, ad.id)).status).toBe(403);
  });

  it('now: scheduled and published right away to the sandbox, with its permalink; published once', async () => {
    const ad = await approvedAd(t, [pictures[0]!, pictures[1]!]);
    const response = await publish(t.editor, ad.id);
    expect(response.status).toBe(201);
    const post = await json<AdPost>(response);
    expect(post).toMatchObject({ kind: 'carousel', sandbox: true });
    // The request's background work (publishing now) has finished when send() returns.
    const after = await detailOf(t.viewer, ad.id);
    expect(after.status).toBe('published');
    expect(after.post).toMatchObject({ id: post.id, status: 'published', sandbox: true });
    expect(after.post?.permalink).toMatch(new RegExp(`^${ORIGIN}/instagram/sandbox/[^#]+#.+`));

    expect((await publish(t.editor, ad.id)).status).toBe(409);
    expect((await unpublish(t.editor, ad.id)).status).toBe(409);
    // A published ad keeps its copy and pictures; its name can change.
    expect((await send(`/api/ads/${ad.id}`, { method: 'PATCH', json: { primaryText: 'Other words' }, cookie: t.editor.cookie })).status).toBe(409);
    expect((await send(`/api/ads/${ad.id}`, { method: 'PATCH', json: { name: 'Spring (posted)' }, cookie: t.editor.cookie })).status).toBe(200);
    const list = await json<{ items: { id: string; post: AdPost | null }[] }>(await send(`/api/projects/${t.project.id}/ads`, { cookie: t.viewer.cookie }));
    expect(list.items.find((item) => item.id === ad.id)?.post?.status).toBe('published');
  });

  it('later: scheduled until canceled; canceling makes the ad approved again', async () => {
    const ad = await approvedAd(t, [pictures[2]!]);
    const at = inADay();
    const post = await json<AdPost>(await publish(t.editor, ad.id, { at }));
    expect(post).toMatchObject({ status: 'scheduled', kind: 'single', scheduledAt: new Date(at).toISOString() });
    expect(await statusOf(ad.id)).toBe('scheduled');
    expect((await detailOf(t.viewer, ad.id)).post?.status).toBe('scheduled');
    expect((await publish(t.editor, ad.id, { at })).status).toBe(409);

    expect((await unpublish(t.viewer, ad.id)).status).toBe(403);
    expect((await unpublish(t.editor, ad.id)).status).toBe(204);
    expect(await statusOf(ad.id)).toBe('approved');
    expect((await detailOf(t.viewer, ad.id)).post?.status).toBe('canceled');
    expect((await unpublish(t.editor, ad.id)).status).toBe(409);
  });

  it('editing a scheduled ad’s copy cancels the post and sends the ad back to review', async () => {
    const ad = await approvedAd(t, [pictures[2]!]);
    await publish(t.editor, ad.id, { at: inADay() });
    const edited = await send(`/api/ads/${ad.id}`, { method: 'PATCH', json: { primaryText: 'New caption' }, cookie: t.editor.cookie });
    expect(edited.status).toBe(200);
    expect(await json<AdDetail>(edited)).toMatchObject({ status: 'in_review', revision: 2 });
    const posts = await db().select().from(scheduledPosts).where(eq(scheduledPosts.adId, ad.id)).all();
    expect(posts.map((p) => p.status)).toEqual(['canceled']);
  });

  it('deleting a scheduled ad cancels its post', async () => {
    const ad = await approvedAd(t, [pictures[1]!]);
    await publish(t.editor, ad.id, { at: inADay() });
    expect((await send(`/api/ads/${ad.id}`, { method: 'DELETE', cookie: t.editor.cookie })).status).toBe(204);
    const posts = await db().select().from(scheduledPosts).where(eq(scheduledPosts.adId, ad.id)).all();
    expect(posts.map((p) => p.status)).toEqual(['canceled']);
  });

  it('while the job publishes it, the ad can be neither changed nor deleted (409)', async () => {
    const ad = await approvedAd(t, [pictures[0]!]);
    await publish(t.editor, ad.id, { at: inADay() });
    await db().update(scheduledPosts).set({ status: 'publishing' }).where(eq(scheduledPosts.adId, ad.id));
    expect((await send(`/api/ads/${ad.id}`, { method: 'PATCH', json: { headline: 'Late change' }, cookie: t.editor.cookie })).status).toBe(409);
    expect((await send(`/api/ads/${ad.id}`, { method: 'DELETE', cookie: t.editor.cookie })).status).toBe(409);
    expect((await unpublish(t.editor, ad.id)).status).toBe(409);
    expect(await statusOf(ad.id)).toBe('scheduled');
    await db().update(scheduledPosts).set({ status: 'canceled' }).where(eq(scheduledPosts.adId, ad.id));
  });

  it('refuses a time in the past, nonsense times, and an ad whose picture was deleted (422)', async () => {
    const ad = await approvedAd(t, [pictures[0]!]);
    for (const at of [new Date(Date.now() - 60 * 60 * 1000).toISOString(), 'tomorrow', '2026-13-45T99:00:00Z', 42]) {
      expect((await publish(t.editor, ad.id, { at })).status, String(at)).toBe(422);
    }
    expect(await statusOf(ad.id)).toBe('approved');
    const doomed = await creation(t.project.id, t.owner);
    const other = await approvedAd(t, [doomed]);
    await db().update(creations).set({ deletedAt: new Date() }).where(eq(creations.id, doomed));
    const response = await publish(t.editor, other.id);
    expect(response.status).toBe(422);
    expect((await detailOf(t.viewer, other.id)).items[0]?.deleted).toBe(true);
    const malformed = await send(`/api/ads/${ad.id}/publish`, {
      method: 'POST',
      body: '{"at":',
      headers: { 'content-type': 'application/json' },
      cookie: t.editor.cookie,
    });
    expect(malformed.status).toBe(400);
  });
});
