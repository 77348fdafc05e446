/**
 * The workspace's pages (PRODUCT.md §2, "App"): one list read by the worker (who may
 * see each path, 404 for ids that do not exist) and by the client router.
 * `param` names the id in the path whose existence and visibility the worker checks.
 */
export type WorkspaceAccess = 'user' | 'admin' | 'public';

export interface WorkspaceRoute {
  path: string;
  title: string;
  access: WorkspaceAccess;
}

export const WORKSPACE_ROUTES = [
  { path: '/dashboard', title: 'Dashboard', access: 'user' },
  { path: '/projects', title: 'Projects', access: 'user' },
  { path: '/projects/:projectId', title: 'Project', access: 'user' },
  { path: '/projects/:projectId/media/:objectId', title: 'Media', access: 'user' },
  { path: '/projects/:projectId/creatives', title: 'Creatives', access: 'user' },
  { path: '/projects/:projectId/marketing', title: 'Marketing', access: 'user' },
  { path: '/media/:id', title: 'Media', access: 'user' },
  { path: '/creatives', title: 'Creatives', access: 'user' },
  { path: '/creatives/:objectId', title: 'Creative editor', access: 'user' },
  { path: '/creations', title: 'Creations', access: 'user' },
  { path: '/funnels', title: 'Funnels', access: 'user' },
  { path: '/funnels/:funnelId', title: 'Funnel', access: 'user' },
  { path: '/_components/:funnelName', title: 'Component sheet', access: 'user' },
  { path: '/pages', title: 'Pages', access: 'user' },
  { path: '/pages/:funnelPageId', title: 'Page editor', access: 'user' },
  { path: '/presentations', title: 'Presentations', access: 'user' },
  { path: '/account', title: 'Account', access: 'user' },
  { path: '/account/billing', title: 'Billing', access: 'user' },
  { path: '/account/credits', title: 'Credits', access: 'user' },
  { path: '/account/affiliate', title: 'Affiliate programme', access: 'user' },
  { path: '/admin', title: 'Admin', access: 'admin' },
  { path: '/admin/landing-pages', title: 'Presentation pages', access: 'admin' },
  { path: '/admin/:projectId', title: 'Project support view', access: 'admin' },
  { path: '/test', title: 'System check', access: 'admin' },
  { path: '/playground', title: 'Playground', access: 'public' },
] as const satisfies readonly WorkspaceRoute[];

export type WorkspacePath = (typeof WORKSPACE_ROUTES)[number]['path'];
