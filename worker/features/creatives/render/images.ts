import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { base64 } from '#worker/lib/ids.ts';
import type { RenderJob, StoredPicture } from '#worker/renderer/index.ts';

/**
 * What the renderer can draw, and how big. The renderer itself (satori, resvg and libwebp,
 * all WebAssembly) is a Worker of its own (worker/renderer, docs/decisions/0021-renderer-worker.md)
 * reached through the RENDERER service binding: none of it is in this worker's bundle, and a
 * render that runs out of memory or crashes takes only its own call down.
 */

/**
 * A picture as a data URL the renderer can draw: PNG, JPEG and GIF as they are (made here, no
 * call needed); WebP decoded to PNG by the renderer Worker (libwebp lives there), as render.ts's
 * `drawableDataUrl` does; anything else (AVIF) as it is, for `undrawable` to report.
 */
export async function drawableDataUrl(env: Pick<Bindings, 'RENDERER'>, bytes: Uint8Array, mime: string): Promise<string> {
  if (mime.toLowerCase() === 'image/webp') return env.RENDERER.drawableDataUrl(bytes, mime);
  return `data:${mime};base64,${base64(bytes)}`;
}

/** A picture of a render: a stored one the renderer reads itself (by key), or a data URL. */
export type RenderPicture = string | StoredPicture;

/** A job the renderer refused before drawing anything (too large for one render), with its reason. */
export class RenderRefused extends Error {}

/** A job with pictures the renderer could not draw (missing from the bucket, or a damaged WebP): their ids. */
export class RenderUndrawable extends Error {
  constructor(readonly ids: string[]) {
    super(`pictures that cannot be drawn: ${ids.join(', ')}`);
  }
}

/** What a render that found the renderer busy tells the client to wait, in seconds. */
export const BUSY_RETRY_AFTER_S = 5;

/** The details of a 429 that only asks to wait for the renderer (the playground tells it from its daily limit by them). */
export const RENDERER_BUSY_DETAILS = { _: ['renderer_busy'] };

/**
 * Logs a render that failed: a renderer that stayed busy is expected under load (a warning,
 * `render_busy`, with where it happened); anything else is an error under `message`.
 */
export function logRenderFailure(message: string, error: unknown, fields: Record<string, unknown> = {}): void {
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof RenderBusy) console.warn(JSON.stringify({ level: 'warn', message: 'render_busy', during: message, ...fields, error: text }));
  else console.error(JSON.stringify({ level: 'error', message, ...fields, error: text }));
}

/** A job the renderer had no room for beside the renders it was drawing, however often it was asked. */
export class RenderBusy extends Error {}

/**
 * How long to wait before asking a busy renderer again, in milliseconds: three more calls, about
 * 3 seconds in all, each of which the platform may route to another isolate.
 */
export const BUSY_PAUSES_MS = [250, 750, 2000] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A document as a PNG, drawn by the renderer Worker, which reads the stored pictures itself.
 * A renderer too busy for the job (worker/renderer/in-flight.ts) is asked again after each of
 * BUSY_PAUSES_MS. Rejects with `RenderRefused` when the renderer refuses the job,
 * `RenderUndrawable` when a picture cannot be drawn, `RenderBusy` when it stayed busy, and with
 * whatever the call failed with otherwise (the renderer crashed, was stopped over its memory
 * limit, or could not be reached).
 */
export async function drawPng(
  env: Pick<Bindings, 'ASSETS' | 'RENDERER'>,
  input: RenderJob,
  pause: (ms: number) => Promise<void> = sleep,
): Promise<{ png: Uint8Array; width: number; height: number }> {
  for (let attempt = 0; ; attempt++) {
    const result = await env.RENDERER.renderPng(env.ASSETS, input);
    if ('busy' in result) {
      const wait = BUSY_PAUSES_MS[attempt];
      if (wait === undefined) throw new RenderBusy(result.busy);
      await pause(wait);
      continue;
    }
    if ('refused' in result) throw new RenderRefused(result.refused);
    if ('undrawable' in result) throw new RenderUndrawable(result.undrawable);
    return result;
  }
}

/**
 * A failed render as the API error it answers with, once the caller has given the credit (or
 * download) back: a job the renderer refused as too large is the user's to change (413, with
 * the reason), so is a picture it cannot draw (422, as `undrawable` answers before the charge);
 * a renderer that stayed busy is a moment to wait (429 with Retry-After); anything else is ours
 * (500, logged by the caller).
 */
export function renderFailure(error: unknown, messages: { failed: string; refunded: string }): AppError {
  if (error instanceof RenderRefused) {
    const text = `This creative is too large to draw: ${error.message}. Use smaller pictures. ${messages.refunded}`;
    return new AppError('payload_too_large', text, { document: [text] });
  }
  if (error instanceof RenderUndrawable) return new AppError('validation_failed', `${CANNOT_DRAW} ${messages.refunded}`, { document: [CANNOT_DRAW] });
  if (error instanceof RenderBusy) {
    return new AppError('rate_limited', `Adloom is drawing other images right now. ${messages.refunded} Try again in a few seconds.`, RENDERER_BUSY_DETAILS, {
      'Retry-After': String(BUSY_RETRY_AFTER_S),
    });
  }
  return new AppError('internal', messages.failed);
}

/**
 * Pictures above this many pixels are drawn from their thumbnail: decoding one needs 4 bytes
 * a pixel, and the renderer's isolate has 128 MB for everything (its job limit, 12 megapixels,
 * is one such picture on a story's canvas with room for a logo: worker/renderer/memory.ts).
 * WebP is decoded twice (to PNG, then by resvg), so its limit is lower.
 */
export const RENDER_IMAGE_MAX_PIXELS = 9_000_000;
export const RENDER_WEBP_MAX_PIXELS = 4_000_000;

export function tooManyPixels(width: number, height: number, mime: string): boolean {
  return width * height > (mime.toLowerCase() === 'image/webp' ? RENDER_WEBP_MAX_PIXELS : RENDER_IMAGE_MAX_PIXELS);
}

/** Data URLs of the image types satori lays out and resvg draws. */
const DRAWABLE = /^data:image\/(?:png|apng|jpeg|gif);/i;
/** Stored pictures the renderer can draw: those, and WebP (it decodes them to PNG first). */
const DRAWABLE_STORED = /^image\/(?:png|apng|jpeg|gif|webp)$/i;

export const CANNOT_DRAW =
  'A picture of this creative cannot be drawn (AVIF, a damaged file, or a very large picture without a preview): use a PNG, JPEG, GIF or WebP image.';

/**
 * The ids of the pictures the renderer cannot draw, as far as this worker can tell without
 * reading them (a stored picture of another type, a data URL of another type): satori throws on
 * them, however often it is tried. A stored WebP that turns out damaged is found by the renderer.
 */
export function undrawable(images: Record<string, RenderPicture>): string[] {
  return Object.entries(images)
    .filter(([, picture]) => (typeof picture === 'string' ? !DRAWABLE.test(picture) : !DRAWABLE_STORED.test(picture.mime)))
    .map(([id]) => id);
}
