import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { Block } from '#common/schemas/blocks.ts';
import { getDb } from '#worker/db/client.ts';
import { funnelPageVersions, funnels, media } from '#worker/db/schema.ts';
import { viewBatching } from '#worker/features/funnels/analytics/service.ts';
import { liveFunnelPage } from '#worker/features/funnels/edge/repo.ts';
import { servePathPage, type EdgeDeps } from '#worker/features/funnels/edge/service.ts';
import { clearVersionCaches, mediaRefsJson, versionCacheSizes } from '#worker/features/funnels/edge/versions.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { formBlock, heroBlock, pageDoc, publishVersion, seedFunnel, textBlock } from '#worker/test/funnels-edge.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * The edge's per-version caches (versions.ts, decision 0037) with the edge cache off (the
 * bench's uncached measurement): every request reads the page's row, and a render already made
 * from the same inputs is served instead of a new one.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const db = () => getDb(env.DB);

let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  viewBatching.delayMs = 0;
  owner = await createUser();
  projectId = (await createProject(owner)).id;
});

beforeEach(() => clearVersionCaches());

/** A visit with the edge cache off: each one reads the page's row. */
async function uncached(path: string, query = ''): Promise<{ status: number; body: Uint8Array; csp: string | null }> {
  const response = await send(`${path}${query}`, { headers: { 'user-agent': BROWSER }, env: { EDGE_CACHE: 'off' } as never });
  return { status: response.status, body: new Uint8Array(await response.arrayBuffer()), csp: response.headers.get('content-security-policy') };
}

const text = (body: Uint8Array) => new TextDecoder().decode(body);

describe('a published version rendered once per isolate', () => {
  it('serves the kept render, byte for byte what a fresh render makes', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'kept', a: pageDoc([heroBlock('Kept once'), textBlock('Roasted **today**.')]) }] });
    const path = `/p/${funnel.name}/kept`;
    const first = await uncached(path);
    expect(first.status).toBe(200);
    expect(versionCacheSizes()).toMatchObject({ renders: 1, documents: 1 });
    const second = await uncached(path);
    expect(versionCacheSizes()).toMatchObject({ renders: 1, documents: 1 });
    expect(second.body).toEqual(first.body);
    expect(second.csp).toBe(first.csp);
    // The kept one is what is served: a change behind its back (publish never makes one: versions are immutable) is not seen…
    await db()
      .update(funnelPageVersions)
      .set({ document: { a: pageDoc([heroBlock('Changed in place')]), b: null, splitB: 0 } })
      .where(eq(funnelPageVersions.id, funnel.pages[0]!.versionId!));
    expect(text((await uncached(path)).body)).toContain('Kept once');
    // …and a fresh render of the same version makes the same bytes the kept one had.
    await db()
      .update(funnelPageVersions)
      .set({ document: { a: pageDoc([heroBlock('Kept once'), textBlock('Roasted **today**.')]), b: null, splitB: 0 } })
      .where(eq(funnelPageVersions.id, funnel.pages[0]!.versionId!));
    clearVersionCaches();
    const fresh = await uncached(path);
    expect(versionCacheSizes().renders).toBe(1);
    expect(fresh.body).toEqual(first.body);
  });

  it('serves a new version as soon as it is published', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'news', a: pageDoc([heroBlock('First version')]) }] });
    const path = `/p/${funnel.name}/news`;
    expect(text((await uncached(path)).body)).toContain('First version');
    await publishVersion(funnel.pages[0]!.id, { a: pageDoc([heroBlock('Second version')]) });
    const html = text((await uncached(path)).body);
    expect(html).toContain('Second version');
    expect(html).not.toContain('First version');
    expect(versionCacheSizes()).toMatchObject({ renders: 2, documents: 2 });
  });

  it('never serves one funnel’s kept render for another’s page of the same slug', async () => {
    const other = await createProject(await createUser());
    const mine = await seedFunnel(projectId, { pages: [{ slug: 'offer', a: pageDoc([heroBlock('Our offer')]) }] });
    const theirs = await seedFunnel(other.id, { pages: [{ slug: 'offer', a: pageDoc([heroBlock('Their offer')]) }] });
    expect(text((await uncached(`/p/${mine.name}/offer`)).body)).toContain('Our offer');
    const html = text((await uncached(`/p/${theirs.name}/offer`)).body);
    expect(html).toContain('Their offer');
    expect(html).not.toContain('Our offer');
  });

  it('renders again when what the page shows besides its version changes: the funnel’s theme, a picture deleted', async () => {
    const picture = await uploadMedia(owner, projectId, png(300, 200, 4), 'beans.png');
    const image: Block = { id: 'img', type: 'image', props: { image: { mediaId: picture.id, alt: 'Beans' }, caption: '', width: 'content' } };
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'look', a: pageDoc([heroBlock('Look'), image]) }] });
    const path = `/p/${funnel.name}/look`;
    const before = text((await uncached(path)).body);
    expect(before).toContain(`/api/media/${picture.id}/file`);
    await db()
      .update(funnels)
      .set({ theme: { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: '#7a1f5c' } } })
      .where(eq(funnels.id, funnel.id));
    const themed = text((await uncached(path)).body);
    expect(themed).toContain('--fp-primary:#7a1f5c');
    expect(before).not.toContain('--fp-primary:#7a1f5c');
    await db().update(media).set({ deletedAt: new Date() }).where(eq(media.id, picture.id));
    expect(text((await uncached(path)).body)).not.toContain(`/api/media/${picture.id}`);
  });

  it('keeps no visitor’s form attribution in the kept render', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'join', a: pageDoc([heroBlock('Join'), formBlock()]) }] });
    const path = `/p/${funnel.name}/join`;
    expect(text((await uncached(path, '?utm_source=insta')).body)).toContain('<input type="hidden" name="utm_source" value="insta">');
    expect(versionCacheSizes().renders).toBe(1);
    expect(text((await uncached(path)).body)).not.toContain('utm_source');
  });

  it('keeps no render of a page with a countdown (drawn at the request’s minute) nor of a form’s thank-you state', async () => {
    const countdown: Block = {
      id: 'sale',
      type: 'countdown',
      props: { ...blockSamples.countdown, heading: 'Sale', endsAt: '2099-01-01T12:00:00.000Z', expiredText: '' },
    };
    const funnel = await seedFunnel(projectId, {
      pages: [
        { slug: 'sale', a: pageDoc([heroBlock('Sale'), countdown]) },
        { slug: 'form', a: pageDoc([heroBlock('Form'), formBlock()]) },
      ],
    });
    expect((await uncached(`/p/${funnel.name}/sale`)).status).toBe(200);
    expect(versionCacheSizes()).toMatchObject({ renders: 0, documents: 1 });
    expect((await uncached(`/p/${funnel.name}/form`, '?sent=signup')).status).toBe(200);
    expect(versionCacheSizes()).toMatchObject({ renders: 0, documents: 2 });
  });
});

