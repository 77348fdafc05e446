import { env } from 'cloudflare:test';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { BRAND_FONT_MAX_BYTES, BRAND_FONTS_PER_PROJECT, type BrandFontItem } from '#common/schemas/brand-fonts.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { wellFormed } from '#common/schemas/fields.ts';
import { brandFonts } from '#worker/db/schema.ts';
import { readFontFile } from '#worker/features/creatives/fonts/font-file.ts';
import { documentFontFiles } from '#worker/features/creatives/render/fonts-render.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { bundledWoff, fakeFont, realFont, woffToTtf } from '#worker/test/fonts.ts';
import { send } from '#worker/test/http.ts';
import { decodePng } from '#worker/test/png.ts';
import { balance, bytesOf, createCreative, db, file, json, netSpentOn, patch, render, team, type ErrorBody, type Page } from '#worker/test/creatives.ts';

const RENDERING = { timeout: 60_000 };

function upload(user: TestUser | undefined, projectId: string, body: BodyInit, filename = 'Brand.ttf', headers: Record<string, string> = {}) {
  return send(`/api/projects/${projectId}/fonts?filename=${filename}`, { method: 'POST', body, cookie: user?.cookie, headers });
}

async function uploaded(user: TestUser, projectId: string, body: Uint8Array<ArrayBuffer>, filename = 'Brand.ttf'): Promise<BrandFontItem> {
  const response = await upload(user, projectId, body, filename);
  if (response.status !== 201) throw new Error(`font upload failed: ${response.status} ${await response.text()}`);
  return json<BrandFontItem>(response);
}

function list(user: TestUser | undefined, projectId: string) {
  return send(`/api/projects/${projectId}/fonts`, { cookie: user?.cookie });
}

function withFont(doc: CreativeDocument, font: string): CreativeDocument {
  return { ...doc, layers: doc.layers.map((l): Layer => (l.type === 'text' || l.type === 'cta' ? ({ ...l, font } as Layer) : l)) };
}

