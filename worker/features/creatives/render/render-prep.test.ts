import { env } from 'cloudflare:test';
import { Resvg } from '@cf-wasm/resvg/workerd';
import { satori } from '@cf-wasm/satori/workerd';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import encodeJpeg from 'jpeg-js/lib/encoder.js';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, FORMATS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { BAKED_BACKGROUND, creativeTree } from '#client/creative/tree.tsx';
import { documentFonts } from '#worker/features/creatives/render/fonts-render.ts';
import {
  bakePictures,
  bakeUnderlay,
  CACHE_MAX_BYTES,
  cachedBytes,
  cutUnderlay,
  directGradients,
  dropNoopImageClips,
  flatOpacity,
  limitCaches,
} from '#worker/features/creatives/render/render-prep.ts';
import { renderPng, type RenderPath } from '#worker/features/creatives/render/render.ts';
import { base64, fromBase64 } from '#worker/lib/ids.ts';
import { decodePng } from '#worker/test/png.ts';

/** Rendering is slow the first time in an isolate (render.test.ts). */
const RENDERING = { timeout: 60_000 };

/** A picture in four flat quarters: red top left, blue top right, green bottom left, white bottom right. */
function quarters(size: number): string {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const colour = y < size / 2 ? (x < size / 2 ? [255, 0, 0] : [0, 0, 255]) : x < size / 2 ? [0, 255, 0] : [255, 255, 255];
      data.set([...colour, 255], (y * size + x) * 4);
    }
  }
  return `data:image/png;base64,${base64(encodePng({ width: size, height: size, data, channels: 4, depth: 8 }))}`;
}

/** A smooth picture (red grows to the right, green downwards): a misplaced crop changes its colours. */
function ramp(width: number, height: number): string {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set([Math.round((x / width) * 255), Math.round((y / height) * 255), 128, 255], (y * width + x) * 4);
  }
  return `data:image/png;base64,${base64(encodePng({ width, height, data, channels: 4, depth: 8 }))}`;
}

function picture(overrides: Partial<Extract<Layer, { type: 'image' }>> = {}): CreativeDocument {
  return {
    version: 2,
    format: 'square',
    template: 'blank',
    background: { type: 'color', color: '#000000' },
    layers: [{ id: 'p', type: 'image', x: 0, y: 0, w: 100, h: 100, mediaId: 'm', fit: 'cover', radius: 0, ...overrides }],
  };
}

async function rendered(doc: CreativeDocument, src: string) {
  return decodePng((await renderPng(env.ASSETS, { doc, images: { m: src } })).png);
}

