import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdSummary } from '#common/schemas/ads.ts';
import { ads, creations, projects } from '#worker/db/schema.ts';
import { adForPreview, updateAd } from '#worker/features/ads/core/service.ts';
import { balance, createCreative, db, json, ledger, setBrandKit, setCredits, team, type Page } from '#worker/test/creatives.ts';
import { createProject, uploadMedia } from '#worker/test/factories.ts';
import { recordingMailer } from '#worker/test/emails.ts';
import { png } from '#worker/test/files.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { adsWorld, createAd, creation, errorOf, getAd, newAd, patchAd, review, rowOf, submit, type Team } from '#worker/test/ads.ts';

/** Rendering compiles WebAssembly on first use: the creative tests get more than 5 s. */
const RENDERING = { timeout: 60_000 };

let t: Team;
let c1: string;
let c2: string;
let c3: string;
let story: string;

beforeAll(async () => {
  ({ t, c1, c2, c3, story } = await adsWorld());
});

describe('creating an ad from a creative', RENDERING, () => {
  it('renders the current revision for 1 credit when it has no creation, and uses the existing one for free', async () => {
    await setCredits(t.editor, 3);
    const creative = await createCreative(t.editor, t.project.id);
    const first = await newAd(t.editor, t.project.id, { creativeId: creative.id });
    expect(await balance(t.editor)).toBe(2);
    expect(first).toMatchObject({ kind: 'single', status: 'draft', revision: 1, name: creative.name, pageName: 'Northwind Coffee', role: 'editor' });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      format: 'square',
      width: 1080,
      height: 1080,
      deleted: false,
      url: `/api/creations/${first.items[0]!.creationId}/file`,
    });
    const spends = (await ledger(t.editor)).filter((item) => item.kind === 'spend' && item.reference === creative.id);
    expect(spends).toHaveLength(1);

    const second = await newAd(t.editor, t.project.id, { creativeId: creative.id, name: 'Again' });
    expect(second.items[0]!.creationId).toBe(first.items[0]!.creationId);
    expect(await balance(t.editor)).toBe(2);
  });

  it('without credits for the render: 402 and no ad', async () => {
    await setCredits(t.editor, 0);
    const creative = await createCreative(t.editor, t.project.id);
    const before = await db().select().from(ads).where(eq(ads.projectId, t.project.id)).all();
    const response = await createAd(t.editor, t.project.id, { creativeId: creative.id });
    expect(response.status).toBe(402);
    expect(await db().select().from(ads).where(eq(ads.projectId, t.project.id)).all()).toHaveLength(before.length);
  });

  it('refuses a creative of another project (even one of the user’s own) and unknown ids, before charging', async () => {
    await setCredits(t.owner, 5);
    const other = await createProject(t.owner, {}, 'Other brand');
    const foreign = await createCreative(t.owner, other.id);
    for (const creativeId of [foreign.id, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await createAd(t.owner, t.project.id, { creativeId });
      expect(response.status).toBe(422);
      expect((await errorOf(response)).details?.creativeId).toBeDefined();
    }
    // A story needs one picture, a carousel 2–10: a creative is one picture.
    const creative = await createCreative(t.owner, t.project.id);
    expect((await createAd(t.owner, t.project.id, { creativeId: creative.id, kind: 'carousel' })).status).toBe(422);
    expect(await balance(t.owner)).toBe(5);
  });

  it('takes the brand kit: page name from the project, the logo as avatar', async () => {
    const logo = await uploadMedia(t.owner, t.project.id, png(32, 32, 99), 'logo.png');
    await setBrandKit(t.owner, t.project.id, { logoMediaId: logo.id });
    const ad = await newAd(t.owner, t.project.id, { creationIds: [c1] });
    expect(ad.avatarMediaId).toBe(logo.id);
    expect(ad.avatarUrl).toBe(`/api/media/${logo.id}/file`);
    expect(ad.pageName).toBe('Northwind Coffee');
    await setBrandKit(t.owner, t.project.id, { logoMediaId: null });
  });
});