/** A WOFF whose `head` table declares 4 MiB but inflates to 64 MiB of zeros (a decompression bomb), its stored data about 64 KiB. */
async function woffBomb(): Promise<Uint8Array<ArrayBuffer>> {
  const woff = await bundledWoff();
  const zeros = new Uint8Array(1024 * 1024);
  const bomb = new Uint8Array(
    await new Response(new Blob(Array.from({ length: 64 }, () => zeros)).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  );
  const out = new Uint8Array(woff.byteLength + bomb.byteLength);
  out.set(woff);
  out.set(bomb, woff.byteLength);
  const view = new DataView(out.buffer);
  view.setUint32(8, out.byteLength);
  for (let i = 0; i < view.getUint16(12); i += 1) {
    const at = 44 + i * 20;
    if (String.fromCharCode(...out.subarray(at, at + 4)) !== 'head') continue;
    view.setUint32(at + 4, woff.byteLength);
    view.setUint32(at + 8, bomb.byteLength);
    view.setUint32(at + 12, 4 * 1024 * 1024);
  }
  return out;
}

describe('font files', () => {
  it('reads TrueType, OpenType and WOFF by their bytes: format, family and weight', async () => {
    const woff = await bundledWoff('playfair-display-latin-700-normal.woff');
    expect(await readFontFile(woff)).toEqual({ ok: true, info: { format: 'woff', family: 'Playfair Display', weight: 700 } });
    expect(await readFontFile(await woffToTtf(woff))).toEqual({ ok: true, info: { format: 'ttf', family: 'Playfair Display', weight: 700 } });
    expect(await readFontFile(fakeFont({ format: 'otf', family: 'Acme Display', weight: 350 }))).toEqual({
      ok: true,
      info: { format: 'otf', family: 'Acme Display', weight: 400 },
    });
  });

  it('refuses what is not a drawable font, with a reason, and never throws', async () => {
    const ttf = await woffToTtf(await bundledWoff());
    const woff2 = new Uint8Array([...new TextEncoder().encode('wOF2'), ...ttf.subarray(4, 200)]);
    const cases: [Uint8Array, RegExp][] = [
      [png(8, 8), /not a font file/],
      [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), /not a font file/],
      [woff2, /WOFF2/],
      [new Uint8Array([...new TextEncoder().encode('ttcf'), ...new Uint8Array(40)]), /collections/],
      [fakeFont({ format: 'cff2' }), /CFF2/],
      [ttf.subarray(0, 300), /damaged/],
      [ttf.subarray(0, 11), /not a font file/],
    ];
    for (const [bytes, message] of cases) {
      const result = await readFontFile(bytes);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    }
    // A head table whose magic number is wrong.
    const broken = fakeFont();
    const view = new DataView(broken.buffer);
    const count = view.getUint16(4);
    for (let i = 0; i < count; i += 1) {
      if (String.fromCharCode(...broken.subarray(12 + i * 16, 16 + i * 16)) === 'head') view.setUint32(view.getUint32(12 + i * 16 + 8) + 12, 0);
    }
    expect((await readFontFile(broken)).ok).toBe(false);
  });

  it('refuses a WOFF table that inflates past its declared length (a decompression bomb) as damaged, stored nowhere', { timeout: 30_000 }, async () => {
    const bomb = await woffBomb();
    expect(bomb.byteLength).toBeLessThan(BRAND_FONT_MAX_BYTES);
    const read = await readFontFile(bomb);
    expect(read).toEqual({ ok: false, message: expect.stringMatching(/damaged/) });
    const { owner, project } = await team();
    const response = await upload(owner, project.id, bomb, 'bomb.woff');
    expect(response.status).toBe(415);
    expect((await json<ErrorBody>(response)).error.message).toMatch(/damaged/);
    expect((await json<Page<BrandFontItem>>(await list(owner, project.id))).items).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `brand-fonts/${project.id}/` })).objects).toEqual([]);
  });

  it('keeps names well-formed and short: lone surrogates, control characters, 200 letters', async () => {
    const lone = await readFontFile(fakeFont({ family: 'Acme\ud800 Sans\u0007' }));
    expect(lone.ok && lone.info.family).toBe('Acme Sans');
    const long = await readFontFile(fakeFont({ family: 'A'.repeat(200) }));
    expect(long.ok && long.info.family).toBe('A'.repeat(64));
  });
});

describe('the fonts a render loads', () => {
  it('only the fonts and weights the visible text uses, the Latin Extended file only when the text needs it', () => {
    const base: CreativeDocument = {
      version: 2,
      format: 'square',
      template: 'bold-headline',
      background: { type: 'color', color: '#ffffff' },
      layers: [],
    };
    const textLayer = (id: string, font: string, weight: 400 | 700, text: string, hidden = false): Layer =>
      ({
        id,
        type: 'text',
        x: 0,
        y: 0,
        w: 50,
        h: 20,
        text,
        font,
        weight,
        size: 8,
        color: '#000000',
        align: 'left',
        vAlign: 'top',
        lineHeight: 1.2,
        uppercase: true,
        ...(hidden ? { hidden: true } : {}),
      }) as Layer;
    const doc = {
      ...base,
      layers: [
        textLayer('a', 'lora', 700, 'Hello'),
        textLayer('b', 'oswald', 400, 'Zażółć'),
        textLayer('c', 'caveat', 400, 'hidden', true),
        textLayer('d', 'brand:abc', 700, 'Uploaded'),
        textLayer('e', 'merriweather', 400, 'ÿ'), // Ÿ (U+0178) once uppercased
      ],
    };
    expect(documentFontFiles(doc).map((f) => f.path)).toEqual([
      '/fonts/inter-latin-400-normal.woff',
      '/fonts/lora-latin-700-normal.woff',
      '/fonts/oswald-latin-400-normal.woff',
      '/fonts/oswald-latin-ext-400-normal.woff',
      '/fonts/inter-latin-700-normal.woff',
      '/fonts/merriweather-latin-400-normal.woff',
      '/fonts/merriweather-latin-ext-400-normal.woff',
    ]);
    expect(documentFontFiles(base, { watermark: true }).map((f) => f.path)).toEqual([
      '/fonts/inter-latin-400-normal.woff',
      '/fonts/inter-latin-700-normal.woff',
    ]);
  });
});

