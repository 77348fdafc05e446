import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, useNavigation, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { WORKSPACE_ROUTES, type WorkspacePath } from '#common/workspace-routes.ts';
import { NotFound } from '#client/components/not-found.tsx';
import { ProgressBar } from '#client/components/progress-bar.tsx';
import { Shell } from '#client/app/shell.tsx';
import { RouteError } from '#client/app/route-error.tsx';
import { ROUTE_AREAS } from '#client/app/route-areas.ts';
import { loadRouteAreas, useT } from '#client/lib/i18n.tsx';

type RouteModule = () => Promise<{ default: ComponentType }>;

/** One lazy module per workspace page: the first screen loads only what it shows. */
export const ROUTE_MODULES: Record<WorkspacePath, RouteModule> = {
  '/dashboard': () => import('#client/app/routes/dashboard.tsx'),
  '/projects': () => import('#client/app/routes/projects.tsx'),
  '/projects/:projectId': () => import('#client/app/routes/project.tsx'),
  '/projects/:projectId/media/:objectId': () => import('#client/app/routes/project-media.tsx'),
  '/projects/:projectId/creatives': () => import('#client/app/routes/project-section.tsx').then((m) => ({ default: m.ProjectCreatives })),
  '/projects/:projectId/marketing': () => import('#client/app/routes/project-section.tsx').then((m) => ({ default: m.ProjectMarketing })),
  '/media/:id': () => import('#client/app/routes/media.tsx'),
  '/creatives': () => import('#client/app/routes/creatives.tsx'),
  '/creatives/:objectId': () => import('#client/app/routes/creative-editor.tsx'),
  '/creations': () => import('#client/app/routes/creations.tsx'),
  '/funnels': () => import('#client/app/routes/funnels.tsx'),
  '/funnels/:funnelId': () => import('#client/app/routes/funnel.tsx'),
  '/_components/:funnelName': () => import('#client/app/routes/component-sheet.tsx'),
  '/pages': () => import('#client/app/routes/pages.tsx'),
  '/pages/:funnelPageId': () => import('#client/app/routes/page-editor.tsx'),
  '/presentations': () => import('#client/app/routes/presentations.tsx'),
  '/calendar': () => import('#client/app/routes/calendar.tsx'),
  '/account': () => import('#client/app/routes/account.tsx'),
  '/account/billing': () => import('#client/app/routes/billing.tsx'),
  '/account/credits': () => import('#client/app/routes/credits.tsx'),
  '/account/affiliate': () => import('#client/app/routes/affiliate.tsx'),
  '/admin': () => import('#client/app/routes/admin.tsx'),
  '/admin/landing-pages': () => import('#client/app/routes/admin-landing-pages.tsx'),
  '/admin/:projectId': () => import('#client/app/routes/admin-project.tsx'),
  '/test': () => import('#client/app/routes/system-check.tsx'),
  '/playground': () => import('#client/app/routes/playground.tsx'),
};

function lazyRoute(path: WorkspacePath): NonIndexRouteObject {
  return {
    path,
    // The route's module and its messages in the user's language load side by side.
    lazy: async () => {
      const [module] = await Promise.all([ROUTE_MODULES[path](), loadRouteAreas(ROUTE_AREAS[path])]);
      return { Component: module.default };
    },
  };
}

function NavigationProgress() {
  const navigation = useNavigation();
  const t = useT();
  if (navigation.state === 'idle') return null;
  return <ProgressBar label={t('shell.loadingPage')} thin className="fixed inset-x-0 top-0 z-50" />;
}

function ShellLayout() {
  return (
    <Shell>
      <NavigationProgress />
      <Outlet />
    </Shell>
  );
}

/** The media detail opens over the project page: a child route of it (see routes/project.tsx). */
const NESTED: Partial<Record<WorkspacePath, WorkspacePath>> = { '/projects/:projectId/media/:objectId': '/projects/:projectId' };

export function routes(): RouteObject[] {
  const inShell = WORKSPACE_ROUTES.filter((r) => r.path !== '/playground' && !NESTED[r.path]).map((r) => {
    const route = lazyRoute(r.path);
    const children: NonIndexRouteObject[] = (Object.entries(NESTED) as [WorkspacePath, WorkspacePath][])
      .filter(([, parent]) => parent === r.path)
      .map(([child]) => ({ ...lazyRoute(child), path: child.slice(r.path.length + 1) }));
    return children.length ? { ...route, children } : route;
  });
  return [
    {
      element: <ShellLayout />,
      errorElement: <RouteError />,
      children: [...inShell, { path: '*', Component: NotFound }],
    },
    // No HydrateFallback: main.tsx renders once the first screen's module has loaded.
    { ...lazyRoute('/playground'), errorElement: <RouteError /> },
    // Its German page (the worker starts the app in German there).
    { ...lazyRoute('/playground'), path: '/de/playground', errorElement: <RouteError /> },
  ];
}

export function createRouter() {
  return createBrowserRouter(routes());
}

/** Resolves once the router has loaded the modules of the first screen (or failed to). */
export function whenInitialized(router: ReturnType<typeof createRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
