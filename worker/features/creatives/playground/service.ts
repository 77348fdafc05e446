import { mediaIdsOf, type CreativeDocument } from '#common/creative/document.ts';
import { PLAYGROUND_DOWNLOADS_PER_DAY } from '#common/plans.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { fromBase64 } from '#worker/lib/ids.ts';
import { imageSize } from 'image-size';
import {
  CANNOT_DRAW,
  RENDER_IMAGE_MAX_PIXELS,
  RENDER_WEBP_MAX_PIXELS,
  drawableDataUrl,
  drawPng,
  logRenderFailure,
  renderFailure,
  tooManyPixels,
  undrawable,
} from '#worker/features/creatives/render/service.ts';
import * as repo from '#worker/features/creatives/playground/repo.ts';

/**
 * The playground's downloads (PRODUCT.md §2, §6): anyone may render a watermarked PNG,
 * 3 per visitor per day. The visitor is a hash of the day, the IP and the user agent
 * with the server's secret: no cookie, nothing that identifies a person is stored, and
 * yesterday's hashes cannot be linked to today's.
 */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** What the visitor's hash is made of (the request's `requestMeta`). */
type VisitorMeta = { ip: string; userAgent?: string | null | undefined };

export function visitorHash(secret: string, day: string, meta: VisitorMeta): Promise<string> {
  return sha256Hex(`playground:${secret}:${day}:${meta.ip}:${meta.userAgent ?? ''}`);
}

/** Downloads the visitor has left today. */
export async function remainingDownloads(db: Db, visitor: string, day: string): Promise<number> {
  return Math.max(0, PLAYGROUND_DOWNLOADS_PER_DAY - (await repo.playgroundDownloadsUsed(db, visitor, day)));
}

/** The visitor making a request, as of today: `visitorHash` of today (UTC), its IP and its user agent. */
async function visitorOf(secret: string, meta: VisitorMeta): Promise<{ hash: string; day: string }> {
  const day = utcDay();
  return { hash: await visitorHash(secret, day, meta), day };
}

/** The daily limit and what the visitor making the request has left of it (`GET /api/playground/quota`). */
export async function visitorQuota(db: Db, secret: string, meta: VisitorMeta): Promise<{ limit: number; remaining: number }> {
  const visitor = await visitorOf(secret, meta);
  return { limit: PLAYGROUND_DOWNLOADS_PER_DAY, remaining: await remainingDownloads(db, visitor.hash, visitor.day) };
}

/** `renderDownload` for the visitor making the request (`POST /api/playground/render`), with the download's file name. */
export async function visitorDownload(
  env: Pick<Bindings, 'ASSETS' | 'RENDERER' | 'SESSION_SECRET'>,
  db: Db,
  meta: VisitorMeta,
  input: { document: CreativeDocument; image?: string | undefined },
): Promise<{ png: Uint8Array; remaining: number; filename: string }> {
  const { png, remaining } = await renderDownload(env, db, await visitorOf(env.SESSION_SECRET, meta), input);
  return { png, remaining, filename: `adloom-playground-${input.document.format}.png` };
}

const TOO_MANY_PIXELS = `Use a picture of at most ${RENDER_IMAGE_MAX_PIXELS / 1_000_000} megapixels (${RENDER_WEBP_MAX_PIXELS / 1_000_000} for WebP), for example 3000 × 3000.`;

/** The visitor's picture: its bytes, once its size in pixels is known to be reasonable (422 otherwise). */
function readPicture(url: string): { bytes: Uint8Array; mime: string } {
  const match = /^data:(image\/[a-z]+);base64,(.*)$/.exec(url);
  if (!match) throw new AppError('validation_failed', CANNOT_DRAW, { image: [CANNOT_DRAW] });
  let bytes: Uint8Array;
  let size: { width?: number; height?: number };
  try {
    bytes = fromBase64(match[2]!);
    size = imageSize(bytes);
  } catch {
    throw new AppError('validation_failed', CANNOT_DRAW, { image: [CANNOT_DRAW] });
  }
  if (!size.width || !size.height || tooManyPixels(size.width, size.height, match[1]!)) {
    throw new AppError('validation_failed', TOO_MANY_PIXELS, { image: [TOO_MANY_PIXELS] });
  }
  return { bytes, mime: match[1]! };
}

/**
 * One watermarked download: the document with the visitor's own picture (media id "local"),
 * counted against today's downloads by one conditional statement and given back when it
 * cannot be drawn. Refused visitors cost no decoding.
 */
export async function renderDownload(
  env: Pick<Bindings, 'ASSETS' | 'RENDERER'>,
  db: Db,
  visitor: { hash: string; day: string },
  input: { document: CreativeDocument; image?: string | undefined },
): Promise<{ png: Uint8Array; remaining: number }> {
  // Only the visitor's own image: a playground document cannot draw anyone's media.
  if (mediaIdsOf(input.document).some((id) => id !== 'local'))
    throw new AppError('validation_failed', 'The playground can only use the image you dropped in.', { document: ['Use the image you dropped in.'] });
  const picture = input.image ? readPicture(input.image) : undefined;
  const count = await repo.takePlaygroundDownload(db, visitor.hash, visitor.day, PLAYGROUND_DOWNLOADS_PER_DAY);
  if (count === undefined) {
    throw new AppError(
      'rate_limited',
      `The playground allows ${PLAYGROUND_DOWNLOADS_PER_DAY} downloads a day. Create a free account to render without a watermark.`,
    );
  }
  let images: Record<string, string> = {};
  try {
    // Decoded only once the download is taken: refused visitors cost no decoding.
    images = picture ? { local: await drawableDataUrl(env, picture.bytes, picture.mime) } : {};
  } catch {
    images = { local: 'undrawable:' };
  }
  if (undrawable(images).length > 0) {
    await repo.giveBackPlaygroundDownload(db, visitor.hash, visitor.day);
    throw new AppError('validation_failed', CANNOT_DRAW, { image: [CANNOT_DRAW] });
  }
  try {
    const { png } = await drawPng(env, { doc: input.document, images, watermark: true });
    return { png, remaining: Math.max(0, PLAYGROUND_DOWNLOADS_PER_DAY - count) };
  } catch (error) {
    await repo.giveBackPlaygroundDownload(db, visitor.hash, visitor.day);
    logRenderFailure('playground_render_failed', error);
    throw renderFailure(error, {
      failed: 'The image could not be drawn. Your download was not counted; please try again.',
      refunded: 'Your download was not counted.',
    });
  }
}

/** Forgets the counts of past days (the scheduled job): nobody can use them any more. */
export async function purgePastPlaygroundDays(db: Db, now = new Date()): Promise<void> {
  await repo.deletePlaygroundDaysBefore(db, utcDay(now));
}