/** The same document drawn by satori and resvg straight from the picture, without render-prep. */
async function unprepared(doc: CreativeDocument, src: string) {
  const { width, height } = FORMATS[doc.format];
  const fonts = await documentFonts(env.ASSETS, doc, {});
  const svg = await satori(creativeTree(doc, { images: { m: src } }), { width, height, fonts });
  const resvg = await Resvg.async(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  const image = resvg.render();
  const png = image.asPng();
  image.free();
  resvg.free();
  return decodePng(png);
}

const near = (actual: number[], expected: number[], tolerance = 12) => actual.slice(0, 3).every((v, i) => Math.abs(v - expected[i]!) <= tolerance);

describe('pictures in their frames', RENDERING, () => {
  const src = quarters(40);

  it('flips a picture horizontally and vertically', async () => {
    const plain = await rendered(picture(), src);
    expect(near(plain.pixel(100, 100), [255, 0, 0])).toBe(true);
    const flippedX = await rendered(picture({ flipX: true }), src);
    expect(near(flippedX.pixel(100, 100), [0, 0, 255])).toBe(true);
    expect(near(flippedX.pixel(980, 980), [0, 255, 0])).toBe(true);
    const flippedY = await rendered(picture({ flipY: true }), src);
    expect(near(flippedY.pixel(100, 100), [0, 255, 0])).toBe(true);
    const both = await rendered(picture({ flipX: true, flipY: true }), src);
    expect(near(both.pixel(100, 100), [255, 255, 255])).toBe(true);
  });

  it('zooms into the focal point: at 2 × a corner’s quarter fills the frame', async () => {
    const topLeft = await rendered(picture({ zoom: 2, focal: { x: 0, y: 0 } }), src);
    for (const [x, y] of [
      [50, 50],
      [1000, 1000],
      [540, 540],
    ] as const)
      expect(near(topLeft.pixel(x, y), [255, 0, 0])).toBe(true);
    const bottomRight = await rendered(picture({ zoom: 2, focal: { x: 100, y: 100 } }), src);
    expect(near(bottomRight.pixel(50, 50), [255, 255, 255])).toBe(true);
    // Flipped, the same crop shows mirrored: the frame shows what it showed, mirrored about its centre.
    const mirrored = await rendered(picture({ zoom: 2, focal: { x: 100, y: 0 }, flipX: true }), src);
    expect(near(mirrored.pixel(50, 50), [0, 0, 255])).toBe(true);
  });

  it('rounds the corners and draws with the layer’s opacity', async () => {
    const round = await rendered(picture({ radius: 20 }), src);
    expect(round.pixel(3, 3).slice(0, 3)).toEqual([0, 0, 0]);
    expect(near(round.pixel(200, 200), [255, 0, 0])).toBe(true);
    const faint = await rendered(picture({ opacity: 0.5 }), src);
    expect(near(faint.pixel(100, 100), [128, 0, 0], 4)).toBe(true);
    expect(near(faint.pixel(980, 980), [128, 128, 128], 4)).toBe(true);
  });

  // Beyond about 3 × zoom on a story, resvg draws satori's picture of several thousand pixels as
  // nothing at all; the baked crop is drawn (the browser test compares those with chromium).
  it('draws a baked crop as satori and resvg draw the picture itself (frames on and off the canvas, crops, flips)', async () => {
    const photo = ramp(300, 200);
    const cases: CreativeDocument[] = [
      picture({ x: 7.3, y: 11.1, w: 61.7, h: 47.9, focal: { x: 30, y: 70 }, zoom: 1.7, flipX: true }),
      { ...picture({ x: -10, y: 20, w: 80, h: 50, focal: { x: 90, y: 10 }, zoom: 1.4, flipY: true }), format: 'story' },
      picture({ x: 5, y: 5, w: 90, h: 40, fit: 'contain', radius: 6, opacity: 0.8 }),
    ];
    for (const doc of cases) {
      const [fast, slow] = [await rendered(doc, photo), await unprepared(doc, photo)];
      const { width, height } = FORMATS[doc.format];
      let total = 0;
      let worst = 0;
      let samples = 0;
      for (let y = 7; y < height; y += 37) {
        for (let x = 5; x < width; x += 37) {
          const a = fast.pixel(x, y);
          const b = slow.pixel(x, y);
          const d = Math.max(...[0, 1, 2].map((i) => Math.abs(a[i]! - b[i]!)));
          total += d;
          worst = Math.max(worst, d);
          samples += 1;
        }
      }
      // Edges that fall a pixel apart.
      expect(total / samples).toBeLessThan(2);
      expect(worst).toBeLessThan(130);
    }
  });
});

describe('satori’s SVG made cheaper for resvg', () => {
  it('draws a one-tile gradient pattern as the gradient itself, and leaves other patterns alone', () => {
    const svg =
      '<svg><defs><pattern id="p0" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox"><linearGradient id="g0" x1="0" y1="0" x2="1" y2="1" spreadMethod="pad"><stop offset="0%" stop-color="#000000"/><stop offset="100%" stop-color="#ffffff"/></linearGradient><rect x="0" y="0" width="1080" height="1080" fill="url(#g0)"/></pattern></defs><rect x="0" y="0" width="1080" height="1080" fill="url(#p0)"/></svg>';
    expect(directGradients(svg)).toBe(
      '<svg><defs><linearGradient id="g0" x1="0" y1="0" x2="1" y2="1" spreadMethod="pad"><stop offset="0%" stop-color="#000000"/><stop offset="100%" stop-color="#ffffff"/></linearGradient></defs><rect x="0" y="0" width="1080" height="1080" fill="url(#g0)"/></svg>',
    );
    const tiled = svg.replace('width="1" height="1"', 'width="0.5" height="1"');
    expect(directGradients(tiled)).toBe(tiled);
  });

  it('takes a clip and a mask off a picture only when both contain it', () => {
    const defs =
      '<clipPath id="c"><rect x="0" y="0" width="100" height="50"/></clipPath><mask id="m"><rect x="0" y="0" width="100" height="50" fill="#fff"/></mask>';
    const inside = `<svg>${defs}<image x="0" y="0" width="100" height="50" href="data:image/png;base64,AA" preserveAspectRatio="none" clip-path="url(#c)" mask="url(#m)"/></svg>`;
    expect(dropNoopImageClips(inside)).toBe(
      `<svg>${defs}<image x="0" y="0" width="100" height="50" href="data:image/png;base64,AA" preserveAspectRatio="none"/></svg>`,
    );
    const cut = inside.replace('<image x="0" y="0" width="100"', '<image x="-20" y="0" width="140"');
    expect(dropNoopImageClips(cut)).toBe(cut);
  });

  it('gives a lone filled shape its opacity as fill-opacity, and leaves groups with more inside alone', () => {
    expect(flatOpacity('<g opacity="0.45"><rect x="0" y="0" width="10" height="10" fill="#000000"/></g>')).toBe(
      '<rect x="0" y="0" width="10" height="10" fill="#000000" fill-opacity="0.45"/>',
    );
    const stroked = '<g opacity="0.5"><rect x="0" y="0" width="10" height="10" fill="#000000" stroke="#ffffff"/></g>';
    expect(flatOpacity(stroked)).toBe(stroked);
    const two = '<g opacity="0.5"><rect x="0" y="0" width="10" height="10" fill="#000000"/><rect x="0" y="0" width="5" height="5" fill="#000000"/></g>';
    expect(flatOpacity(two)).toBe(two);
  });
});

/** A photo-like PNG (lossless, so both render paths draw the very same picture): smooth colour with fine texture. */
function texture(width: number, height: number, alpha = 255): string {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const grain = (x * 7 + y * 13) % 29;
      data.set([(x * 255) / width + grain * 0.3, 90 + grain * 4, (y * 255) / height, alpha], (y * width + x) * 4);
    }
  }
  return `data:image/png;base64,${base64(encodePng({ width, height, data, channels: 4, depth: 8 }))}`;
}

