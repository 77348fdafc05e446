/**
 * The workspace's pages (PRODUCT.md §2, "App"): one list read by the worker (who may
 * see each path, 404 for ids that do not exist) and by the client router.
 * `param` names the id in the path whose existence and visibility the worker checks.
 */
export type WorkspaceAccess = 'user' | 'admin' | 'public';

export interface WorkspaceRoute {
  path: string;
  /** The page's name in breadcrumbs and the document title: a core message id (`route.…`). */
  title: `route.${string}`;
  access: WorkspaceAccess;
}

export const WORKSPACE_ROUTES = [
  { path: '/dashboard', title: 'route.dashboard', access: 'user' },
  { path: '/projects', title: 'route.projects', access: 'user' },
  { path: '/projects/:projectId', title: 'route.project', access: 'user' },
  { path: '/projects/:projectId/media/:objectId', title: 'route.media', access: 'user' },
  { path: '/projects/:projectId/creatives', title: 'route.creatives', access: 'user' },
  { path: '/projects/:projectId/marketing', title: 'route.marketing', access: 'user' },
  { path: '/media/:id', title: 'route.media', access: 'user' },
  { path: '/creatives', title: 'route.creatives', access: 'user' },
  { path: '/creatives/:objectId', title: 'route.creativeEditor', access: 'user' },
  { path: '/creations', title: 'route.creations', access: 'user' },
  { path: '/funnels', title: 'route.funnels', access: 'user' },
  { path: '/funnels/:funnelId', title: 'route.funnel', access: 'user' },
  { path: '/_components/:funnelName', title: 'route.componentSheet', access: 'user' },
  { path: '/pages', title: 'route.pages', access: 'user' },
  { path: '/pages/:funnelPageId', title: 'route.pageEditor', access: 'user' },
  { path: '/presentations', title: 'route.presentations', access: 'user' },
  { path: '/calendar', title: 'route.calendar', access: 'user' },
  { path: '/account', title: 'route.account', access: 'user' },
  { path: '/account/billing', title: 'route.billing', access: 'user' },
  { path: '/account/credits', title: 'route.credits', access: 'user' },
  { path: '/account/affiliate', title: 'route.affiliate', access: 'user' },
  { path: '/admin', title: 'route.admin', access: 'admin' },
  { path: '/admin/landing-pages', title: 'route.presentationPages', access: 'admin' },
  { path: '/admin/:projectId', title: 'route.supportView', access: 'admin' },
  { path: '/test', title: 'route.systemCheck', access: 'admin' },
  { path: '/playground', title: 'route.playground', access: 'public' },
] as const satisfies readonly WorkspaceRoute[];

export type WorkspacePath = (typeof WORKSPACE_ROUTES)[number]['path'];
