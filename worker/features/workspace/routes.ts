import { Hono, type Context } from 'hono';
import type { Locale } from '#common/i18n/locales.ts';
import { WORKSPACE_ROUTES } from '#common/workspace-routes.ts';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
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

function workspaceShell(c: Context<AppEnv>, page: string | ReturnType<typeof pageMeta>, status: 200 | 404 = 200, locale: Locale = localeOf(c)) {
  const user = c.get('user');
  return renderAppShell(
    c,
    typeof page === 'string' ? { title: page, description: i18nFor(locale)._('shell.metaDescription') } : page,
    { user: user ? toPublicUser(user) : null, locale, sentryDsn: c.env.SENTRY_DSN || null, requestId: c.get('requestId') },
    status,
  );
}

/**
 * A dead link followed by a signed-in user (issue 27): a real 404, but inside the workspace's
 * shell, whose router shows its not-found with the navigation, not the public site's page.
 */
export function workspaceNotFound(c: Context<AppEnv>) {
  return workspaceShell(c, i18nFor(localeOf(c))._('notFound.title'), 404);
}

for (const route of WORKSPACE_ROUTES) {
  const paths = route.path === '/projects/:projectId' ? [route.path, `${route.path}/`] : [route.path];
  for (const path of paths) {
    workspaceRoutes.get(path, access(route.access), async (c) => {
      const params = c.req.param() as Record<string, string>;
      if (Object.keys(params).length > 0) {
        const resolve = RESOLVERS[route.path];
        // The screen itself then says that what it shows does not exist (its API answers 404 too).
        if (!resolve || !(await resolve(c, params))) {
          if (c.get('user')) return workspaceNotFound(c);
          throw new AppError('not_found');
        }
      }
      // The playground is one of the site's public pages (indexed, with its card); the rest of the workspace is not.
      return workspaceShell(c, route.path === '/playground' ? pageMeta('playground') : i18nFor(localeOf(c))._(route.title));
    });
  }
}

// The playground's German page (issue 28), the twin of /playground in the sitemap and the hreflang
// pairs, like every `/de` page of the site: German whoever asks, whatever the account's setting.
workspaceRoutes.get('/de/playground', access('public'), (c) => workspaceShell(c, pageMeta('playground', 'de'), 200, 'de'));
