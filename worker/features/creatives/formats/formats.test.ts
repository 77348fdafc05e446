import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { FORMATS, creativeDocument, type FormatId } from '#common/creative/document.ts';
import { otherFormats } from '#common/creative/resize.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { copyFits } from '#common/creative/text-fit.ts';
import type { CreationItem, CreativeDetail } from '#common/schemas/creatives.ts';
import type { LinkedFormats, RenderAllResult, ResizeResult } from '#common/schemas/formats.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { creations, creatives, media } from '#worker/db/schema.ts';
import { safeFileName, zipStream } from '#worker/lib/zip-stream.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { jpeg } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';
import { pngSize, solidPng } from '#worker/test/png.ts';
import {
  balance,
  bytesOf,
  createCreative,
  creationKeys,
  db,
  json,
  ledger,
  patch,
  RED,
  setCredits,
  team,
  templateDoc,
  type ErrorBody,
} from '#worker/test/creatives.ts';

/** Rendering is slow the first time in an isolate and on a busy machine (see render.test.ts). */
const RENDERING = { timeout: 120_000 };
const OTHERS: FormatId[] = ['portrait', 'story', 'landscape'];

const resize = (user: TestUser | undefined, id: string, body: unknown, headers?: Record<string, string>) =>
  send(`/api/creatives/${id}/resize`, { json: body, cookie: user?.cookie, ...(headers ? { headers } : {}) });
const renderAll = (user: TestUser | undefined, id: string, formats: unknown) =>
  send(`/api/creatives/${id}/render-all`, { json: { formats }, cookie: user?.cookie });
const linked = (user: TestUser | undefined, id: string) => send(`/api/creatives/${id}/formats`, { cookie: user?.cookie });
const zip = (user: TestUser | undefined, id: string) => send(`/api/creatives/${id}/formats/zip`, { cookie: user?.cookie });

async function group(user: TestUser, projectId: string, body: Record<string, unknown> = { template: 'bold-headline', format: 'square' }) {
  const source = await createCreative(user, projectId, body);
  const response = await resize(user, source.id, { formats: otherFormats(source.format) });
  expect(response.status).toBe(201);
  const { items } = await json<ResizeResult>(response);
  return { source, copies: items };
}

