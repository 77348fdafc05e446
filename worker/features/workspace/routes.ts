import { Hono } from 'hono';
import { WORKSPACE_ROUTES } from '#common/workspace-routes.ts';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { access } from '#worker/middleware/access.ts';
import { pageMeta, renderAppShell } from '#worker/ssr/render.ts';
import { toPublicUser } from '#worker/features/auth/core/service.ts';
import { RESOLVERS } from '#worker/features/workspace/resolvers.ts';

/**
 * The workspace pages: the worker decides who may see each path (redirect to
 * /login when signed out, 404 for admins-only paths and for ids that do not exist or
 * are not visible), then serves the single-page app's shell.
 */
export const workspaceRoutes = new Hono<AppEnv>();

for (const route of WORKSPACE_ROUTES) {
  const paths = route.path === '/projects/:projectId' ? [route.path, `${route.path}/`] : [route.path];
  for (const path of paths) {
    workspaceRoutes.get(path, access(route.access), async (c) => {
      const params = c.req.param() as Record<string, string>;
      if (Object.keys(params).length > 0) {
        const resolve = RESOLVERS[route.path];
        if (!resolve || !(await resolve(c, params))) throw new AppError('not_found');
      }
      const user = c.get('user');
      return renderAppShell(
        c,
        // The playground is one of the site's public pages (indexed, with its card); the rest of the workspace is not.
        route.path === '/playground' ? pageMeta('playground') : { title: route.title, description: 'Adloom workspace' },
        { user: user ? toPublicUser(user) : null, sentryDsn: c.env.SENTRY_DSN || null, requestId: c.get('requestId') },
      );
    });
  }
}
