import { describe, expect, it } from 'vitest';
import { headlineOf } from '#common/creative/templates.ts';
import type { CreationItem, CreativeDetail, CreativeSummary } from '#common/schemas/creatives.ts';
import type { VariationsResult } from '#common/schemas/variations.ts';
import type { MediaDetail } from '#common/schemas/media.ts';
import { createProject, createUser, uploadMedia } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { solidPng } from '#worker/test/png.ts';
import {
  createCreative,
  json,
  patch,
  RED,
  render,
  setCredits,
  team,
  templateDoc,
  variations,
  withHeadline,
  type ErrorBody,
  type Page,
} from '#worker/test/creatives.ts';

/**
 * Work you can tell apart (issue 27 point 2): a creative named after its headline until someone
 * renames it, variations and format copies that say what differs, and the lists searched by name
 * and filtered by project, format and status.
 */

const saveHeadline = async (user: Parameters<typeof patch>[0], creative: CreativeDetail, headline: string) =>
  json<CreativeDetail>(await patch(user, creative.id, { document: withHeadline(creative.document, headline) }));

const list = async <T>(path: string, cookie: string) => {
  const response = await send(path, { cookie });
  expect(response.status, path).toBe(200);
  return json<Page<T>>(response);
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('named from the headline', () => {
  it('names a new creative after its template’s headline and follows the headline on every save, for every client', async () => {
    const { editor, project } = await team();
    const creative = await createCreative(editor, project.id, { template: 'bold-headline', format: 'story' });
    expect(creative.name).toBe(headlineOf(creative.document));
    const saved = await saveHeadline(editor, creative, '  Autumn\nblend  is here ');
    expect(saved.name).toBe('Autumn blend is here');
    // Read back by anyone: the worker decided it.
    const listed = await list<CreativeSummary>(`/api/creatives?projectId=${project.id}`, editor.cookie);
    expect(listed.items.map((c) => c.name)).toEqual(['Autumn blend is here']);
    // A restore brings the old headline, and its name, back.
    const revisions = await list<{ id: string; number: number }>(`/api/creatives/${creative.id}/revisions`, editor.cookie);
    const first = revisions.items.find((r) => r.number === 1)!;
    const restored = await json<CreativeDetail>(
      await send(`/api/creatives/${creative.id}/revisions/${first.id}/restore`, { method: 'POST', cookie: editor.cookie }),
    );
    expect(restored.name).toBe(creative.name);
  });

  it('stops following the headline once renamed through the API, also when the rename comes with a new document', async () => {
    const { owner, editor, project } = await team();
    const creative = await createCreative(editor, project.id, { template: 'bold-headline', format: 'square' });
    const renamed = await json<CreativeDetail>(await patch(owner, creative.id, { name: 'Q3 hero' }));
    expect(renamed.name).toBe('Q3 hero');
    expect((await saveHeadline(editor, renamed, 'Something else entirely')).name).toBe('Q3 hero');
    // Renamed to its current name is still naming it.
    const other = await createCreative(editor, project.id, { template: 'bold-headline', format: 'square' });
    await patch(editor, other.id, { name: other.name });
    expect((await saveHeadline(editor, other, 'New words')).name).toBe(other.name);
    // A name and a document in one save: the name wins, and stays.
    const third = await createCreative(editor, project.id, { template: 'split-image', format: 'square' });
    const both = await json<CreativeDetail>(await patch(editor, third.id, { name: 'Mine', document: withHeadline(third.document, 'Theirs') }));
    expect(both.name).toBe('Mine');
    expect((await saveHeadline(editor, both, 'Later')).name).toBe('Mine');
    // A creative named at creation never followed its headline.
    const named = await createCreative(editor, project.id, { template: 'bold-headline', format: 'square', name: 'Given' });
    expect((await saveHeadline(editor, named, 'Ignored')).name).toBe('Given');
  });

  it('keeps a name from any headline: long, emoji, a lone surrogate, empty (the template’s name)', async () => {
    const { editor, project } = await team();
    let creative = await createCreative(editor, project.id, { template: 'bold-headline', format: 'square' });
    creative = await saveHeadline(editor, creative, `${'a'.repeat(79)}😀😀 and more`);
    expect(creative.name).toBe(`${'a'.repeat(79)}…`);
    creative = await saveHeadline(editor, creative, '🔥 Hot deals 🔥');
    expect(creative.name).toBe('🔥 Hot deals 🔥');
    // JSON can carry half an emoji: the name is stored well-formed.
    const response = await patch(editor, creative.id, { document: withHeadline(creative.document, 'Half \ud83d here') });
    expect(response.status).toBe(200);
    creative = await json<CreativeDetail>(response);
    expect(creative.name).toBe('Half \ufffd here');
    expect(creative.name).not.toMatch(LONE_SURROGATE);
    creative = await saveHeadline(editor, creative, ' \n ');
    expect(creative.name).toBe('Bold headline');
    // Read back from D1 as stored.
    const [listed] = (await list<CreativeSummary>(`/api/creatives?projectId=${project.id}`, editor.cookie)).items;
    expect(listed!.name).toBe('Bold headline');
  });
});

describe('variations and format copies say what differs', { timeout: 90_000 }, () => {
  it('names format copies after their source and format', async () => {
    const { editor, project } = await team();
    const creative = await saveHeadline(editor, await createCreative(editor, project.id, { template: 'bold-headline', format: 'square' }), 'Spring sale');
    const response = await send(`/api/creatives/${creative.id}/resize`, { json: { formats: ['story', 'landscape'] }, cookie: editor.cookie });
    expect(response.status).toBe(201);
    const { items } = await json<{ items: CreativeSummary[] }>(response);
    expect(items.map((i) => i.name)).toEqual(['Spring sale — story', 'Spring sale — landscape']);
    // A copy is named for its format: it does not follow its headline.
    const story = await json<CreativeDetail>(await send(`/api/creatives/${items[0]!.id}`, { cookie: editor.cookie }));
    expect((await saveHeadline(editor, story, 'Other words')).name).toBe('Spring sale — story');
  });

  it('numbers 20 variations made at once 1 to 20, none twice, and a variation’s variations count on', async () => {
    const { owner, project } = await team();
    await setCredits(owner, 100);
    const creative = await saveHeadline(owner, await createCreative(owner, project.id, { template: 'bold-headline', format: 'square' }), 'Spring sale');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => variations(owner, creative.id, 1, { json: { count: 1, seed: i } })));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const names = (await Promise.all(responses.map((r) => json<VariationsResult>(r)))).map((r) => r.items[0]!.name);
    const numbers = names.map((name) => Number(/^Spring sale — variation (\d+), [a-z’ ]+ layout, (?:warm|cool|neutral|dark|light) palette$/u.exec(name)?.[1]));
    expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const variation = await json<CreativeDetail>(
      await send(`/api/creatives/${(await json<VariationsResult>(await variations(owner, creative.id, 2))).items[1]!.id}`, { cookie: owner.cookie }),
    );
    expect(variation.name).toMatch(/^Spring sale — variation 22, /u);
    const again = await json<VariationsResult>(await variations(owner, variation.id, 1));
    expect(again.items[0]!.name).toMatch(/^Spring sale — variation 23, /u);
  });
});

