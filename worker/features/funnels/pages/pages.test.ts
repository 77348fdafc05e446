import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPage } from '#common/schemas/page-checks.ts';
import { READY_WARNINGS, readyDocument } from '#common/test/ready-page.ts';
import { pageDocumentSchema, type PageDocument } from '#common/schemas/blocks.ts';
import type { FunnelDetail, PageDetail, PageSummary, PageVersion, VersionDocument } from '#common/schemas/funnels.ts';
import { getDb } from '#worker/db/client.ts';
import { funnelPageVersions, funnelPages } from '#worker/db/schema.ts';
import * as coreRepo from '#worker/features/funnels/core/repo.ts';
import { cacheMatch, cachePut, edgeCacheKey } from '#worker/features/funnels/edge/cache.ts';
import * as repo from '#worker/features/funnels/pages/repo.ts';
import * as service from '#worker/features/funnels/pages/service.ts';
import { createFunnel, createFunnelPage, createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
const db = () => getDb(env.DB);
const json = async <T>(response: Response) => (await response.json()) as T;

let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  [owner, editor, viewer, outsider] = [
    await createUser({ name: 'Olivia Owner' }),
    await createUser({ name: 'Ed Editor' }),
    await createUser(),
    await createUser(),
  ];
  projectId = (await createProject(owner, { editor, viewer })).id;
});

const getPage = async (id: string, user = owner) => json<PageDetail>(await send(`/api/pages/${id}`, { cookie: user.cookie }));
const patchPage = (user: TestUser | undefined, id: string, body: unknown) => send(`/api/pages/${id}`, { method: 'PATCH', json: body, cookie: user?.cookie });
/** Publishes, accepting the warnings of the checks that the page's draft has now (its errors still refuse). */
const publish = async (user: TestUser | undefined, id: string, baseRevision: number) => {
  const draft = await getPage(id);
  const acceptWarnings = checkPage({ a: draft.draft, b: draft.draftB })
    .filter((f) => f.severity === 'warning')
    .map((f) => f.key);
  return send(`/api/pages/${id}/publish`, { json: { baseRevision, acceptWarnings }, cookie: user?.cookie });
};
const post = (user: TestUser | undefined, path: string) => send(path, { method: 'POST', cookie: user?.cookie });
/** Restores a version, accepting the warnings named (by default the one of a finished page: no social image). */
const restore = (user: TestUser | undefined, pageId: string, versionId: string, acceptWarnings: string[] = READY_WARNINGS) =>
  send(`/api/pages/${pageId}/versions/${versionId}/restore`, { json: { acceptWarnings }, cookie: user?.cookie });

/** A finished page (the checks before publishing pass it) with `heading` as its hero's headline. */
const docWith = (heading: string): PageDocument => readyDocument(heading);

const headingOf = (doc: PageDocument | null | undefined) => (doc?.blocks[0]?.type === 'hero' ? doc.blocks[0].props.heading : undefined);

/**
 * A new page of a new funnel. Its starter draft is placeholders, which the checks before
 * publishing refuse: unless `starter`, a finished draft takes its place (at the same revision).
 */
async function newPage(slug = 'offer', starter = false) {
  const funnel = await createFunnel(owner, projectId);
  const page = await createFunnelPage(editor, funnel.id, { slug, title: 'Spring offer' });
  if (!starter)
    await db()
      .update(funnelPages)
      .set({ draft: readyDocument('Spring offer') })
      .where(eq(funnelPages.id, page.id));
  return { funnel, page: await getPage(page.id) };
}