describe('creating an ad from creations', () => {
  it('1 → single, 2–10 → carousel, a story of exactly one', async () => {
    expect((await newAd(t.editor, t.project.id, { creationIds: [c1] })).kind).toBe('single');
    const carousel = await newAd(t.editor, t.project.id, { creationIds: [c1, c2, c3] });
    expect(carousel.kind).toBe('carousel');
    expect(carousel.items.map((item) => item.creationId)).toEqual([c1, c2, c3]);
    expect(carousel.items.map((item) => item.position)).toEqual([0, 1, 2]);
    const storyAd = await newAd(t.editor, t.project.id, { creationIds: [story], kind: 'story' });
    expect(storyAd).toMatchObject({ kind: 'story', placements: ['instagram_story'] });
    for (const body of [
      { creationIds: [story, c1], kind: 'story' },
      { creationIds: [c1], kind: 'carousel' },
      { creationIds: [c1, c2], kind: 'single' },
      { creationIds: Array.from({ length: 11 }, () => c1) },
      { creationIds: [c1, c1] },
      { creationIds: [] },
      {},
      { creationIds: [c1], creativeId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { creationIds: [c1], kind: 'reel' },
    ]) {
      const response = await createAd(t.editor, t.project.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('refuses creations of another tenant, deleted ones and unknown ids', async () => {
    const stranger = await team();
    const foreign = await creation(stranger.project.id, stranger.owner);
    const gone = await creation(t.project.id, t.owner);
    await db().update(creations).set({ deletedAt: new Date() }).where(eq(creations.id, gone));
    for (const ids of [[foreign], [c1, foreign], [gone], ['AAAAAAAAAAAAAAAAAAAAAA']]) {
      const response = await createAd(t.editor, t.project.id, { creationIds: ids });
      expect(response.status).toBe(422);
      expect((await errorOf(response)).details?.creationIds).toBeDefined();
    }
    // And the stranger cannot put this project's creation in their ad either.
    expect((await createAd(stranger.owner, stranger.project.id, { creationIds: [c1] })).status).toBe(422);
  });
});

describe('copy', () => {
  it('caption: 2,200 characters and 30 hashtags are fine, one more is refused', async () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(' ');
    expect((await createAd(t.editor, t.project.id, { creationIds: [c1], primaryText: 'a'.repeat(2200) })).status).toBe(201);
    // Characters as people count them: 2,200 emoji are 4,400 UTF-16 units and still fine.
    expect((await createAd(t.editor, t.project.id, { creationIds: [c1], primaryText: '😀'.repeat(2200) })).status).toBe(201);
    expect((await createAd(t.editor, t.project.id, { creationIds: [c1], primaryText: tags(30) })).status).toBe(201);
    const long = await createAd(t.editor, t.project.id, { creationIds: [c1], primaryText: 'a'.repeat(2201) });
    expect(long.status).toBe(422);
    expect((await errorOf(long)).details?.primaryText?.[0]).toMatch(/2,200/);
    const hashtags = await createAd(t.editor, t.project.id, { creationIds: [c1], primaryText: tags(31) });
    expect(hashtags.status).toBe(422);
    expect((await errorOf(hashtags)).details?.primaryText?.[0]).toMatch(/30 hashtags/);
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    expect((await patchAd(t.editor, ad.id, { primaryText: tags(31) })).status).toBe(422);
    expect((await patchAd(t.editor, ad.id, { headline: 'h'.repeat(256) })).status).toBe(422);
  });

  it('the destination is an https address', async () => {
    for (const destinationUrl of [
      'http://northwind.example',
      'javascript:alert(1)',
      'ftp://northwind.example/x',
      'https://localhost',
      'northwind.example',
      `https://a.example/${'x'.repeat(2048)}`,
    ]) {
      const response = await createAd(t.editor, t.project.id, { creationIds: [c1], destinationUrl });
      expect(response.status, destinationUrl).toBe(422);
    }
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], destinationUrl: 'https://northwind.example/spring?utm=ig' });
    expect(ad.destinationUrl).toBe('https://northwind.example/spring?utm=ig');
    expect((await patchAd(t.editor, ad.id, { destinationUrl: 'http://northwind.example' })).status).toBe(422);
  });

  it('call to action and placements only from the fixed lists', async () => {
    expect((await createAd(t.editor, t.project.id, { creationIds: [c1], cta: 'buy_everything' })).status).toBe(422);
    expect((await createAd(t.editor, t.project.id, { creationIds: [c1], placements: ['tiktok'] })).status).toBe(422);
    expect((await createAd(t.editor, t.project.id, { creationIds: [c1], placements: [] })).status).toBe(422);
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], cta: 'shop_now', placements: ['instagram_feed', 'facebook_feed', 'instagram_feed'] });
    expect(ad).toMatchObject({ cta: 'shop_now', placements: ['instagram_feed', 'facebook_feed'] });
  });
});

