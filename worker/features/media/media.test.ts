import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { media, projects } from '#worker/db/schema.ts';
import { purgeDeletedContent } from '#worker/jobs/index.ts';
import { signMediaUrl } from '#worker/features/media/service.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { jpeg, lazyBody, mp4, pdf, png, svg } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

const MIB = 1024 * 1024;
const db = () => getDb(env.DB);
type Item = {
  id: string;
  name: string;
  kind: string;
  mime: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  size: number;
  tags: string[];
  alt: string;
  thumbnailUrl: string | null;
  usedBy?: unknown[];
};
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

async function storedKeys(projectId: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: `media/${projectId}/` })).objects.map((o) => o.key);
}

async function setup() {
  const owner = await createUser();
  const project = await createProject(owner);
  return { owner, project };
}

function post(user: TestUser, projectId: string, body: BodyInit, headers: Record<string, string> = {}, filename = 'file.bin') {
  return send(`/api/projects/${projectId}/media?filename=${encodeURIComponent(filename)}`, { body, headers, cookie: user.cookie });
}

describe('uploads', () => {
  it('stores an image, reads its real type and size from the bytes, and names it', async () => {
    const { owner, project } = await setup();
    // The declared type lies: the bytes are a JPEG.
    const response = await post(owner, project.id, jpeg(640, 480), { 'content-type': 'image/png' }, 'hero.png');
    expect(response.status).toBe(201);
    const item = (await response.json()) as Item;
    expect(item).toMatchObject({ name: 'hero.png', kind: 'image', mime: 'image/jpeg', width: 640, height: 480 });
    expect(await storedKeys(project.id)).toEqual([`media/${project.id}/${item.id}`]);
  });

  it('reads a video’s size and duration when its index comes first', async () => {
    const { owner, project } = await setup();
    const item = (await (await post(owner, project.id, mp4(1080, 1920, 12_345), {}, 'story.mp4')).json()) as Item;
    expect(item).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 1080, height: 1920, durationMs: 12_345 });
  });

  it('recognises the same bytes in a project (200, one object), but not across projects', async () => {
    const { owner, project } = await setup();
    const bytes = png(50, 50, 7);
    const first = await post(owner, project.id, bytes, {}, 'a.png');
    const second = await post(owner, project.id, bytes, {}, 'copy of a.png');
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(((await second.json()) as Item).id).toBe(((await first.json()) as Item).id);
    expect(await storedKeys(project.id)).toHaveLength(1);
    const other = await createProject(owner, {}, 'Other');
    expect((await post(owner, other.id, bytes)).status).toBe(201);
  });

  it.each([
    ['SVG (scripts in images)', svg],
    ['PDF', pdf],
    ['plain text', new TextEncoder().encode('just some text that is not an image at all')],
  ])('refuses %s with 415 and stores nothing', async (_label, bytes) => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, bytes as Uint8Array<ArrayBuffer>, { 'content-type': 'image/svg+xml' });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).error.code).toBe('unsupported_media_type');
    expect(await storedKeys(project.id)).toEqual([]);
  });

  it('refuses an image over 20 MiB with 413 before storing anything (without reading it all)', async () => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, lazyBody(png(4000, 3000), 21 * MIB), { 'content-length': String(21 * MIB) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).error.message).toBe('Images can be up to 20 MiB.');
    expect(await storedKeys(project.id)).toEqual([]);
  });

  it('takes a video over 20 MiB (streamed), and refuses one over 100 MiB', async () => {
    const { owner, project } = await setup();
    const ok = await post(owner, project.id, lazyBody(mp4(1920, 1080, 1000), 25 * MIB), { 'content-length': String(25 * MIB) }, 'long.mp4');
    expect(ok.status).toBe(201);
    const item = (await ok.json()) as Item;
    expect(item.size).toBe(25 * MIB);
    const stored = await env.MEDIA.head(`media/${project.id}/${item.id}`);
    expect(stored?.size).toBe(25 * MIB);
    const big = await post(owner, project.id, lazyBody(mp4(1920, 1080, 1000), 101 * MIB), { 'content-length': String(101 * MIB) });
    expect(big.status).toBe(413);
  });

  it('answers 400 for a missing length or a body shorter than declared, storing nothing', async () => {
    const { owner, project } = await setup();
    const bytes = png(10, 10, 3);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    expect((await post(owner, project.id, stream)).status).toBe(400);
    const short = await post(owner, project.id, bytes, { 'content-length': String(bytes.byteLength + 100) });
    expect(short.status).toBe(400);
    expect(await storedKeys(project.id)).toEqual([]);
  });

  it('enforces the plan’s storage with 402', async () => {
    const { owner, project } = await setup();
    const first = await uploadMedia(owner, project.id, png(10, 10, 4));
    // Pretend the library already holds almost all of the Free plan's 1 GB.
    await db()
      .update(media)
      .set({ size: 1024 ** 3 - 100 })
      .where(eq(media.id, first.id));
    const response = await post(owner, project.id, png(10, 10, 5));
    expect(response.status).toBe(402);
    expect(((await response.json()) as ErrorBody).error.code).toBe('plan_limit_reached');
  });
});

