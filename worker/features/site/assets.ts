import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { access } from '#worker/middleware/access.ts';

/** Files at the root of the static assets (client/static), served with a short cache. */
const ROOT_FILES = new Set(['/favicon.svg', '/robots.txt']);

async function fromAssets(env: AppEnv['Bindings'], request: Request, cacheControl: string): Promise<Response> {
  const response = await env.ASSETS.fetch(request);
  if (response.status === 404) throw new AppError('not_found');
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', cacheControl);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * Static files, handed over by the worker so that they carry the request id and the
 * security headers too. Hashed build files are immutable; the build manifest and the
 * raw index.html are not public.
 */
export const assetRoutes = new Hono<AppEnv>()
  .get('/assets/*', access('public'), (c) => fromAssets(c.env, c.req.raw, 'public, max-age=31536000, immutable'))
  // The creative fonts (client/static/fonts): the editor preview draws with the same files as the PNG renderer.
  .get('/fonts/:file{[a-z0-9-]+\\.woff}', access('public'), (c) => fromAssets(c.env, c.req.raw, 'public, max-age=604800'))
  // Pictures of the demo on the public site (scripts/showcase.mjs): not hashed, so cached for a day.
  .get('/showcase/:file{[a-z0-9-]+\\.webp}', access('public'), (c) => fromAssets(c.env, c.req.raw, 'public, max-age=86400'))
  .get('/:file{[a-z0-9.-]+\\.(?:svg|txt|ico|png|webmanifest)}', access('public'), (c) => {
    if (!ROOT_FILES.has(c.req.path)) throw new AppError('not_found');
    return fromAssets(c.env, c.req.raw, 'public, max-age=3600');
  });
