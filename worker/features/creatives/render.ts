import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js';
import webpWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import { Resvg } from '@cf-wasm/resvg/workerd';
import { encode as encodePng } from 'fast-png';
import { satori } from '@cf-wasm/satori/workerd';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { creativeTree } from '#client/creative/tree.tsx';
import { documentFonts, FONT_FILES } from '#worker/features/creatives/fonts-render.ts';
import { bakePictures, directGradients, dropNoopImageClips, flatOpacity } from '#worker/features/creatives/render-prep.ts';
import { base64 } from '#worker/lib/ids.ts';

/**
 * The PNG renderer (PRODUCT.md §4.3): the same element tree as the editor preview,
 * laid out by satori into SVG and rasterised by resvg, both WebAssembly inside the
 * worker. Fonts come from the bundled static files (fetched from the assets binding
 * once per isolate), images from R2 as data URLs: nothing from the network. Loaded on
 * demand (`renderer()` in images.ts).
 */
/** Every bundled font file (a render loads only those its document uses: `documentFonts`). */
export { FONT_FILES };

let webpReady: Promise<void> | undefined;

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
  webpReady ??= initWebp(webpWasm);
  await webpReady;
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

export async function renderPng(assets: Fetcher, input: RenderInput): Promise<{ png: Uint8Array; width: number; height: number }> {
  const { width, height } = FORMATS[input.doc.format];
  const fonts = await documentFonts(assets, input.doc, { brandFonts: input.brandFonts, watermark: input.watermark });
  // Pictures cut to their frames (cached per isolate), then satori's SVG made cheaper for resvg: render-prep.ts.
  const baked = await bakePictures(input.doc, input.images);
  const tree = creativeTree(input.doc, { images: input.images, baked, watermark: input.watermark });
  const svg = flatOpacity(dropNoopImageClips(directGradients(await satori(tree, { width, height, fonts }))));
  const resvg = await Resvg.async(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  try {
    const image = resvg.render();
    try {
      return { png: image.asPng(), width: image.width, height: image.height };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
