import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js';
import webpWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import { Resvg } from '@cf-wasm/resvg/workerd';
import { encode as encodePng } from 'fast-png';
import { satori } from '@cf-wasm/satori/workerd';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { BAKED_BACKGROUND, creativeTree } from '#client/creative/tree.tsx';
import { documentFonts, FONT_FILES } from '#worker/features/creatives/render/fonts-render.ts';
import { compositeOpaquePng, encodeOpaquePng } from '#worker/features/creatives/render/png-fast.ts';
import { bakePictures, bakeUnderlay, cutUnderlay, directGradients, dropNoopImageClips, flatOpacity } from '#worker/features/creatives/render/render-prep.ts';
import { base64 } from '#worker/lib/ids.ts';

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
  return `data:${mime};base64,${base64(bytes)}`;
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

/** resvg's canvas of `svg`, handed to `encode` (the canvas is freed after). */
async function rasterise<T>(svg: string, encode: (image: { pixels: Uint8Array; width: number; height: number; asPng(): Uint8Array }) => T): Promise<T> {
  const resvg = await Resvg.async(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  try {
    const image = resvg.render();
    try {
      return encode(image);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * How `renderPng` drew a document: `underlay` when resvg drew only what lies above the background
 * photo and png-fast laid that over the cached pixels, `resvg` when resvg drew everything.
 */
export type RenderPath = 'underlay' | 'resvg';

/**
 * The PNG of a document. A background photo is kept per isolate as pixels (the underlay):
 * resvg draws only what lies above it, on a transparent canvas, and that is laid over the
 * photo in JavaScript (png-fast.ts); without one, resvg draws everything. Opaque canvases
 * (every creative's) are written by png-fast.ts rather than resvg's slower encoder.
 * `options.underlay: false` draws the background photo with resvg too (tests compare both);
 * `options.stats`, when given, is told which path was taken (tests assert it: a fall-back to
 * the slow path draws the same pixels, so only the path tells them apart).
 */
export async function renderPng(
  assets: Fetcher,
  input: RenderInput,
  options: { underlay?: boolean; stats?: { path?: RenderPath } } = {},
): Promise<{ png: Uint8Array; width: number; height: number }> {
  const { width, height } = FORMATS[input.doc.format];
  const fonts = await documentFonts(assets, input.doc, { brandFonts: input.brandFonts, watermark: input.watermark });
  const underlay = options.underlay === false ? null : await bakeUnderlay(input.doc, input.images);
  if (underlay) {
    // Pictures cut to their frames (cached per isolate): render-prep.ts.
    const baked = { ...(await bakePictures(input.doc, input.images, { background: false })), [BAKED_BACKGROUND]: UNDERLAY_MARK };
    const above = cutUnderlay(await drawSvg(input, baked, fonts), UNDERLAY_MARK, width, height);
    if (above) {
      const png = await rasterise(above, (image) => compositeOpaquePng(image.pixels, underlay.rgb, width, height));
      if (options.stats) options.stats.path = 'underlay';
      return { png, width, height };
    }
  }
  if (options.stats) options.stats.path = 'resvg';
  const svg = await drawSvg(input, await bakePictures(input.doc, input.images), fonts);
  return rasterise(svg, (image) => ({
    png: encodeOpaquePng(image.pixels, image.width, image.height) ?? image.asPng(),
    width: image.width,
    height: image.height,
  }));
}
