import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { FORMAT_IDS, FORMATS, type CreativeDocument, type FormatId } from '#common/creative/document.ts';
import type { CreationItem, CreativeDetail } from '#common/schemas/creatives.ts';
import { creations, media } from '#worker/db/schema.ts';
import { spend } from '#worker/features/credits/service.ts';
import { createProject, createUser, uploadMedia } from '#worker/test/factories.ts';
import { jpeg } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';
import { decodePng, pngSize, rgb, solidPng } from '#worker/test/png.ts';
import {
  balance,
  bytesOf,
  createCreative,
  creationKeys,
  creationRows,
  db,
  file,
  json,
  ledger,
  netSpentOn,
  patch,
  realWebp,
  RED,
  render,
  setBrandKit,
  setCredits,
  team,
  templateDoc,
  webp,
  withHeadline,
  type ErrorBody,
  type Page,
} from '#worker/test/creatives.ts';

/**
 * Rendering is slow the first time in an isolate (satori's and resvg's WebAssembly compile
 * on the first render) and on a busy machine: these tests get a generous timeout of their own
 * rather than vitest's 5 s.
 */
const RENDERING = { timeout: 60_000 };

describe('rendering', RENDERING, () => {
  it('renders each format at its size into a PNG in R2, for 1 credit each', async () => {
    const { owner, project } = await team();
    await setBrandKit(owner, project.id, { colors: ['#AA3300'] });
    const byFormat = new Map<FormatId, CreationItem>();
    for (const format of FORMAT_IDS) {
      const creative = await createCreative(owner, project.id, { template: 'bold-headline', format });
      const response = await render(owner, creative.id);
      expect(response.status).toBe(201);
      const creation = await json<CreationItem>(response);
      expect(creation).toMatchObject({
        projectId: project.id,
        creativeId: creative.id,
        revisionNumber: 1,
        format,
        width: FORMATS[format].width,
        height: FORMATS[format].height,
        url: `/api/creations/${creation.id}/file`,
      });
      byFormat.set(format, creation);
    }
    expect(Object.fromEntries([...byFormat].map(([f, c]) => [f, `${c.width}×${c.height}`]))).toEqual({
      square: '1080×1080',
      portrait: '1080×1350',
      story: '1080×1920',
      landscape: '1200×628',
    });

    for (const [format, creation] of byFormat) {
      const response = await file(owner, creation.id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="Made for the way you work\.png"/);
      const bytes = await bytesOf(response);
      expect(bytes.byteLength).toBe(creation.size);
      expect(pngSize(bytes)).toEqual({ width: FORMATS[format].width, height: FORMATS[format].height });
      // The brand colour is really painted, at the left edge where no layer is, and without a watermark.
      const image = await decodePng(bytes);
      expect(image.pixel(1, image.height / 2)).toEqual([...rgb('#aa3300'), 255]);
    }
    expect((await creationKeys(project.id)).sort()).toEqual([...byFormat.values()].map((c) => `creations/${project.id}/${c.id}.png`).sort());
    const spends = (await ledger(owner)).filter((i) => i.kind === 'spend' && i.reference !== null);
    expect(spends.map((s) => s.amount)).toEqual([-1, -1, -1, -1]);
    expect(await balance(owner)).toBe(21);
  });

  it('draws the project’s images from R2; renders an unchanged revision again for free (200); a changed one is a new creation and a new credit', async () => {
    const { owner, editor, project } = await team();
    const photo = await uploadMedia(owner, project.id, await solidPng(8, 8, RED), 'red.png');
    const creative = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', photo.id),
    });

    const first = await render(editor, creative.id);
    expect(first.status).toBe(201);
    const creation = await json<CreationItem>(first);
    const image = await decodePng(await bytesOf(await file(editor, creation.id)));
    // split-image: the picture fills the top half (a grey placeholder if it had not been loaded).
    expect(image.pixel(540, 100)).toEqual([...RED]);
    expect(image.pixel(540, 1000)).not.toEqual([...RED]);
    expect(await netSpentOn(editor, creative.id)).toBe(1);
    expect(await balance(editor)).toBe(24);
    const spent = (await ledger(editor)).find((i) => i.kind === 'spend')!;
    expect(spent).toMatchObject({ amount: -1, reference: creative.id, description: `Render “${creative.name}”` });

    const again = await render(editor, creative.id);
    expect(again.status).toBe(200);
    expect((await json<CreationItem>(again)).id).toBe(creation.id);
    expect(await balance(editor)).toBe(24);
    const detail = await json<CreativeDetail>(await send(`/api/creatives/${creative.id}`, { cookie: owner.cookie }));
    expect(detail).toMatchObject({ currentCreationId: creation.id, lastCreationId: creation.id });

    expect((await patch(editor, creative.id, { document: withHeadline(creative.document, 'Changed') })).status).toBe(200);
    const changed = await json<CreativeDetail>(await send(`/api/creatives/${creative.id}`, { cookie: owner.cookie }));
    expect(changed).toMatchObject({ currentCreationId: null, lastCreationId: creation.id });
    const second = await render(editor, creative.id);
    expect(second.status).toBe(201);
    const newer = await json<CreationItem>(second);
    expect(newer.id).not.toBe(creation.id);
    expect(newer.revisionNumber).toBe(2);
    expect(await netSpentOn(editor, creative.id)).toBe(2);
    expect(await balance(editor)).toBe(23);
    expect(await creationKeys(project.id)).toHaveLength(2);
  });

  it('refuses to render without credits (402) and stores nothing', async () => {
    const { owner, project } = await team();
    const creative = await createCreative(owner, project.id);
    await setCredits(owner, 0);
    const before = await ledger(owner);
    const response = await render(owner, creative.id);
    expect(response.status).toBe(402);
    expect((await json<ErrorBody>(response)).error).toMatchObject({ code: 'insufficient_credits', details: { _: ['needed:1', 'available:0'] } });
    expect(await creationKeys(project.id)).toEqual([]);
    expect(await creationRows(creative.id)).toEqual([]);
    expect(await ledger(owner)).toEqual(before);
    expect((await json<Page<CreationItem>>(await send(`/api/creations?projectId=${project.id}`, { cookie: owner.cookie }))).items).toEqual([]);
  });

  it('with 1 credit and two renders at once, renders exactly one (201) and refuses the other (402)', async () => {
    const { owner, project } = await team();
    const a = await createCreative(owner, project.id, { template: 'bold-headline', format: 'square' });
    const b = await createCreative(owner, project.id, { template: 'gradient-promo', format: 'square' });
    await setCredits(owner, 1);
    const responses = await Promise.all([render(owner, a.id), render(owner, b.id)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 402]);
    expect(await balance(owner)).toBe(0);
    expect([...(await creationRows(a.id)), ...(await creationRows(b.id))]).toHaveLength(1);
    expect(await creationKeys(project.id)).toHaveLength(1);
    expect((await netSpentOn(owner, a.id)) + (await netSpentOn(owner, b.id))).toBe(1);
  });

  it('renders the same revision twice at once into one creation, and charges 1 credit net', async () => {
    const { owner, editor, project } = await team();
    const creative = await createCreative(owner, project.id);
    const responses = await Promise.all([render(owner, creative.id), render(editor, creative.id)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
    const [x, y] = await Promise.all(responses.map((r) => json<CreationItem>(r)));
    expect(x!.id).toBe(y!.id);
    expect(await creationRows(creative.id)).toHaveLength(1);
    // The loser's PNG is not left behind in R2.
    expect(await creationKeys(project.id)).toEqual([`creations/${project.id}/${x!.id}.png`]);
    expect((await netSpentOn(owner, creative.id)) + (await netSpentOn(editor, creative.id))).toBe(1);
    expect((await balance(owner)) + (await balance(editor))).toBe(49);
  });

  it('refunds the credit when the render fails (500) and stores nothing', async () => {
    const { owner, project } = await team();
    // A JPEG whose bytes were damaged in storage: the renderer cannot read its size and throws.
    const photo = await uploadMedia(owner, project.id, jpeg(64, 64), 'photo.jpg');
    const creative = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', photo.id),
    });
    const row = await db().select({ r2Key: media.r2Key }).from(media).where(eq(media.id, photo.id)).get();
    await env.MEDIA.put(row!.r2Key, new TextEncoder().encode('this is not a JPEG any more'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const response = await render(owner, creative.id);
    expect(response.status).toBe(500);
    expect((await json<ErrorBody>(response)).error).toMatchObject({
      code: 'internal',
      message: 'The render failed and your credit was refunded. Please try again.',
    });
    expect(errors.mock.calls.some(([line]) => typeof line === 'string' && line.includes('"render_failed"') && line.includes(creative.id))).toBe(true);
    const items = await ledger(owner);
    const spent = items.find((i) => i.kind === 'spend' && i.reference === creative.id)!;
    expect(items.find((i) => i.kind === 'refund')).toMatchObject({ amount: 1, reference: spent.operationKey });
    expect(await netSpentOn(owner, creative.id)).toBe(0);
    expect(await balance(owner)).toBe(25);
    expect(await creationRows(creative.id)).toEqual([]);
    expect(await creationKeys(project.id)).toEqual([]);
  });

  it('draws WebP pictures (decoded in the worker: satori and resvg read only PNG, JPEG and GIF)', async () => {
    const { owner, project } = await team();
    const photo = await uploadMedia(owner, project.id, realWebp(), 'photo.webp');
    const creative = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', photo.id),
    });
    const response = await render(owner, creative.id);
    expect(response.status).toBe(201);
    const image = await decodePng(await bytesOf(await file(owner, (await json<CreationItem>(response)).id)));
    // The 16 × 16 picture is red with a blue lower-right quarter, drawn over the top half (cover).
    expect(image.pixel(300, 100)).toEqual([...RED]);
    expect(image.pixel(800, 450)).toEqual([0, 0, 255, 255]);
  });

  it('refuses a creative whose picture cannot be drawn (a damaged WebP): 422, the credit refunded', async () => {
    const { owner, project } = await team();
    const photo = await uploadMedia(owner, project.id, webp(64, 64), 'photo.webp');
    const creative = await createCreative(owner, project.id, {
      template: 'photo-overlay',
      format: 'square',
      document: templateDoc('photo-overlay', 'square', photo.id),
    });
    const response = await render(owner, creative.id);
    expect(response.status).toBe(422);
    expect((await json<ErrorBody>(response)).error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/Your credit was refunded\.$/),
      details: { document: [expect.stringMatching(/PNG, JPEG, GIF or WebP/)] },
    });
    // The renderer reads the picture itself (the main worker never holds its bytes), so the damage
    // shows only once it is charged: charged and refunded in the same request.
    expect(await balance(owner)).toBe(25);
    const items = await ledger(owner);
    const spent = items.find((i) => i.kind === 'spend' && i.reference === creative.id)!;
    expect(items.find((i) => i.kind === 'refund')).toMatchObject({ amount: 1, reference: spent.operationKey });
    expect(await creationKeys(project.id)).toEqual([]);
  });
});

