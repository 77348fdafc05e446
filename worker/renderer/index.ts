import { WorkerEntrypoint } from 'cloudflare:workers';
import { imageSize } from 'image-size';
import { FORMATS } from '#common/creative/document.ts';
import { fromBase64 } from '#worker/lib/ids.ts';
import { drawableDataUrl, renderPng, type RenderInput } from '#worker/features/creatives/render.ts';
import { limitCaches } from '#worker/features/creatives/render-prep.ts';
import { cacheBudget, DEFAULT_MAX_PIXELS, RENDER_MAX_INPUT_BYTES } from '#worker/renderer/memory.ts';

/**
 * The renderer Worker (issue 15, docs/decisions/0021-renderer-worker.md): satori, resvg and
 * libwebp — about 1 MB of WebAssembly — live here, in their own isolates, reached from the main
 * worker only through the `RENDERER` service binding (Workers RPC). A render's pixel buffers
 * share this isolate's 128 MB with other renders only, never with API requests; when a render
 * runs out of memory or crashes, the main worker sees that call fail, refunds it and goes on.
 * Not on a public route: the entrypoint has no fetch handler anyone can reach.
 */
/**
 * A render's outcome: the PNG, or why the job was refused before anything was drawn (a value,
 * not an exception: the caller answers the user with it). Anything else that goes wrong is the
 * call's rejection.
 */
export type RenderResult = { png: Uint8Array; width: number; height: number } | { refused: string };

export interface RendererEnv {
  /**
   * The most pixels a job's pictures may add up to, decoded (4 bytes each): see `jobPixels`.
   * Default and reasoning: memory.ts (above ≈ 13.6 megapixels the isolate's budget does not add up).
   */
  RENDER_MAX_PIXELS?: string;
}

/** The natural size of a data URL's picture, from its first bytes (PNG, JPEG, GIF, WebP). */
function pictureSize(src: string): { width: number; height: number } | undefined {
  const comma = src.indexOf(',');
  if (comma < 0 || !src.slice(0, comma).endsWith(';base64')) return undefined;
  // 256 KB of file: enough for a JPEG whose EXIF block pushes the frame header back.
  const head = src.slice(comma + 1, comma + 1 + 349_528);
  try {
    const size = imageSize(fromBase64(head.slice(0, head.length - (head.length % 4))));
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a job decodes at most: the canvas, plus every picture it shows at its natural size
 * (resvg decodes each whole before it scales it). Counted before anything is drawn, so that a
 * job too big for the isolate is refused rather than killing it half way.
 */
export function jobPixels(input: Pick<RenderInput, 'doc' | 'images'>): number {
  const { width, height } = FORMATS[input.doc.format];
  let pixels = width * height;
  for (const src of Object.values(input.images)) {
    const size = pictureSize(src);
    if (size) pixels += size.width * size.height;
  }
  return pixels;
}

function maxPixels(env: RendererEnv): number {
  const configured = Number(env.RENDER_MAX_PIXELS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_MAX_PIXELS;
}

/** The pictures' files a job carries, in bytes (a base64 data URL is 4/3 of its file). */
export function jobInputBytes(input: Pick<RenderInput, 'images'>): number {
  let bytes = 0;
  for (const src of Object.values(input.images)) bytes += Math.ceil(((src.length - src.indexOf(',') - 1) * 3) / 4);
  return bytes;
}

/**
 * The most pixels a job of this isolate has decoded (resvg's WebAssembly memory keeps that
 * high-water mark for the isolate's life): the caches get what the budget leaves beside it.
 */
let largestJob = 0;

export class Renderer extends WorkerEntrypoint<RendererEnv> {
  /**
   * A creative document as a PNG (render.ts). `assets` is the caller's static assets binding,
   * handed over with the call: the bundled fonts are read through it (once per isolate).
   */
  async renderPng(assets: Fetcher, input: RenderInput): Promise<RenderResult> {
    const pixels = jobPixels(input);
    const limit = maxPixels(this.env);
    if (pixels > limit) {
      return { refused: `its pictures add up to ${(pixels / 1e6).toFixed(1)} megapixels, more than the ${(limit / 1e6).toFixed(0)} one render may decode` };
    }
    const bytes = jobInputBytes(input);
    if (bytes > RENDER_MAX_INPUT_BYTES) {
      return {
        refused: `its pictures’ files add up to ${(bytes / 2 ** 20).toFixed(1)} MB, more than the ${RENDER_MAX_INPUT_BYTES / 2 ** 20} MB one render may read`,
      };
    }
    // Before anything is drawn: the caches shrink to what is left beside the largest job so far.
    largestJob = Math.max(largestJob, pixels);
    limitCaches(cacheBudget(largestJob));
    return renderPng(assets, input);
  }

  /** An uploaded picture as a data URL satori and resvg can draw (WebP → PNG), render.ts. */
  async drawableDataUrl(bytes: Uint8Array, mime: string): Promise<string> {
    return drawableDataUrl(bytes, mime);
  }

  /**
   * Lets satori decide whether an uploaded font can be drawn: draws "Aa" once with only that
   * font. Returns satori's reason when it cannot, undefined when it can.
   */
  async fontDrawError(data: ArrayBuffer): Promise<string | undefined> {
    const { satori } = await import('@cf-wasm/satori/workerd');
    const tree = { type: 'div', props: { style: { display: 'flex', fontFamily: 'probe', fontSize: 32 }, children: 'Aa' } };
    try {
      await satori(tree, { width: 96, height: 48, fonts: [{ name: 'probe', data, weight: 400, style: 'normal' }] });
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}

/** Only the `Renderer` entrypoint does anything; a plain request (a stray route) gets a 404. */
export default class extends WorkerEntrypoint<RendererEnv> {
  override async fetch(): Promise<Response> {
    return new Response('Not found', { status: 404 });
  }
}