describe('search and filters', () => {
  async function world() {
    const { owner, editor, project } = await team();
    const second = await createProject(owner, {}, 'Second brand');
    const make = (projectId: string, name: string, format = 'square') => createCreative(owner, projectId, { template: 'bold-headline', format, name });
    const percent = await make(project.id, '50% off');
    const plain = await make(project.id, '5000 off', 'story');
    const underscore = await make(project.id, 'a_b');
    const other = await make(second.id, 'AXB Spring', 'story');
    await patch(owner, plain.id, { status: 'in_review' });
    return { owner, editor, project, second, percent, plain, underscore, other };
  }

  it('finds creatives by a part of their name in any case, % and _ as plain characters, and by project, format and status', async () => {
    const { owner, project, second, percent, plain, underscore, other } = await world();
    const names = async (query: string) => (await list<CreativeSummary>(`/api/creatives?${query}`, owner.cookie)).items.map((c) => c.name).toSorted();
    expect(await names('q=%25')).toEqual([percent.name]);
    expect(await names('q=_')).toEqual([underscore.name]);
    expect(await names('q=%5C')).toEqual([]);
    expect(await names('q=spring')).toEqual([other.name]);
    expect(await names('q=OFF')).toEqual([plain.name, percent.name].toSorted());
    expect(await names(`q=off&projectId=${second.id}`)).toEqual([]);
    expect(await names('format=story')).toEqual([plain.name, other.name].toSorted());
    expect(await names('status=in_review')).toEqual([plain.name]);
    expect(await names(`projectId=${project.id}&format=square&q=%20`)).toEqual([percent.name, underscore.name].toSorted());
    // A long search is fine up to 80 characters (D1 refuses long LIKE patterns: instr() has no such limit).
    expect(await names(`q=${'x'.repeat(80)}`)).toEqual([]);
    // Keyset paging keeps the filter.
    const first = await list<CreativeSummary>('/api/creatives?q=off&limit=1', owner.cookie);
    expect(first.nextCursor).not.toBeNull();
    const next = await list<CreativeSummary>(`/api/creatives?q=off&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`, owner.cookie);
    expect([...first.items, ...next.items].map((c) => c.id).toSorted()).toEqual([percent.id, plain.id].toSorted());
    expect(next.nextCursor).toBeNull();
  });

  it('finds creations by name, project, format and their creative’s status', async () => {
    const { owner, percent, plain, other } = await world();
    await setCredits(owner, 10);
    for (const c of [percent, plain, other]) expect((await render(owner, c.id)).status).toBe(201);
    const names = async (query: string) => (await list<CreationItem>(`/api/creations?${query}`, owner.cookie)).items.map((c) => c.name).toSorted();
    expect(await names('q=%25')).toEqual([percent.name]);
    expect(await names('q=off&format=story')).toEqual([plain.name]);
    expect(await names('status=in_review')).toEqual([plain.name]);
    expect(await names(`projectId=${other.projectId}`)).toEqual([other.name]);
  });

  it('refuses bad filters (422) and gives nothing of another tenant’s project', async () => {
    const { owner, second } = await world();
    const stranger = await createUser();
    for (const path of ['/api/creatives', '/api/creations']) {
      for (const query of [`q=${'x'.repeat(81)}`, 'status=published', 'format=banner', 'projectId=../x']) {
        const response = await send(`${path}?${query}`, { cookie: owner.cookie });
        expect(response.status, `${path}?${query.slice(0, 20)}`).toBe(422);
        expect((await json<ErrorBody>(response)).error.code).toBe('validation_failed');
      }
      expect((await list(`${path}?projectId=${second.id}`, stranger.cookie)).items).toEqual([]);
      expect((await list(`${path}?projectId=${second.id}&q=spring`, stranger.cookie)).items).toEqual([]);
    }
    // The project's own list is behind its membership.
    expect((await send(`/api/projects/${second.id}/creatives?q=spring`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('thumbnails where work is picked', () => {
  it('gives every creation a thumbnail, and "where it is used" the newest render of each creative using the picture', async () => {
    const { owner, viewer, project } = await team();
    await setCredits(owner, 5);
    const photo = await uploadMedia(owner, project.id, await solidPng(4, 4, RED), 'photo.png');
    const creative = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'story',
      document: templateDoc('split-image', 'story', photo.id),
    });
    const usedBy = async () => (await json<MediaDetail>(await send(`/api/media/${photo.id}`, { cookie: viewer.cookie }))).usedBy;
    expect(await usedBy()).toEqual([{ kind: 'creative', label: `In the creative “${creative.name}”`, href: `/creatives/${creative.id}`, thumbnail: null }]);

    const rendered = await json<CreationItem>(await render(owner, creative.id));
    expect(rendered.thumbnailUrl).toBe(`/api/creations/${rendered.id}/thumbnail`);
    expect((await list<CreationItem>(`/api/creations?projectId=${project.id}`, viewer.cookie)).items.map((c) => c.thumbnailUrl)).toEqual([
      rendered.thumbnailUrl,
    ]);
    expect((await usedBy())[0]!.thumbnail).toEqual({ src: rendered.thumbnailUrl, width: 1080, height: 1920 });
    const picture = await send(rendered.thumbnailUrl, { cookie: viewer.cookie });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    // Its render deleted: no thumbnail to show.
    expect((await send(`/api/creations/${rendered.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await usedBy())[0]!.thumbnail).toBeNull();
  });
});
