import { WorkerEntrypoint } from 'cloudflare:workers';
import { imageSize } from 'image-size';
import { FORMATS } from '#common/creative/document.ts';
import { fromBase64 } from '#worker/lib/ids.ts';
import { drawableDataUrl, renderPng, type RenderInput } from '#worker/features/creatives/render/render.ts';
import { documentFonts } from '#worker/features/creatives/render/fonts-render.ts';
import { limitCaches } from '#worker/features/creatives/render/render-prep.ts';
import { admit } from '#worker/renderer/in-flight.ts';
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
 * A picture the renderer reads itself from the media bucket (its R2 key and type), rather than
 * bytes the caller copies into the call: the main worker never holds a render's originals
 * (review 15, F8; decision 0021).
 */
export interface StoredPicture {
  key: string;
  mime: string;
}

/** What the main worker sends: a RenderInput whose pictures are stored ones, or data URLs (the playground's own picture). */
export type RenderJob = Omit<RenderInput, 'images'> & { images: Record<string, string | StoredPicture> };

/**
 * A render's outcome: the PNG; why the job was refused before anything was drawn; the pictures
 * that cannot be drawn (missing from the bucket, or not a picture resvg reads once decoded: a
 * damaged WebP); or that this isolate's other jobs hold too many pictures' bytes for it right
 * now (in-flight.ts: the caller tries again). Values, not exceptions: the caller answers the user with them.
 * Anything else that goes wrong is the call's rejection.
 */
export type RenderResult = { png: Uint8Array; width: number; height: number } | { refused: string } | { undrawable: string[] } | { busy: string };

export interface RendererEnv {
  /**
   * The most pixels a job's pictures may add up to, decoded (4 bytes each): see `jobPixels`.
   * Default and reasoning: memory.ts (above ≈ 13.6 megapixels the isolate's budget does not add up).
   */
  RENDER_MAX_PIXELS?: string;
  /**
   * The media bucket (wrangler.renderer.toml), read only: Workers has no read-only R2 binding, so
   * the type allows `get` and nothing else.
   */
  MEDIA: Pick<R2Bucket, 'get'>;
}

/** The natural size of a picture from its bytes (PNG, JPEG, GIF, WebP). */
function pictureSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const size = imageSize(bytes);
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}

/** The natural size of a data URL's picture, from its first bytes. */
function dataUrlSize(src: string): { width: number; height: number } | undefined {
  const comma = src.indexOf(',');
  if (comma < 0 || !src.slice(0, comma).endsWith(';base64')) return undefined;
  // 256 KB of file: enough for a JPEG whose EXIF block pushes the frame header back.
  const head = src.slice(comma + 1, comma + 1 + 349_528);
  try {
    return pictureSize(fromBase64(head.slice(0, head.length - (head.length % 4))));
  } catch {
    return undefined;
  }
}

/**
 * What a job decodes at most: the canvas, plus every picture it shows at its natural size
 * (resvg decodes each whole before it scales it). Counted before anything is decoded, so that a
 * job too big for the isolate is refused rather than killing it half way.
 */
export function jobPixels(format: RenderInput['doc']['format'], sizes: readonly ({ width: number; height: number } | undefined)[]): number {
  const { width, height } = FORMATS[format];
  let pixels = width * height;
  for (const size of sizes) if (size) pixels += size.width * size.height;
  return pixels;
}

