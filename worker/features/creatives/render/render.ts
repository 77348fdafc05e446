import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js';
import webpWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import { Resvg } from '@cf-wasm/resvg/workerd';
import { encode as encodePng } from 'fast-png';
import { satori } from '@cf-wasm/satori/workerd';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { BAKED_BACKGROUND, creativeTree } from '#client/creative/tree.tsx';
import { documentFonts, FONT_FILES } from '#worker/features/creatives/render/fonts-render.ts';
import { canvasView } from '#worker/features/creatives/render/canvas-view.ts';
import { cropRect, cropSvg, splitVeil, veilSvg, type PixelRect } from '#worker/features/creatives/render/overlay-crop.ts';
import { compositeOpaquePng, encodeOpaquePng } from '#worker/features/creatives/render/png-fast.ts';
import { bakePictures, bakeUnderlay, cutUnderlay, directGradients, dropNoopImageClips, flatOpacity } from '#worker/features/creatives/render/render-prep.ts';
import { toBase64 } from '#worker/features/creatives/render/base64-native.ts';

/**
 * The PNG renderer (PRODUCT.md §4.3): the same element tree as the editor preview,
 * laid out by satori into SVG and rasterised by resvg, both WebAssembly inside the
 * worker. Fonts come from the bundled static files (fetched from the assets binding
 * once per isolate), images from R2 as data URLs: nothing from the network. Run by the
 * renderer Worker (worker/renderer), which the main worker reaches through images.ts.
 */
/** Every bundled font file (a render loads only those its document uses: `documentFonts`). */
export { FONT_FILES };

/**
 * libwebp is instantiated once per isolate. A settled flag, not a shared promise: a render must not
 * await a promise another call created (workerd cancels such continuations when that call ends).
 * The instantiation itself is synchronous (a compiled module is given), so concurrent first calls
 * cannot find it half done.
 */
let webpReady = false;

function dataUrl(bytes: Uint8Array, mime: string): string {
  return `data:${mime};base64,${toBase64(bytes)}`;
}

/**
 * An image as a data URL the renderer can draw. satori and resvg read PNG, JPEG and GIF
 * only; WebP (uploads, and every thumbnail: the browser makes them as WebP) is decoded
 * with libwebp (WebAssembly, @jsquash/webp) and re-encoded as PNG (fast-png). Others
 * (AVIF) stay as they are, and `undrawable` reports them.
 */
export async function drawableDataUrl(bytes: Uint8Array, mime: string): Promise<string> {
  if (mime.toLowerCase() !== 'image/webp') return dataUrl(bytes, mime);
  if (!webpReady) {
    await initWebp(webpWasm);
    webpReady = true;
  }
  let image: ImageData;
  try {
    image = await decodeWebp(bytes.slice().buffer);
  } catch {
    return dataUrl(bytes, mime); // damaged: `undrawable` reports it
  }
  const png = encodePng({
    width: image.width,
    height: image.height,
    data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    channels: 4,
    depth: 8,
  });
  return dataUrl(png, 'image/png');
}

export interface RenderInput {
  doc: CreativeDocument;
  /** media id → data URL */
  images: Record<string, string>;
  watermark?: boolean;
  /** The project's uploaded fonts the document names: brand font id → file (TTF, OTF or WOFF). */
  brandFonts?: Record<string, ArrayBuffer>;
}

/**
 * Stands for the underlay (render-prep.ts: `bakeUnderlay`) in the tree, where the background
 * picture goes: a 1 × 1 transparent PNG, cheap for satori to read; `cutUnderlay` takes it out again.
 */
const UNDERLAY_MARK = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNgAAIAAAUAAen63NgAAAAASUVORK5CYII=';

async function drawSvg(input: RenderInput, baked: Record<string, string>, fonts: Awaited<ReturnType<typeof documentFonts>>): Promise<string> {
  const { width, height } = FORMATS[input.doc.format];
  const tree = creativeTree(input.doc, { images: input.images, baked, watermark: input.watermark });
  // satori's SVG made cheaper for resvg: render-prep.ts.
  return flatOpacity(dropNoopImageClips(directGradients(await satori(tree, { width, height, fonts }))));
}

const RESVG_OPTIONS = { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } } as const;

/**
 * resvg's canvas of `svg`, handed to `encode` as its pixels where they lie in resvg's memory
 * (canvas-view.ts: `encode` may write over them, and calls nothing of resvg's but `asPng` before
 * it has); the canvas is freed after.
 */
