import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { projectArchivedError } from '#worker/lib/archived.ts';

/**
 * The writes an archived project still takes: restoring it (the projects service lets its
 * PATCH do nothing else while archived), deleting it, deciding who is in it, and taking
 * things back from the outside world (disconnecting Instagram, cancelling a scheduled post,
 * revoking a preview link).
 */
const ALLOWED_WHEN_ARCHIVED = new Set([
  'PATCH /api/projects/:projectId',
  'DELETE /api/projects/:projectId',
  'PATCH /api/projects/:projectId/members/:userId',
  'DELETE /api/projects/:projectId/members/:userId',
  'DELETE /api/projects/:projectId/invites/:inviteId',
  'DELETE /api/projects/:projectId/instagram',
  'DELETE /api/ads/:id/publish',
  'DELETE /api/ads/:id/preview-link',
]);

/**
 * An archived project is read-only until its owner restores it: a write that needs an
 * editor or the owner of an archived project is refused (409) here, once for every route
 * whose rule names the project, its media, creatives, creations or ads.
 */
export function refuseArchivedWrite(c: Context, project: { archivedAt: Date | null }, needed: ProjectRole): void {
  if (project.archivedAt === null || needed === 'viewer' || c.req.method === 'GET' || c.req.method === 'HEAD') return;
  if (ALLOWED_WHEN_ARCHIVED.has(`${c.req.method} ${routePath(c)}`)) return;
  throw projectArchivedError();
}