describe('listing', () => {
  it('filters by status and pages with a cursor, newest first, without deleted ads', async () => {
    const mine = await team();
    const a = await creation(mine.project.id, mine.owner);
    const made: AdDetail[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await newAd(mine.owner, mine.project.id, { creationIds: [a], name: `Ad ${i}` }));
    // Distinct creation times (two ads of one millisecond would be ordered by their random ids).
    const base = Date.now() - 60_000;
    for (const [i, ad] of made.entries())
      await db()
        .update(ads)
        .set({ createdAt: new Date(base + i * 1000) })
        .where(eq(ads.id, ad.id));
    expect((await submit(mine.owner, made[1]!.id)).status).toBe(200);
    expect((await submit(mine.owner, made[3]!.id)).status).toBe(200);
    expect((await send(`/api/ads/${made[4]!.id}`, { method: 'DELETE', cookie: mine.owner.cookie })).status).toBe(204);

    const seen: AdSummary[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const response = await send(`/api/projects/${mine.project.id}/ads?limit=2${query}`, { cookie: mine.viewer.cookie });
      expect(response.status).toBe(200);
      const page: Page<AdSummary> = await json<Page<AdSummary>>(response);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen.map((ad) => ad.name)).toEqual(['Ad 3', 'Ad 2', 'Ad 1', 'Ad 0']);
    expect(pages).toBe(2);
    expect(seen[0]).toMatchObject({ itemCount: 1, reviewCount: 0, post: null, thumbnailUrl: `/api/creations/${a}/file` });

    const inReview = await json<Page<AdSummary>>(await send(`/api/projects/${mine.project.id}/ads?status=in_review`, { cookie: mine.viewer.cookie }));
    expect(inReview.items.map((ad) => ad.name)).toEqual(['Ad 3', 'Ad 1']);
    const drafts = await json<Page<AdSummary>>(await send(`/api/projects/${mine.project.id}/ads?status=draft`, { cookie: mine.viewer.cookie }));
    expect(drafts.items.map((ad) => ad.name)).toEqual(['Ad 2', 'Ad 0']);

    for (const query of ['status=live', 'cursor=not-a-cursor', 'limit=0', 'limit=abc', `cursor=${'9'.repeat(300)}`]) {
      expect((await send(`/api/projects/${mine.project.id}/ads?${query}`, { cookie: mine.viewer.cookie })).status, query).toBe(422);
    }
  });
});