async function rasterise<T>(svg: string, encode: (pixels: Uint8Array, image: { width: number; height: number; asPng(): Uint8Array }) => T): Promise<T> {
  const resvg = await Resvg.async(svg, RESVG_OPTIONS);
  try {
    const image = resvg.render();
    try {
      return encode(canvasView(image), image);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/** resvg's bounds of what `svg` paints (overlay-crop.ts), undefined when it paints nothing. */
async function paintedBounds(svg: string): Promise<{ x: number; y: number; width: number; height: number } | undefined> {
  const resvg = await Resvg.async(svg, RESVG_OPTIONS);
  try {
    const box = resvg.getBBox();
    if (!box) return undefined;
    try {
      return { x: box.x, y: box.y, width: box.width, height: box.height };
    } finally {
      box.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * The PNG of `above` (what lies over the background photo) laid over the photo's pixels: resvg
 * draws only the rectangle where something but the veil lies (overlay-crop.ts) unless `crop` is
 * false or the SVG is not one that can be cropped; `stats.crop` is told the rectangle drawn.
 * The same PNG as drawing the whole canvas, but for a turned picture or gradient (≤ 2 levels:
 * overlay-crop-render.test.ts); resvg's canvas, its first render's largest cost, is a third of a
 * square's for the photo template (decision 0038).
 */
async function drawOverUnderlay(
  above: string,
  under: Uint8Array,
  width: number,
  height: number,
  crop: boolean,
  stats?: { crop?: PixelRect },
): Promise<Uint8Array> {
  const split = crop ? splitVeil(above, width, height) : null;
  const rect = split ? cropRect(await paintedBounds(split.content), width, height) : null;
  if (stats) stats.crop = rect && rect.width * rect.height < width * height ? rect : { x: 0, y: 0, width, height };
  if (!split || !rect || rect.width * rect.height >= width * height) {
    return rasterise(above, (pixels) => compositeOpaquePng(pixels, under, width, height));
  }
  const fill = split.veil ? await rasterise(veilSvg(split.veil), (pixels) => pixels.slice(0, 4)) : new Uint8Array(4);
  return rasterise(cropSvg(above, rect), (pixels) => compositeOpaquePng(pixels, under, width, height, { rect, fill }));
}

/**
 * How `renderPng` drew a document: `underlay` when resvg drew only what lies above the background
 * photo and png-fast laid that over the cached pixels, `resvg` when resvg drew everything.
 */
export type RenderPath = 'underlay' | 'resvg';

/**
 * The PNG of a document. A background photo is kept per isolate as pixels (the underlay):
 * resvg draws only what lies above it, on a transparent canvas (of just the
 * rectangle where it lies: overlay-crop.ts, unless `options.crop` is false), and that is laid over the photo in JavaScript
 * (png-fast.ts); without one, resvg draws everything. Opaque canvases (every creative's) are written by png-fast.ts
 * rather than resvg's slower encoder.
 * `options.underlay: false` draws the background photo with resvg too (tests compare them); `options.stats`, when given, is
 * told which path was taken and what rectangle resvg drew over the underlay (tests assert it: a
 * fall-back to the slow path draws the same pixels, so only the path tells them apart).
 */
export async function renderPng(
  assets: Fetcher,
  input: RenderInput,
  options: { underlay?: boolean; crop?: boolean; stats?: { path?: RenderPath; crop?: PixelRect } } = {},
): Promise<{ png: Uint8Array; width: number; height: number }> {
  const { width, height } = FORMATS[input.doc.format];
  const fonts = await documentFonts(assets, input.doc, { brandFonts: input.brandFonts, watermark: input.watermark });
  const underlay = options.underlay === false ? null : await bakeUnderlay(input.doc, input.images);
  if (underlay) {
    // Pictures cut to their frames (cached per isolate): render-prep.ts.
    const baked = { ...(await bakePictures(input.doc, input.images, { background: false })), [BAKED_BACKGROUND]: UNDERLAY_MARK };
    const above = cutUnderlay(await drawSvg(input, baked, fonts), UNDERLAY_MARK, width, height);
    if (above) {
      const png = await drawOverUnderlay(above, underlay.rgb, width, height, options.crop !== false, options.stats);
      if (options.stats) options.stats.path = 'underlay';
      return { png, width, height };
    }
  }
  if (options.stats) options.stats.path = 'resvg';
  const svg = await drawSvg(input, await bakePictures(input.doc, input.images), fonts);
  // encodeOpaquePng leaves a canvas that is not opaque as it was, for resvg's encoder.
  return rasterise(svg, (pixels, image) => ({
    png: encodeOpaquePng(pixels, image.width, image.height) ?? image.asPng(),
    width: image.width,
    height: image.height,
  }));
}
