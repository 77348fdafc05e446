import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { CreativeDocument } from '#common/creative/document.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { media } from '#worker/db/schema.ts';
import { createProject, createUser, uploadMedia } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { decodePng, pngSize, solidPng } from '#worker/test/png.ts';
import { base64 } from '#worker/lib/ids.ts';
import {
  db,
  balance,
  createCreative,
  creationKeys,
  creationRows,
  json,
  ledger,
  render,
  setCredits,
  templateDoc,
  type ErrorBody,
} from '#worker/test/creatives.ts';
import { BUSY_PAUSES_MS, drawPng, RenderBusy } from '#worker/features/creatives/render/images.ts';
import { remainingDownloads, renderDownload, utcDay } from '#worker/features/creatives/playground/service.ts';
import { prepareJob } from '#worker/renderer/index.ts';
import { admit, bytesInFlight, LEASE_MS } from '#worker/renderer/in-flight.ts';
import { RENDER_MAX_INPUT_BYTES } from '#worker/renderer/memory.ts';
import { loadImages, renderCard, renderCreative } from '#worker/features/creatives/render/service.ts';
import { creativeForMember, type Membership } from '#worker/features/creatives/core/service.ts';

/**
 * The renderer in its own Worker (issue 15, point 4; docs/decisions/0021-renderer-worker.md):
 * the main worker reaches it only through the RENDERER service binding (here the auxiliary
 * worker vitest.config.ts bundles from worker/renderer), and a render that fails there fails
 * that render only: the credit comes back, the API answers in its error envelope, and both
 * workers go on serving.
 */
const RENDERING = { timeout: 120_000 };

/** A document showing each picture in a frame of its own (a background photo and two insets). */
function picturesDoc(mediaIds: string[]): CreativeDocument {
  const doc = templateDoc('photo-overlay', 'square', mediaIds[0]!);
  const insets = mediaIds.slice(1).map((mediaId, i) => ({
    id: `inset-${i}`,
    type: 'image' as const,
    x: 10 + i * 40,
    y: 10,
    w: 30,
    h: 30,
    mediaId,
    fit: 'cover' as const,
    radius: 0,
  }));
  return { ...doc, layers: [...doc.layers, ...insets] };
}

/** The renderer with its `renderPng` answered by `renderPng` instead (the other methods as they are). */
function withRenderPng(target: typeof env.RENDERER, renderPng: (...args: Parameters<typeof env.RENDERER.renderPng>) => Promise<unknown>): typeof env.RENDERER {
  return new Proxy(target, { get: (of, key) => (key === 'renderPng' ? renderPng : (Reflect.get(of, key) as unknown)) });
}

/** An owner with 1 credit and a square creative, and its render through the service with the renderer given. */
async function creativeToRender() {
  const owner = await createUser();
  const project = await createProject(owner);
  await setCredits(owner, 1);
  const creative = await createCreative(owner, project.id, { template: 'bold-headline', format: 'square' });
  const found = await creativeForMember(db(), creative.id, owner.id);
  const membership: Membership = { project: found!.project, role: found!.role };
  const renderWith = (renderer: typeof env.RENDERER) =>
    renderCreative({ ...env, RENDERER: renderer }, db(), found!.resource, membership, { id: owner.id, name: 'Owner' });
  return { owner, project, renderWith };
}