describe('the library', () => {
  it('filters by type and tag, searches name, tag and alt text, and pages with a cursor', async () => {
    const { owner, project } = await setup();
    const beach = await uploadMedia(owner, project.id, png(10, 10, 11), 'beach.png');
    const logo = await uploadMedia(owner, project.id, png(10, 10, 12), 'logo-dark.png');
    const clip = await uploadMedia(owner, project.id, mp4(640, 360, 2000), 'teaser.mp4');
    await send(`/api/media/${beach.id}`, {
      method: 'PATCH',
      json: { tags: ['Summer', 'summer', 'Outdoor'], alt: 'Two people on a sunny beach' },
      cookie: owner.cookie,
    });
    await send(`/api/media/${logo.id}`, { method: 'PATCH', json: { tags: ['brand'] }, cookie: owner.cookie });
    const list = async (query: string) =>
      (await (await send(`/api/projects/${project.id}/media${query}`, { cookie: owner.cookie })).json()) as { items: Item[]; nextCursor: string | null };
    expect((await list('?type=video')).items.map((i) => i.id)).toEqual([clip.id]);
    expect((await list('?tag=summer')).items.map((i) => i.id)).toEqual([beach.id]);
    expect((await list('?q=sunny')).items.map((i) => i.id)).toEqual([beach.id]);
    expect((await list('?q=DARK')).items.map((i) => i.id)).toEqual([logo.id]);
    expect((await list('?q=outd')).items.map((i) => i.id)).toEqual([beach.id]);
    expect((await list('?q=%25')).items).toEqual([]);
    const page1 = await list('?limit=2');
    expect(page1.items).toHaveLength(2);
    const page2 = await list(`?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const tags = (await (await send(`/api/projects/${project.id}/media/tags`, { cookie: owner.cookie })).json()) as { items: { tag: string; count: number }[] };
    expect(tags.items).toEqual([
      { tag: 'brand', count: 1 },
      { tag: 'outdoor', count: 1 },
      { tag: 'summer', count: 1 },
    ]);
  });

  it('edits alt text and tags (normalised), and validates them', async () => {
    const { owner, project } = await setup();
    const item = await uploadMedia(owner, project.id, png(10, 10, 20));
    const ok = await send(`/api/media/${item.id}`, {
      method: 'PATCH',
      json: { alt: '  A red bicycle  ', tags: [' Bike ', 'bike', 'RED'] },
      cookie: owner.cookie,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ alt: 'A red bicycle', tags: ['bike', 'red'] });
    expect(
      (await send(`/api/media/${item.id}`, { method: 'PATCH', json: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, cookie: owner.cookie })).status,
    ).toBe(422);
  });

  it('refuses to delete media that is in use (409 with where), and deletes it once free', async () => {
    const { owner, project } = await setup();
    const logo = await uploadMedia(owner, project.id, png(10, 10, 30), 'logo.png');
    const brandKit = { logoMediaId: logo.id, colors: [], headingFont: 'inter', bodyFont: 'inter', tone: '' };
    await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { brandKit }, cookie: owner.cookie });
    const detail = (await (await send(`/api/media/${logo.id}`, { cookie: owner.cookie })).json()) as Item;
    expect(detail.usedBy).toEqual([expect.objectContaining({ kind: 'brand_logo' })]);
    const refused = await send(`/api/media/${logo.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.details?.usedBy?.[0]).toMatch(/brand kit/);

    const other = await uploadMedia(owner, project.id, png(10, 10, 31));
    const many = await send(`/api/projects/${project.id}/media/delete`, { json: { ids: [logo.id, other.id] }, cookie: owner.cookie });
    expect(await many.json()).toEqual({ deleted: [other.id], refused: [expect.objectContaining({ id: logo.id, name: 'logo.png' })] });

    await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { brandKit: { ...brandKit, logoMediaId: null } }, cookie: owner.cookie });
    expect((await send(`/api/media/${logo.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await send(`/api/media/${logo.id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  it('purges deleted media from R2 and D1 after 30 days', async () => {
    const { owner, project } = await setup();
    const item = await uploadMedia(owner, project.id, png(10, 10, 40));
    await send(`/api/media/${item.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(await storedKeys(project.id)).toHaveLength(1);
    await purgeDeletedContent(env, new Date(Date.now() + 31 * 24 * 3600_000));
    expect(await storedKeys(project.id)).toEqual([]);
    expect(await db().select().from(media).where(eq(media.id, item.id)).all()).toEqual([]);
  });

  it('purges a deleted project only after all its media, a batch at a time, so no object is left in R2', async () => {
    const { owner, project } = await setup();
    await uploadMedia(owner, project.id, png(10, 10, 41));
    await uploadMedia(owner, project.id, png(10, 10, 42));
    expect((await send(`/api/projects/${project.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    const projectRow = () => db().select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).all();

    expect(await purgeDeletedContent(env, later, 1)).toBe(1);
    expect(await projectRow()).toHaveLength(1);
    expect(await storedKeys(project.id)).toHaveLength(1);

    expect(await purgeDeletedContent(env, later, 1)).toBe(1);
    expect(await storedKeys(project.id)).toEqual([]);
    expect(await projectRow()).toEqual([]);
  });
});

describe('serving files', () => {
  it('serves the bytes with their type, an ETag (304 when unchanged), ranges and a long cache', async () => {
    const { owner, project } = await setup();
    const bytes = png(12, 12, 50);
    const item = await uploadMedia(owner, project.id, bytes, 'Grüße "final".png');
    const full = await send(`/api/media/${item.id}/file`, { cookie: owner.cookie });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(full.headers.get('content-disposition')).toMatch(/^inline; filename="Gr__e _final_.png"; filename\*=UTF-8''Gr%C3%BC%C3%9Fe%20%22final%22.png$/);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(bytes);
    const etag = full.headers.get('etag')!;
    expect(etag).toBeTruthy();

    const cached = await send(`/api/media/${item.id}/file`, { cookie: owner.cookie, headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);

    const range = await send(`/api/media/${item.id}/file`, { cookie: owner.cookie, headers: { range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-7/${bytes.byteLength}`);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.subarray(0, 8));

    const download = await send(`/api/media/${item.id}/file?download=1`, { cookie: owner.cookie });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('stores a browser-made thumbnail (an image up to 512 KiB) and serves it', async () => {
    const { owner, project } = await setup();
    const item = await uploadMedia(owner, project.id, mp4(640, 360, 1000), 'clip.mp4');
    const thumb = png(64, 36, 60);
    const put = await send(`/api/media/${item.id}/thumbnail`, { method: 'PUT', body: thumb, cookie: owner.cookie });
    expect(put.status).toBe(200);
    const updated = (await put.json()) as Item;
    expect(updated.thumbnailUrl).toMatch(new RegExp(`^/api/media/${item.id}/thumbnail\\?v=`));
    const served = await send(updated.thumbnailUrl!, { cookie: owner.cookie });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(thumb);
    expect((await send(`/api/media/${item.id}/thumbnail`, { method: 'PUT', body: svg, cookie: owner.cookie })).status).toBe(415);
    expect((await send(`/api/media/${item.id}/thumbnail`, { method: 'PUT', body: png(10, 10, 1, 600 * 1024), cookie: owner.cookie })).status).toBe(413);
  });

  it('serves signed URLs without a session until they expire; a wrong signature is a 404', async () => {
    const { owner, project } = await setup();
    const item = await uploadMedia(owner, project.id, png(10, 10, 70));
    const url = await signMediaUrl(env.SESSION_SECRET, item.id, 'file', 60);
    const ok = await send(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('public, max-age=3600');
    // Always a different first character: replacing it with a fixed one is a no-op when it already is that one.
    const tampered = url.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(url);
    expect((await send(tampered)).status).toBe(404);
    expect((await send(url.replace('/file?', '/thumbnail?'))).status).toBe(404);
    const expired = await signMediaUrl(env.SESSION_SECRET, item.id, 'file', 60, Date.now() - 3600_000);
    expect((await send(expired)).status).toBe(404);
    expect((await send(`/api/media/${item.id}/file`)).status).toBe(401);
  });
});