describe('creations', RENDERING, () => {
  it('lists creations across projects with filters, serves and downloads the file, deletes one, and keeps it after its creative is deleted', async () => {
    const me = await createUser();
    const colleague = await createUser();
    const mine = await createProject(me, {}, 'Mine');
    const theirs = await createProject(colleague, { editor: me }, 'Theirs');
    const square = await createCreative(me, mine.id, { template: 'bold-headline', format: 'square', name: 'Spring: “launch” / 2026' });
    const wide = await createCreative(colleague, theirs.id, { template: 'gradient-promo', format: 'landscape' });
    const a = await json<CreationItem>(await render(me, square.id));
    const b = await json<CreationItem>(await render(colleague, wide.id));

    const list = (query = '') => send(`/api/creations${query}`, { cookie: me.cookie }).then((r) => json<Page<CreationItem>>(r));
    expect((await list()).items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect((await list(`?projectId=${mine.id}`)).items.map((i) => i.id)).toEqual([a.id]);
    expect((await list('?format=landscape')).items).toEqual([
      expect.objectContaining({ id: b.id, projectName: 'Theirs', role: 'editor', creativeId: wide.id, width: 1200, height: 628 }),
    ]);
    expect((await list(`?creativeId=${square.id}`)).items.map((i) => i.id)).toEqual([a.id]);
    const paged = await list('?limit=1');
    expect(paged.items.map((i) => i.id)).toEqual([b.id]);
    expect((await list(`?limit=1&cursor=${paged.nextCursor}`)).items.map((i) => i.id)).toEqual([a.id]);
    expect((await send('/api/creations', { cookie: colleague.cookie }).then((r) => json<Page<CreationItem>>(r))).items.map((i) => i.id)).toEqual([b.id]);

    const one = await send(`/api/creations/${a.id}`, { cookie: me.cookie });
    expect(one.status).toBe(200);
    expect(await json<CreationItem>(one)).toEqual({ ...a, role: 'owner', projectName: 'Mine' });
    expect((await send(`/api/creations/${a.id}`, { cookie: colleague.cookie })).status).toBe(404);
    expect((await send(`/api/creations/${a.id}`)).status).toBe(401);

    const download = await file(me, a.id, '?download=1');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Spring launch {2}2026.png"/);
    expect(pngSize(await bytesOf(download))).toEqual({ width: 1080, height: 1080 });
    expect((await file(me, a.id)).headers.get('content-disposition')).toMatch(/^inline;/);

    // Deleting the creative keeps its creations, no longer linked to it.
    expect((await send(`/api/creatives/${wide.id}`, { method: 'DELETE', cookie: colleague.cookie })).status).toBe(204);
    expect((await list('?format=landscape')).items).toEqual([expect.objectContaining({ id: b.id, creativeId: null })]);

    // Deleting a creation: gone, its file too; the same revision renders again into a new creation (charged).
    expect((await send(`/api/creations/${a.id}`, { method: 'DELETE', cookie: me.cookie })).status).toBe(204);
    expect((await send(`/api/creations/${a.id}`, { cookie: me.cookie })).status).toBe(404);
    expect((await file(me, a.id)).status).toBe(404);
    expect((await list(`?projectId=${mine.id}`)).items).toEqual([]);
    expect((await json<CreativeDetail>(await send(`/api/creatives/${square.id}`, { cookie: me.cookie }))).currentCreationId).toBeNull();
    const again = await render(me, square.id);
    expect(again.status).toBe(201);
    const fresh = await json<CreationItem>(again);
    expect(fresh.id).not.toBe(a.id);
    expect(fresh.revisionNumber).toBe(1);
    expect(await netSpentOn(me, square.id)).toBe(2);
  });

  it('lets viewers see and download creations but not delete them (403)', async () => {
    const { owner, viewer, outsider, project } = await team();
    const creative = await createCreative(owner, project.id);
    // A creation row with a file, as a render leaves them (no need to draw one here).
    const id = 'creation_fixture_' + Math.random().toString(36).slice(2, 10);
    const key = `creations/${project.id}/${id}.png`;
    await env.MEDIA.put(key, await solidPng(2, 2, RED), { httpMetadata: { contentType: 'image/png' } });
    await db().insert(creations).values({
      id,
      projectId: project.id,
      creativeId: creative.id,
      revisionId: creative.revision.id,
      revisionNumber: 1,
      createdBy: owner.id,
      name: creative.name,
      format: 'square',
      width: 1080,
      height: 1080,
      size: 1,
      r2Key: key,
    });
    expect((await send(`/api/creations/${id}`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await file(viewer, id)).status).toBe(200);
    expect((await send(`/api/creations/${id}`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(403);
    expect((await send(`/api/creations/${id}`, { method: 'DELETE', cookie: outsider.cookie })).status).toBe(404);
    expect((await file(outsider, id)).status).toBe(404);
    expect(await db().select().from(creations).where(eq(creations.id, id)).all()).toEqual([expect.objectContaining({ deletedAt: null })]);
  });
});

describe('limits and recovery', RENDERING, () => {
  it('refuses, before charging, a picture of too many pixels that has no thumbnail to draw instead', async () => {
    const { owner, project } = await team();
    const photo = await uploadMedia(owner, project.id, await solidPng(4, 4, RED), 'huge.png');
    // As the upload's probe would have recorded a 20,000 × 20,000 picture.
    await db().update(media).set({ width: 20_000, height: 20_000, thumbnailKey: null }).where(eq(media.id, photo.id));
    const creative = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', photo.id),
    });
    const response = await render(owner, creative.id);
    expect(response.status).toBe(422);
    expect((await json<ErrorBody>(response)).error.message).toMatch(/very large picture without a preview/);
    expect(await balance(owner)).toBe(25);
  });

  it('draws a picture whose size could not be read at upload from its thumbnail only: without one, it is refused before charging', async () => {
    const { owner, project } = await team();
    const photo = await uploadMedia(owner, project.id, await solidPng(4, 4, RED), 'unknown-size.png');
    // As the upload's probe records a picture whose size is behind a long metadata block.
    await db().update(media).set({ width: null, height: null, thumbnailKey: null }).where(eq(media.id, photo.id));
    const creative = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', photo.id),
    });
    const response = await render(owner, creative.id);
    expect(response.status).toBe(422);
    expect((await json<ErrorBody>(response)).error.message).toMatch(/very large picture without a preview/);
    expect(await balance(owner)).toBe(25);
  });

  it('refunds a render whose worker stopped between the charge and the creation (the scheduled job), once', async () => {
    const { refundAbandonedRenders } = await import('#worker/features/creatives/render/service.ts');
    const { owner, project } = await team();
    const creative = await createCreative(owner, project.id);
    const done = await createCreative(owner, project.id, { template: 'quote-card', format: 'square' });
    expect((await render(owner, done.id)).status).toBe(201);
    // A charge whose render never finished, as a stopped worker leaves it.
    await spend(db(), {
      userId: owner.id,
      amount: 1,
      operationKey: `render:${creative.revision.id}:interruptedAttempt01`,
      description: 'Render',
      reference: creative.id,
    });
    // The user tried again and that render worked: it does not hide the interrupted attempt.
    expect((await render(owner, creative.id)).status).toBe(201);
    expect(await balance(owner)).toBe(22);
    expect(await refundAbandonedRenders(db(), new Date())).toBe(0); // not before 10 minutes
    const later = new Date(Date.now() + 11 * 60 * 1000);
    expect(await refundAbandonedRenders(db(), later)).toBeGreaterThanOrEqual(1);
    expect(await balance(owner)).toBe(23);
    await refundAbandonedRenders(db(), later);
    expect(await balance(owner)).toBe(23);
    // Never the renders that made their creation.
    expect((await ledger(owner)).filter((i) => i.kind === 'refund').map((i) => i.operationKey)).toEqual([
      `refund:render:${creative.revision.id}:interruptedAttempt01`,
    ]);
  });
});

describe('fonts', RENDERING, () => {
  it('serves the bundled fonts the renderer uses, and nothing else under /fonts', async () => {
    const font = await send('/fonts/playfair-display-latin-700-normal.woff');
    expect(font.status).toBe(200);
    expect(String.fromCharCode(...(await bytesOf(font)).subarray(0, 4))).toBe('wOFF');
    expect(font.headers.get('cache-control')).toBe('public, max-age=604800');
    expect((await send('/fonts/comic-sans-latin-400-normal.woff')).status).toBe(404);
  });

  it('draws Latin Extended letters (ł, ő, ğ…) with the brand font, not as missing-glyph boxes', async () => {
    const { renderPng } = await import('#worker/features/creatives/render/render.ts');
    const inked = async (text: string) => {
      const doc: CreativeDocument = {
        version: 2,
        format: 'landscape',
        template: 'bold-headline',
        background: { type: 'color', color: '#ffffff' },
        layers: [
          {
            id: 't',
            type: 'text',
            x: 5,
            y: 5,
            w: 90,
            h: 90,
            text,
            font: 'inter',
            weight: 700,
            size: 30,
            color: '#000000',
            align: 'left',
            vAlign: 'top',
            lineHeight: 1.1,
            uppercase: false,
          },
        ],
      };
      const image = await decodePng((await renderPng(env.ASSETS, { doc, images: {} })).png);
      let ink = 0;
      for (let y = 0; y < 628; y += 2) for (let x = 0; x < 1200; x += 2) if (image.pixel(x, y)[0] < 128) ink += 1;
      return ink;
    };
    const plain = await inked('LLLL oooo gggg');
    const extended = await inked('ŁŁŁŁ őőőő ğğğğ');
    // A box for each missing glyph inks far more than the letters (measured: +84 % with boxes, +10 % with the glyphs).
    expect(extended / plain).toBeGreaterThan(0.9);
    expect(extended / plain).toBeLessThan(1.35);
  });

  it('draws German (ä ö ü ß, „ “) in the templates’ fonts, not as missing-glyph boxes (issue 28)', async () => {
    const { renderPng } = await import('#worker/features/creatives/render/render.ts');
    const inked = async (text: string, font: 'inter' | 'playfair-display' | 'montserrat' | 'lora') => {
      const doc: CreativeDocument = {
        version: 2,
        format: 'landscape',
        template: 'bold-headline',
        background: { type: 'color', color: '#ffffff' },
        layers: [
          {
            id: 't',
            type: 'text',
            x: 5,
            y: 5,
            w: 90,
            h: 90,
            text,
            font,
            weight: 700,
            size: 30,
            color: '#000000',
            align: 'left',
            vAlign: 'top',
            lineHeight: 1.1,
            uppercase: false,
          },
        ],
      };
      const image = await decodePng((await renderPng(env.ASSETS, { doc, images: {} })).png);
      let ink = 0;
      for (let y = 0; y < 628; y += 2) for (let x = 0; x < 1200; x += 2) if (image.pixel(x, y)[0] < 128) ink += 1;
      return ink;
    };
    for (const font of ['inter', 'playfair-display', 'montserrat', 'lora'] as const) {
      const plain = await inked('AOU aou ss "Gross"', font);
      const german = await inked('ÄÖÜ äöü ß „Groß“', font);
      // The dots add a little ink; a box for a missing glyph would add far more.
      expect(german / plain, font).toBeGreaterThan(0.85);
      expect(german / plain, font).toBeLessThan(1.35);
    }
  });
});
