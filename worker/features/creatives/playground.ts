import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { mediaIdsOf } from '#common/creative/document.ts';
import { PLAYGROUND_DOWNLOADS_PER_DAY } from '#common/plans.ts';
import { PLAYGROUND_IMAGE_MAX_BYTES, playgroundRenderInput } from '#common/schemas/creatives.ts';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { playgroundDownloads } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { readCapped } from '#worker/lib/body.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { fromBase64 } from '#worker/lib/ids.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { parseOrThrow } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { imageSize } from 'image-size';
import { CANNOT_DRAW, RENDER_IMAGE_MAX_PIXELS, RENDER_WEBP_MAX_PIXELS, renderer, tooManyPixels, undrawable } from '#worker/features/creatives/images.ts';

/**
 * The playground's downloads (PRODUCT.md §2, §6): anyone may render a watermarked PNG,
 * 3 per visitor per day. The visitor is a hash of the day, the IP and the user agent
 * with the server's secret: no cookie, nothing that identifies a person is stored, and
 * yesterday's hashes cannot be linked to today's.
 */
const BODY_LIMIT = Math.ceil((PLAYGROUND_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

async function visitorHash(c: Context<AppEnv>, day: string): Promise<string> {
  const meta = requestMeta(c);
  return sha256Hex(`playground:${c.env.SESSION_SECRET}:${day}:${meta.ip}:${meta.userAgent ?? ''}`);
}

async function used(db: Db, visitor: string, day: string): Promise<number> {
  const row = await db
    .select({ count: playgroundDownloads.count })
    .from(playgroundDownloads)
    .where(sql`${playgroundDownloads.visitorHash} = ${visitor} AND ${playgroundDownloads.day} = ${day}`)
    .get();
  return row?.count ?? 0;
}

/** Takes one download if the visitor has one left today (one conditional statement). */
async function takeDownload(db: Db, visitor: string, day: string): Promise<number | undefined> {
  const result = await rawStatement(
    db,
    sql`INSERT INTO playground_downloads (visitor_hash, day, count) VALUES (${visitor}, ${day}, 1)
      ON CONFLICT (visitor_hash, day) DO UPDATE SET count = count + 1 WHERE count < ${PLAYGROUND_DOWNLOADS_PER_DAY}
      RETURNING count`,
  ).first<{ count: number }>();
  return result?.count;
}

async function giveBack(db: Db, visitor: string, day: string): Promise<void> {
  await rawStatement(db, sql`UPDATE playground_downloads SET count = max(count - 1, 0) WHERE visitor_hash = ${visitor} AND day = ${day}`).run();
}

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

const TOO_MANY_PIXELS = `Use a picture of at most ${RENDER_IMAGE_MAX_PIXELS / 1_000_000} megapixels (${RENDER_WEBP_MAX_PIXELS / 1_000_000} for WebP), for example 3000 × 3000.`;

export const playgroundRoutes = new Hono<AppEnv>()
  .get('/quota', access('public'), async (c) => {
    const day = utcDay();
    const count = await used(c.get('db'), await visitorHash(c, day), day);
    c.header('Cache-Control', 'no-store');
    return c.json({ limit: PLAYGROUND_DOWNLOADS_PER_DAY, remaining: Math.max(0, PLAYGROUND_DOWNLOADS_PER_DAY - count) });
  })
  .post('/render', access('public'), async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new AppError('unsupported_media_type', 'Send the body as application/json.');
    const bytes = await readCapped(c.req.raw.body, BODY_LIMIT, 'Use an image under 4 MB.');
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new AppError('bad_request', 'The request body is not valid JSON.');
    }
    const input = await parseOrThrow(playgroundRenderInput, body);
    // Only the visitor's own image: a playground document cannot draw anyone's media.
    if (mediaIdsOf(input.document).some((id) => id !== 'local'))
      throw new AppError('validation_failed', 'The playground can only use the image you dropped in.', { document: ['Use the image you dropped in.'] });
    const picture = input.image ? readPicture(input.image) : undefined;
    const db = c.get('db');
    const day = utcDay();
    const visitor = await visitorHash(c, day);
    const count = await takeDownload(db, visitor, day);
    if (count === undefined) {
      throw new AppError(
        'rate_limited',
        `The playground allows ${PLAYGROUND_DOWNLOADS_PER_DAY} downloads a day. Create a free account to render without a watermark.`,
      );
    }
    let images: Record<string, string> = {};
    try {
      // Decoded only once the download is taken: refused visitors cost no decoding.
      images = picture ? { local: await (await renderer()).drawableDataUrl(picture.bytes, picture.mime) } : {};
    } catch {
      images = { local: 'undrawable:' };
    }
    if (undrawable(images).length > 0) {
      await giveBack(db, visitor, day);
      throw new AppError('validation_failed', CANNOT_DRAW, { image: [CANNOT_DRAW] });
    }
    try {
      const { png } = await (await renderer()).renderPng(c.env.ASSETS, { doc: input.document, images, watermark: true });
      return new Response(png as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          'Content-Type': 'image/png',
          'Content-Disposition': `attachment; filename="adloom-playground-${input.document.format}.png"`,
          'Cache-Control': 'no-store',
          'X-Downloads-Remaining': String(Math.max(0, PLAYGROUND_DOWNLOADS_PER_DAY - count)),
        },
      });
    } catch (error) {
      await giveBack(db, visitor, day);
      console.error(JSON.stringify({ level: 'error', message: 'playground_render_failed', error: error instanceof Error ? error.message : String(error) }));
      throw new AppError('internal', 'The image could not be drawn. Your download was not counted; please try again.');
    }
  });