describe('creating pages', () => {
  it('starts a page as a draft with a hero and a text block that the block schema accepts', async () => {
    const { funnel, page } = await newPage('offer', true);
    expect(page).toMatchObject({ status: 'draft', revision: 1, publishedRevision: null, hasVariantB: false, draftB: null, position: 0, versionCount: 0 });
    expect(page.draft.blocks.map((b) => b.type)).toEqual(['hero', 'text']);
    expect(page.draft.seo.title).toBe('Spring offer');
    expect(z.safeParse(pageDocumentSchema, page.draft).success).toBe(true);
    expect(page.url).toBe(`${ORIGIN}/p/${funnel.name}/offer`);
    expect(page.funnel).toMatchObject({ id: funnel.id, name: funnel.name });
    const second = await createFunnelPage(owner, funnel.id, { slug: 'thanks' });
    expect((await getPage(second.id)).position).toBe(1);
  });

  it('refuses bad, reserved and taken slugs', async () => {
    const { funnel } = await newPage('taken');
    const create = (slug: unknown, user = owner) => send(`/api/funnels/${funnel.id}/pages`, { json: { title: 'X', slug }, cookie: user.cookie });
    for (const slug of ['', 'a/b', 'A B', 'x'.repeat(61), 'api', 'assets', 'fonts', 'ü', 42]) {
      expect((await create(slug)).status, String(slug)).toBe(422);
    }
    const taken = await create('taken');
    expect(taken.status).toBe(409);
    expect((await json<ErrorBody>(taken)).error.details?.slug).toBeDefined();
    expect((await create('Fine-Slug')).status).toBe(201);
    expect((await create('another', viewer)).status).toBe(403);
    expect((await create('another', outsider)).status).toBe(404);
  });

  it('gives one slug to one page when 20 requests race for it', async () => {
    const funnel = await createFunnel(owner, projectId);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send(`/api/funnels/${funnel.id}/pages`, { json: { title: 'Race', slug: 'race' }, cookie: owner.cookie })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('holds at most 30 pages per funnel, also when 20 requests race for the last ones', async () => {
    const funnel = await createFunnel(owner, projectId);
    for (let i = 0; i < 25; i += 1) await createFunnelPage(owner, funnel.id, { slug: `p${i}` });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(`/api/funnels/${funnel.id}/pages`, { json: { title: 'More', slug: `more-${i}` }, cookie: owner.cookie })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(15);
    const detail = await json<FunnelDetail>(await send(`/api/funnels/${funnel.id}`, { cookie: owner.cookie }));
    expect(detail.pageCount).toBe(30);
    expect(new Set(detail.pages.map((p) => p.position)).size).toBeGreaterThan(25);
  });
});

describe('saving the draft', () => {
  it('saves on top of the loaded revision and refuses a stale one (409 with the current revision)', async () => {
    const { page } = await newPage();
    const saved = await patchPage(editor, page.id, { baseRevision: 1, document: docWith('First') });
    expect(saved.status).toBe(200);
    const body = await json<PageDetail>(saved);
    expect(body.revision).toBe(2);
    expect(headingOf(body.draft)).toBe('First');
    const stale = await patchPage(editor, page.id, { baseRevision: 1, document: docWith('Lost') });
    expect(stale.status).toBe(409);
    expect((await json<ErrorBody>(stale)).error.details?._).toEqual(['revision:2']);
    expect(headingOf((await getPage(page.id)).draft)).toBe('First');
  });

  it('lets only one of 20 saves on the same revision win', async () => {
    const { page } = await newPage();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => patchPage(owner, page.id, { baseRevision: 1, document: docWith(`Try ${i}`) })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await getPage(page.id)).revision).toBe(2);
  });

  it('creates variant B with a 50 % split, changes the split, removes B', async () => {
    const { page } = await newPage();
    let detail = await json<PageDetail>(await patchPage(owner, page.id, { baseRevision: 1, splitB: 0 }));
    detail = await json<PageDetail>(await patchPage(owner, page.id, { baseRevision: detail.revision, documentB: docWith('B') }));
    expect(detail).toMatchObject({ hasVariantB: true, splitB: 50 });
    detail = await json<PageDetail>(await patchPage(owner, page.id, { baseRevision: detail.revision, splitB: 20 }));
    expect(detail.splitB).toBe(20);
    expect((await patchPage(owner, page.id, { baseRevision: detail.revision, splitB: 101 })).status).toBe(422);
    expect((await patchPage(owner, page.id, { baseRevision: detail.revision, splitB: 2.5 })).status).toBe(422);
    detail = await json<PageDetail>(await patchPage(owner, page.id, { baseRevision: detail.revision, documentB: null }));
    expect(detail).toMatchObject({ hasVariantB: false, draftB: null });
  });

  it('changes title and slug (unique in the funnel), and refuses invalid documents, huge strings and bad JSON', async () => {
    const { funnel, page } = await newPage('first');
    await createFunnelPage(owner, funnel.id, { slug: 'second' });
    const renamed = await json<PageDetail>(await patchPage(owner, page.id, { baseRevision: 1, title: 'Renamed', slug: 'renamed' }));
    expect(renamed).toMatchObject({ title: 'Renamed', slug: 'renamed', revision: 2 });
    const clash = await patchPage(owner, page.id, { baseRevision: 2, slug: 'second' });
    expect(clash.status).toBe(409);
    expect((await json<ErrorBody>(clash)).error.details?.slug).toBeDefined();
    const bad = [
      { baseRevision: 2, document: { blocks: 'no', seo: {} } },
      { baseRevision: 2, document: { blocks: [{ id: 'x', type: 'marquee', props: {} }], seo: { title: '', description: '', image: null } } },
      { baseRevision: 2, document: { ...docWith('x'), blocks: [{ ...docWith('x').blocks[0]!, id: 'main' }] } },
      { baseRevision: 2, document: { ...docWith('x'), seo: { title: 'x'.repeat(100_000), description: '', image: null } } },
      { baseRevision: 2, title: 'x'.repeat(100_000) },
      { baseRevision: 'two' },
      { document: docWith('no revision') },
      { baseRevision: 2, slug: 'x'.repeat(100_000) },
    ];
    for (const body of bad) expect((await patchPage(owner, page.id, body)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    const malformed = await send(`/api/pages/${page.id}`, {
      method: 'PATCH',
      body: '{"baseRevision":2,',
      headers: { 'content-type': 'application/json' },
      cookie: owner.cookie,
    });
    expect(malformed.status).toBe(400);
    const surrogate = await send(`/api/pages/${page.id}`, {
      method: 'PATCH',
      body: '{"baseRevision":2,"title":"Half \\udc00 a pair"}',
      headers: { 'content-type': 'application/json' },
      cookie: owner.cookie,
    });
    expect(surrogate.status).toBe(200);
    expect((await json<PageDetail>(surrogate)).title).toBe('Half \ufffd a pair');
  });

  it('refuses a document (A or B) over 256 KiB of stored JSON with 413 and a message, counting UTF-8 bytes', async () => {
    const { funnel, page } = await newPage();
    const faqs = (answer: string): PageDocument => ({
      blocks: Array.from({ length: 5 }, (_, i) => ({
        id: `faq-${i}`,
        type: 'faq' as const,
        props: { heading: 'Questions', items: Array.from({ length: 30 }, (_, j) => ({ question: `Question ${j}?`, answer })) },
      })),
      seo: { title: 'Big', description: '', image: null },
    });
    const ascii = faqs('x'.repeat(2000)); // ≈ 300 KB
    const accents = faqs('ü'.repeat(1000)); // ≈ 150 K characters, ≈ 300 KB in UTF-8
    const fits = faqs('x'.repeat(1500)); // ≈ 225 KB
    for (const [field, document] of [
      ['document', ascii],
      ['documentB', ascii],
      ['document', accents],
    ] as const) {
      const response = await patchPage(owner, page.id, { baseRevision: 1, [field]: document });
      expect(response.status, field).toBe(413);
      const body = await json<ErrorBody>(response);
      expect(body.error.code).toBe('payload_too_large');
      expect(body.error.message).toMatch(/too large to save \(\d+ KiB; at most 256 KiB\)/);
      expect(body.error.details?.[field]).toEqual([body.error.message]);
    }
    expect((await getPage(page.id)).revision).toBe(1);
    // A and B each up to the limit: the row (and a version of both) stays well below D1's 2 MB.
    const saved = await patchPage(owner, page.id, { baseRevision: 1, document: fits, documentB: fits });
    expect(saved.status).toBe(200);
    expect((await publish(owner, page.id, 2)).status).toBe(200);
    // A draft stored before the limit existed is not copied into a page that could not be saved.
    const legacy = await createFunnelPage(owner, funnel.id, { slug: 'legacy' });
    await db().update(funnelPages).set({ draft: ascii }).where(eq(funnelPages.id, legacy.id));
    const copy = await post(owner, `/api/pages/${legacy.id}/duplicate`);
    expect(copy.status).toBe(413);
    expect((await json<ErrorBody>(copy)).error.details?.document).toBeDefined();
  });

  it('refuses viewers (403), other teams (404), unknown and malformed ids (404)', async () => {
    const { page } = await newPage();
    expect((await patchPage(viewer, page.id, { baseRevision: 1, title: 'No' })).status).toBe(403);
    expect((await patchPage(outsider, page.id, { baseRevision: 1, title: 'No' })).status).toBe(404);
    expect((await send(`/api/pages/${page.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send('/api/pages/AAAAAAAAAAAAAAAAAAAAAA', { cookie: owner.cookie })).status).toBe(404);
    expect((await send('/api/pages/%F0%9F%98%80', { cookie: owner.cookie })).status).toBe(404);
    expect((await send(`/pages/${page.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await getPage(page.id, viewer)).role).toBe('viewer');
  });
});

describe('publishing', () => {
  it('publishes the draft as version 1, then shows changes, then version 2', async () => {
    const { page } = await newPage();
    const stale = await publish(owner, page.id, 7);
    expect(stale.status).toBe(409);
    expect((await publish(viewer, page.id, 1)).status).toBe(403);
    expect((await publish(outsider, page.id, 1)).status).toBe(404);
    const first = await json<PageDetail>(await publish(editor, page.id, 1));
    expect(first).toMatchObject({ status: 'published', revision: 1, publishedRevision: 1, versionCount: 1 });
    expect(first.publishedAt).not.toBeNull();
    const edited = await json<PageDetail>(await patchPage(owner, page.id, { baseRevision: 1, document: docWith('Second') }));
    expect(edited.status).toBe('changed');
    const second = await json<PageDetail>(await publish(owner, page.id, 2));
    expect(second).toMatchObject({ status: 'published', publishedRevision: 2, versionCount: 2 });
    const versions = await json<{ items: PageVersion[] }>(await send(`/api/pages/${page.id}/versions`, { cookie: viewer.cookie }));
    expect(versions.items.map((v) => [v.number, v.live, v.publishedBy])).toEqual([
      [2, true, 'Olivia Owner'],
      [1, false, 'Ed Editor'],
    ]);
    const row = await db().select().from(funnelPageVersions).where(eq(funnelPageVersions.id, versions.items[0]!.id)).get();
    expect(headingOf((row!.document as VersionDocument).a)).toBe('Second');
  });

  it('gives 20 concurrent publishes distinct version numbers 1…20, all of the same draft', async () => {
    const { page } = await newPage();
    const responses = await Promise.all(Array.from({ length: 20 }, () => publish(owner, page.id, 1)));
    const ok = responses.filter((r) => r.status === 200).length;
    expect(ok + responses.filter((r) => r.status === 409).length).toBe(20);
    expect(ok).toBeGreaterThan(0);
    const rows = await db().select().from(funnelPageVersions).where(eq(funnelPageVersions.pageId, page.id)).all();
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(Array.from({ length: ok }, (_, i) => i + 1));
    const live = await db().select().from(funnelPages).where(eq(funnelPages.id, page.id)).get();
    expect(rows.some((r) => r.id === live!.publishedVersionId)).toBe(true);
  });

  it('never publishes a draft that changed after the request was checked (a save and a publish racing)', async () => {
    const { page } = await newPage();
    const [saved, published] = await Promise.all([patchPage(owner, page.id, { baseRevision: 1, document: docWith('Saved') }), publish(owner, page.id, 1)]);
    expect(saved.status).toBe(200);
    const row = await db().select().from(funnelPages).where(eq(funnelPages.id, page.id)).get();
    if (published.status === 200) {
      // Published revision 1 (before the save): the live version holds revision 1's draft.
      const version = await db().select().from(funnelPageVersions).where(eq(funnelPageVersions.id, row!.publishedVersionId!)).get();
      expect(headingOf((version!.document as VersionDocument).a)).not.toBe('Saved');
      expect(row!.publishedRevision).toBe(1);
    } else {
      expect(published.status).toBe(409);
      expect(row!.publishedVersionId).toBeNull();
    }
  });

  it('purges the page’s cached copies (both variants, both sites, the funnel root) on publish and unpublish', async () => {
    const { funnel, page } = await newPage('cached');
    const keys = [
      edgeCacheKey({ kind: 'path', origin: ORIGIN, funnelName: funnel.name }, 'cached', 'a'),
      edgeCacheKey({ kind: 'path', origin: ORIGIN, funnelName: funnel.name }, 'cached', 'b'),
      edgeCacheKey({ kind: 'path', origin: ORIGIN, funnelName: funnel.name }, null, 'a'),
    ];
    const fill = () => Promise.all(keys.map((key) => cachePut(key, new Response('old', { headers: { 'cache-control': 'max-age=300' } }))));
    await fill();
    await publish(owner, page.id, 1);
    for (const key of keys) expect(await cacheMatch(key)).toBeUndefined();
    await fill();
    const unpublished = await post(owner, `/api/pages/${page.id}/unpublish`);
    expect(unpublished.status).toBe(200);
    expect((await json<PageDetail>(unpublished)).status).toBe('draft');
    for (const key of keys) expect(await cacheMatch(key)).toBeUndefined();
    expect((await post(owner, `/api/pages/${page.id}/unpublish`)).status).toBe(409);
    expect((await post(viewer, `/api/pages/${page.id}/unpublish`)).status).toBe(403);
  });

  it('purges the old address when a published page’s slug changes', async () => {
    const { funnel, page } = await newPage('old');
    await publish(owner, page.id, 1);
    const key = edgeCacheKey({ kind: 'path', origin: ORIGIN, funnelName: funnel.name }, 'old', 'a');
    await cachePut(key, new Response('old', { headers: { 'cache-control': 'max-age=300' } }));
    await patchPage(owner, page.id, { baseRevision: 1, slug: 'new' });
    expect(await cacheMatch(key)).toBeUndefined();
  });
});

describe('restoring a version', () => {
  it('makes the version the draft again and publishes it as a new version', async () => {
    const { page } = await newPage();
    await patchPage(owner, page.id, { baseRevision: 1, document: docWith('One') });
    await publish(owner, page.id, 2);
    await patchPage(owner, page.id, { baseRevision: 2, document: docWith('Two'), documentB: docWith('Two B') });
    await publish(owner, page.id, 3);
    await patchPage(owner, page.id, { baseRevision: 3, document: docWith('Unsaved work') });
    const versions = await json<{ items: PageVersion[] }>(await send(`/api/pages/${page.id}/versions`, { cookie: owner.cookie }));
    const v1 = versions.items.find((v) => v.number === 1)!;
    expect(versions.items.find((v) => v.number === 2)!.hasVariantB).toBe(true);
    expect((await post(viewer, `/api/pages/${page.id}/versions/${v1.id}/restore`)).status).toBe(403);
    expect((await restore(owner, page.id, 'AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const restored = await json<PageDetail>(await restore(editor, page.id, v1.id));
    expect(headingOf(restored.draft)).toBe('One');
    expect(restored).toMatchObject({ draftB: null, revision: 5, publishedRevision: 5, status: 'published', versionCount: 3 });
    const after = await json<{ items: PageVersion[] }>(await send(`/api/pages/${page.id}/versions`, { cookie: owner.cookie }));
    expect(after.items[0]).toMatchObject({ number: 3, live: true });
    const live = await db().select().from(funnelPageVersions).where(eq(funnelPageVersions.id, after.items[0]!.id)).get();
    expect(headingOf((live!.document as VersionDocument).a)).toBe('One');
  });

  it('refuses a version of another page (404)', async () => {
    const { page } = await newPage();
    const { page: other } = await newPage();
    await publish(owner, other.id, 1);
    const [version] = (await json<{ items: PageVersion[] }>(await send(`/api/pages/${other.id}/versions`, { cookie: owner.cookie }))).items;
    expect((await restore(owner, page.id, version!.id)).status).toBe(404);
    expect((await restore(outsider, other.id, version!.id)).status).toBe(404);
  });
});

describe('making B the winner', () => {
  it('turns the live B into the page for everyone, as a new version', async () => {
    const { page } = await newPage();
    expect((await post(owner, `/api/pages/${page.id}/winner`)).status).toBe(409);
    await patchPage(owner, page.id, { baseRevision: 1, document: docWith('A wins?'), documentB: docWith('B wins') });
    await publish(owner, page.id, 2);
    expect((await post(viewer, `/api/pages/${page.id}/winner`)).status).toBe(403);
    const won = await json<PageDetail>(await post(owner, `/api/pages/${page.id}/winner`));
    expect(headingOf(won.draft)).toBe('B wins');
    expect(won).toMatchObject({ draftB: null, hasVariantB: false, splitB: 0, status: 'published', versionCount: 2 });
    const row = await db().select().from(funnelPages).where(eq(funnelPages.id, page.id)).get();
    const live = await db().select().from(funnelPageVersions).where(eq(funnelPageVersions.id, row!.publishedVersionId!)).get();
    expect(live!.number).toBe(2);
    expect(headingOf((live!.document as VersionDocument).a)).toBe('B wins');
    expect((live!.document as VersionDocument).b).toBeNull();
  });

  it('refuses (409) when the page was published or saved after the request read it, and publishes nothing stale', async () => {
    // What a request loaded (the access rule reads the page), before another editor's write lands.
    const loaded = async (id: string) => {
      const page = await repo.findLivePage(db(), id);
      return { page: page!, funnel: (await coreRepo.findLiveFunnel(db(), page!.funnelId))! };
    };
    const actor = { id: owner.id, name: 'Olivia Owner' };
    const liveOf = async (id: string) => {
      const row = await db().select().from(funnelPages).where(eq(funnelPages.id, id)).get();
      return db().select().from(funnelPageVersions).where(eq(funnelPageVersions.id, row!.publishedVersionId!)).get();
    };

    // Live with B1; the draft's B becomes B2 (revision 3).
    const { page } = await newPage();
    await patchPage(owner, page.id, { baseRevision: 1, document: docWith('A'), documentB: docWith('B1') });
    await publish(owner, page.id, 2);
    await patchPage(owner, page.id, { baseRevision: 2, documentB: docWith('B2') });
    const stale = await loaded(page.id);
    // Editor 2 publishes revision 3 (A with B2); publishing keeps the revision.
    expect((await publish(editor, page.id, 3)).status).toBe(200);
    const published = await liveOf(page.id);
    await expect(service.makeBWinner(db(), stale, 'owner', actor, ORIGIN)).rejects.toMatchObject({ status: 409, code: 'conflict' });
    await expect(
      service.restoreVersion(db(), stale, 'owner', actor, stale.page.publishedVersionId!, ['a:seo:image:seoImage', 'b:seo:image:seoImage'], ORIGIN),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect((await liveOf(page.id))!.id).toBe(published!.id);
    expect((await getPage(page.id)).versionCount).toBe(2);
    expect(headingOf((await getPage(page.id)).draftB)).toBe('B2');

    // A stale revision: someone saved after the request read the page.
    const beforeSave = await loaded(page.id);
    await patchPage(owner, page.id, { baseRevision: 3, title: 'Saved meanwhile' });
    await expect(service.makeBWinner(db(), beforeSave, 'owner', actor, ORIGIN)).rejects.toMatchObject({ status: 409 });
    expect((await liveOf(page.id))!.id).toBe(published!.id);

    // Read fresh, B2 (the live B) wins.
    const won = await json<PageDetail>(await post(owner, `/api/pages/${page.id}/winner`));
    expect(headingOf(won.draft)).toBe('B2');
    expect(headingOf(((await liveOf(page.id))!.document as VersionDocument).a)).toBe('B2');

    // Never live with B: a publish since the request read the page is not left with a B the draft no longer has.
    const { page: draftOnly } = await newPage('draft-only');
    await patchPage(owner, draftOnly.id, { baseRevision: 1, documentB: docWith('Draft B') });
    const notLive = await loaded(draftOnly.id);
    expect((await publish(editor, draftOnly.id, 2)).status).toBe(200);
    await expect(service.makeBWinner(db(), notLive, 'owner', actor, ORIGIN)).rejects.toMatchObject({ status: 409 });
    expect((await getPage(draftOnly.id)).draftB).not.toBeNull();
  });

  it('only changes the draft when B was never live', async () => {
    const { page } = await newPage();
    await patchPage(owner, page.id, { baseRevision: 1, documentB: docWith('Draft B') });
    const won = await json<PageDetail>(await post(owner, `/api/pages/${page.id}/winner`));
    expect(headingOf(won.draft)).toBe('Draft B');
    expect(won).toMatchObject({ status: 'draft', versionCount: 0, revision: 3 });
  });
});

describe('duplicating, deleting and listing pages', () => {
  it('copies a page as a draft "slug-copy", then "-copy-2"', async () => {
    const { funnel, page } = await newPage('offer');
    await patchPage(owner, page.id, { baseRevision: 1, documentB: docWith('B') });
    await publish(owner, page.id, 2);
    const copy = await json<PageDetail>(await post(editor, `/api/pages/${page.id}/duplicate`));
    expect(copy).toMatchObject({ slug: 'offer-copy', title: 'Spring offer (copy)', status: 'draft', hasVariantB: true, revision: 1, position: 1 });
    const again = await json<PageDetail>(await post(editor, `/api/pages/${page.id}/duplicate`));
    expect(again.slug).toBe('offer-copy-2');
    expect((await post(viewer, `/api/pages/${page.id}/duplicate`)).status).toBe(403);
    const detail = await json<FunnelDetail>(await send(`/api/funnels/${funnel.id}`, { cookie: owner.cookie }));
    expect(detail.pages.map((p) => p.slug)).toEqual(['offer', 'offer-copy', 'offer-copy-2']);
  });

  it('deletes a page (soft): gone from the funnel, its slug free again', async () => {
    const { funnel, page } = await newPage('gone');
    await publish(owner, page.id, 1);
    expect((await send(`/api/pages/${page.id}`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(403);
    expect((await send(`/api/pages/${page.id}`, { method: 'DELETE', cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/pages/${page.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(204);
    expect((await send(`/api/pages/${page.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await createFunnelPage(owner, funnel.id, { slug: 'gone' })).slug).toBe('gone');
  });

  it('lists pages across funnels with status, filtered by funnel or project, only the user’s', async () => {
    const { funnel, page } = await newPage('listed');
    await publish(owner, page.id, 1);
    const draft = await createFunnelPage(owner, funnel.id, { slug: 'draft' });
    const all = await json<{ items: PageSummary[] }>(await send('/api/pages', { cookie: viewer.cookie }));
    expect(all.items.find((p) => p.id === page.id)).toMatchObject({ status: 'published', funnelName: funnel.name, slug: 'listed' });
    const byFunnel = await json<{ items: PageSummary[] }>(await send(`/api/pages?funnelId=${funnel.id}`, { cookie: viewer.cookie }));
    expect(byFunnel.items.map((p) => p.id)).toEqual([page.id, draft.id]);
    const byProject = await json<{ items: PageSummary[] }>(await send(`/api/pages?projectId=${projectId}`, { cookie: viewer.cookie }));
    expect(byProject.items.some((p) => p.id === draft.id)).toBe(true);
    const theirs = await json<{ items: PageSummary[] }>(await send(`/api/pages?funnelId=${funnel.id}`, { cookie: outsider.cookie }));
    expect(theirs.items).toEqual([]);
    expect((await send('/api/pages?funnelId=bad', { cookie: owner.cookie })).status).toBe(422);
    expect((await send('/api/pages')).status).toBe(401);
  });
});

describe('the checks before publishing', () => {
  const refusal = async (response: Response) => {
    expect(response.status).toBe(422);
    const body = await json<ErrorBody>(response);
    expect(body.error.code).toBe('page_checks_failed');
    return body.error.details as { errors: string[]; warnings: string[] };
  };

  it('refuses a page with placeholders (an error cannot be accepted), naming each finding, and publishes it once fixed', async () => {
    const { page } = await newPage('starter', true);
    const hero = page.draft.blocks[0]!.id;
    const refused = await send(`/api/pages/${page.id}/publish`, {
      json: { baseRevision: 1, acceptWarnings: [`a:${hero}:heading:placeholder`] },
      cookie: owner.cookie,
    });
    const details = await refusal(refused);
    expect(details.errors).toEqual(expect.arrayContaining([`a:${hero}:heading:placeholder`, `a:${hero}:primary.href:anchorMissing`]));
    expect(details.warnings).toEqual(['a:seo:description:seoDescription', 'a:seo:image:seoImage']);
    expect(await getPage(page.id)).toMatchObject({ status: 'draft', versionCount: 0, revision: 1 });
    await patchPage(owner, page.id, { baseRevision: 1, document: docWith('Fixed') });
    expect((await publish(owner, page.id, 2)).status).toBe(200);
  });

  it('refuses warnings that the request does not name, and accepts exactly the named ones', async () => {
    const { page } = await newPage();
    const send1 = (acceptWarnings?: string[], user = owner) =>
      send(`/api/pages/${page.id}/publish`, { json: { baseRevision: 1, ...(acceptWarnings ? { acceptWarnings } : {}) }, cookie: user.cookie });
    expect(await refusal(await send1())).toEqual({ errors: [], warnings: READY_WARNINGS });
    expect(await refusal(await send1(['a:seo:title:seoTitle']))).toEqual({ errors: [], warnings: READY_WARNINGS });
    expect((await send1(['x'.repeat(201)])).status).toBe(422);
    expect((await send1(Array.from({ length: 401 }, () => 'k'))).status).toBe(422);
    expect((await send1(READY_WARNINGS)).status).toBe(200);
    expect((await getPage(page.id)).versionCount).toBe(1);
  });

  it('checks links to pages of the same funnel: a page that is not published refuses until it is', async () => {
    const { funnel, page } = await newPage('first');
    const second = await createFunnelPage(owner, funnel.id, { slug: 'second' });
    await db()
      .update(funnelPages)
      .set({ draft: readyDocument('Second') })
      .where(eq(funnelPages.id, second.id));
    const linking = readyDocument('First');
    const hero = linking.blocks[0] as Extract<PageDocument['blocks'][number], { type: 'hero' }>;
    hero.props.secondary = { label: 'Next', href: `/p/${funnel.name}/second` };
    await patchPage(owner, page.id, { baseRevision: 1, document: linking });
    const details = await refusal(
      await send(`/api/pages/${page.id}/publish`, { json: { baseRevision: 2, acceptWarnings: READY_WARNINGS }, cookie: owner.cookie }),
    );
    expect(details.errors).toEqual(['a:hero:secondary.href:pageUnpublished']);
    expect((await publish(owner, second.id, 1)).status).toBe(200);
    expect((await publish(owner, page.id, 2)).status).toBe(200);
  });

  it('never lets an error go live through a race: a save adding a placeholder against 20 publishes, 20 restores of a version with an error', async () => {
    const { page } = await newPage();
    const broken = readyDocument('A headline that says what you offer');
    // 20 publishes of the clean revision 1 while a save puts the starter's placeholder headline in the draft.
    const [saved, ...published] = await Promise.all([
      patchPage(owner, page.id, { baseRevision: 1, document: broken }),
      ...Array.from({ length: 20 }, () => publish(owner, page.id, 1)),
    ]);
    expect(saved.status).toBe(200);
    // A publish checked revision 1 or was refused: 200 for revision 1, 409 once the save landed, 422 when it read the new draft.
    for (const r of published) expect([200, 409, 422]).toContain(r.status);
    const versions = await db().select().from(funnelPageVersions).where(eq(funnelPageVersions.pageId, page.id)).all();
    for (const v of versions) expect(headingOf((v.document as VersionDocument).a)).toBe('Spring offer');
    expect(versions.map((v) => v.number).sort((a, b) => a - b)).toEqual(versions.map((_, i) => i + 1));
    const row = await db().select().from(funnelPages).where(eq(funnelPages.id, page.id)).get();
    expect(headingOf(row!.draft as PageDocument)).toBe('A headline that says what you offer');
    expect(row!.publishedRevision ?? 1).toBe(1);

    // 20 restores of a version that has an error: every one refused, nothing changes.
    const clean = await newPage('clean');
    expect((await publish(owner, clean.page.id, 1)).status).toBe(200);
    const [v1] = (await json<{ items: PageVersion[] }>(await send(`/api/pages/${clean.page.id}/versions`, { cookie: owner.cookie }))).items;
    await db()
      .update(funnelPageVersions)
      .set({ document: { a: broken, b: null, splitB: 0 } })
      .where(eq(funnelPageVersions.id, v1!.id));
    const before = await getPage(clean.page.id);
    const restores = await Promise.all(Array.from({ length: 20 }, () => restore(owner, clean.page.id, v1!.id)));
    expect(restores.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 422));
    expect(await getPage(clean.page.id)).toMatchObject({ revision: before.revision, versionCount: 1, draft: before.draft });
  });

  it('runs on restore: a version with an error is refused and nothing changes; its warnings must be accepted', async () => {
    const { page } = await newPage();
    expect((await publish(owner, page.id, 1)).status).toBe(200);
    const [v1] = (await json<{ items: PageVersion[] }>(await send(`/api/pages/${page.id}/versions`, { cookie: owner.cookie }))).items;
    // A version published before the checks existed, with the starter's placeholder headline.
    const old = readyDocument('A headline that says what you offer');
    await db()
      .update(funnelPageVersions)
      .set({ document: { a: old, b: null, splitB: 0 } })
      .where(eq(funnelPageVersions.id, v1!.id));
    const before = await getPage(page.id);
    const details = await refusal(await restore(owner, page.id, v1!.id));
    expect(details.errors).toEqual(['a:hero:heading:placeholder']);
    expect(await getPage(page.id)).toMatchObject({ revision: before.revision, versionCount: 1, draft: before.draft });
    // Fixed back to a finished version: accepting nothing its warning refuses, accepted it restores; a body is required.
    await db()
      .update(funnelPageVersions)
      .set({ document: { a: readyDocument('Back again'), b: null, splitB: 0 } })
      .where(eq(funnelPageVersions.id, v1!.id));
    expect(await refusal(await restore(owner, page.id, v1!.id, []))).toEqual({ errors: [], warnings: READY_WARNINGS });
    const noBody = await post(owner, `/api/pages/${page.id}/versions/${v1!.id}/restore`);
    expect(noBody.status).toBe(415);
    const notJson = await send(`/api/pages/${page.id}/versions/${v1!.id}/restore`, {
      method: 'POST',
      body: '{"accept',
      headers: { 'content-type': 'application/json' },
      cookie: owner.cookie,
    });
    expect(notJson.status).toBe(400);
    const restored = await restore(owner, page.id, v1!.id);
    expect(restored.status).toBe(200);
    expect(headingOf((await json<PageDetail>(restored)).draft)).toBe('Back again');
  });
});

describe('what visitors see', () => {
  const visit = async (path: string) => {
    const response = await send(path);
    return { status: response.status, html: await response.text() };
  };

  it('follows publish, edits, restore, the winner and unpublish at once (the edge cache is purged each time)', async () => {
    const funnel = await createFunnel(owner, projectId);
    const page = await createFunnelPage(owner, funnel.id, { slug: 'live' });
    const path = `/p/${funnel.name}/live`;
    expect((await visit(path)).status).toBe(404);
    await patchPage(owner, page.id, { baseRevision: 1, document: docWith('Version one') });
    await publish(owner, page.id, 2);
    expect((await visit(path)).html).toContain('Version one');
    expect((await visit(`/p/${funnel.name}`)).html).toContain('Version one');
    await patchPage(owner, page.id, { baseRevision: 2, document: docWith('Version two') });
    // A saved draft is not live until published.
    expect((await visit(path)).html).toContain('Version one');
    await publish(owner, page.id, 3);
    expect((await visit(path)).html).toContain('Version two');
    const versions = await json<{ items: PageVersion[] }>(await send(`/api/pages/${page.id}/versions`, { cookie: owner.cookie }));
    await restore(owner, page.id, versions.items.find((v) => v.number === 1)!.id);
    expect((await visit(path)).html).toContain('Version one');
    const restored = await getPage(page.id);
    await patchPage(owner, page.id, { baseRevision: restored.revision, documentB: docWith('Variant B'), splitB: 100 });
    await publish(owner, page.id, restored.revision + 1);
    expect((await visit(path)).html).toContain('Variant B');
    await post(owner, `/api/pages/${page.id}/winner`);
    expect((await visit(path)).html).toContain('Variant B');
    await patchPage(owner, page.id, { baseRevision: (await getPage(page.id)).revision, slug: 'moved' });
    expect((await visit(path)).status).toBe(404);
    expect((await visit(`/p/${funnel.name}/moved`)).html).toContain('Variant B');
    await post(owner, `/api/pages/${page.id}/unpublish`);
    expect((await visit(`/p/${funnel.name}/moved`)).status).toBe(404);
  });
});

describe('deleting the first live page', () => {
  it('stops serving it at the funnel’s root at once', async () => {
    const funnel = await createFunnel(owner, projectId);
    const first = await createFunnelPage(owner, funnel.id, { slug: 'first' });
    const second = await createFunnelPage(owner, funnel.id, { slug: 'second' });
    await patchPage(owner, first.id, { baseRevision: 1, document: docWith('First page') });
    await patchPage(owner, second.id, { baseRevision: 1, document: docWith('Second page') });
    await publish(owner, first.id, 2);
    await publish(owner, second.id, 2);
    expect(await (await send(`/p/${funnel.name}`)).text()).toContain('First page');
    expect((await send(`/api/pages/${first.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await (await send(`/p/${funnel.name}`)).text()).toContain('Second page');
    expect((await send(`/p/${funnel.name}/first`)).status).toBe(404);
  });
});