/** The same photo-like picture as a JPEG (most uploads): cut by picture-cut.ts rather than resvg. */
function textureJpeg(width: number, height: number): string {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set([(x * 255) / width, 90 + ((x + y) % 40), (y * 255) / height, 255], (y * width + x) * 4);
  }
  return `data:image/jpeg;base64,${base64(encodeJpeg({ data, width, height }, 95).data)}`;
}

/** The mean and the worst difference of two renders' channels (every third pixel). */
function difference(a: Awaited<ReturnType<typeof decodePng>>, b: Awaited<ReturnType<typeof decodePng>>, width: number, height: number) {
  let sum = 0;
  let count = 0;
  let worst = 0;
  for (let y = 0; y < height; y += 3) {
    for (let x = 0; x < width; x += 3) {
      const p = a.pixel(x, y);
      const q = b.pixel(x, y);
      for (let i = 0; i < 3; i += 1) {
        const d = Math.abs(p[i]! - q[i]!);
        sum += d;
        count += 1;
        worst = Math.max(worst, d);
      }
    }
  }
  return { mean: sum / count, worst };
}

describe('a JPEG photo cut without resvg (picture-cut.ts)', RENDERING, () => {
  it('draws a background photo and a picture layer as resvg draws them, in every format', async () => {
    const photo = textureJpeg(400, 300);
    const decoded = jpeg.decode(fromBase64(photo.slice(photo.indexOf(',') + 1)), { useTArray: true });
    const photoPng = `data:image/png;base64,${base64(encodePng({ width: 400, height: 300, data: decoded.data, channels: 4, depth: 8 }))}`;
    for (const format of FORMAT_IDS) {
      const { width, height } = FORMATS[format];
      for (const template of ['photo-overlay', 'split-image'] as const) {
        const doc = buildTemplate(template, { brand: DEFAULT_BRAND_KIT, format, imageMediaId: 'm' });
        limitCaches(0); // no cut of an earlier case: this one is made now
        limitCaches(CACHE_MAX_BYTES);
        const baked = await bakePictures(doc, { m: photo }, { background: false });
        if (template === 'split-image') expect(baked.image, `${template} ${format}`).toMatch(/^data:image\/png;base64,/);
        const fast = await decodePng((await renderPng(env.ASSETS, { doc, images: { m: photo } })).png);
        // resvg's own drawing of the same pixels: the JPEG decoded, as a PNG (which is not cut here), without an underlay.
        const slow = await decodePng((await renderPng(env.ASSETS, { doc, images: { m: photoPng } }, { underlay: false })).png);
        const { mean, worst } = difference(fast, slow, width, height);
        // Bilinear against bicubic on a smooth photo (and two JPEG decoders): the same picture but for a few levels on edges.
        expect(mean, `${template} ${format}`).toBeLessThan(1.5);
        expect(worst, `${template} ${format}`).toBeLessThan(48);
        // And the comparison can fail: the picture mirrored is far off. Checked on split-image, whose photo is a
        // picture layer (photo-overlay's is the background, which has no flip: its mirrored render was never checked).
        if (template === 'split-image') {
          const flipped = { ...doc, layers: doc.layers.map((l) => (l.type === 'image' ? { ...l, flipX: true } : l)) };
          const mirrored = await decodePng((await renderPng(env.ASSETS, { doc: flipped, images: { m: photoPng } }, { underlay: false })).png);
          expect(difference(mirrored, slow, width, height).mean, `${template} ${format}`).toBeGreaterThan(3);
        }
      }
    }
  });
});

