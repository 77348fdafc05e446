import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/schemas/media.ts';
import type { PhotoSearchPage } from '#common/schemas/photos.ts';
import { PLANS } from '#common/plans.ts';
import { getDb } from '#worker/db/client.ts';
import { media } from '#worker/db/schema.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHosts } from '#worker/test/fetch.ts';
import { jpeg, png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

/**
 * The photo source (issue 29): the providers' real answers (Unsplash's /search/photos and
 * /photos/:id, Pexels' /v1/search and /v1/photos/:id, trimmed to one photo but with every field
 * they send) intercepted at the boundary; the bundled set served by the assets binding
 * (`npx vite build` first, as for the render tests).
 */

const UNSPLASH_KEY = { UNSPLASH_ACCESS_KEY: 'unsplash-test-access-key' };
const PEXELS_KEY = { PEXELS_API_KEY: 'pexels-test-api-key' };

const unsplashPhoto = {
  id: 'eOLpJytrbsQ',
  slug: 'man-drinking-coffee-eOLpJytrbsQ',
  created_at: '2014-11-18T14:35:36Z',
  updated_at: '2024-05-01T10:00:00Z',
  width: 4000,
  height: 3000,
  color: '#A7A2A1',
  blur_hash: 'LaLXMa9Fx[D%~q%MtQM|kDRjtRIU',
  likes: 286,
  liked_by_user: false,
  description: 'A man drinking a coffee.',
  alt_description: 'man holding a white ceramic mug',
  current_user_collections: [],
  urls: {
    raw: 'https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixid=M3w1',
    full: 'https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixid=M3w1&fm=jpg&q=85',
    regular: 'https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixid=M3w1&w=1080',
    small: 'https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixid=M3w1&w=400',
    thumb: 'https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixid=M3w1&w=200',
    small_s3: 'https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/photo-1416339306562-f3d12fefd36f',
  },
  links: {
    self: 'https://api.unsplash.com/photos/eOLpJytrbsQ',
    html: 'https://unsplash.com/photos/eOLpJytrbsQ',
    download: 'https://unsplash.com/photos/eOLpJytrbsQ/download',
    download_location: 'https://api.unsplash.com/photos/eOLpJytrbsQ/download?ixid=M3w1',
  },
  user: {
    id: 'Ul0QVz12Goo',
    username: 'ugmonk',
    name: 'Jeff Sheldon',
    first_name: 'Jeff',
    last_name: 'Sheldon',
    instagram_username: 'instantgrammer',
    twitter_username: 'ugmonk',
    portfolio_url: 'http://ugmonk.com/',
    profile_image: { small: 'https://images.unsplash.com/profile-1.jpg?w=32', medium: 'https://images.unsplash.com/profile-1.jpg?w=64' },
    links: {
      self: 'https://api.unsplash.com/users/ugmonk',
      html: 'https://unsplash.com/@ugmonk',
      photos: 'https://api.unsplash.com/users/ugmonk/photos',
      likes: 'https://api.unsplash.com/users/ugmonk/likes',
    },
  },
};

const pexelsPhoto = {
  id: 3573351,
  width: 3066,
  height: 3968,
  url: 'https://www.pexels.com/photo/trees-during-day-3573351/',
  photographer: 'Lukas Rodriguez',
  photographer_url: 'https://www.pexels.com/@lukas-rodriguez-1845331',
  photographer_id: 1845331,
  avg_color: '#374824',
  src: {
    original: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png',
    large2x: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940',
    large: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&h=650&w=940',
    medium: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&h=350',
    small: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&h=130',
    portrait: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800',
    landscape: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200',
    tiny: 'https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280',
  },
  liked: false,
  alt: 'Brown Rocks During Golden Hour',
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const picture = (bytes: Uint8Array<ArrayBuffer>) => new Response(bytes, { headers: { 'content-type': 'image/jpeg' } });

async function editorOfProject(): Promise<{ owner: TestUser; project: { id: string } }> {
  const owner = await createUser();
  return { owner, project: await createProject(owner) };
}

const search = (user: TestUser, projectId: string, query: string, keys: Record<string, string> = {}) =>
  send(`/api/projects/${projectId}/photos?${query}`, { cookie: user.cookie, env: keys });
const importPhoto = (user: TestUser, projectId: string, body: unknown, keys: Record<string, string> = {}) =>
  send(`/api/projects/${projectId}/photos/import`, { json: body, cookie: user.cookie, env: keys });

describe('the bundled CC0 set (no key configured)', () => {
  it('lists the set, finds photos by English and German words, and imports one with its credit', async () => {
    const { owner, project } = await editorOfProject();
    const all = (await (await search(owner, project.id, '')).json()) as PhotoSearchPage;
    expect(all.provider).toBe('bundled');
    expect(all.items.length).toBeGreaterThanOrEqual(8);
    expect(all.items[0]!.previewUrl).toMatch(/^\/photos\/bundled\/[a-z-]+\.jpg$/);
    for (const query of ['q=coffee', 'q=Kaffee', 'q=kaff']) {
      const found = (await (await search(owner, project.id, query)).json()) as PhotoSearchPage;
      expect(found.items.map((item) => item.id)).toEqual(['coffee-table']);
    }
    expect(((await (await search(owner, project.id, 'q=submarine')).json()) as PhotoSearchPage).items).toEqual([]);

    const response = await importPhoto(owner, project.id, { provider: 'bundled', id: 'coffee-table' });
    expect(response.status).toBe(201);
    const item = (await response.json()) as MediaItem;
    expect(item).toMatchObject({
      kind: 'image',
      mime: 'image/jpeg',
      name: 'coffee-table.jpg',
      width: 1000,
      height: 1000,
      alt: 'A cup of coffee on a wooden table, from above',
    });
    expect(item.attribution).toEqual({
      provider: 'bundled',
      author: 'Adloom',
      authorUrl: null,
      sourceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    });
    // Stored: the library and the media's detail show the credit; the bytes are in R2.
    const library = (await (await send(`/api/projects/${project.id}/media?type=image`, { cookie: owner.cookie })).json()) as { items: MediaItem[] };
    expect(library.items.find((m) => m.id === item.id)?.attribution?.provider).toBe('bundled');
    const file = await send(`/api/media/${item.id}/file`, { cookie: owner.cookie });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    // The same photo again is the same media (kept once).
    const again = await importPhoto(owner, project.id, { provider: 'bundled', id: 'coffee-table' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as MediaItem).id).toBe(item.id);
  });

  it('refuses an unknown bundled photo (404) and a provider that is not configured (400), asking nobody', async () => {
    const { owner, project } = await editorOfProject();
    const calls = interceptHosts({ 'api.unsplash.com': () => json({}), 'api.pexels.com': () => json({}) });
    const unknown = await importPhoto(owner, project.id, { provider: 'bundled', id: 'no-such-photo' });
    expect(unknown.status).toBe(404);
    const notSetUp = await importPhoto(owner, project.id, { provider: 'unsplash', id: 'eOLpJytrbsQ' });
    expect(notSetUp.status).toBe(400);
    expect(((await notSetUp.json()) as { error: { message: string } }).error.message).toContain('not set up');
    expect(calls).toEqual([]);
  });

  it('validates the query and the pick: 422, never a 500', async () => {
    const { owner, project } = await editorOfProject();
    expect((await search(owner, project.id, `q=${'a'.repeat(101)}`)).status).toBe(422);
    expect((await search(owner, project.id, 'page=0')).status).toBe(422);
    expect((await search(owner, project.id, 'page=51')).status).toBe(422);
    expect((await search(owner, project.id, 'page=1.5')).status).toBe(422);
    expect((await importPhoto(owner, project.id, { provider: 'flickr', id: 'x' })).status).toBe(422);
    expect((await importPhoto(owner, project.id, { provider: 'bundled', id: '../../etc/passwd' })).status).toBe(422);
    expect((await importPhoto(owner, project.id, { provider: 'bundled', id: 'a'.repeat(65) })).status).toBe(422);
  });

  it('lets a viewer neither search nor import (403)', async () => {
    const owner = await createUser();
    const viewer = await createUser();
    const project = await createProject(owner, { viewer });
    expect((await search(viewer, project.id, 'q=coffee')).status).toBe(403);
    expect((await importPhoto(viewer, project.id, { provider: 'bundled', id: 'coffee-table' })).status).toBe(403);
  });
});

describe('Unsplash (UNSPLASH_ACCESS_KEY)', () => {
  it('searches with the key, credits the photographer with utm links, and tracks the download when a photo is imported', async () => {
    const { owner, project } = await editorOfProject();
    const bytes = jpeg(2400, 1800);
    const calls = interceptHosts({
      'api.unsplash.com': ({ url }) => {
        const path = new URL(url).pathname;
        if (path === '/search/photos') return json({ total: 133, total_pages: 7, results: [unsplashPhoto] }, 200, { 'x-ratelimit-remaining': '49' });
        if (path === '/photos/eOLpJytrbsQ') return json(unsplashPhoto);
        if (path === '/photos/eOLpJytrbsQ/download') return json({ url: 'https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixid=M3w1' });
        return json({ errors: ['Not found'] }, 404);
      },
      'images.unsplash.com': () => picture(bytes),
    });

    const page = (await (await search(owner, project.id, 'q=coffee&page=2', UNSPLASH_KEY)).json()) as PhotoSearchPage;
    expect(page).toMatchObject({ provider: 'unsplash', page: 2, hasMore: true });
    expect(page.items).toEqual([
      {
        id: 'eOLpJytrbsQ',
        width: 4000,
        height: 3000,
        alt: 'man holding a white ceramic mug',
        previewUrl: unsplashPhoto.urls.small,
        attribution: {
          provider: 'unsplash',
          author: 'Jeff Sheldon',
          authorUrl: 'https://unsplash.com/@ugmonk?utm_source=adloom&utm_medium=referral',
          sourceUrl: 'https://unsplash.com/photos/eOLpJytrbsQ?utm_source=adloom&utm_medium=referral',
        },
      },
    ]);
    const query = new URL(calls[0]!.url).searchParams;
    expect([query.get('query'), query.get('page'), query.get('per_page')]).toEqual(['coffee', '2', '24']);
    expect(calls[0]!.request.headers.get('authorization')).toBe('Client-ID unsplash-test-access-key');

    const response = await importPhoto(owner, project.id, { provider: 'unsplash', id: 'eOLpJytrbsQ' }, UNSPLASH_KEY);
    expect(response.status).toBe(201);
    const item = (await response.json()) as MediaItem;
    expect(item).toMatchObject({ width: 2400, height: 1800, alt: 'man holding a white ceramic mug', name: 'man-holding-a-white-ceramic-mug.jpg' });
    expect(item.attribution).toEqual(page.items[0]!.attribution);
    // The photo read again by id (never a client's URL), its download tracked with the key, then the picture fetched.
    const imported = calls.slice(1).map((call) => `${new URL(call.url).hostname}${new URL(call.url).pathname}`);
    expect(imported).toEqual([
      'api.unsplash.com/photos/eOLpJytrbsQ',
      'api.unsplash.com/photos/eOLpJytrbsQ/download',
      'images.unsplash.com/photo-1416339306562-f3d12fefd36f',
    ]);
    expect(calls[2]!.url).toBe(unsplashPhoto.links.download_location);
    expect(calls[2]!.request.headers.get('authorization')).toBe('Client-ID unsplash-test-access-key');
    // The picture from the image host carries no key.
    expect(calls[3]!.request.headers.get('authorization')).toBeNull();
    const row = await getDb(env.DB).select().from(media).where(eq(media.id, item.id)).get();
    expect(row?.attribution).toEqual(item.attribution);
  });

  it('lists its editorial feed for an empty query', async () => {
    const { owner, project } = await editorOfProject();
    const calls = interceptHosts({ 'api.unsplash.com': () => json([unsplashPhoto]) });
    const page = (await (await search(owner, project.id, '', UNSPLASH_KEY)).json()) as PhotoSearchPage;
    expect(page.items.map((item) => item.id)).toEqual(['eOLpJytrbsQ']);
    expect(new URL(calls[0]!.url).pathname).toBe('/photos');
  });

  it('answers its rate limit with 429, a refused key and an unreachable service with 502, a gone photo with 404', async () => {
    const { owner, project } = await editorOfProject();
    let answer: () => Response | Promise<Response> = () => json({ errors: ['Rate Limit Exceeded'] }, 429);
    interceptHosts({ 'api.unsplash.com': () => answer() });
    const limited = await search(owner, project.id, 'q=coffee', UNSPLASH_KEY);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toContain('limit');
    answer = () => json({ errors: ['OAuth error: The access token is invalid'] }, 401);
    expect((await search(owner, project.id, 'q=coffee', UNSPLASH_KEY)).status).toBe(502);
    answer = () => Promise.reject(new TypeError('Network connection lost.'));
    expect((await search(owner, project.id, 'q=coffee', UNSPLASH_KEY)).status).toBe(502);
    answer = () => new Response('<html>Bad gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } });
    expect((await search(owner, project.id, 'q=coffee', UNSPLASH_KEY)).status).toBe(502);
    answer = () => json({ total: 1, total_pages: 1, results: [{ id: 'x' }] });
    expect((await search(owner, project.id, 'q=coffee', UNSPLASH_KEY)).status).toBe(502);
    answer = () => json({ errors: ["Couldn't find Photo"] }, 404);
    expect((await importPhoto(owner, project.id, { provider: 'unsplash', id: 'gone' }, UNSPLASH_KEY)).status).toBe(404);
    expect(await getDb(env.DB).select().from(media).where(eq(media.projectId, project.id)).all()).toEqual([]);
  });

  it('never sends its key to a download address outside its API, and refuses a picture from another host', async () => {
    const { owner, project } = await editorOfProject();
    let photo: unknown = { ...unsplashPhoto, links: { ...unsplashPhoto.links, download_location: 'https://evil.example/collect' } };
    const calls = interceptHosts({ 'api.unsplash.com': () => json(photo), 'evil.example': () => json({}), 'images.unsplash.com': () => picture(jpeg(10, 10)) });
    expect((await importPhoto(owner, project.id, { provider: 'unsplash', id: 'eOLpJytrbsQ' }, UNSPLASH_KEY)).status).toBe(502);
    photo = { ...unsplashPhoto, urls: { ...unsplashPhoto.urls, raw: 'https://evil.example/photo.jpg' } };
    expect((await importPhoto(owner, project.id, { provider: 'unsplash', id: 'eOLpJytrbsQ' }, UNSPLASH_KEY)).status).toBe(502);
    expect(calls.filter((call) => call.url.startsWith('https://evil.example'))).toEqual([]);
  });

  it('checks the picture as an upload: not an image is 415, nothing stored', async () => {
    const { owner, project } = await editorOfProject();
    interceptHosts({
      'api.unsplash.com': ({ url }) => (new URL(url).pathname.endsWith('/download') ? json({ url: '' }) : json(unsplashPhoto)),
      'images.unsplash.com': () => new Response('<html>not a picture</html>', { headers: { 'content-type': 'text/html' } }),
    });
    expect((await importPhoto(owner, project.id, { provider: 'unsplash', id: 'eOLpJytrbsQ' }, UNSPLASH_KEY)).status).toBe(415);
    expect(await env.MEDIA.list({ prefix: `media/${project.id}/` })).toMatchObject({ objects: [] });
  });
});

describe('Pexels (PEXELS_API_KEY)', () => {
  it('searches with the key and imports a photo credited to its photographer and Pexels', async () => {
    const { owner, project } = await editorOfProject();
    const calls = interceptHosts({
      'api.pexels.com': ({ url }) => {
        const path = new URL(url).pathname;
        if (path === '/v1/search')
          return json({
            total_results: 10000,
            page: 1,
            per_page: 24,
            photos: [pexelsPhoto],
            next_page: 'https://api.pexels.com/v1/search/?page=2&per_page=24&query=nature',
          });
        if (path === '/v1/photos/3573351') return json(pexelsPhoto);
        return json({ error: 'Not Found' }, 404);
      },
      'images.pexels.com': () => picture(png(1880, 2432, 5)),
    });
    const page = (await (await search(owner, project.id, 'q=nature', PEXELS_KEY)).json()) as PhotoSearchPage;
    expect(page).toMatchObject({ provider: 'pexels', page: 1, hasMore: true });
    expect(page.items[0]).toEqual({
      id: '3573351',
      width: 3066,
      height: 3968,
      alt: 'Brown Rocks During Golden Hour',
      previewUrl: pexelsPhoto.src.medium,
      attribution: { provider: 'pexels', author: 'Lukas Rodriguez', authorUrl: pexelsPhoto.photographer_url, sourceUrl: pexelsPhoto.url },
    });
    expect(calls[0]!.request.headers.get('authorization')).toBe('pexels-test-api-key');

    const response = await importPhoto(owner, project.id, { provider: 'pexels', id: '3573351' }, PEXELS_KEY);
    expect(response.status).toBe(201);
    const item = (await response.json()) as MediaItem;
    expect(item).toMatchObject({ mime: 'image/png', width: 1880, height: 2432, name: 'brown-rocks-during-golden-hour.png' });
    expect(item.attribution).toEqual(page.items[0]!.attribution);
    expect(calls.at(-1)!.url).toBe(pexelsPhoto.src.large2x);
  });

  it('lists curated photos for an empty query; answers its 429 with 429 and a bad id with 404', async () => {
    const { owner, project } = await editorOfProject();
    let limited = false;
    const calls = interceptHosts({
      'api.pexels.com': () =>
        limited ? json({ error: 'Rate limit exceeded' }, 429, { 'x-ratelimit-remaining': '0' }) : json({ page: 1, per_page: 24, photos: [pexelsPhoto] }),
    });
    const page = (await (await search(owner, project.id, '', PEXELS_KEY)).json()) as PhotoSearchPage;
    expect(page).toMatchObject({ provider: 'pexels', hasMore: false });
    expect(new URL(calls[0]!.url).pathname).toBe('/v1/curated');
    limited = true;
    expect((await search(owner, project.id, 'q=sea', PEXELS_KEY)).status).toBe(429);
    expect((await importPhoto(owner, project.id, { provider: 'pexels', id: 'not-a-number' }, PEXELS_KEY)).status).toBe(404);
    expect(calls).toHaveLength(2);
  });

  it('prefers Unsplash when both keys are set', async () => {
    const { owner, project } = await editorOfProject();
    interceptHosts({ 'api.unsplash.com': () => json({ total: 0, total_pages: 0, results: [] }) });
    const page = (await (await search(owner, project.id, 'q=sea', { ...UNSPLASH_KEY, ...PEXELS_KEY })).json()) as PhotoSearchPage;
    expect(page).toEqual({ provider: 'unsplash', items: [], page: 1, hasMore: false });
  });
});

describe('the storage quota', () => {
  it('refuses an import into a full library with 402 before the provider counts a download', async () => {
    const { owner, project } = await editorOfProject();
    const now = new Date();
    await getDb(env.DB)
      .insert(media)
      .values({
        id: `quota-filler-${project.id}`,
        projectId: project.id,
        uploadedBy: owner.id,
        kind: 'video',
        mime: 'video/mp4',
        name: 'filler.mp4',
        size: PLANS.free.storageBytes,
        sha256: `filler-${project.id}`,
        tags: [],
        r2Key: `media/${project.id}/filler`,
        createdAt: now,
        updatedAt: now,
      });
    const calls = interceptHosts({ 'api.unsplash.com': () => json(unsplashPhoto), 'images.unsplash.com': () => picture(jpeg(10, 10)) });
    const response = await importPhoto(owner, project.id, { provider: 'unsplash', id: 'eOLpJytrbsQ' }, UNSPLASH_KEY);
    expect(response.status).toBe(402);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('plan_limit_reached');
    expect(calls).toEqual([]);
    expect((await importPhoto(owner, project.id, { provider: 'bundled', id: 'night-sky' })).status).toBe(402);
  });

  it('refuses a photo larger than the room left (402) and stores nothing', async () => {
    const { owner, project } = await editorOfProject();
    const now = new Date();
    const bytes = jpeg(800, 600);
    await getDb(env.DB)
      .insert(media)
      .values({
        id: `quota-filler-${project.id}`,
        projectId: project.id,
        uploadedBy: owner.id,
        kind: 'video',
        mime: 'video/mp4',
        name: 'filler.mp4',
        size: PLANS.free.storageBytes - bytes.byteLength + 1,
        sha256: `filler-${project.id}`,
        tags: [],
        r2Key: `media/${project.id}/filler`,
        createdAt: now,
        updatedAt: now,
      });
    interceptHosts({
      'api.unsplash.com': ({ url }) => (new URL(url).pathname.endsWith('/download') ? json({}) : json(unsplashPhoto)),
      'images.unsplash.com': () => picture(bytes),
    });
    expect((await importPhoto(owner, project.id, { provider: 'unsplash', id: 'eOLpJytrbsQ' }, UNSPLASH_KEY)).status).toBe(402);
    expect(await env.MEDIA.list({ prefix: `media/${project.id}/` })).toMatchObject({ objects: [] });
  });
});