describe('the renderer Worker', RENDERING, () => {
  it('draws the API’s renders: the PNG comes back through the service binding', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    await setCredits(owner, 1);
    const creative = await createCreative(owner, project.id, { template: 'bold-headline', format: 'story' });
    const response = await render(owner, creative.id);
    expect(response.status).toBe(201);
    const creation = await json<CreationItem>(response);
    const object = await env.MEDIA.get((await creationRows(creative.id))[0]!.r2Key);
    expect(pngSize(new Uint8Array(await object!.arrayBuffer()))).toEqual({ width: 1080, height: 1920 });
    expect(creation.width).toBe(1080);
    expect(await balance(owner)).toBe(0);
  });

  it('refuses a job too large for one render: 413 in the envelope, the credit refunded, nothing stored, and both workers keep serving', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    await setCredits(owner, 2);
    // Three 2900 × 2900 pictures: each within the main worker's 9-megapixel limit for one
    // picture, together (25 megapixels, 100 MB decoded) more than one render may decode (12).
    const pictures = [];
    for (const color of [
      [200, 30, 30, 255],
      [30, 200, 30, 255],
      [30, 30, 200, 255],
    ] as const) {
      pictures.push(await uploadMedia(owner, project.id, await solidPng(2900, 2900, color), `big-${color.join('-')}.png`));
    }
    const creative = await createCreative(owner, project.id, {
      template: 'photo-overlay',
      format: 'square',
      document: picturesDoc(pictures.map((p) => p.id)),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const refused = await render(owner, creative.id);
    expect(refused.status).toBe(413);
    const body = await json<ErrorBody & { error: { requestId: string } }>(refused);
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toMatch(
      /^This creative is too large to draw: its pictures add up to 26\.4 megapixels, more than the 12 one render may decode\./,
    );
    expect(body.error.message).toContain('Your credit was refunded.');
    expect(body.error.requestId).toEqual(expect.any(String));
    // Charged, then refunded: the balance is whole again, and the ledger says why.
    expect(await balance(owner)).toBe(2);
    const items = await ledger(owner);
    expect(items.filter((i) => i.kind === 'spend' && i.reference === creative.id)).toHaveLength(1);
    expect(items.some((i) => i.kind === 'refund' && i.description.includes('failed: refunded'))).toBe(true);
    expect(await creationRows(creative.id)).toHaveLength(0);
    expect(await creationKeys(project.id)).toEqual([]);

    // The main worker goes on serving, and so does the renderer: the next render (one picture) is drawn.
    expect((await send('/api/health')).status).toBe(200);
    const small = await createCreative(owner, project.id, { template: 'photo-overlay', format: 'square', document: picturesDoc([pictures[0]!.id]) });
    const drawn = await render(owner, small.id);
    expect(drawn.status).toBe(201);
    expect(await balance(owner)).toBe(1);
  });

  // Called directly, the renderer is the tests' own (SOLO_RENDERER): no render of the API reaches
  // it, so its in-flight count is only theirs.
  it('refuses the same job when called directly, and draws the next one', async () => {
    const doc = templateDoc('bold-headline', 'square');
    const big = `data:image/png;base64,${btoa(String.fromCharCode(...(await solidPng(1, 1, [0, 0, 0, 255]))))}`;
    // A PNG header that claims 20000 × 20000 (1.6 GB decoded): counted before anything is decoded.
    const claims = await solidPng(1, 1, [0, 0, 0, 255]);
    new DataView(claims.buffer).setUint32(16, 20_000);
    new DataView(claims.buffer).setUint32(20, 20_000);
    const bomb = `data:image/png;base64,${btoa(String.fromCharCode(...claims))}`;
    expect(await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { a: bomb } })).toEqual({
      refused: 'its pictures add up to 401.2 megapixels, more than the 12 one render may decode',
    });
    const drawn = await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { a: big } });
    if (!('png' in drawn)) throw new Error(JSON.stringify(drawn));
    expect({ width: drawn.width, height: drawn.height }).toEqual({ width: 1080, height: 1080 });
    expect(pngSize(drawn.png)).toEqual({ width: 1080, height: 1080 });
  });

  it('draws a job just under the memory budget’s pixel limit and refuses one just above it', async () => {
    // A square canvas (1080 × 1080 = 1,166,400 pixels) and one picture: 12,000,000 pixels at most.
    const doc = templateDoc('photo-overlay', 'square', 'a');
    const picture = async (side: number) => `data:image/png;base64,${base64(await solidPng(side, side, [40, 90, 160, 255]))}`;
    // 3291² = 10,830,681: 11,997,081 in all, drawn.
    const drawn = await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { a: await picture(3291) } });
    if (!('png' in drawn)) throw new Error(JSON.stringify(drawn));
    expect(pngSize(drawn.png)).toEqual({ width: 1080, height: 1080 });
    // 3292² = 10,837,264: 12,003,664 in all, refused before anything is decoded.
    expect(await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { a: await picture(3292) } })).toEqual({
      refused: 'its pictures add up to 12.0 megapixels, more than the 12 one render may decode',
    });
  });

  it('refuses a job whose pictures’ files add up to more than it may read (10 MB), however few pixels they show', async () => {
    const doc = templateDoc('photo-overlay', 'square', 'a');
    // A 1 × 1 PNG followed by 11 MB of bytes no decoder reads: few pixels, a large file.
    const png = await solidPng(1, 1, [0, 0, 0, 255]);
    const padded = new Uint8Array(png.length + 11 * 1024 * 1024);
    padded.set(png);
    expect(await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { a: `data:image/png;base64,${base64(padded)}` } })).toEqual({
      refused: 'its pictures’ files add up to 11.0 MB, more than the 10 MB one render may read',
    });
  });

  it('reads stored pictures through its own MEDIA binding: the main worker passes keys, never the pictures’ bytes', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const photo = await uploadMedia(owner, project.id, await solidPng(64, 64, [20, 160, 60, 255]), 'green.png');
    const doc = picturesDoc([photo.id]);
    // What the main worker hands the renderer: the key and type of each picture, not a data URL.
    const images = await loadImages(env, db(), project.id, doc);
    const row = await db().select({ r2Key: media.r2Key }).from(media).where(eq(media.id, photo.id)).get();
    expect(images).toEqual({ [photo.id]: { key: row!.r2Key, mime: 'image/png' } });
    const drawn = await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images });
    if (!('png' in drawn)) throw new Error(JSON.stringify(drawn));
    // The photo-overlay template's veil darkens the green photo; it is green all the same.
    const [r, g, b] = (await decodePng(drawn.png)).pixel(972, 324);
    expect(g).toBeGreaterThan(r! + 30);
    expect(g).toBeGreaterThan(b! + 30);
    // A key that is not in the bucket (deleted since): that picture cannot be drawn, nothing is.
    expect(await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { [photo.id]: { key: 'media/gone.png', mime: 'image/png' } } })).toEqual({
      undrawable: [photo.id],
    });
  });

  it('counts a stored picture’s pixels from its whole file: a frame header behind 300 KB of metadata is refused', async () => {
    // A JPEG whose 8000 × 8000 frame header comes after five 64 KB APP1 blocks (beyond the first
    // 256 KB a header probe reads): 64 megapixels, refused before anything is decoded.
    const app1 = [0xff, 0xe1, 0xff, 0xff, ...new Array<number>(0xfffd).fill(0)];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, 0x1f, 0x40, 0x1f, 0x40, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    const bomb = new Uint8Array([0xff, 0xd8, ...app1, ...app1, ...app1, ...app1, ...app1, ...sof0, 0xff, 0xd9]);
    expect(bomb.length).toBeGreaterThan(300_000);
    await env.MEDIA.put('media/test/padded-bomb.jpg', bomb);
    const doc = templateDoc('photo-overlay', 'square', 'a');
    expect(await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { a: { key: 'media/test/padded-bomb.jpg', mime: 'image/jpeg' } } })).toEqual({
      refused: 'its pictures add up to 65.2 megapixels, more than the 12 one render may decode',
    });
  });

  it('refuses stored files above 10 MB together from their sizes, before reading them', async () => {
    const png = await solidPng(1, 1, [0, 0, 0, 255]);
    const padded = new Uint8Array(png.length + 6 * 1024 * 1024);
    padded.set(png);
    await env.MEDIA.put('media/test/padded-a.png', padded);
    await env.MEDIA.put('media/test/padded-b.png', padded);
    const doc = picturesDoc(['a', 'b']);
    const stored = (key: string) => ({ key, mime: 'image/png' });
    expect(
      await env.SOLO_RENDERER.renderPng(env.ASSETS, { doc, images: { a: stored('media/test/padded-a.png'), b: stored('media/test/padded-b.png') } }),
    ).toEqual({
      refused: 'its pictures’ files add up to 12.0 MB, more than the 10 MB one render may read',
    });
  });

  it('refunds a render whose renderer call dies (killed over its memory limit) and answers 500 in the envelope without the cause', async () => {
    // What the platform hands the caller when the renderer's isolate is stopped mid-render; it
    // cannot be provoked locally (workerd enforces no memory limit), so the binding gives it here.
    const { owner, project, renderWith } = await creativeToRender();
    const crashed = withRenderPng(env.RENDERER, () => Promise.reject(new Error('Worker exceeded memory limit.')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const attempt = renderWith(crashed);
    await expect(attempt).rejects.toMatchObject({ code: 'internal', message: 'The render failed and your credit was refunded. Please try again.' });
    expect(await balance(owner)).toBe(1);
    expect(await creationKeys(project.id)).toEqual([]);
  });
});