describe('brand font API', () => {
  it('uploads TTF and WOFF, lists them, serves the file, and takes the same file twice as one', async () => {
    const { owner, editor, viewer, project } = await team();
    const woff = await bundledWoff('lora-latin-400-normal.woff');
    const ttf = await woffToTtf(await bundledWoff('space-grotesk-latin-700-normal.woff'));
    const a = await uploaded(editor, project.id, ttf, 'grotesk.ttf');
    expect(a).toMatchObject({ ref: `brand:${a.id}`, family: 'Space Grotesk', weight: 700, format: 'ttf', size: ttf.byteLength });
    const b = await uploaded(owner, project.id, woff, 'lora.woff');
    expect(b).toMatchObject({ family: 'Lora', format: 'woff' });
    const c = await uploaded(owner, project.id, await realFont(), 'inter.ttf');
    expect(c).toMatchObject({ family: 'Inter', format: 'ttf' });
    const again = await upload(owner, project.id, woff, 'copy.woff');
    expect(again.status).toBe(200);
    expect((await json<BrandFontItem>(again)).id).toBe(b.id);

    const listed = await json<Page<BrandFontItem>>(await list(viewer, project.id));
    expect(listed.items.map((f) => f.id)).toEqual([a.id, b.id, c.id]);
    const served = await send(b.url, { cookie: viewer.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('font/woff');
    expect(await bytesOf(served)).toEqual(woff);
  });

  it('names a font by its file when the font names none, well-formed', async () => {
    const { owner, project } = await team();
    // Invalid UTF-8 in the query (what a lone surrogate becomes on the wire) and a name table of control characters only.
    const font = await uploaded(owner, project.id, await realFont(1, { unnamed: true }), '%ED%A0%80My%20Brand.otf');
    expect(font.family).toMatch(/My Brand$/);
    const [row] = await db().select().from(brandFonts).where(eq(brandFonts.id, font.id));
    expect(row!.family).toBe(font.family);
    expect(row!.family).toBe(wellFormed(row!.family));
    const plain = await uploaded(owner, project.id, await realFont(2, { unnamed: true }), 'Acme%20Serif.ttf');
    expect(plain.family).toBe('Acme Serif');
  });

  it('answers outsiders 404, viewers 403 on writes, anonymous 401; a font is reached only through its own project', async () => {
    const { owner, viewer, outsider, project } = await team();
    const other = await createProject(outsider, {}, 'Other');
    const mine = await uploaded(owner, project.id, await realFont(1));
    const theirs = await uploaded(outsider, other.id, await realFont(2));
    expect((await list(outsider, project.id)).status).toBe(404);
    expect((await list(undefined, project.id)).status).toBe(401);
    expect((await upload(outsider, project.id, fakeFont())).status).toBe(404);
    expect((await upload(viewer, project.id, fakeFont())).status).toBe(403);
    expect((await send(mine.url, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/projects/${project.id}/fonts/${mine.id}`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(403);
    expect((await send(`/api/projects/${project.id}/fonts/${mine.id}`, { method: 'DELETE', cookie: outsider.cookie })).status).toBe(404);
    // Their font through my project: not found, and not deleted.
    expect((await send(`/api/projects/${project.id}/fonts/${theirs.id}/file`, { cookie: owner.cookie })).status).toBe(404);
    expect((await send(`/api/projects/${project.id}/fonts/${theirs.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    expect((await json<Page<BrandFontItem>>(await list(outsider, other.id))).items).toHaveLength(1);
  });

  it('refuses spoofed, oversized, empty, multipart and malformed uploads with a 4xx, never a 500', async () => {
    const { owner, project } = await team();
    const expectStatus = async (response: Promise<Response>, status: number, message?: RegExp) => {
      const r = await response;
      expect(r.status).toBe(status);
      const body = await json<ErrorBody>(r);
      if (message) expect(body.error.message).toMatch(message);
    };
    await expectStatus(upload(owner, project.id, png(8, 8), 'logo.ttf', { 'content-type': 'font/ttf' }), 415, /not a font file/);
    await expectStatus(upload(owner, project.id, new Uint8Array([...new TextEncoder().encode('wOF2'), ...new Uint8Array(60)]), 'x.woff2'), 415, /WOFF2/);
    await expectStatus(upload(owner, project.id, fakeFont({ padding: BRAND_FONT_MAX_BYTES })), 413);
    // A body of unknown length: read up to the limit, then refused.
    const big = fakeFont({ padding: BRAND_FONT_MAX_BYTES });
    await expectStatus(
      send(`/api/projects/${project.id}/fonts?filename=big.ttf`, { method: 'POST', body: new Blob([big]).stream(), cookie: owner.cookie }),
      413,
    );
    await expectStatus(upload(owner, project.id, new Uint8Array()), 400);
    const multipart = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.ttf"\r\n\r\n\u0000\u0001\u0000\u0000oops';
    await expectStatus(upload(owner, project.id, multipart, 'a.ttf', { 'content-type': 'multipart/form-data; boundary=x' }), 415);
    await expectStatus(upload(owner, project.id, multipart, 'a.ttf', { 'content-type': 'multipart/form-data' }), 415);
    await expectStatus(send(`/api/projects/${project.id}/fonts`, { method: 'POST', body: fakeFont(), cookie: owner.cookie }), 422);
    await expectStatus(upload(owner, project.id, fakeFont(), 'x'.repeat(300)), 422);
    const truncated = (await woffToTtf(await bundledWoff())).subarray(0, 2000);
    await expectStatus(upload(owner, project.id, truncated), 415, /damaged/);
    expect((await json<Page<BrandFontItem>>(await list(owner, project.id))).items).toEqual([]);
  });

  it('refuses a font satori cannot draw (checks pass, outlines empty): 415 with the reason, nothing stored', async () => {
    const { owner, project } = await team();
    expect((await readFontFile(fakeFont())).ok).toBe(true);
    for (const [font, name] of [
      [fakeFont(), 'fake.ttf'],
      [fakeFont({ format: 'otf', family: 'Acme' }), 'acme.otf'],
    ] as const) {
      const response = await upload(owner, project.id, font, name);
      expect(response.status).toBe(415);
      expect((await json<ErrorBody>(response)).error.message).toMatch(/^This font cannot be drawn: /);
    }
    expect((await json<Page<BrandFontItem>>(await list(owner, project.id))).items).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `brand-fonts/${project.id}/` })).objects).toEqual([]);
  });

  it(`holds at most ${BRAND_FONTS_PER_PROJECT} fonts a project, even under 20 uploads at once`, async () => {
    const { owner, project } = await team();
    for (let i = 0; i < BRAND_FONTS_PER_PROJECT - 5; i += 1) await uploaded(owner, project.id, await realFont(i));
    const rush = await Promise.all(Array.from({ length: 20 }, (_, i) => realFont(100 + i)));
    const responses = await Promise.all(rush.map((font, i) => upload(owner, project.id, font, `rush-${i}.ttf`)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const live = await db()
      .select()
      .from(brandFonts)
      .where(and(eq(brandFonts.projectId, project.id), isNull(brandFonts.deletedAt)));
    expect(live).toHaveLength(BRAND_FONTS_PER_PROJECT);
    // The refused uploads left no file behind.
    const stored = await env.MEDIA.list({ prefix: `brand-fonts/${project.id}/` });
    expect(stored.objects).toHaveLength(BRAND_FONTS_PER_PROJECT);
  });

  it('deletes a font and its file; creatives naming it keep saving', async () => {
    const { owner, editor, project } = await team();
    const font = await uploaded(owner, project.id, await realFont(3));
    const creative = await createCreative(editor, project.id);
    expect((await patch(editor, creative.id, { document: withFont(creative.document, font.ref) })).status).toBe(200);
    expect((await send(`/api/projects/${project.id}/fonts/${font.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(204);
    expect((await json<Page<BrandFontItem>>(await list(owner, project.id))).items).toEqual([]);
    expect((await send(font.url, { cookie: owner.cookie })).status).toBe(404);
    expect(await env.MEDIA.list({ prefix: `brand-fonts/${project.id}/` })).toMatchObject({ objects: [] });
    const doc = withFont(creative.document, font.ref);
    expect((await patch(editor, creative.id, { document: { ...doc, background: { type: 'color', color: '#123456' } } })).status).toBe(200);
    expect((await send(`/api/projects/${project.id}/fonts/${font.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(404);
  });
});

describe('brand fonts in creatives', RENDERING, () => {
  it('refuses a document naming a font of another project, or one that does not exist', async () => {
    const { owner, project } = await team();
    const stranger = await createUser();
    const other = await createProject(stranger, {}, 'Other');
    const theirs = await uploaded(stranger, other.id, await realFont(4));
    const creative = await createCreative(owner, project.id);
    for (const ref of [theirs.ref, 'brand:AAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await patch(owner, creative.id, { document: withFont(creative.document, ref) });
      expect(response.status).toBe(422);
      expect((await json<ErrorBody>(response)).error.details?.document).toEqual(['Use fonts uploaded to this project.']);
    }
    const created = await send(`/api/projects/${project.id}/creatives`, { json: { document: withFont(creative.document, theirs.ref) }, cookie: owner.cookie });
    expect(created.status).toBe(422);
  });

  it('a stored font satori cannot draw makes the render a 422 before the charge, never a 500', async () => {
    const { owner, project } = await team();
    // A font stored before uploads were drawn once (written directly: the API now refuses it).
    const id = `broken-${Math.random().toString(36).slice(2, 12)}`;
    const key = `brand-fonts/${project.id}/${id}`;
    await env.MEDIA.put(key, fakeFont(), { httpMetadata: { contentType: 'font/ttf' } });
    await db().insert(brandFonts).values({
      id,
      projectId: project.id,
      uploadedBy: owner.id,
      family: 'Broken',
      weight: 400,
      format: 'ttf',
      size: 1,
      sha256: id,
      r2Key: key,
      createdAt: new Date(),
    });
    const creative = await createCreative(owner, project.id);
    expect((await patch(owner, creative.id, { document: withFont(creative.document, `brand:${id}`) })).status).toBe(200);
    const before = await balance(owner);
    for (let i = 0; i < 2; i += 1) {
      const response = await render(owner, creative.id);
      expect(response.status).toBe(422);
      expect((await json<ErrorBody>(response)).error.message).toMatch(/^This font cannot be drawn: /);
    }
    expect(await balance(owner)).toBe(before);
    expect(await netSpentOn(owner, creative.id)).toBe(0);
  });

  it('renders text in the uploaded font (from R2), not in Inter', async () => {
    const { owner, project } = await team();
    const font = await uploaded(owner, project.id, await woffToTtf(await bundledWoff('playfair-display-latin-700-normal.woff')), 'playfair.ttf');
    const creative = await createCreative(owner, project.id);
    const pixels = async (ref: string) => {
      const saved = await patch(owner, creative.id, { document: withFont(creative.document, ref) });
      expect(saved.status).toBe(200);
      const rendered = await render(owner, creative.id);
      expect(rendered.status).toBe(201);
      const creation = await json<CreationItem>(rendered);
      return decodePng(await bytesOf(await file(owner, creation.id)));
    };
    const inter = await pixels('inter');
    const uploadedFont = await pixels(font.ref);
    let different = 0;
    for (let y = 0; y < 1080; y += 4) for (let x = 0; x < 1080; x += 4) if (Math.abs(inter.pixel(x, y)[0] - uploadedFont.pixel(x, y)[0]) > 64) different += 1;
    // Playfair's serifs and Inter differ in thousands of sampled pixels; the same font would differ in none.
    expect(different).toBeGreaterThan(500);
  });
});
