import { describe, expect, it } from 'vitest';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

type Page = { items: { id: string }[] };

async function search(user: TestUser, projectId: string, q: string) {
  const response = await send(`/api/projects/${projectId}/media?q=${encodeURIComponent(q)}`, { cookie: user.cookie });
  expect(response.status, `q=${q}`).toBe(200);
  return ((await response.json()) as Page).items.map((item) => item.id);
}

async function named(user: TestUser, projectId: string, seed: number, name: string, extra: { alt?: string; tags?: string[] } = {}) {
  const item = await uploadMedia(user, projectId, png(10, 10, seed), 'upload.png');
  const response = await send(`/api/media/${item.id}`, { method: 'PATCH', json: { name, ...extra }, cookie: user.cookie });
  expect(response.status).toBe(200);
  return item.id;
}

// D1 refuses a LIKE pattern over 50 bytes ("LIKE or GLOB pattern too complex"): the search
// must work for every query the schema allows (100 characters), whatever they contain.
describe('media search (GET /api/projects/{id}/media?q=)', () => {
  it('finds every allowed query, up to 100 characters, in the name, the alt text and the tags', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const long = 'a'.repeat(49) + 'b'.repeat(51); // 100 characters
    const longName = await named(owner, project.id, 1, `Campaign ${long.toUpperCase()}.png`);
    const longAlt = await named(owner, project.id, 2, 'plain.png', { alt: `Shot ${long}` });
    const tagged = await named(owner, project.id, 3, 'tagged.png', { tags: ['x'.repeat(40)] });

    expect(await search(owner, project.id, long)).toEqual([longAlt, longName]);
    expect(await search(owner, project.id, 'a'.repeat(49))).toEqual([longAlt, longName]);
    expect(await search(owner, project.id, 'X'.repeat(40))).toEqual([tagged]);
    expect(await search(owner, project.id, 'z'.repeat(100))).toEqual([]);
  });

  it('matches %, _ and \\ literally, also in long queries', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const percent = await named(owner, project.id, 10, '50% off.png');
    const underscores = await named(owner, project.id, 11, `${'_'.repeat(30)}.png`);
    // File names cannot hold a backslash (common/file-name.ts takes it as a path): alt text can.
    const backslash = await named(owner, project.id, 12, 'beach.png', { alt: 'C:\\photos\\beach' });
    const other = await named(owner, project.id, 13, '500 off.png');

    expect(await search(owner, project.id, '%')).toEqual([percent]);
    expect(await search(owner, project.id, '0% o')).toEqual([percent]);
    expect(await search(owner, project.id, '_'.repeat(25))).toEqual([underscores]);
    expect(await search(owner, project.id, '_'.repeat(100))).toEqual([]);
    expect(await search(owner, project.id, '%'.repeat(100))).toEqual([]);
    expect(await search(owner, project.id, '\\photos\\')).toEqual([backslash]);
    expect(await search(owner, project.id, '\\'.repeat(100))).toEqual([]);
    expect(await search(owner, project.id, '5_0')).toEqual([]);
    expect(await search(owner, project.id, 'off')).toEqual([other, percent]);
  });

  it('searches non-ASCII text, case-insensitively where SQLite folds it', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const cafe = await named(owner, project.id, 20, 'Café crème.png', { tags: ['Été'] });
    const kanji = await named(owner, project.id, 21, '東京の夜.png');
    const shouted = await named(owner, project.id, 22, 'ÉTÉ À PARIS.png');
    expect(await search(owner, project.id, 'CAFÉ CRÈME')).toEqual([cafe]);
    expect(await search(owner, project.id, 'ÉTÉ À')).toEqual([shouted]);
    expect(await search(owner, project.id, 'été à paris')).toEqual([]); // SQLite's lower() folds only ASCII: a known limit
    expect(await search(owner, project.id, 'été')).toEqual([cafe]);
    expect(await search(owner, project.id, '東京')).toEqual([kanji]);
    expect(await search(owner, project.id, '東'.repeat(100))).toEqual([]);
    expect(await search(owner, project.id, '😀'.repeat(50))).toEqual([]);
  });
});