describe('the page’s query with the version the isolate has', () => {
  it('sends no document for the known version, and the same live media from its ids', async () => {
    const picture = await uploadMedia(owner, projectId, png(300, 200, 5), 'cup.png');
    const video = await uploadMedia(owner, projectId, png(64, 36, 6), 'poster.png');
    const blocks: Block[] = [
      heroBlock('Known'),
      { id: 'img', type: 'image', props: { image: { mediaId: picture.id, alt: 'Cup' }, caption: '', width: 'content' } },
      { id: 'vid', type: 'video', props: { ...blockSamples.video, source: 'file', url: '', file: video.id } } as Block,
    ];
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'known', a: pageDoc(blocks) }] });
    const key = { name: funnel.name };
    const full = (await liveFunnelPage(db(), key, 'known'))!;
    expect(full.page.documentJson).not.toBeNull();
    const refs = mediaRefsJson(JSON.parse(full.page.documentJson!));
    expect(JSON.parse(refs)).toEqual(expect.arrayContaining([{ mediaId: picture.id }, { mediaId: video.id }]));
    const known = (await liveFunnelPage(db(), key, 'known', { versionId: full.page.versionId, refs }))!;
    expect(known.page.documentJson).toBeNull();
    const byId = (rows: { id: string }[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
    expect(byId(known.media)).toEqual(byId(full.media));
    expect(known.media.map((m) => m.id).sort()).toEqual([picture.id, video.id].sort());
    // Another version known (the page was published since): the document comes again.
    const stale = (await liveFunnelPage(db(), key, 'known', { versionId: 'an-older-version', refs: '[]' }))!;
    expect(stale.page.documentJson).toBe(full.page.documentJson);
    expect(byId(stale.media)).toEqual(byId(full.media));
  });

  it('reads the page again, with its document, when the kept one is pushed out while the query runs', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'again', a: pageDoc([heroBlock('Read again')]) }] });
    const path = `/p/${funnel.name}/again`;
    expect((await uncached(path)).status).toBe(200);
    clearVersionCaches('documents');
    expect((await uncached(path)).status).toBe(200);
    // Now the isolate knows the version; the documents are pushed out as the query is sent.
    const prepared: string[] = [];
    const client = {
      prepare(text: string) {
        prepared.push(text);
        clearVersionCaches('documents');
        return env.DB.prepare(text);
      },
      batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
    } as unknown as D1Database;
    const deps: EdgeDeps = {
      db: getDb(client),
      assets: env,
      secret: env.SESSION_SECRET,
      edgeCache: 'off',
      appHosts: [],
      mailer: { send: async () => {} },
      writes: env.WRITES,
      requestId: 'test',
    };
    const answer = await servePathPage(
      deps,
      {
        method: 'GET',
        url: `${ORIGIN}${path}`,
        path,
        host: 'adloom.test',
        query: {},
        cookies: {},
        headers: new Headers({ 'user-agent': 'test' }),
        ip: '203.0.113.9',
        now: Date.now(),
      },
      funnel.name,
      'again',
    );
    expect(answer.kind).toBe('page');
    expect(answer.kind === 'page' && text(answer.body as Uint8Array)).toContain('Read again');
    expect(prepared.filter((sql) => sql.includes('json_tree'))).toHaveLength(2);
    await Promise.all(answer.after ?? []);
  });
});
