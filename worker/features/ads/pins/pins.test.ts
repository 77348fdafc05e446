import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdPin, AdPins } from '#common/schemas/ad-pins.ts';
import type { AdDetail } from '#common/schemas/ads.ts';
import { adPins } from '#worker/db/schema.ts';
import { createCreative, db, json, setCredits, team } from '#worker/test/creatives.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { purgeDeletedAccounts } from '#worker/jobs/index.ts';
import { deletionDue } from '#worker/test/account-deletion.ts';

/**
 * Comments pinned on an ad (issue 32 point 1, decision 0052): placement, numbering under
 * concurrency, threads, resolve and reopen, pins across versions, and the walls (other tenants,
 * malformed bodies). The preview link's side is in preview-pins.test.ts.
 */
type Team = Awaited<ReturnType<typeof team>>;
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

const CAPTION = 'Fresh beans, roasted this week. 🌱 Spring blend is here.';

async function createAd(user: TestUser, projectId: string, body: Record<string, unknown>): Promise<AdDetail> {
  const response = await send(`/api/projects/${projectId}/ads`, { json: body, cookie: user.cookie });
  if (response.status !== 201) throw new Error(`ad create failed: ${response.status} ${await response.text()}`);
  return json<AdDetail>(response);
}

const pin = (user: TestUser, adId: string, body: unknown) => send(`/api/ads/${adId}/pins`, { json: body, cookie: user.cookie });
const list = async (user: TestUser, adId: string) => json<AdPins>(await send(`/api/ads/${adId}/pins`, { cookie: user.cookie }));

let t: Team;
let ad: AdDetail;

beforeAll(async () => {
  t = await team();
  await setCredits(t.owner, 50);
  const creative = await createCreative(t.owner, t.project.id);
  ad = await createAd(t.owner, t.project.id, { creativeId: creative.id, name: 'Spring launch', primaryText: CAPTION, placements: ['instagram_feed'] });
});

describe('placing a pin', () => {
  it('pins a spot of a picture as fractions of it, numbered from 1, by the member', async () => {
    const response = await pin(t.editor, ad.id, { item: 0, x: 0.25, y: 0.756789, body: '  Make the logo bigger  ' });
    expect(response.status).toBe(201);
    const created = await json<AdPin>(response);
    expect(created).toMatchObject({
      number: 1,
      item: 0,
      x: 0.25,
      y: 0.7568,
      start: null,
      quote: null,
      revision: 1,
      earlier: false,
      authorName: 'Ed Editor',
      member: true,
      body: 'Make the logo bigger',
    });
    expect((await list(t.viewer, ad.id)).items.map((p) => p.number)).toContain(1);
  });

  it('pins a phrase of the caption, keeping the words', async () => {
    const start = CAPTION.indexOf('Spring blend');
    const created = await json<AdPin>(await pin(t.owner, ad.id, { start, end: start + 'Spring blend'.length, body: 'Say “spring roast”?' }));
    expect(created).toMatchObject({ item: null, x: null, start, end: start + 12, quote: 'Spring blend' });
  });

  it('refuses spots outside the picture, pictures the ad lacks, two spots or none, and halves of a character (422)', async () => {
    const emoji = CAPTION.indexOf('🌱');
    const bad = [
      { item: 0, x: 1.01, y: 0.5 },
      { item: 0, x: -0.1, y: 0.5 },
      { item: 0, x: 0.5, y: Number.NaN },
      { item: 1, x: 0.5, y: 0.5 },
      { item: 0, x: 0.5 },
      {},
      { item: 0, x: 0.5, y: 0.5, start: 0, end: 3 },
      { start: 5, end: 5 },
      { start: 0, end: CAPTION.length + 1 },
      { start: emoji + 1, end: emoji + 4 },
      { start: emoji - 1, end: emoji + 1 },
      { start: 5, end: 6 }, // a space only
      { item: '0', x: '0.5', y: '0.5' },
    ];
    for (const spot of bad) {
      const response = await pin(t.owner, ad.id, { ...spot, body: 'Here' });
      expect(response.status, JSON.stringify(spot)).toBe(422);
    }
  });

  it('refuses an empty, a too long or a malformed body without a 500', async () => {
    expect((await pin(t.owner, ad.id, { item: 0, x: 0.5, y: 0.5, body: '   ' })).status).toBe(422);
    expect((await pin(t.owner, ad.id, { item: 0, x: 0.5, y: 0.5, body: 'x'.repeat(2001) })).status).toBe(422);
    const malformed = await send(`/api/ads/${ad.id}/pins`, {
      method: 'POST',
      body: '{"item":0,',
      headers: { 'content-type': 'application/json' },
      cookie: t.owner.cookie,
    });
    expect(malformed.status).toBe(400);
    const longest = await json<AdPin>(await pin(t.owner, ad.id, { item: 0, x: 0, y: 1, body: '\ud800' + '€'.repeat(1999) }));
    expect(longest.body.startsWith('\ufffd')).toBe(true);
    expect(longest.body.length).toBe(2000);
  });

  it('gives 20 pins made at once 20 different numbers, in one conditional write each', async () => {
    const fresh = await createAd(t.owner, t.project.id, { creationIds: ad.items.map((item) => item.creationId), name: 'Busy', primaryText: CAPTION });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => pin(t.owner, fresh.id, { item: 0, x: i / 20, y: 0.5, body: `Pin ${i}` })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = (await Promise.all(responses.map((r) => json<AdPin>(r)))).map((p) => p.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await list(t.owner, fresh.id)).items.map((p) => p.number)).toEqual(numbers);
  });
});