describe('editing', () => {
  it('every change is a new revision; a save on an older revision is refused with 409', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], headline: 'One' });
    const saved = await json<AdDetail>(await patchAd(t.editor, ad.id, { headline: 'Two', baseRevision: 1 }));
    expect(saved).toMatchObject({ headline: 'Two', revision: 2 });
    const stale = await patchAd(t.owner, ad.id, { headline: 'Three', baseRevision: 1 });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).code).toBe('conflict');
    expect((await rowOf(ad.id))?.headline).toBe('Two');
    // The same values again: nothing changes, no new revision.
    expect((await json<AdDetail>(await patchAd(t.editor, ad.id, { headline: 'Two' }))).revision).toBe(2);
  });

  it('two saves of the same revision: the second is refused and leaves neither copy nor pictures behind', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    const read = (await rowOf(ad.id))!;
    const membership = { project: (await db().select().from(projects).where(eq(projects.id, t.project.id)).get())!, role: 'editor' as const };
    const actor = { id: t.editor.id, name: t.editor.name };
    const first = await updateAd(db(), recordingMailer(), read, membership, actor, { headline: 'First', creationIds: [c2, c3] }, ORIGIN);
    expect(first).toMatchObject({ headline: 'First', revision: 2, kind: 'carousel' });
    await expect(updateAd(db(), recordingMailer(), read, membership, actor, { headline: 'Second', creationIds: [c1, c2, c3] }, ORIGIN)).rejects.toMatchObject({
      status: 409,
    });
    const after = await json<AdDetail>(await getAd(t.viewer, ad.id));
    expect(after).toMatchObject({ headline: 'First', revision: 2 });
    expect(after.items.map((item) => item.creationId)).toEqual([c2, c3]);
  });

  it('changing pictures: the kind follows, other projects’ creations are refused', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    const carousel = await json<AdDetail>(await patchAd(t.editor, ad.id, { creationIds: [c2, c1] }));
    expect(carousel).toMatchObject({ kind: 'carousel', revision: 2 });
    expect(carousel.items.map((item) => item.creationId)).toEqual([c2, c1]);
    const back = await json<AdDetail>(await patchAd(t.editor, ad.id, { creationIds: [c3] }));
    expect(back).toMatchObject({ kind: 'single', revision: 3 });
    const stranger = await team();
    const foreign = await creation(stranger.project.id, stranger.owner);
    expect((await patchAd(t.editor, ad.id, { creationIds: [foreign] })).status).toBe(422);
    expect((await patchAd(t.editor, ad.id, { kind: 'carousel' })).status).toBe(422);
    const foreignLogo = await uploadMedia(stranger.owner, stranger.project.id, png(8, 8, 7));
    expect((await patchAd(t.editor, ad.id, { avatarMediaId: foreignLogo.id })).status).toBe(422);
    expect((await json<AdDetail>(await getAd(t.viewer, ad.id))).items.map((item) => item.creationId)).toEqual([c3]);
  });

  it('editing an approved ad’s copy or pictures sends it back to review; its name does not', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    await submit(t.editor, ad.id);
    expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await rowOf(ad.id))?.status).toBe('approved');
    expect((await json<AdDetail>(await patchAd(t.editor, ad.id, { name: 'Renamed' }))).status).toBe('approved');
    expect((await json<AdDetail>(await patchAd(t.editor, ad.id, { primaryText: 'New words' }))).status).toBe('in_review');
    await review(t.owner, ad.id, { decision: 'approve' });
    expect((await json<AdDetail>(await patchAd(t.editor, ad.id, { creationIds: [c1, c2] }))).status).toBe('in_review');
  });

  it('submitting: draft or changes requested → in review; approved cannot be submitted', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    const submitted = await json<AdDetail>(await submit(t.editor, ad.id));
    expect(submitted.status).toBe('in_review');
    expect((await submit(t.editor, ad.id)).status).toBe(200);
    await review(t.owner, ad.id, { decision: 'request_changes', comment: 'Brighter, please.' });
    expect((await rowOf(ad.id))?.status).toBe('changes_requested');
    expect((await json<AdDetail>(await submit(t.editor, ad.id))).status).toBe('in_review');
    await review(t.owner, ad.id, { decision: 'approve' });
    expect((await submit(t.editor, ad.id)).status).toBe(409);
  });

  it('deleting: gone for everyone, its preview link too', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    const { previewUrl } = await json<{ previewUrl: string }>(await send(`/api/ads/${ad.id}/preview-link`, { method: 'POST', cookie: t.editor.cookie }));
    expect((await send(`/api/ads/${ad.id}`, { method: 'DELETE', cookie: t.viewer.cookie })).status).toBe(403);
    expect((await send(`/api/ads/${ad.id}`, { method: 'DELETE', cookie: t.editor.cookie })).status).toBe(204);
    expect((await getAd(t.owner, ad.id)).status).toBe(404);
    expect((await patchAd(t.owner, ad.id, { name: 'x' })).status).toBe(404);
    expect((await send(`/api/ads/${ad.id}`, { method: 'DELETE', cookie: t.editor.cookie })).status).toBe(404);
    expect(await adForPreview(db(), previewUrl.split('/').pop()!)).toBeUndefined();
  });
});

