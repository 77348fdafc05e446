import { Hono } from 'hono';
import { PLAYGROUND_IMAGE_MAX_BYTES, playgroundRenderInput } from '#common/schemas/creatives.ts';
import type { AppEnv } from '#worker/env.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { parseOrThrow, readJson } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { visitorDownload, visitorQuota } from '#worker/features/creatives/playground/service.ts';

/** /api/playground: the watermarked downloads of the playground (service.ts has the rules). */
const BODY_LIMIT = Math.ceil((PLAYGROUND_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

export const playgroundRoutes = new Hono<AppEnv>()
  .get('/quota', access('public'), async (c) => {
    const quota = await visitorQuota(c.get('db'), c.env.SESSION_SECRET, requestMeta(c));
    c.header('Cache-Control', 'no-store');
    return c.json(quota);
  })
  .post('/render', access('public'), async (c) => {
    const body = await readJson(c, BODY_LIMIT, 'Use an image under 4 MB.');
    const input = await parseOrThrow(playgroundRenderInput, body);
    const { png, remaining, filename } = await visitorDownload(c.env, c.get('db'), requestMeta(c), input);
    return new Response(png as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
        'X-Downloads-Remaining': String(remaining),
      },
    });
  });
