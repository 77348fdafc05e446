import type { Context } from 'hono';
import type { WorkspacePath } from '#common/workspace-routes.ts';
import type { AppEnv } from '#worker/env.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { projectExists } from '#worker/features/admin/support/service.ts';
import { creativeForMember } from '#worker/features/creatives/core/service.ts';
import { funnelByNameForMember, funnelForMember } from '#worker/features/funnels/core/service.ts';
import { pageForMember } from '#worker/features/funnels/pages/service.ts';
import { mediaForMember } from '#worker/features/media/service.ts';
import { membershipOf } from '#worker/features/projects/scope/service.ts';

/**
 * Whether the ids in a workspace URL exist and are visible to the signed-in user (else
 * the page is a 404). Each feature supplies its check as it lands; until then no such id
 * can exist (issue #2: ids of features not built yet 404).
 */
export type Resolver = (c: Context<AppEnv>, params: Record<string, string>) => Promise<boolean>;

async function isMember(c: Context<AppEnv>, projectId: string | undefined): Promise<boolean> {
  const user = c.get('user');
  return Boolean(user && projectId && looksLikeId(projectId) && (await membershipOf(c.get('db'), projectId, user.id)));
}

async function visibleMedia(c: Context<AppEnv>, mediaId: string | undefined, projectId?: string) {
  const user = c.get('user');
  if (!user || !mediaId || !looksLikeId(mediaId)) return false;
  const found = await mediaForMember(c.get('db'), mediaId, user.id);
  return Boolean(found && (projectId === undefined || found.resource.projectId === projectId));
}

export const RESOLVERS: Partial<Record<WorkspacePath, Resolver>> = {
  '/projects/:projectId': (c, p) => isMember(c, p.projectId),
  '/projects/:projectId/media/:objectId': (c, p) => visibleMedia(c, p.objectId, p.projectId),
  '/projects/:projectId/creatives': (c, p) => isMember(c, p.projectId),
  '/projects/:projectId/marketing': (c, p) => isMember(c, p.projectId),
  '/media/:id': (c, p) => visibleMedia(c, p.id),
  '/creatives/:objectId': async (c, p) => {
    const user = c.get('user');
    return Boolean(user && p.objectId && looksLikeId(p.objectId) && (await creativeForMember(c.get('db'), p.objectId, user.id)));
  },
  '/funnels/:funnelId': async (c, p) => {
    const user = c.get('user');
    return Boolean(user && p.funnelId && looksLikeId(p.funnelId) && (await funnelForMember(c.get('db'), p.funnelId, user.id)));
  },
  '/_components/:funnelName': async (c, p) => {
    const user = c.get('user');
    return Boolean(user && p.funnelName && p.funnelName.length <= 100 && (await funnelByNameForMember(c.get('db'), p.funnelName, user.id)));
  },
  '/pages/:funnelPageId': async (c, p) => {
    const user = c.get('user');
    return Boolean(user && p.funnelPageId && looksLikeId(p.funnelPageId) && (await pageForMember(c.get('db'), p.funnelPageId, user.id)));
  },
  '/admin/:projectId': async (c, p) =>
    Boolean(c.get('user')?.role === 'admin' && p.projectId && looksLikeId(p.projectId) && (await projectExists(c.get('db'), p.projectId))),
};