describe('a background photo as an underlay', RENDERING, () => {
  it('renders every format as resvg draws the photo itself (veil, text, button and watermark laid over it)', async () => {
    const photo = texture(320, 240);
    for (const format of FORMAT_IDS) {
      const doc = buildTemplate('photo-overlay', { brand: DEFAULT_BRAND_KIT, format, imageMediaId: 'm' });
      const input = { doc, images: { m: photo }, watermark: true };
      const { width, height } = FORMATS[format];
      expect(await bakeUnderlay(doc, input.images)).toMatchObject({ width, height });
      const fastStats: { path?: RenderPath } = {};
      const slowStats: { path?: RenderPath } = {};
      const [fast, slow] = [
        await decodePng((await renderPng(env.ASSETS, input, { stats: fastStats })).png),
        await decodePng((await renderPng(env.ASSETS, input, { underlay: false, stats: slowStats })).png),
      ];
      // The fast path really was taken (a fall-back to resvg would draw the same pixels).
      expect(fastStats.path, format).toBe('underlay');
      expect(slowStats.path, format).toBe('resvg');
      let worst = 0;
      for (let y = 0; y < height; y += 3) {
        for (let x = 0; x < width; x += 3) {
          const a = fast.pixel(x, y);
          const b = slow.pixel(x, y);
          const d = Math.max(...[0, 1, 2, 3].map((i) => Math.abs(a[i]! - b[i]!)));
          worst = Math.max(worst, d);
        }
      }
      // Rounding of the blend only (resvg rounds x / 255 its own way).
      expect(worst, format).toBeLessThanOrEqual(2);
      // The photo really is under the veil: its texture shows through, darkened.
      const at = fast.pixel(width * 0.9, height * 0.3);
      expect(at[1]).toBeGreaterThan(40);
      expect(at[1]).toBeLessThan(120);
    }
  });

  it('keeps underlays within the caches’ cap, drops the oldest when the renderer lowers it, and draws on without them', async () => {
    const photo = texture(320, 240);
    const doc = buildTemplate('photo-overlay', { brand: DEFAULT_BRAND_KIT, format: 'story', imageMediaId: 'm' });
    const other = buildTemplate('photo-overlay', { brand: DEFAULT_BRAND_KIT, format: 'square', imageMediaId: 'm' });
    try {
      await bakeUnderlay(doc, { m: photo });
      await bakeUnderlay(other, { m: photo });
      const story = 1080 * 1920 * 3;
      const square = 1080 * 1080 * 3;
      expect(cachedBytes().underlays).toBeGreaterThanOrEqual(story + square);
      // Room for the square's underlay only (two thirds of the cap are the underlays'): the story's, older, goes.
      limitCaches(Math.ceil((square * 3) / 2) + 3);
      expect(cachedBytes().underlays).toBe(square);
      // No room at all: both go, and the next render draws the photo with resvg, as it looks.
      limitCaches(0);
      expect(cachedBytes()).toEqual({ bakes: 0, underlays: 0 });
      const stats: { path?: RenderPath } = {};
      const png = await decodePng((await renderPng(env.ASSETS, { doc: other, images: { m: photo } }, { stats })).png);
      expect(stats.path).toBe('resvg');
      expect(cachedBytes().underlays).toBe(0);
      expect(png.width).toBe(1080);
    } finally {
      limitCaches(CACHE_MAX_BYTES);
    }
    // Back to the full cap: the underlay is kept again and the fast path taken.
    const stats: { path?: RenderPath } = {};
    await renderPng(env.ASSETS, { doc: other, images: { m: photo } }, { stats });
    expect(stats.path).toBe('underlay');
    expect(cachedBytes().underlays).toBeGreaterThanOrEqual(1080 * 1080 * 3);
  });

  it('leaves a photo with transparency to resvg: the background colour shows through it', async () => {
    const doc = buildTemplate('photo-overlay', { brand: DEFAULT_BRAND_KIT, format: 'square', imageMediaId: 'm' });
    const see = { ...doc, background: { ...doc.background, color: '#ff0000', overlay: 0 } } as CreativeDocument;
    const images = { m: texture(64, 64, 0) };
    expect(await bakeUnderlay(see, images)).toBeNull();
    const stats: { path?: RenderPath } = {};
    const png = await decodePng((await renderPng(env.ASSETS, { doc: see, images }, { stats })).png);
    expect(stats.path).toBe('resvg');
    expect(png.pixel(20, 20)).toEqual([255, 0, 0, 255]);
  });

  it('cuts the photo and the root’s colour out of satori’s real SVG, keeping everything above', async () => {
    const mark = texture(1, 1, 0);
    const doc = buildTemplate('photo-overlay', { brand: DEFAULT_BRAND_KIT, format: 'story', imageMediaId: 'm' });
    const { width, height } = FORMATS.story;
    const fonts = await documentFonts(env.ASSETS, doc, {});
    const svg = flatOpacity(
      dropNoopImageClips(
        directGradients(await satori(creativeTree(doc, { images: { m: mark }, baked: { [BAKED_BACKGROUND]: mark } }), { width, height, fonts })),
      ),
    );
    const cut = cutUnderlay(svg, mark, width, height)!;
    expect(cut).not.toBeNull();
    expect(cut).not.toContain('<image');
    expect(cut).not.toContain(`<rect x="0" y="0" width="${width}" height="${height}" fill="${doc.background.type === 'media' ? doc.background.color : ''}"/>`);
    // The veil and the text are still there.
    expect(cut).toContain(`<rect x="0" y="0" width="${width}" height="${height}" fill="#000000" fill-opacity="0.45"/>`);
    expect(cut.match(/<path /g)?.length).toBe(svg.match(/<path /g)?.length);
  });

  it('cuts nothing from an SVG of another shape', () => {
    const mark = 'data:image/png;base64,AA';
    const image = `<image x="0" y="0" width="10" height="10" href="${mark}" preserveAspectRatio="none"/>`;
    const ok = `<svg width="10"><rect x="0" y="0" width="10" height="10" fill="#123456"/>${image}<path d="M0 0"/></svg>`;
    expect(cutUnderlay(ok, mark, 10, 10)).toBe('<svg width="10"><path d="M0 0"/></svg>');
    // Painted under the picture by something other than a plain rectangle; twice; clipped; another size.
    expect(cutUnderlay(ok.replace('<rect', '<path d="M0 0"/><rect'), mark, 10, 10)).toBeNull();
    expect(cutUnderlay(ok.replace('<path', `${image}<path`), mark, 10, 10)).toBeNull();
    expect(cutUnderlay(ok.replace('preserveAspectRatio="none"', 'preserveAspectRatio="none" clip-path="url(#c)"'), mark, 10, 10)).toBeNull();
    expect(cutUnderlay(ok, mark, 10, 11)).toBeNull();
  });
});
