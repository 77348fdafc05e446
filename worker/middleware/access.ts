import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';
import { resolveSession } from '#worker/middleware/session.ts';

/**
 * Who may call a route (ARCHITECTURE.md §6). Every route declares one rule through
 * `access()`; the authorization matrix test fails on a route without one.
 * - public: anyone (the session is still loaded when a cookie is present);
 * - user: signed in, else 401 (API) or a redirect to /login?next= (pages);
 * - admin: signed-in admin, else 404 so that the area cannot be probed.
 * Project roles (owner/editor/viewer) join this list with the projects feature.
 */
export type AccessRule = 'public' | 'user' | 'admin';

export type AccessMiddleware = MiddlewareHandler<AppEnv> & { accessRule: AccessRule };

export function loginRedirectPath(url: string): string {
  const { pathname, search } = new URL(url);
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

export function access(rule: AccessRule): AccessMiddleware {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    await resolveSession(c);
    if (rule !== 'public') {
      const user = c.get('user');
      if (!user) {
        if (isApiPath(c.req.path)) throw new AppError('unauthenticated');
        return c.redirect(loginRedirectPath(c.req.url), 302);
      }
      if (rule === 'admin' && user.role !== 'admin') throw new AppError('not_found');
    }
    await next();
  });
  return Object.assign(middleware, { accessRule: rule });
}

export function isAccessMiddleware(handler: unknown): handler is AccessMiddleware {
  return typeof handler === 'function' && 'accessRule' in handler;
}
