import { createMiddleware } from 'hono/factory';
import { lazyDb } from '#worker/db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import { requestSession, writeBackBookmark } from '#worker/lib/d1-session.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';
import type { AccessResolvers } from '#worker/middleware/access.ts';
import { assertSameSite } from '#worker/middleware/csrf.ts';
import { newRequestIds } from '#worker/middleware/request-id.ts';
import { applySecurityHeaders } from '#worker/middleware/security-headers.ts';

/**
 * What every request gets: a request id and CSP nonce, the request's database (its queries in
 * one D1 session: worker/lib/d1-session.ts), the lookups the access rules use; after the
 * handler (or the error handler): the D1 bookmark cookie, the security headers, X-Request-Id,
 * and for /api a Cache-Control unless the route set one. One
 * middleware rather than several keeps the hot path short
 * (docs/decisions/0005-performance-budgets.md).
 */
export const foundation = (resolvers: AccessResolvers) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { requestId, nonce } = newRequestIds();
    c.set('requestId', requestId);
    c.set('nonce', nonce);
    const session = await requestSession(c);
    c.set('db', lazyDb(session.open));
    c.set('access', resolvers);
    c.set('user', null);
    c.set('sessionId', null);
    c.set('membership', undefined);
    c.set('media', undefined);
    await next();
    // Personal JSON (and its errors) is kept by no browser or shared cache; a route that sets
    // its own rule (media and creation files, with ETags) keeps it. The /monitoring tunnel's
    // answers are never worth keeping either.
    if (!c.res.headers.has('Cache-Control')) {
      if (isApiPath(c.req.path)) c.res.headers.set('Cache-Control', 'private, no-store');
      else if (c.req.path === '/monitoring') c.res.headers.set('Cache-Control', 'no-store');
    }
    await writeBackBookmark(c, session);
    applySecurityHeaders(c.res.headers, nonce);
    c.res.headers.set('X-Request-Id', requestId);
  });

/** The cross-site rule, after `foundation` so that its 403 carries the headers too. */
export const crossSite = createMiddleware<AppEnv>(async (c, next) => {
  assertSameSite(c);
  await next();
});
