import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '#common/creative/document.ts';
import { TEMPLATE_IDS, buildTemplate, headlineOf } from '#common/creative/templates.ts';
import type { CreativeDetail, CreativeSummary, RevisionItem } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { creativeRevisions } from '#worker/db/schema.ts';
import { createProject, createUser, uploadMedia } from '#worker/test/factories.ts';
import { send, type SendOptions } from '#worker/test/http.ts';
import { solidPng } from '#worker/test/png.ts';
import {
  balance,
  createCreative,
  db,
  json,
  patch,
  post,
  RED,
  render,
  setBrandKit,
  team,
  templateDoc,
  withHeadline,
  type ErrorBody,
  type Page,
} from '#worker/test/creatives.ts';

/** Creatives as documents: creating from templates, listing, editing with revisions, restoring, the editor page. */

describe('creating a creative', () => {
  it('builds the template in the brand kit’s colours, fonts and logo: a draft at revision 1 (201)', async () => {
    const { owner, project } = await team();
    const logo = await uploadMedia(owner, project.id, await solidPng(4, 4, RED), 'logo.png');
    const kit = await setBrandKit(owner, project.id, {
      logoMediaId: logo.id,
      colors: ['#AA3300', '#F4E1C1', '#123456'],
      headingFont: 'playfair-display',
      bodyFont: 'lora',
    });

    const response = await post(owner, project.id, { template: 'bold-headline', format: 'portrait' });
    expect(response.status).toBe(201);
    const creative = await json<CreativeDetail>(response);
    expect(creative).toMatchObject({
      projectId: project.id,
      projectName: project.name,
      role: 'owner',
      name: 'Made for the way you work',
      status: 'draft',
      format: 'portrait',
      template: 'bold-headline',
      revision: { number: 1 },
      lastCreationId: null,
      currentCreationId: null,
      brandKit: kit,
    });
    expect(creative.document).toEqual(buildTemplate('bold-headline', { brand: kit, format: 'portrait' }));
    // The brand, concretely: its first colour is the background, its fonts and logo are used.
    expect(creative.document.background).toEqual({ type: 'color', color: '#aa3300' });
    const byId = Object.fromEntries(creative.document.layers.map((l) => [l.id, l]));
    expect(byId.headline).toMatchObject({ type: 'text', font: 'playfair-display' });
    expect(byId.body).toMatchObject({ type: 'text', font: 'lora' });
    expect(byId.cta).toMatchObject({ type: 'cta', font: 'lora', fill: '#f4e1c1' });
    expect(byId.logo).toMatchObject({ type: 'logo', mediaId: logo.id });
    expect(creative.images).toEqual({ [logo.id]: `/api/media/${logo.id}/file` });

    expect(await json<CreativeDetail>(await send(`/api/creatives/${creative.id}`, { cookie: owner.cookie }))).toEqual(creative);
    const revisions = await json<Page<RevisionItem>>(await send(`/api/creatives/${creative.id}/revisions`, { cookie: owner.cookie }));
    expect(revisions.items).toEqual([
      expect.objectContaining({
        id: creative.revision.id,
        number: 1,
        reason: 'created',
        authorName: 'Olivia Owner',
        current: true,
        document: creative.document,
      }),
    ]);
  });

  it('builds every template in every format into a document it can read back', async () => {
    const { editor, project } = await team();
    for (const template of TEMPLATE_IDS) {
      for (const format of FORMAT_IDS) {
        const response = await post(editor, project.id, { template, format });
        expect(response.status, `${template} × ${format}`).toBe(201);
        const creative = await json<CreativeDetail>(response);
        expect(creative.document).toEqual(buildTemplate(template, { brand: DEFAULT_BRAND_KIT, format }));
      }
    }
    // …and the list of all of them reads back too.
    const list = await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${project.id}&limit=100`, { cookie: editor.cookie }));
    expect(list.items).toHaveLength(TEMPLATE_IDS.length * FORMAT_IDS.length);
  });

  it('takes a finished document (the playground’s “save to project”) with the project’s own media, and its name', async () => {
    const { editor, project } = await team();
    const photo = await uploadMedia(editor, project.id, await solidPng(4, 4, RED), 'photo.png');
    const document = withHeadline(templateDoc('split-image', 'story', photo.id), 'Fresh from the roaster');
    const response = await post(editor, project.id, { template: 'bold-headline', format: 'square', name: '  Spring launch  ', document });
    expect(response.status).toBe(201);
    const creative = await json<CreativeDetail>(response);
    // The document wins over the template and format fields.
    expect(creative).toMatchObject({ name: 'Spring launch', format: 'story', template: 'split-image', document });
    expect(creative.images[photo.id]).toBe(`/api/media/${photo.id}/file`);
    // Without a name, the headline names it.
    expect((await createCreative(editor, project.id, { template: 'split-image', format: 'story', document })).name).toBe('Fresh from the roaster');
    // A long headline is shortened without cutting an emoji in half (stored as valid UTF-8).
    const long = withHeadline(document, `${'a'.repeat(78)}😀😀 and more`);
    const named = await createCreative(editor, project.id, { template: 'split-image', format: 'story', document: long });
    expect(named.name).toBe(`${'a'.repeat(78)}…`);
  });

  it('refuses a document with another project’s media, or media that does not exist or was deleted (422), and creates nothing', async () => {
    const { owner, project } = await team();
    const other = await createProject(owner, {}, 'Other brand');
    const foreign = await uploadMedia(owner, other.id, await solidPng(4, 4, RED), 'foreign.png');
    const gone = await uploadMedia(owner, project.id, await solidPng(5, 5, RED), 'gone.png');
    expect((await send(`/api/media/${gone.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);

    for (const mediaId of [foreign.id, gone.id, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      for (const document of [templateDoc('split-image', 'square', mediaId), templateDoc('photo-overlay', 'square', mediaId)]) {
        const response = await post(owner, project.id, { template: 'split-image', format: 'square', document });
        expect(response.status).toBe(422);
        const body = await json<ErrorBody>(response);
        expect(body.error).toMatchObject({ code: 'validation_failed', details: { document: ['Pick images from this project’s media library.'] } });
      }
    }
    expect((await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${project.id}`, { cookie: owner.cookie }))).items).toEqual([]);
  });

  it('validates the input (422), and only lets editors of the project create (403 viewer, 404 outsider, 401 anonymous)', async () => {
    const { editor, viewer, outsider, project } = await team();
    const good = templateDoc('bold-headline', 'square');
    for (const body of [
      {},
      { template: 'no-such-template', format: 'square' },
      { template: 'bold-headline', format: 'banner' },
      { template: 'bold-headline', format: 'square', name: '   ' },
      { template: 'bold-headline', format: 'square', document: { ...good, background: { type: 'color', color: 'red' } } },
      { template: 'bold-headline', format: 'square', document: { ...good, layers: [...good.layers, good.layers[0]] } },
    ]) {
      const response = await post(editor, project.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect((await json<ErrorBody>(response)).error.code).toBe('validation_failed');
    }
    const valid = { template: 'bold-headline', format: 'square' };
    expect((await post(viewer, project.id, valid)).status).toBe(403);
    expect((await post(outsider, project.id, valid)).status).toBe(404);
    expect((await post(undefined, project.id, valid)).status).toBe(401);
    expect((await send(`/api/projects/${project.id}/creatives`, { cookie: viewer.cookie })).status).toBe(200);
  });
});

describe('listing creatives', () => {
  it('lists the creatives of all the user’s projects, filters by project, status and format, and pages without gaps or repeats', async () => {
    const me = await createUser();
    const colleague = await createUser();
    const mine = await createProject(me, {}, 'Mine');
    const theirs = await createProject(colleague, { viewer: me }, 'Theirs');
    const hidden = await createProject(colleague, {}, 'Hidden');
    const a1 = await createCreative(me, mine.id, { template: 'bold-headline', format: 'square' });
    const a2 = await createCreative(me, mine.id, { template: 'quote-card', format: 'story' });
    const a3 = await createCreative(me, mine.id, { template: 'sale-badge', format: 'square' });
    const b1 = await createCreative(colleague, theirs.id, { template: 'gradient-promo', format: 'landscape' });
    const b2 = await createCreative(colleague, theirs.id, { template: 'minimal-serif', format: 'square' });
    await createCreative(colleague, hidden.id);
    expect((await patch(me, a2.id, { status: 'in_review' })).status).toBe(200);

    const list = (query = '') => send(`/api/creatives${query}`, { cookie: me.cookie }).then((r) => json<Page<CreativeSummary>>(r));
    const ids = (page: Page<CreativeSummary>) => page.items.map((i) => i.id).sort();
    const all = await list();
    expect(ids(all)).toEqual([a1, a2, a3, b1, b2].map((c) => c.id).sort());
    expect(all.nextCursor).toBeNull();
    // Newest change first (ties broken by id, as the cursor expects).
    const order = all.items.map((i) => [new Date(i.updatedAt).getTime(), i.id] as const);
    expect(order).toEqual([...order].sort((x, y) => y[0] - x[0] || (y[1] < x[1] ? -1 : y[1] > x[1] ? 1 : 0)));
    expect(all.items.find((i) => i.id === a2.id)!.status).toBe('in_review');
    expect(all.items.find((i) => i.id === b1.id)).toMatchObject({
      projectId: theirs.id,
      projectName: 'Theirs',
      role: 'viewer',
      format: 'landscape',
      template: 'gradient-promo',
      lastCreationId: null,
    });
    expect(all.items.find((i) => i.id === a1.id)).toMatchObject({ projectName: 'Mine', role: 'owner' });

    expect(ids(await list(`?projectId=${mine.id}`))).toEqual([a1, a2, a3].map((c) => c.id).sort());
    expect(ids(await list(`?projectId=${hidden.id}`))).toEqual([]);
    expect(ids(await list('?format=square'))).toEqual([a1, a3, b2].map((c) => c.id).sort());
    expect(ids(await list('?status=in_review'))).toEqual([a2.id]);
    expect(ids(await list(`?status=draft&format=square&projectId=${theirs.id}`))).toEqual([b2.id]);
    // The project's own list is the same thing, for one project.
    expect(ids(await json<Page<CreativeSummary>>(await send(`/api/projects/${theirs.id}/creatives`, { cookie: me.cookie })))).toEqual(
      [b1, b2].map((c) => c.id).sort(),
    );

    // Five items, two at a time: 2 + 2 + 1, in the same order as one page.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page<CreativeSummary> = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.items.map((i) => i.id));

    for (const bad of ['?status=published', '?format=banner', '?limit=0', '?limit=101', '?cursor=nope', '?projectId=x']) {
      expect((await send(`/api/creatives${bad}`, { cookie: me.cookie })).status, bad).toBe(422);
    }
    expect((await send('/api/creatives')).status).toBe(401);
  });
});

describe('editing a creative', () => {
  it('saves a changed document as a new revision; the same document (in any key order or colour case) makes none', async () => {
    const { owner, editor, project } = await team();
    const creative = await createCreative(owner, project.id);
    const changed = withHeadline(creative.document, 'Roasted this morning');
    const response = await patch(editor, creative.id, { document: changed, baseRevision: 1 });
    expect(response.status).toBe(200);
    const saved = await json<CreativeDetail>(response);
    expect(saved.revision.number).toBe(2);
    expect(saved.revision.id).not.toBe(creative.revision.id);
    expect(saved.document).toEqual(changed);
    expect(saved.role).toBe('editor');
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(creative.updatedAt).getTime());

    // The same document again, with its keys reversed and its colours in capitals.
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : typeof value === 'string' && /^#[0-9a-f]{6}$/.test(value)
            ? value.toUpperCase()
            : value;
    const same = await json<CreativeDetail>(await patch(editor, creative.id, { document: reversed(changed), baseRevision: 2 }));
    expect(same.revision).toEqual(saved.revision);
    // A new name is not a new revision either.
    const renamed = await json<CreativeDetail>(await patch(editor, creative.id, { name: 'Morning roast' }));
    expect(renamed).toMatchObject({ name: 'Morning roast', revision: saved.revision });

    const revisions = await json<Page<RevisionItem>>(await send(`/api/creatives/${creative.id}/revisions`, { cookie: owner.cookie }));
    expect(revisions.items.map((r) => [r.number, r.reason, r.authorName, r.current])).toEqual([
      [2, 'edited', 'Ed Editor', true],
      [1, 'created', 'Olivia Owner', false],
    ]);
    expect(await db().select().from(creativeRevisions).where(eq(creativeRevisions.creativeId, creative.id)).all()).toHaveLength(2);
  });

  it('refuses a save on top of a revision that is no longer the newest (409), and keeps the newer one', async () => {
    const { owner, editor, project } = await team();
    const creative = await createCreative(owner, project.id);
    expect((await patch(owner, creative.id, { document: withHeadline(creative.document, 'First'), baseRevision: 1 })).status).toBe(200);
    const stale = await patch(editor, creative.id, { document: withHeadline(creative.document, 'Second'), baseRevision: 1 });
    expect(stale.status).toBe(409);
    expect((await json<ErrorBody>(stale)).error).toMatchObject({ code: 'conflict', details: { _: ['revision:2'] } });
    const now = await json<CreativeDetail>(await send(`/api/creatives/${creative.id}`, { cookie: editor.cookie }));
    expect(now.revision.number).toBe(2);
    expect(headlineOf(now.document)).toBe('First');
    // A save that names the current revision goes through.
    expect((await patch(editor, creative.id, { document: withHeadline(creative.document, 'Second'), baseRevision: 2 })).status).toBe(200);
    expect((await patch(editor, creative.id, { baseRevision: 0 })).status).toBe(422);
  });

  it('moves the status only along the allowed transitions', async () => {
    const { owner, project } = await team();
    const creative = await createCreative(owner, project.id);
    const status = async (to: string) => {
      const response = await patch(owner, creative.id, { status: to });
      return { code: response.status, body: await json<CreativeDetail & ErrorBody>(response) };
    };
    const skip = await status('approved');
    expect(skip.code).toBe(409);
    expect(skip.body.error.message).toBe('A creative that is draft cannot become approved.');
    expect((await status('in_review')).body.status).toBe('in_review');
    expect((await status('approved')).body.status).toBe('approved');
    expect((await status('in_review')).code).toBe(409);
    expect((await status('rejected')).code).toBe(409);
    expect((await status('archived')).body.status).toBe('archived');
    expect((await status('draft')).body.status).toBe('draft');
    expect((await status('published')).code).toBe(422);
    // The same status again is no change, not a conflict.
    expect((await status('draft')).code).toBe(200);
  });

  it('lists revisions newest first (paged) and restores an old one as a new revision', async () => {
    const { owner, editor, project } = await team();
    const creative = await createCreative(owner, project.id);
    const second = withHeadline(creative.document, 'Second');
    const third = withHeadline(creative.document, 'Third');
    await patch(owner, creative.id, { document: second });
    await patch(owner, creative.id, { document: third });
    const first = await json<Page<RevisionItem>>(await send(`/api/creatives/${creative.id}/revisions?limit=2`, { cookie: editor.cookie }));
    expect(first.items.map((r) => r.number)).toEqual([3, 2]);
    const rest = await json<Page<RevisionItem>>(
      await send(`/api/creatives/${creative.id}/revisions?limit=2&cursor=${first.nextCursor}`, { cookie: editor.cookie }),
    );
    expect(rest.items.map((r) => r.number)).toEqual([1]);
    expect(rest.nextCursor).toBeNull();
    const original = rest.items[0]!;
    expect(original.document).toEqual(creative.document);

    const restored = await send(`/api/creatives/${creative.id}/revisions/${original.id}/restore`, { method: 'POST', cookie: editor.cookie });
    expect(restored.status).toBe(200);
    const detail = await json<CreativeDetail>(restored);
    expect(detail.revision.number).toBe(4);
    expect(detail.document).toEqual(creative.document);
    const all = await json<Page<RevisionItem>>(await send(`/api/creatives/${creative.id}/revisions`, { cookie: editor.cookie }));
    expect(all.items.map((r) => [r.number, r.reason, r.current])).toEqual([
      [4, 'restored', true],
      [3, 'edited', false],
      [2, 'edited', false],
      [1, 'created', false],
    ]);
    expect(all.items[0]!.authorName).toBe('Ed Editor');

    // Restoring what is already current changes nothing.
    const again = await json<CreativeDetail>(
      await send(`/api/creatives/${creative.id}/revisions/${all.items[0]!.id}/restore`, { method: 'POST', cookie: editor.cookie }),
    );
    expect(again.revision.number).toBe(4);
    // Another creative's revision is not this creative's.
    const other = await createCreative(owner, project.id);
    expect((await send(`/api/creatives/${creative.id}/revisions/${other.revision.id}/restore`, { method: 'POST', cookie: editor.cookie })).status).toBe(404);
  });

  it('deletes a creative (204): then it is gone from reads, writes and lists (404)', async () => {
    const { owner, editor, project } = await team();
    const creative = await createCreative(owner, project.id);
    const keep = await createCreative(owner, project.id);
    expect((await send(`/api/creatives/${creative.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(204);
    expect((await send(`/api/creatives/${creative.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await patch(owner, creative.id, { name: 'Back' })).status).toBe(404);
    expect((await send(`/api/creatives/${creative.id}/revisions`, { cookie: owner.cookie })).status).toBe(404);
    expect((await render(owner, creative.id)).status).toBe(404);
    expect((await send(`/api/creatives/${creative.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    const list = await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${project.id}`, { cookie: owner.cookie }));
    expect(list.items.map((i) => i.id)).toEqual([keep.id]);
  });

  it('lets viewers read but not change (403), hides the creative from outsiders (404), and wants a session (401)', async () => {
    const { owner, viewer, outsider, project } = await team();
    const creative = await createCreative(owner, project.id);
    const id = creative.id;
    const restore = `/api/creatives/${id}/revisions/${creative.revision.id}/restore`;
    expect((await send(`/api/creatives/${id}`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await send(`/api/creatives/${id}/revisions`, { cookie: viewer.cookie })).status).toBe(200);
    const writes: [string, SendOptions][] = [
      [`/api/creatives/${id}`, { method: 'PATCH', json: { name: 'Mine now' } }],
      [`/api/creatives/${id}`, { method: 'DELETE' }],
      [`/api/creatives/${id}/render`, { method: 'POST' }],
      [`/api/creatives/${id}/variations`, { json: { count: 1 } }],
      [restore, { method: 'POST' }],
    ];
    for (const [path, options] of writes) {
      expect((await send(path, { ...options, cookie: viewer.cookie })).status, `viewer ${options.method ?? 'POST'} ${path}`).toBe(403);
      expect((await send(path, { ...options, cookie: outsider.cookie })).status, `outsider ${path}`).toBe(404);
      expect((await send(path, options)).status, `anonymous ${path}`).toBe(401);
    }
    for (const path of [`/api/creatives/${id}`, `/api/creatives/${id}/revisions`]) {
      expect((await send(path, { cookie: outsider.cookie })).status).toBe(404);
      expect((await send(path)).status).toBe(401);
    }
    expect((await send('/api/creatives/not-an-id', { cookie: owner.cookie })).status).toBe(404);
    // Nothing changed, nothing was charged.
    const now = await json<CreativeDetail>(await send(`/api/creatives/${id}`, { cookie: owner.cookie }));
    expect(now).toMatchObject({ name: creative.name, revision: creative.revision });
    expect(await balance(viewer)).toBe(25);
  });
});

describe('review state and restoring', () => {
  it('makes an approved creative a draft again when its content changes (a new review), but not when it is renamed', async () => {
    const { owner, project } = await team();
    const creative = await createCreative(owner, project.id);
    expect((await patch(owner, creative.id, { status: 'in_review' })).status).toBe(200);
    expect((await patch(owner, creative.id, { status: 'approved' })).status).toBe(200);
    const renamed = await json<CreativeDetail>(await patch(owner, creative.id, { name: 'Spring launch' }));
    expect(renamed.status).toBe('approved');
    const edited = await json<CreativeDetail>(await patch(owner, creative.id, { document: withHeadline(creative.document, 'New words') }));
    expect(edited.status).toBe('draft');
  });

  it('restores a revision whose picture was deleted since, with an empty frame instead of an error', async () => {
    const { owner, project } = await team();
    const photo = await uploadMedia(owner, project.id, await solidPng(4, 4, RED), 'old.png');
    const creative = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', photo.id),
    });
    const first = creative.revision.id;
    expect((await patch(owner, creative.id, { document: withHeadline(templateDoc('split-image', 'square', null), 'Newer words') })).status).toBe(200);
    expect((await send(`/api/media/${photo.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const restored = await send(`/api/creatives/${creative.id}/revisions/${first}/restore`, { method: 'POST', cookie: owner.cookie });
    expect(restored.status).toBe(200);
    const detail = await json<CreativeDetail>(restored);
    expect(detail.revision.number).toBe(3);
    expect(detail.document.layers.find((l) => l.type === 'image')).toMatchObject({ mediaId: null });
    expect(headlineOf(detail.document)).toBe(headlineOf(creative.document));
  });
});

describe('the editor page', () => {
  it('opens /creatives/:id for members (200), not for outsiders or once deleted (404), and sends visitors to sign in', async () => {
    const { owner, viewer, outsider, project } = await team();
    const creative = await createCreative(owner, project.id);
    const page = await send(`/creatives/${creative.id}`, { cookie: viewer.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await send(`/creatives/${creative.id}`, { cookie: outsider.cookie })).status).toBe(404);
    const anonymous = await send(`/creatives/${creative.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login?next=${encodeURIComponent(`/creatives/${creative.id}`)}`);
    await send(`/api/creatives/${creative.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await send(`/creatives/${creative.id}`, { cookie: owner.cookie })).status).toBe(404);
  });
});