describe('threads and resolution', () => {
  it('keeps replies under their pin, oldest first, and resolves and reopens it', async () => {
    const created = await json<AdPin>(await pin(t.owner, ad.id, { item: 0, x: 0.1, y: 0.1, body: 'Crop tighter' }));
    const reply = (user: TestUser, body: string) => send(`/api/ads/${ad.id}/pins/${created.id}/replies`, { json: { body }, cookie: user.cookie });
    expect((await reply(t.editor, 'On it')).status).toBe(201);
    expect((await reply(t.viewer, 'Thanks')).status).toBe(201);
    const resolve = (method: 'POST' | 'DELETE') => send(`/api/ads/${ad.id}/pins/${created.id}/resolve`, { method, cookie: t.editor.cookie });
    expect((await resolve('POST')).status).toBe(204);
    expect((await resolve('POST')).status).toBe(204);
    let shown = (await list(t.owner, ad.id)).items.find((p) => p.id === created.id)!;
    expect(shown.replies.map((r) => r.body)).toEqual(['On it', 'Thanks']);
    expect(shown).toMatchObject({ resolvedBy: 'Ed Editor' });
    expect(shown.resolvedAt).not.toBeNull();
    // A reply takes no number: the next pin's is the one after the pins'.
    expect((await list(t.owner, ad.id)).items.every((p) => p.number > 0)).toBe(true);
    expect((await resolve('DELETE')).status).toBe(204);
    shown = (await list(t.owner, ad.id)).items.find((p) => p.id === created.id)!;
    expect(shown).toMatchObject({ resolvedAt: null, resolvedBy: null });
  });

  it('answers 404 for a reply to a reply, an unknown pin or another ad’s pin', async () => {
    const other = await createAd(t.owner, t.project.id, { creationIds: ad.items.map((item) => item.creationId), name: 'Other' });
    const theirs = await json<AdPin>(await pin(t.owner, other.id, { item: 0, x: 0.5, y: 0.5, body: 'Elsewhere' }));
    const replyTo = (pinId: string) => send(`/api/ads/${ad.id}/pins/${pinId}/replies`, { json: { body: 'Hi' }, cookie: t.owner.cookie });
    expect((await replyTo(theirs.id)).status).toBe(404);
    expect((await replyTo('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await send(`/api/ads/${ad.id}/pins/${theirs.id}/resolve`, { method: 'POST', cookie: t.owner.cookie })).status).toBe(404);
    const rows = await db().select().from(adPins).where(eq(adPins.adId, ad.id)).all();
    const aReply = rows.find((row) => row.parentId !== null)!;
    expect((await replyTo(aReply.id)).status).toBe(404);
    expect((await db().select().from(adPins).where(eq(adPins.id, theirs.id)).get())?.resolvedAt).toBeNull();
  });
});

describe('across versions', () => {
  it('keeps a pin on its spot and marks it made on an earlier version once the ad changes; a phrase follows its words', async () => {
    const fresh = await createAd(t.owner, t.project.id, { creationIds: ad.items.map((item) => item.creationId), name: 'Versions', primaryText: CAPTION });
    const start = CAPTION.indexOf('roasted');
    const onPicture = await json<AdPin>(await pin(t.owner, fresh.id, { item: 0, x: 0.3, y: 0.6, body: 'Here' }));
    const onPhrase = await json<AdPin>(await pin(t.owner, fresh.id, { start, end: start + 'roasted'.length, body: 'Word' }));
    const onGone = await json<AdPin>(await pin(t.owner, fresh.id, { start: 0, end: 5, body: 'Fresh?' }));
    expect((await list(t.owner, fresh.id)).items.every((p) => !p.earlier)).toBe(true);
    const edit = await send(`/api/ads/${fresh.id}`, {
      method: 'PATCH',
      json: { primaryText: `New: ${CAPTION.replace('Fresh', 'Crisp')}` },
      cookie: t.owner.cookie,
    });
    expect(edit.status).toBe(200);
    const after = await list(t.owner, fresh.id);
    expect(after.revision).toBe(2);
    const byId = new Map(after.items.map((p) => [p.id, p]));
    expect(byId.get(onPicture.id)).toMatchObject({ x: 0.3, y: 0.6, item: 0, revision: 1, earlier: true });
    expect(byId.get(onPhrase.id)).toMatchObject({ quote: 'roasted', start: start + 5, end: start + 12, earlier: true });
    expect(byId.get(onGone.id)).toMatchObject({ quote: 'Fresh', start: null, end: null, earlier: true });
    // A pin made now is on the current version; one placed on the version the author saw (1) says so.
    expect(await json<AdPin>(await pin(t.owner, fresh.id, { item: 0, x: 0.5, y: 0.5, body: 'Now' }))).toMatchObject({ revision: 2, earlier: false });
    expect(await json<AdPin>(await pin(t.owner, fresh.id, { item: 0, x: 0.5, y: 0.5, body: 'Seen before', revision: 1 }))).toMatchObject({
      revision: 1,
      earlier: true,
    });
    expect(await json<AdPin>(await pin(t.owner, fresh.id, { item: 0, x: 0.5, y: 0.5, body: 'Future', revision: 99 }))).toMatchObject({ revision: 2 });
  });
});

describe('walls', () => {
  it('answers 404 to another tenant for every pin route, and 401 without a session', async () => {
    const stranger = await createUser();
    await createProject(stranger);
    const created = await json<AdPin>(await pin(t.owner, ad.id, { item: 0, x: 0.5, y: 0.5, body: 'Mine' }));
    const calls = [
      send(`/api/ads/${ad.id}/pins`, { cookie: stranger.cookie }),
      pin(stranger, ad.id, { item: 0, x: 0.5, y: 0.5, body: 'Theirs' }),
      send(`/api/ads/${ad.id}/pins/${created.id}/replies`, { json: { body: 'x' }, cookie: stranger.cookie }),
      send(`/api/ads/${ad.id}/pins/${created.id}/resolve`, { method: 'POST', cookie: stranger.cookie }),
      send(`/api/ads/${ad.id}/pins/${created.id}/resolve`, { method: 'DELETE', cookie: t.outsider.cookie }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    expect((await send(`/api/ads/${ad.id}/pins`)).status).toBe(401);
    const body = await json<ErrorBody>(await pin(stranger, ad.id, { item: 0, x: 0.5, y: 0.5, body: 'Theirs' }));
    expect(body.error.code).toBe('not_found');
    expect((await db().select().from(adPins).where(eq(adPins.id, created.id)).get())?.resolvedAt).toBeNull();
  });
});

describe('an author who deletes their account', () => {
  it('leaves their pins, replies and resolutions in the threads under no name', async () => {
    const leaving = await createUser({ name: 'Lea Leaving' });
    const project = await createProject(t.owner, { editor: leaving });
    const creative = await createCreative(t.owner, project.id);
    const theirAd = await createAd(t.owner, project.id, { creativeId: creative.id, name: 'Theirs' });
    const mine = await json<AdPin>(await pin(t.owner, theirAd.id, { item: 0, x: 0.5, y: 0.5, body: 'Owner’s' }));
    const theirs = await json<AdPin>(await pin(leaving, theirAd.id, { item: 0, x: 0.2, y: 0.2, body: 'Lea’s' }));
    await send(`/api/ads/${theirAd.id}/pins/${mine.id}/replies`, { json: { body: 'Lea replies' }, cookie: leaving.cookie });
    await send(`/api/ads/${theirAd.id}/pins/${mine.id}/resolve`, { method: 'POST', cookie: leaving.cookie });
    const { day31 } = await deletionDue(leaving);
    await purgeDeletedAccounts(env, day31);
    const { items } = await list(t.owner, theirAd.id);
    const byId = new Map(items.map((p) => [p.id, p]));
    expect(byId.get(theirs.id)).toMatchObject({ authorName: 'Deleted user', body: 'Lea’s' });
    expect(byId.get(mine.id)).toMatchObject({
      authorName: 'Olivia Owner',
      resolvedBy: 'Deleted user',
      replies: [{ authorName: 'Deleted user', body: 'Lea replies' }],
    });
    expect(JSON.stringify(items)).not.toContain('Lea Leaving');
  });
});
