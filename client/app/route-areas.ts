import type { WorkspacePath } from '#common/workspace-routes.ts';

/**
 * The message areas (common/locales/<area>) each workspace route shows besides `core`: they load
 * with the route's module, in the user's language only (decision 0032). A route lists every
 * area its components read; client/app/route-areas.test.ts checks it against the ids they use.
 */
export const ROUTE_AREAS: Record<WorkspacePath, readonly string[]> = {
  '/dashboard': ['dashboard'],
  '/projects': ['projects', 'editor'],
  '/projects/:projectId': ['projects', 'media', 'editor'],
  '/projects/:projectId/media/:objectId': ['projects', 'media', 'editor'],
  '/projects/:projectId/creatives': ['projects', 'media', 'library', 'creatives', 'editor', 'funnels', 'ads', 'presentations'],
  // project-section.tsx is one module for both sections: its creatives (library) load with marketing too.
  '/projects/:projectId/marketing': ['projects', 'media', 'library', 'ads', 'funnels', 'presentations', 'editor'],
  '/media/:id': ['media'],
  '/creatives': ['library', 'creatives', 'dashboard'],
  '/creatives/:objectId': ['creatives', 'library', 'editor', 'media', 'batches'],
  '/creations': ['library'],
  '/funnels': ['funnels', 'dashboard'],
  '/funnels/:funnelId': ['funnels', 'editor'],
  '/_components/:funnelName': ['funnels', 'editor'],
  '/pages': ['funnels'],
  '/pages/:funnelPageId': ['funnels', 'editor', 'media'],
  '/presentations': ['presentations', 'editor', 'funnels', 'media'],
  '/calendar': ['calendar', 'ads'],
  '/account': ['account'],
  '/account/billing': ['account'],
  '/account/credits': ['account'],
  '/account/affiliate': ['account'],
  '/admin': ['admin'],
  '/admin/landing-pages': ['admin', 'presentations', 'editor', 'funnels', 'media'],
  '/admin/:projectId': ['admin'],
  '/test': ['admin'],
  '/playground': ['library', 'creatives', 'editor'],
};
