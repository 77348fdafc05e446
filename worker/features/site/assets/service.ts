import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';

/**
 * Static files, handed over by the worker so that they carry the request id and the
 * security headers too (routes.ts). Hashed build files are immutable; the build manifest and
 * the raw index.html are not public.
 */

/** How long each kind of static file may be cached. */
const CACHE = {
  /** Hashed build files (/assets). */
  build: 'public, max-age=31536000, immutable',
  /** The creative fonts (client/static/fonts): the editor preview draws with the same files as the PNG renderer. */
  font: 'public, max-age=604800',
  /** Pictures of the demo on the public site (scripts/showcase.mjs): not hashed, so cached for a day. */
  showcase: 'public, max-age=86400',
  /** Files at the root of the static assets (client/static). */
  root: 'public, max-age=3600',
} as const;

/** The files at the root of the static assets that are served (nothing else there is public; robots.txt is site/seo's). */
const ROOT_FILES = new Set(['/favicon.svg']);

/** The static file the request asks for, with its kind's caching; 404 for a missing one and for a root file that is not public. */
export async function staticFile(env: Pick<Bindings, 'ASSETS'>, request: Request, kind: keyof typeof CACHE, path: string): Promise<Response> {
  if (kind === 'root' && !ROOT_FILES.has(path)) throw new AppError('not_found');
  const response = await env.ASSETS.fetch(request);
  if (response.status === 404) throw new AppError('not_found');
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', CACHE[kind]);
  return new Response(response.body, { status: response.status, headers });
}