describe('resize', () => {
  it('makes linked drafts in the other formats, laid out for each, and lists the group from any of them', async () => {
    const { owner, editor, viewer, project } = await team();
    const source = await createCreative(owner, project.id, { template: 'bold-headline', format: 'square', name: 'Spring sale (square)' });
    const response = await resize(editor, source.id, { formats: ['landscape', 'story', 'portrait'] });
    expect(response.status).toBe(201);
    const result = await json<ResizeResult>(response);
    expect(result.skipped).toEqual([]);
    expect(result.items.map((i) => [i.format, i.name, i.status, i.revision.number])).toEqual([
      ['portrait', 'Spring sale — portrait', 'draft', 1],
      ['story', 'Spring sale — story', 'draft', 1],
      ['landscape', 'Spring sale — landscape', 'draft', 1],
    ]);
    for (const item of result.items) {
      // Valid, in its format, the template's layout for it, and every line of copy fits its box there.
      expect(creativeDocument.parse(item.document)).toStrictEqual(item.document);
      expect(item.document.format).toBe(item.format);
      const place = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: item.format }).layers.find((l) => l.id === 'headline')!;
      expect(item.document.layers.find((l) => l.id === 'headline')).toMatchObject({ x: place.x, y: place.y, w: place.w, h: place.h });
      for (const layer of item.document.layers) if (layer.type === 'text' || layer.type === 'cta') expect(copyFits(layer, item.format)).toBe(true);
    }
    const rows = await db().select({ id: creatives.id, linkGroup: creatives.linkGroup }).from(creatives).where(eq(creatives.projectId, project.id)).all();
    expect(new Set(rows.map((r) => r.linkGroup))).toEqual(new Set([source.id]));

    for (const id of [source.id, result.items[1]!.id]) {
      const list = await json<LinkedFormats>(await linked(viewer, id));
      expect(list.linkGroup).toBe(source.id);
      expect(list.items.map((i) => i.format)).toEqual(['square', 'portrait', 'story', 'landscape']);
      expect(list.items.map((i) => i.currentCreationId)).toEqual([null, null, null, null]);
      expect(list.renderAllCost).toBe(4);
    }
    // A creative without linked copies is a group of one.
    const alone = await createCreative(owner, project.id);
    expect(await json<LinkedFormats>(await linked(owner, alone.id))).toEqual({
      linkGroup: null,
      items: [expect.objectContaining({ id: alone.id, format: 'square' })],
      renderAllCost: 1,
    });
    // Resizing costs nothing.
    expect(await balance(editor)).toBe(25);
  });

  it('skips the formats the group has (a replay, or asking a copy for its source’s format): 200 and nothing new', async () => {
    const { owner, project } = await team();
    const { source, copies } = await group(owner, project.id);
    const again = await resize(owner, source.id, { formats: OTHERS });
    expect(again.status).toBe(200);
    expect(await json<ResizeResult>(again)).toEqual({ items: [], skipped: OTHERS, nextCursor: null });
    const fromCopy = await resize(owner, copies[0]!.id, { formats: ['square', 'landscape'] });
    expect(fromCopy.status).toBe(200);
    expect((await json<ResizeResult>(fromCopy)).skipped).toEqual(['square', 'landscape']);
    expect(await db().select().from(creatives).where(eq(creatives.projectId, project.id)).all()).toHaveLength(4);
    // A deleted copy's format can be made again.
    expect((await send(`/api/creatives/${copies[1]!.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const remade = await resize(owner, copies[2]!.id, { formats: ['story'] });
    expect(remade.status).toBe(201);
    expect((await json<ResizeResult>(remade)).items.map((i) => i.format)).toEqual(['story']);
  });

  it('lets a copy whose format is changed in the editor leave its group, so that a group never holds a format twice', async () => {
    const { owner, project } = await team();
    const { source, copies } = await group(owner, project.id);
    const portrait = copies.find((c) => c.format === 'portrait')!;
    const detail = await json<CreativeDetail>(await send(`/api/creatives/${portrait.id}`, { cookie: owner.cookie }));
    const asSquare = { ...detail.document, format: 'square' as const };
    const saved = await patch(owner, portrait.id, { document: asSquare, baseRevision: detail.revision.number });
    expect(saved.status).toBe(200);
    const left = await json<LinkedFormats>(await linked(owner, portrait.id));
    const rest = await json<LinkedFormats>(await linked(owner, source.id));
    expect(left.linkGroup).not.toBe(rest.linkGroup);
    expect(left.items.map((i) => i.id)).toEqual([portrait.id]);
    expect(rest.items.map((i) => i.format).sort()).toEqual(['landscape', 'square', 'story']);
    expect(rest.items.map((i) => i.id)).not.toContain(portrait.id);
    // The group lacks a portrait now: Resize makes one again.
    const remade = await resize(owner, source.id, { formats: ['portrait'] });
    expect(remade.status).toBe(201);
    // An edit that keeps the format keeps the copy in its group.
    const story = copies.find((c) => c.format === 'story')!;
    const storyDetail = await json<CreativeDetail>(await send(`/api/creatives/${story.id}`, { cookie: owner.cookie }));
    const edited = { ...storyDetail.document, background: { type: 'color' as const, color: '#123456' } };
    expect((await patch(owner, story.id, { document: edited, baseRevision: storyDetail.revision.number })).status).toBe(200);
    expect((await json<LinkedFormats>(await linked(owner, story.id))).linkGroup).toBe(rest.linkGroup);
  });

  it('lets the head of a group leave it too: the group makes the head’s new format, the head starts a group of its own', async () => {
    const { owner, project } = await team();
    const { source, copies } = await group(owner, project.id);
    const story = copies.find((c) => c.format === 'story')!;
    // Delete the story copy, then turn the head (square) into a story.
    expect((await send(`/api/creatives/${story.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const head = await json<CreativeDetail>(await send(`/api/creatives/${source.id}`, { cookie: owner.cookie }));
    expect((await patch(owner, source.id, { document: { ...head.document, format: 'story' }, baseRevision: head.revision.number })).status).toBe(200);
    // The old group (portrait, landscape) lacks square and story now: a Resize from a copy makes both.
    const portrait = copies.find((c) => c.format === 'portrait')!;
    const fromCopy = await resize(owner, portrait.id, { formats: ['square', 'story'] });
    expect(fromCopy.status).toBe(201);
    expect((await json<ResizeResult>(fromCopy)).items.map((i) => i.format).sort()).toEqual(['square', 'story']);
    const old = await json<LinkedFormats>(await linked(owner, portrait.id));
    expect(old.items.map((i) => i.format).sort()).toEqual(['landscape', 'portrait', 'square', 'story']);
    expect(old.items.map((i) => i.id)).not.toContain(source.id);
    // The ex-head's own Resize starts its own group: it does not go back into the old one.
    const own = await resize(owner, source.id, { formats: ['square'] });
    expect(own.status).toBe(201);
    const mine = await json<LinkedFormats>(await linked(owner, source.id));
    expect(mine.linkGroup).not.toBe(old.linkGroup);
    expect(mine.items.map((i) => i.format).sort()).toEqual(['square', 'story']);
    expect((await json<LinkedFormats>(await linked(owner, portrait.id))).items).toHaveLength(4);
  });

  it('makes one copy per format when 20 resizes run at once', async () => {
    const { owner, editor, project } = await team();
    const source = await createCreative(owner, project.id);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => resize(i % 2 ? owner : editor, source.id, { formats: OTHERS })));
    expect(responses.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const rows = await db().select().from(creatives).where(eq(creatives.projectId, project.id)).all();
    expect(rows.map((r) => r.format).sort()).toEqual(['landscape', 'portrait', 'square', 'story']);
    expect(new Set(rows.map((r) => r.linkGroup))).toEqual(new Set([source.id]));
    const made = (await Promise.all(responses.map((r) => json<ResizeResult>(r)))).flatMap((r) => r.items.map((i) => i.id));
    expect(made.sort()).toEqual(
      rows
        .filter((r) => r.id !== source.id)
        .map((r) => r.id)
        .sort(),
    );
  });

  it('refuses outsiders (404, also for another tenant’s creative), viewers (403), signed-out callers (401), bad bodies (400/415/422)', async () => {
    const { owner, viewer, outsider, project } = await team();
    const source = await createCreative(owner, project.id);
    const theirs = await createProject(outsider);
    const other = await createCreative(outsider, theirs.id);
    expect((await resize(outsider, source.id, { formats: ['story'] })).status).toBe(404);
    expect((await resize(owner, other.id, { formats: ['story'] })).status).toBe(404);
    expect((await linked(outsider, source.id)).status).toBe(404);
    expect((await linked(owner, other.id)).status).toBe(404);
    expect((await renderAll(outsider, source.id, ['square'])).status).toBe(404);
    expect((await zip(outsider, source.id)).status).toBe(404);
    expect((await resize(viewer, source.id, { formats: ['story'] })).status).toBe(403);
    expect((await renderAll(viewer, source.id, ['square'])).status).toBe(403);
    expect((await resize(undefined, source.id, { formats: ['story'] })).status).toBe(401);
    expect((await linked(undefined, source.id)).status).toBe(401);
    expect((await send('/api/creatives/AAAAAAAAAAAAAAAAAAAAAA/resize', { json: { formats: ['story'] }, cookie: owner.cookie })).status).toBe(404);

    const malformed = await send(`/api/creatives/${source.id}/resize`, {
      body: '{"formats": [',
      headers: { 'content-type': 'application/json' },
      cookie: owner.cookie,
    });
    expect(malformed.status).toBe(400);
    expect((await json<ErrorBody>(malformed)).error.code).toBe('bad_request');
    const text = await send(`/api/creatives/${source.id}/resize`, { body: 'formats=story', headers: { 'content-type': 'text/plain' }, cookie: owner.cookie });
    expect(text.status).toBe(415);
    for (const body of [
      {},
      { formats: [] },
      { formats: 'story' },
      { formats: ['story', 'story'] },
      { formats: ['poster'] },
      { formats: ['\ud800'] },
      { formats: Array.from({ length: 5000 }, () => 'story') },
      { formats: ['square', 'portrait', 'story', 'landscape', 'square'] },
    ]) {
      const response = await resize(owner, source.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect((await json<ErrorBody>(response)).error.code).toBe('validation_failed');
    }
    expect((await renderAll(owner, source.id, [])).status).toBe(422);
    expect((await renderAll(owner, source.id, ['story'])).status).toBe(422);
    // Nothing was made by any of it, and nothing was charged.
    expect(await db().select().from(creatives).where(eq(creatives.projectId, project.id)).all()).toHaveLength(1);
    expect(await balance(owner)).toBe(25);
    // Cross-site writes are refused like every other write.
    expect(
      (await send(`/api/creatives/${source.id}/resize`, { json: { formats: ['story'] }, cookie: owner.cookie, headers: { origin: 'https://evil.test' } }))
        .status,
    ).toBe(403);
  });
});

describe('render all formats and the ZIP', RENDERING, () => {
  it('renders every format for 1 credit each, again for free, and streams them as one ZIP of PNGs', async () => {
    const { owner, editor, viewer, project } = await team();
    const { source, copies } = await group(owner, project.id);
    const all: FormatId[] = ['square', 'portrait', 'story', 'landscape'];
    expect((await zip(owner, source.id)).status).toBe(404);

    const response = await renderAll(editor, copies[0]!.id, all);
    expect(response.status).toBe(201);
    const result = await json<RenderAllResult>(response);
    expect(result.charged).toBe(4);
    expect(result.items.map((i) => [i.format, i.outcome])).toEqual(all.map((f) => [f, 'rendered']));
    expect(result.items.map((i) => [i.creation?.width, i.creation?.height])).toEqual(all.map((f) => [FORMATS[f].width, FORMATS[f].height]));
    expect(result.zipUrl).toBe(`/api/creatives/${copies[0]!.id}/formats/zip`);
    expect(await balance(editor)).toBe(21);
    expect((await ledger(editor)).filter((i) => i.kind === 'spend').map((i) => i.amount)).toEqual([-1, -1, -1, -1]);
    expect((await json<LinkedFormats>(await linked(owner, source.id))).renderAllCost).toBe(0);

    // A replay: every version has its PNG, nothing is charged.
    const again = await renderAll(editor, source.id, all);
    expect(again.status).toBe(200);
    const second = await json<RenderAllResult>(again);
    expect(second.charged).toBe(0);
    expect(second.items.map((i) => [i.outcome, i.creation?.id])).toEqual(result.items.map((i) => ['existing', i.creation?.id]));
    expect(await balance(editor)).toBe(21);

    // One changed copy costs one credit; the others stay free.
    const story = copies.find((c) => c.format === 'story')!;
    expect((await patch(owner, story.id, { document: { ...story.document, background: { type: 'color', color: '#123456' } } })).status).toBe(200);
    expect((await json<LinkedFormats>(await linked(owner, source.id))).renderAllCost).toBe(1);
    const third = await json<RenderAllResult>(await renderAll(editor, source.id, all));
    expect(third.items.map((i) => i.outcome)).toEqual(['existing', 'existing', 'rendered', 'existing']);
    expect(await balance(editor)).toBe(20);

    // The creations list says which PNGs are linked formats (the gallery groups them).
    const listed = await json<{ items: CreationItem[] }>(await send(`/api/creations?projectId=${project.id}`, { cookie: viewer.cookie }));
    expect(listed.items).toHaveLength(5);
    expect(new Set(listed.items.map((i) => i.linkGroup))).toEqual(new Set([source.id]));

    // The ZIP (a viewer may download it): the newest PNG of each format, streamed (no length up front).
    const download = await zip(viewer, story.id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-length')).toBeNull();
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${source.name.replace(/ \(square\)$/, '')} - all formats.zip"`);
    const entries = unzipSync(await bytesOf(download));
    const names = Object.keys(entries);
    expect(names).toHaveLength(4);
    const sizes = names.map((name) => ({ name, ...pngSize(entries[name]!) }));
    expect(sizes.map((s) => `${s.width}x${s.height}`)).toEqual(['1080x1080', '1080x1350', '1080x1920', '1200x628']);
    for (const s of sizes) expect(s.name).toMatch(new RegExp(`${s.width}x${s.height}\\.png$`));
    const storyCreation = third.items.find((i) => i.format === 'story')!.creation!;
    const storyFile = await bytesOf(await send(`/api/creations/${storyCreation.id}/file`, { cookie: owner.cookie }));
    expect(entries[names[2]!]).toEqual(storyFile);
  });

  it('refuses (402) a balance that cannot pay for every format, before anything is drawn or charged', async () => {
    const { owner, project } = await team();
    const { source } = await group(owner, project.id);
    await setCredits(owner, 3);
    const response = await renderAll(owner, source.id, ['square', 'portrait', 'story', 'landscape']);
    expect(response.status).toBe(402);
    expect((await json<ErrorBody>(response)).error).toMatchObject({ code: 'insufficient_credits', details: { _: ['needed:4', 'available:3'] } });
    expect(await balance(owner)).toBe(3);
    expect(await creationKeys(project.id)).toEqual([]);
    // Fewer formats fit the balance.
    expect((await renderAll(owner, source.id, ['square', 'story'])).status).toBe(201);
    expect(await balance(owner)).toBe(1);
  });

  it('never takes the balance below zero with 20 render-alls at once, and charges exactly the PNGs made', async () => {
    const { owner, editor, project } = await team();
    const a = await group(owner, project.id);
    const b = await group(owner, project.id, { template: 'gradient-promo', format: 'landscape' });
    await setCredits(owner, 5);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const all: FormatId[] = ['square', 'portrait', 'story', 'landscape'];
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => renderAll(owner, (i % 2 ? a : b).source.id, all)));
    errors.mockRestore();
    const bodies = await Promise.all(responses.map(async (r) => `${r.status} ${await r.clone().text()}`));
    expect(bodies.filter((b) => !/^(200|201|402) /.test(b))).toEqual([]);
    const left = await balance(owner);
    expect(left).toBeGreaterThanOrEqual(0);
    const ids = [a.source.id, ...a.copies.map((c) => c.id), b.source.id, ...b.copies.map((c) => c.id)];
    const made = (await db().select().from(creations).where(eq(creations.projectId, project.id)).all()).filter((c) => ids.includes(c.creativeId ?? ''));
    // One PNG per version at most, each paid for exactly once, and every other charge refunded.
    expect(new Set(made.map((c) => c.revisionId)).size).toBe(made.length);
    expect(made.length).toBe(5 - left);
    expect(await creationKeys(project.id)).toHaveLength(made.length);
    const items = await ledger(owner);
    const net = items.filter((i) => i.kind === 'spend' || i.kind === 'refund').reduce((n, i) => n + i.amount, 0);
    expect(net).toBe(-25 - made.length);
    expect(await balance(editor)).toBe(25);
  });

  it('refunds the format whose render fails and keeps the others (their credits are spent)', async () => {
    const { owner, project } = await team();
    const photo = await uploadMedia(owner, project.id, await solidPng(8, 8, RED), 'red.png');
    const { source, copies } = await group(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', photo.id),
    });
    // The story copy shows another picture, whose bytes were damaged in storage since.
    const broken = await uploadMedia(owner, project.id, jpeg(64, 64), 'broken.jpg');
    const row = await db().select({ r2Key: media.r2Key }).from(media).where(eq(media.id, broken.id)).get();
    const story = copies.find((c) => c.format === 'story')!;
    const storyDoc = templateDoc('split-image', 'story', broken.id);
    expect((await patch(owner, story.id, { document: storyDoc })).status).toBe(200);
    await env.MEDIA.put(row!.r2Key, new TextEncoder().encode('this is not a JPEG any more'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const response = await renderAll(owner, source.id, ['square', 'portrait', 'story', 'landscape']);
    errors.mockRestore();
    expect(response.status).toBe(201);
    const result = await json<RenderAllResult>(response);
    expect(result.items.map((i) => i.outcome)).toEqual(['rendered', 'rendered', 'failed', 'rendered']);
    expect(result.items[2]).toMatchObject({ creativeId: story.id, creation: null, error: 'The render failed and your credit was refunded. Please try again.' });
    expect(result.charged).toBe(3);
    expect(await balance(owner)).toBe(22);
    const items = await ledger(owner);
    const storySpend = items.find((i) => i.kind === 'spend' && i.reference === story.id)!;
    expect(items.find((i) => i.kind === 'refund' && i.reference === storySpend.operationKey)).toMatchObject({ amount: 1 });
    expect(await creationKeys(project.id)).toHaveLength(3);
    // The ZIP holds what was rendered.
    expect(Object.keys(unzipSync(await bytesOf(await zip(owner, source.id))))).toHaveLength(3);
  });

  it('answers as the render did when every format fails: 500, all refunded', async () => {
    const { owner, project } = await team();
    const broken = await uploadMedia(owner, project.id, jpeg(64, 64), 'broken.jpg');
    const source = await createCreative(owner, project.id, {
      template: 'split-image',
      format: 'square',
      document: templateDoc('split-image', 'square', broken.id),
    });
    const row = await db().select({ r2Key: media.r2Key }).from(media).where(eq(media.id, broken.id)).get();
    await env.MEDIA.put(row!.r2Key, new TextEncoder().encode('damaged'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await renderAll(owner, source.id, ['square']);
    errors.mockRestore();
    expect(response.status).toBe(500);
    expect(await balance(owner)).toBe(25);
    const detail = await json<CreativeDetail>(await send(`/api/creatives/${source.id}`, { cookie: owner.cookie }));
    expect(detail.currentCreationId).toBeNull();
  });

  it('keeps the ZIP to the group’s own project and leaves out PNGs that were deleted', async () => {
    const me = await createUser();
    const project = await createProject(me);
    const { source, copies } = await group(me, project.id);
    const result = await json<RenderAllResult>(await renderAll(me, source.id, ['square', 'landscape']));
    const square = result.items[0]!.creation!;
    expect((await send(`/api/creations/${square.id}`, { method: 'DELETE', cookie: me.cookie })).status).toBe(204);
    const names = Object.keys(unzipSync(await bytesOf(await zip(me, copies[0]!.id))));
    expect(names).toEqual([expect.stringMatching(/landscape 1200x628\.png$/)]);
  });
});

describe('the ZIP stream', () => {
  /** A file of `size` bytes served in chunks of 64 KiB, counting what was read of it. */
  function chunked(size: number, seed: number) {
    let served = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (served >= size) return controller.close();
        const n = Math.min(64 * 1024, size - served);
        controller.enqueue(new Uint8Array(n).fill((seed + served / 65536) % 256));
        served += n;
      },
    });
    return { stream, served: () => served };
  }

  it('opens a file only when the archive reaches it and reads it a chunk at a time (no archive in memory)', async () => {
    const a = chunked(1024 * 1024, 1);
    const b = chunked(300 * 1024, 2);
    const opened: string[] = [];
    const entries = [
      { name: 'a.png', modified: new Date('2026-03-01T10:00:00Z'), open: async () => (opened.push('a'), a.stream) },
      { name: 'gone.png', modified: new Date('2026-03-01T10:00:00Z'), open: async () => (opened.push('gone'), null) },
      { name: 'b.png', modified: new Date('2026-03-01T10:00:00Z'), open: async () => (opened.push('b'), b.stream) },
    ];
    const reader = zipStream(entries).getReader();
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < 2; i += 1) chunks.push((await reader.read()).value!);
    // Two chunks read: the first file is open and barely started; the others are untouched.
    expect(opened).toEqual(['a']);
    expect(a.served()).toBeLessThanOrEqual(2 * 64 * 1024);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(opened).toEqual(['a', 'gone', 'b']);
    const all = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.byteLength;
    }
    const files = unzipSync(all);
    expect(Object.keys(files)).toEqual(['a.png', 'b.png']);
    expect(files['a.png']!.byteLength).toBe(1024 * 1024);
    expect(files['b.png']!.byteLength).toBe(300 * 1024);
    expect(files['b.png']![70_000]).toBe(3);
  });

  it('is an empty archive without files, and names files with safe characters only', async () => {
    const bytes = new Uint8Array(await new Response(zipStream([])).arrayBuffer());
    expect(Object.keys(unzipSync(bytes))).toEqual([]);
    expect(safeFileName('Brötchen / "Frühstück"\u0000\ud800', 'x')).toBe('Brotchen Fruhstuck');
    expect(safeFileName('☕☕', 'creative')).toBe('creative');
  });
});
