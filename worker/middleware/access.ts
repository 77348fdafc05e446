import { createMiddleware } from 'hono/factory';
import { ROLE_RANK, type ProjectRole } from '#common/schemas/projects.ts';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';
import { refuseArchivedWrite } from '#worker/middleware/archived.ts';
import { resolveSession } from '#worker/middleware/session.ts';
import { findCreationForMember, findCreativeForMember } from '#worker/features/creatives/repo.ts';
import { findLiveMedia, findLiveMediaForMember } from '#worker/features/media/repo.ts';
import { verifyMediaSignature } from '#worker/features/media/service.ts';
import { findMembership } from '#worker/features/projects/repo.ts';

/**
 * Who may call a route (ARCHITECTURE.md §6, PRODUCT.md §1). Every route declares one
 * rule through `access()`; the authorization matrix test fails on a route without one.
 * - public: anyone (the session is still loaded when a cookie is present);
 * - user: signed in, else 401 (API) or a redirect to /login?next= (pages);
 * - admin: signed-in admin, else 404 so that the area cannot be probed;
 * - { project: role }: a member of the project in `:projectId` with at least that role;
 * - { creative: role } / { creation: role }: the same, for the project of the creative
 *   or creation in `:id`;
 * - { media: role }: the same, for the project of the media object in `:id`; with
 *   `signed`, a valid expiring signature in the URL stands in for the session (the
 *   media on public pages and previews).
 * Not a member (admins included) → 404; a member whose role is too low → 403.
 */
export type AccessRule =
  | 'public'
  | 'user'
  | 'admin'
  | { project: ProjectRole }
  | { media: ProjectRole; signed?: 'file' | 'thumbnail' }
  | { creative: ProjectRole }
  | { creation: ProjectRole };

export type AccessMiddleware = ReturnType<typeof createMiddleware<AppEnv>> & { accessRule: AccessRule };

export function loginRedirectPath(url: string): string {
  const { pathname, search } = new URL(url);
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

export function access(rule: AccessRule): AccessMiddleware {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    if (typeof rule === 'object' && 'media' in rule && rule.signed && c.req.query('sig') !== undefined) {
      const id = c.req.param('id') ?? '';
      const valid = looksLikeId(id) && (await verifyMediaSignature(c.env.SESSION_SECRET, id, rule.signed, c.req.query('expires'), c.req.query('sig')));
      const row = valid ? await findLiveMedia(c.get('db'), id) : undefined;
      if (!row) throw new AppError('not_found');
      c.set('media', row);
      return next();
    }
    await resolveSession(c);
    if (rule === 'public') return next();
    const user = c.get('user');
    if (!user) {
      if (isApiPath(c.req.path)) throw new AppError('unauthenticated');
      return c.redirect(loginRedirectPath(c.req.url), 302);
    }
    if (rule === 'admin' && user.role !== 'admin') throw new AppError('not_found');
    if (typeof rule === 'object') {
      let membership: AppEnv['Variables']['membership'];
      let needed: ProjectRole;
      if ('media' in rule) {
        needed = rule.media;
        const id = c.req.param('id');
        const row = id && looksLikeId(id) ? await findLiveMediaForMember(c.get('db'), id, user.id) : undefined;
        if (row) {
          c.set('media', row.media);
          membership = { project: row.project, role: row.role };
        }
      } else if ('creative' in rule || 'creation' in rule) {
        needed = 'creative' in rule ? rule.creative : rule.creation;
        const id = c.req.param('id');
        if (id && looksLikeId(id)) {
          if ('creative' in rule) {
            const row = await findCreativeForMember(c.get('db'), id, user.id);
            if (row) {
              c.set('creative', row.creative);
              membership = { project: row.project, role: row.role };
            }
          } else {
            const row = await findCreationForMember(c.get('db'), id, user.id);
            if (row) {
              c.set('creation', row.creation);
              membership = { project: row.project, role: row.role };
            }
          }
        }
      } else {
        needed = rule.project;
        const projectId = c.req.param('projectId');
        membership = projectId && looksLikeId(projectId) ? await findMembership(c.get('db'), projectId, user.id) : undefined;
      }
      if (!membership) throw new AppError('not_found');
      if (ROLE_RANK[membership.role] < ROLE_RANK[needed]) {
        throw new AppError(
          'forbidden',
          needed === 'owner' ? 'Only the project’s owner can do that.' : 'Viewers can look but not change anything in this project.',
        );
      }
      c.set('membership', membership);
      refuseArchivedWrite(c, membership.project, needed);
    }
    await next();
  });
  return Object.assign(middleware, { accessRule: rule });
}

export function isAccessMiddleware(handler: unknown): handler is AccessMiddleware {
  return typeof handler === 'function' && 'accessRule' in handler;
}
