import { Hono, type Context } from 'hono';
import { PLAYGROUND_DOWNLOADS_PER_DAY } from '#common/plans.ts';
import { PLAYGROUND_IMAGE_MAX_BYTES, playgroundRenderInput } from '#common/schemas/creatives.ts';
import type { AppEnv } from '#worker/env.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { parseOrThrow, readJson } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { remainingDownloads, renderDownload, utcDay, visitorHash } from '#worker/features/creatives/playground-service.ts';

/** /api/playground: the watermarked downloads of the playground (playground-service.ts has the rules). */
const BODY_LIMIT = Math.ceil((PLAYGROUND_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

async function visitorOf(c: Context<AppEnv>): Promise<{ hash: string; day: string }> {
  const day = utcDay();
  return { hash: await visitorHash(c.env.SESSION_SECRET, day, requestMeta(c)), day };
}

export const playgroundRoutes = new Hono<AppEnv>()
  .get('/quota', access('public'), async (c) => {
    const visitor = await visitorOf(c);
    const remaining = await remainingDownloads(c.get('db'), visitor.hash, visitor.day);
    c.header('Cache-Control', 'no-store');
    return c.json({ limit: PLAYGROUND_DOWNLOADS_PER_DAY, remaining });
  })
  .post('/render', access('public'), async (c) => {
    const body = await readJson(c, BODY_LIMIT, 'Use an image under 4 MB.');
    const input = await parseOrThrow(playgroundRenderInput, body);
    const { png, remaining } = await renderDownload(c.env, c.get('db'), await visitorOf(c), input);
    return new Response(png as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `attachment; filename="adloom-playground-${input.document.format}.png"`,
        'Cache-Control': 'no-store',
        'X-Downloads-Remaining': String(remaining),
      },
    });
  });
