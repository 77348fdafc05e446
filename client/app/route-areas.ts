import type { WorkspacePath } from '#common/workspace-routes.ts';

/**
 * The message areas (common/locales/<area>) each workspace route shows besides `core`: they load
 * with the route's module, in the user's language only (decision 0032). A route lists every
 * area its components read; client/app/route-areas.test.ts checks it against the ids they use.
 */
export const ROUTE_AREAS: Record<WorkspacePath, readonly string[]> = {
  '/dashboard': ['dashboard'],
  '/projects': ['projects'],
  '/projects/:projectId': ['projects', 'media'],
  '/projects/:projectId/media/:objectId': ['projects', 'media'],
  '/projects/:projectId/creatives': ['projects', 'library', 'creatives', 'presentations'],
  '/projects/:projectId/marketing': ['projects', 'ads', 'funnels', 'presentations'],
  '/media/:id': ['media'],
  '/creatives': ['library', 'creatives'],
  '/creatives/:objectId': ['creatives', 'library', 'editor', 'media'],
  '/creations': ['library'],
  '/funnels': ['funnels'],
  '/funnels/:funnelId': ['funnels', 'editor'],
  '/_components/:funnelName': ['funnels', 'editor'],
  '/pages': ['funnels'],
  '/pages/:funnelPageId': ['funnels', 'editor', 'media'],
  '/presentations': ['presentations', 'editor'],
  '/account': ['account'],
  '/account/billing': ['account'],
  '/account/credits': ['account'],
  '/account/affiliate': ['account'],
  '/admin': ['admin'],
  '/admin/landing-pages': ['admin', 'presentations'],
  '/admin/:projectId': ['admin'],
  '/test': ['admin'],
  '/playground': ['library', 'creatives', 'editor'],
};