describe('the preview link', () => {
  it('is ≥ 128 random bits, regenerating replaces it (the old one stops working), revoking removes it', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1, c2] });
    expect(ad.previewUrl).toBeNull();
    const share = async () => {
      const response = await send(`/api/ads/${ad.id}/preview-link`, { method: 'POST', cookie: t.editor.cookie });
      expect(response.status).toBe(200);
      const { previewUrl } = await json<{ previewUrl: string }>(response);
      expect(previewUrl.startsWith(`${ORIGIN}/preview/`)).toBe(true);
      return previewUrl.split('/').pop()!;
    };
    const first = await share();
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const found = await adForPreview(db(), first);
    expect(found?.ad.id).toBe(ad.id);
    expect(found?.items.map((item) => [item.position, item.creationId, item.width])).toEqual([
      [0, c1, 1080],
      [1, c2, 1080],
    ]);
    expect(found?.items[0]?.r2Key).toMatch(/^creations\//);
    expect((await json<AdDetail>(await getAd(t.owner, ad.id))).previewUrl).toBe(`${ORIGIN}/preview/${first}`);
    // Not to a viewer: the link approves without an account (preview/members.test.ts).
    expect((await json<AdDetail>(await getAd(t.viewer, ad.id))).previewUrl).toBeNull();

    const second = await share();
    expect(second).not.toBe(first);
    expect(await adForPreview(db(), first)).toBeUndefined();
    expect((await adForPreview(db(), second))?.ad.id).toBe(ad.id);

    expect((await send(`/api/ads/${ad.id}/preview-link`, { method: 'POST', cookie: t.viewer.cookie })).status).toBe(403);
    expect((await send(`/api/ads/${ad.id}/preview-link`, { method: 'DELETE', cookie: t.viewer.cookie })).status).toBe(403);
    expect((await send(`/api/ads/${ad.id}/preview-link`, { method: 'DELETE', cookie: t.editor.cookie })).status).toBe(204);
    expect(await adForPreview(db(), second)).toBeUndefined();
    expect((await json<AdDetail>(await getAd(t.viewer, ad.id))).previewUrl).toBeNull();
  });
});