function maxPixels(env: Pick<RendererEnv, 'RENDER_MAX_PIXELS'>): number {
  const configured = Number(env.RENDER_MAX_PIXELS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_MAX_PIXELS;
}

/** The file behind a data URL, in bytes (base64 is 4/3 of it). */
const dataUrlBytes = (src: string) => Math.ceil(((src.length - src.indexOf(',') - 1) * 3) / 4);

/** Data URLs of the picture types satori lays out and resvg draws (images.ts `undrawable`). */
const DRAWABLE = /^data:image\/(?:png|apng|jpeg|gif);/i;

/**
 * The most pixels a job of this isolate has decoded (resvg's WebAssembly memory keeps that
 * high-water mark for the isolate's life): the caches get what the budget leaves beside it.
 */
let largestJob = 0;

/**
 * A job made drawable: its stored pictures asked for (all at once), their files' sizes counted
 * against the job's limit and admitted beside the jobs in flight (in-flight.ts) before any body
 * is read, their pixels counted before anything is decoded, then made data URLs (WebP decoded to
 * PNG). A prepared job holds its admission until the caller calls `release`.
 */
export async function prepareJob(
  env: RendererEnv,
  job: RenderJob,
): Promise<{ input: RenderInput; pixels: number; release: () => void } | { refused: string } | { undrawable: string[] } | { busy: string }> {
  const limit = maxPixels(env);
  let bytes = 0;
  const tooLarge = () => ({
    refused: `its pictures’ files add up to ${(bytes / 2 ** 20).toFixed(1)} MB, more than the ${RENDER_MAX_INPUT_BYTES / 2 ** 20} MB one render may read`,
  });
  const entries = Object.entries(job.images);
  // All stored pictures asked for at once; each answer has its size before its body is read.
  const answers = await Promise.allSettled(entries.map(async ([, picture]) => (typeof picture === 'string' ? null : env.MEDIA.get(picture.key))));
  const objects = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : null));
  // Bodies not to be read are cancelled (a cancel that fails changes nothing: the body is gone).
  const cancelAll = () => Promise.all(objects.map(async (object) => object?.body.cancel().catch(() => undefined)));
  const failed = answers.find((answer) => answer.status === 'rejected');
  if (failed) {
    await cancelAll();
    throw failed.reason;
  }
  const missing: string[] = [];
  entries.forEach(([id, picture], i) => {
    if (typeof picture === 'string') bytes += dataUrlBytes(picture);
    else if (objects[i]) bytes += objects[i].size;
    else missing.push(id);
  });
  if (bytes > RENDER_MAX_INPUT_BYTES || missing.length > 0) {
    // Refused from the sizes alone: no body is read, nothing of it is held.
    await cancelAll();
    return bytes > RENDER_MAX_INPUT_BYTES ? tooLarge() : { undrawable: missing };
  }
  // Before any body is read: the pictures the jobs in flight here hold and this job's must fit together.
  const release = admit(bytes, RENDER_MAX_INPUT_BYTES);
  if (!release) {
    await cancelAll();
    return { busy: `other renders hold their pictures, and this one’s ${(bytes / 2 ** 20).toFixed(1)} MB do not fit beside them` };
  }
  try {
    // Every body read to its end, or failed, before the admission can be let go.
    const bodies = await Promise.allSettled(
      entries.map(async ([id, picture], i): Promise<[string, string | { bytes: Uint8Array; mime: string }]> =>
        typeof picture === 'string' ? [id, picture] : [id, { bytes: new Uint8Array(await objects[i]!.arrayBuffer()), mime: picture.mime }],
      ),
    );
    const unread = bodies.find((body) => body.status === 'rejected');
    if (unread) throw unread.reason;
    const read = bodies.flatMap((body) => (body.status === 'fulfilled' ? [body.value] : []));
    // Sizes from the whole file (a long metadata block cannot hide a stored picture's frame header).
    const pixels = jobPixels(
      job.doc.format,
      read.map(([, picture]) => (typeof picture === 'string' ? dataUrlSize(picture) : pictureSize(picture.bytes))),
    );
    if (pixels > limit) {
      release();
      return { refused: `its pictures add up to ${(pixels / 1e6).toFixed(1)} megapixels, more than the ${(limit / 1e6).toFixed(0)} one render may decode` };
    }
    const images: Record<string, string> = {};
    // Each file's bytes are let go once its data URL is made.
    for (let next = read.shift(); next; next = read.shift()) {
      const [id, picture] = next;
      images[id] = typeof picture === 'string' ? picture : await drawableDataUrl(picture.bytes, picture.mime);
    }
    const undrawable = Object.keys(job.images).filter((id) => typeof job.images[id] !== 'string' && !DRAWABLE.test(images[id]!));
    if (undrawable.length > 0) {
      release();
      return { undrawable };
    }
    return { input: { ...job, images }, pixels, release };
  } catch (error) {
    release();
    throw error;
  }
}

export class Renderer extends WorkerEntrypoint<RendererEnv> {
  /**
   * A creative document as a PNG (render.ts). `assets` is the caller's static assets binding,
   * handed over with the call: the bundled fonts are read through it (once per isolate). Stored
   * pictures are read from this Worker's own MEDIA binding.
   */
  async renderPng(assets: Fetcher, job: RenderJob): Promise<RenderResult> {
    // The bundled fonts first (fetched once per isolate, then kept): an admitted job then waits
    // on no I/O but its pictures' bodies, so a call cancelled meanwhile rarely holds anything.
    await documentFonts(assets, job.doc, { watermark: job.watermark });
    const prepared = await prepareJob(this.env, job);
    if (!('input' in prepared)) return prepared;
    try {
      // Before anything is drawn: the caches shrink to what is left beside the largest job so far.
      largestJob = Math.max(largestJob, prepared.pixels);
      limitCaches(cacheBudget(largestJob));
      return await renderPng(assets, prepared.input);
    } finally {
      prepared.release();
    }
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