/**
 * Renders at once in one renderer isolate (decision 0021, "Memory"; reviews 16 R3 and 18): the
 * pictures' bytes they hold add up to at most one job's limit (10 MB); a job that does not fit
 * beside the others is answered `busy` before any body is read, and the main worker asks again
 * after a pause, then refunds and answers 429.
 */
describe('a busy renderer', RENDERING, () => {
  const doc = templateDoc('photo-overlay', 'square', 'a');
  /** A job whose picture is a 1 × 1 PNG followed by `mb` MB no decoder reads: few pixels, a large file. */
  const heavyJob = async (mb: number) => {
    const png = await solidPng(1, 1, [40, 90, 160, 255]);
    const padded = new Uint8Array(png.length + mb * 2 ** 20);
    padded.set(png);
    return { doc, images: { a: `data:image/png;base64,${base64(padded)}` } };
  };
  const kind = (result: object) => Object.keys(result).find((key) => ['png', 'input', 'refused', 'undrawable', 'busy'].includes(key));
  const busyRenderer = (count: () => void) =>
    withRenderPng(env.RENDERER, () => {
      count();
      return Promise.resolve({ busy: 'other renders hold their pictures' });
    });

  /** Runs `attempt` on a fake clock, letting each of drawPng's pauses pass once the call before it (`calls`) answered; its rejection. */
  async function pastEveryPause(attempt: () => Promise<unknown>, calls: () => number): Promise<unknown> {
    vi.useFakeTimers();
    try {
      const outcome = attempt().then(
        () => undefined,
        (error: unknown) => error,
      );
      for (const [i, ms] of BUSY_PAUSES_MS.entries()) {
        await vi.waitFor(() => expect(calls()).toBe(i + 1), { timeout: 10_000 });
        await vi.advanceTimersByTimeAsync(ms);
      }
      return await outcome;
    } finally {
      vi.useRealTimers();
    }
  }

  // Called in this isolate (prepareJob is the renderer's own code): jobs in one isolate overlap
  // only at I/O — drawing does none — so two calls through the binding cannot be made to overlap
  // at will; here a prepared job holds its pictures as long as the test wants.
  it('answers busy a job whose pictures do not fit beside those of the jobs in flight, and prepares it once they are let go', async () => {
    const media = { MEDIA: env.MEDIA };
    const heavy = await prepareJob(media, await heavyJob(6));
    if (!('input' in heavy)) throw new Error(JSON.stringify(heavy));
    expect(bytesInFlight()).toBeGreaterThan(6 * 2 ** 20);
    const other = await heavyJob(5);
    expect(await prepareJob(media, other)).toEqual({ busy: 'other renders hold their pictures, and this one’s 5.0 MB do not fit beside them' });
    // A job without pictures holds nothing: it always fits.
    const plain = await prepareJob(media, { doc: templateDoc('bold-headline', 'square'), images: {} });
    expect(kind(plain)).toBe('input');
    heavy.release();
    const next = await prepareJob(media, other);
    if (!('input' in next)) throw new Error(JSON.stringify(next));
    next.release();
    if ('release' in plain) plain.release();
    expect(bytesInFlight()).toBe(0);
  });

  it('stops counting a job never let go (its call cancelled mid-I/O) after LEASE_MS, and says so', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const start = Date.now();
    expect(admit(9 * 2 ** 20, RENDER_MAX_INPUT_BYTES, start)).toBeTypeOf('function');
    expect(admit(2 * 2 ** 20, RENDER_MAX_INPUT_BYTES, start + LEASE_MS)).toBeUndefined();
    const later = admit(2 * 2 ** 20, RENDER_MAX_INPUT_BYTES, start + LEASE_MS + 1);
    expect(later).toBeTypeOf('function');
    later!();
    expect(bytesInFlight(start + LEASE_MS + 1)).toBe(0);
    expect(warnings.mock.calls.map(([line]) => JSON.parse(String(line)) as unknown)).toEqual([
      { level: 'warn', message: 'render_admission_expired', bytes: 9 * 2 ** 20, heldMs: LEASE_MS + 1 },
    ]);
    warnings.mockRestore();
  });

  it('lets a job’s pictures go when it turns out undrawable or too many pixels, and a drawn job’s once it is drawn', async () => {
    // A stored "WebP" that is only its header's size: admitted, then found undrawable once decoded.
    const header = new Uint8Array(30);
    header.set(new TextEncoder().encode('RIFF'), 0);
    new DataView(header.buffer).setUint32(4, 22, true);
    header.set(new TextEncoder().encode('WEBPVP8X'), 8);
    new DataView(header.buffer).setUint32(16, 10, true);
    // Canvas 2000 × 2000 (stored minus one, 24 bits each).
    header.set([0xcf, 0x07, 0x00, 0xcf, 0x07, 0x00], 24);
    await env.MEDIA.put('media/test/damaged.webp', header);
    const damaged = { doc, images: { a: { key: 'media/test/damaged.webp', mime: 'image/webp' } } };
    expect(await prepareJob({ MEDIA: env.MEDIA }, damaged)).toEqual({ undrawable: ['a'] });
    expect(bytesInFlight()).toBe(0);
    // A PNG header that claims 20000 × 20000: refused after its body is read, and let go.
    const claims = await solidPng(1, 1, [0, 0, 0, 255]);
    new DataView(claims.buffer).setUint32(16, 20_000);
    new DataView(claims.buffer).setUint32(20, 20_000);
    await env.MEDIA.put('media/test/claims.png', claims);
    expect(await prepareJob({ MEDIA: env.MEDIA }, { doc, images: { a: { key: 'media/test/claims.png', mime: 'image/png' } } })).toMatchObject({
      refused: expect.stringContaining('401.2 megapixels'),
    });
    expect(bytesInFlight()).toBe(0);
    // Through the binding: after the damaged job, and after a drawn one, a job of 6 MB is drawn again.
    expect(await env.SOLO_RENDERER.renderPng(env.ASSETS, damaged)).toEqual({ undrawable: ['a'] });
    const job = await heavyJob(6);
    expect(kind(await env.SOLO_RENDERER.renderPng(env.ASSETS, job))).toBe('png');
    expect(kind(await env.SOLO_RENDERER.renderPng(env.ASSETS, job))).toBe('png');
  });

  it('is asked again after each pause and draws once it has room', async () => {
    let calls = 0;
    const waits: number[] = [];
    const busyTwice = withRenderPng(env.SOLO_RENDERER, (...args) =>
      ++calls <= 2 ? Promise.resolve({ busy: 'other renders hold their pictures' }) : env.SOLO_RENDERER.renderPng(...args),
    );
    const drawn = await drawPng({ ...env, RENDERER: busyTwice }, { doc: templateDoc('bold-headline', 'square'), images: {} }, async (ms) => {
      waits.push(ms);
    });
    expect(pngSize(drawn.png)).toEqual({ width: 1080, height: 1080 });
    expect(calls).toBe(3);
    expect(waits).toEqual(BUSY_PAUSES_MS.slice(0, 2));
    await expect(drawPng({ ...env, RENDERER: busyRenderer(() => undefined) }, { doc, images: {} }, async () => undefined)).rejects.toBeInstanceOf(RenderBusy);
  });

  it('gives up after the last pause: the render is refunded and answers 429 with Retry-After, nothing stored, a warning logged', async () => {
    const { owner, project, renderWith } = await creativeToRender();
    let calls = 0;
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await pastEveryPause(
      () => renderWith(busyRenderer(() => (calls += 1))),
      () => calls,
    );
    expect(outcome).toMatchObject({
      code: 'rate_limited',
      status: 429,
      message: 'Adloom is drawing other images right now. Your credit was refunded. Try again in a few seconds.',
      details: { _: ['renderer_busy'] },
      headers: { 'Retry-After': '5' },
    });
    expect(calls).toBe(BUSY_PAUSES_MS.length + 1);
    expect(await balance(owner)).toBe(1);
    expect(await creationKeys(project.id)).toEqual([]);
    // Expected under load: a warning, not an error.
    expect(warnings.mock.calls.map(([line]) => JSON.parse(String(line)) as { message: string; during: string })).toEqual([
      expect.objectContaining({ level: 'warn', message: 'render_busy', during: 'render_failed' }),
    ]);
    expect(errors).not.toHaveBeenCalled();
    warnings.mockRestore();
    errors.mockRestore();
  });

  it('gives the playground download back, and the link card answers 429, when the renderer stays busy', async () => {
    const visitor = { hash: `busy-${crypto.randomUUID()}`, day: utcDay() };
    let calls = 0;
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const busy = { ...env, RENDERER: busyRenderer(() => (calls += 1)) };
    const download = await pastEveryPause(
      () => renderDownload(busy, db(), visitor, { document: templateDoc('bold-headline', 'square') }),
      () => calls,
    );
    expect(download).toMatchObject({ code: 'rate_limited', details: { _: ['renderer_busy'] }, headers: { 'Retry-After': '5' } });
    expect(await remainingDownloads(db(), visitor.hash, visitor.day)).toBe(3);
    calls = 0;
    const card = await pastEveryPause(
      () =>
        renderCard(busy, {
          kicker: 'A presentation for',
          title: 'Fjord Coffee',
          footer: 'Made with Adloom',
          from: '#1f3a5f',
          to: '#0f1d30',
          color: '#ffffff',
          headingFont: 'inter',
          bodyFont: 'inter',
        }),
      () => calls,
    );
    expect(card).toMatchObject({
      code: 'rate_limited',
      message: 'The link picture cannot be drawn right now. Try again in a few seconds.',
      headers: { 'Retry-After': '5' },
    });
    // Both logged as expected under load, each saying where.
    expect(warnings.mock.calls.map(([line]) => JSON.parse(String(line)) as { message: string; during: string })).toEqual([
      expect.objectContaining({ message: 'render_busy', during: 'playground_render_failed' }),
      expect.objectContaining({ message: 'render_busy', during: 'card_render_failed' }),
    ]);
    warnings.mockRestore();
  });
});