describe('access and hostile input', () => {
  it('non-members get 404, viewers 403 on every write, anonymous 401', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    const writes: [string, string, unknown][] = [
      ['PATCH', `/api/ads/${ad.id}`, { name: 'x' }],
      ['DELETE', `/api/ads/${ad.id}`, undefined],
      ['POST', `/api/ads/${ad.id}/submit`, undefined],
      ['POST', `/api/ads/${ad.id}/preview-link`, undefined],
      ['DELETE', `/api/ads/${ad.id}/preview-link`, undefined],
      ['POST', `/api/ads/${ad.id}/reviews`, { decision: 'approve' }],
      ['POST', `/api/ads/${ad.id}/publish`, {}],
      ['DELETE', `/api/ads/${ad.id}/publish`, undefined],
      ['POST', `/api/projects/${t.project.id}/ads`, { creationIds: [c1] }],
    ];
    for (const [method, path, body] of writes) {
      expect((await send(path, { method, json: body, cookie: t.viewer.cookie })).status, `${method} ${path} viewer`).toBe(403);
      expect((await send(path, { method, json: body, cookie: t.outsider.cookie })).status, `${method} ${path} outsider`).toBe(404);
      expect((await send(path, { method, json: body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    for (const path of [`/api/ads/${ad.id}`, `/api/ads/${ad.id}/reviews`, `/api/projects/${t.project.id}/ads`]) {
      expect((await send(path, { cookie: t.outsider.cookie })).status).toBe(404);
      expect((await send(path, { cookie: t.viewer.cookie })).status).toBe(200);
    }
    expect((await getAd(t.viewer, ad.id)).status).toBe(200);
    expect((await json<AdDetail>(await getAd(t.viewer, ad.id))).role).toBe('viewer');
  });

  it('malformed JSON, wrong types, lone surrogates and junk ids: 4xx, never 500', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    const raw = (path: string, method: string, body: string, type = 'application/json') =>
      send(path, { method, body, headers: { 'content-type': type }, cookie: t.editor.cookie });
    expect((await raw(`/api/projects/${t.project.id}/ads`, 'POST', '{"creationIds": [')).status).toBe(400);
    expect((await raw(`/api/ads/${ad.id}`, 'PATCH', 'null')).status).toBe(422);
    expect((await raw(`/api/ads/${ad.id}`, 'PATCH', '[]')).status).toBe(422);
    expect((await raw(`/api/ads/${ad.id}`, 'PATCH', 'name=x', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await raw(`/api/ads/${ad.id}/reviews`, 'POST', '{"decision":')).status).toBe(400);
    for (const body of [
      { name: 42 },
      { creationIds: 'c1' },
      { baseRevision: 'one' },
      { baseRevision: 1.5 },
      { placements: 'instagram_feed' },
      { avatarMediaId: '../x' },
    ]) {
      expect((await patchAd(t.editor, ad.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    const surrogate = await patchAd(t.editor, ad.id, { name: 'Lone \ud800 half', primaryText: 'Caption \udc00 here', headline: '\ud83d' });
    expect(surrogate.status).toBe(200);
    const cleaned = await json<AdDetail>(surrogate);
    expect(cleaned.name).toBe('Lone \ufffd half');
    expect(cleaned.primaryText).toBe('Caption \ufffd here');
    expect((await patchAd(t.editor, ad.id, { name: 'n'.repeat(81) })).status).toBe(422);

    const junk = ['x'.repeat(100), '%F0%9F%98%80'.repeat(10), '..%2F..%2Fetc', 'AAAAAAAAAAAAAAAAAAAAAA', `${ad.id}'--`];
    for (const id of junk) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['POST', '/submit'],
        ['GET', '/reviews'],
        ['POST', '/preview-link'],
      ] as const) {
        const response = await send(`/api/ads/${id}${suffix}`, { method, json: method === 'PATCH' ? {} : undefined, cookie: t.owner.cookie });
        expect(response.status, `${method} ${id}${suffix}`).toBe(404);
      }
      expect((await send(`/api/projects/${id}/ads`, { cookie: t.owner.cookie })).status).toBe(404);
    }
  });

  it('another tenant’s ad is invisible: by id, in lists, and as a picture source', async () => {
    const stranger = await team();
    const theirCreation = await creation(stranger.project.id, stranger.owner);
    const theirs = await newAd(stranger.owner, stranger.project.id, { creationIds: [theirCreation] });
    expect((await getAd(t.owner, theirs.id)).status).toBe(404);
    expect((await patchAd(t.owner, theirs.id, { name: 'Mine now' })).status).toBe(404);
    expect((await review(t.owner, theirs.id, { decision: 'approve' })).status).toBe(404);
    expect((await send(`/api/projects/${stranger.project.id}/ads`, { cookie: t.owner.cookie })).status).toBe(404);
    const list = await json<Page<AdSummary>>(await send(`/api/projects/${t.project.id}/ads?limit=100`, { cookie: t.owner.cookie }));
    expect(list.items.some((ad) => ad.id === theirs.id)).toBe(false);
    expect((await rowOf(theirs.id))?.name).toBe(theirs.name);
  });
});
