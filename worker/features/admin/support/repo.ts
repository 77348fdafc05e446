import { sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { auditTrail } from '#worker/lib/audit.ts';
import { adCount, newestAdsQuery } from '#worker/features/ads/core/service.ts';
import { userField, userIdByEmail } from '#worker/features/auth/users/service.ts';
import { creativeUsage, newestCreationsQuery, newestCreativesQuery } from '#worker/features/creatives/core/service.ts';
import { funnelUsage } from '#worker/features/funnels/core/service.ts';
import { leadCount } from '#worker/features/funnels/leads/service.ts';
import { newestPagesQuery } from '#worker/features/funnels/pages/service.ts';
import { newestPublishedQuery, publishedCount } from '#worker/features/instagram/publish/service.ts';
import { mediaUsage, newestMediaQuery } from '#worker/features/media/service.ts';
import { memberAccountsQuery, projectById, projectName, projectRowQuery } from '#worker/features/projects/scope/service.ts';

/**
 * What admins look at: the audit trail with the names of its actors and targets, and the
 * read-only support view of one project. Reads only, each through the owner of the table
 * (decision 0026): the audit trail is lib/audit's, the names auth's and projects' subqueries,
 * the project's members, usage and newest work their features' queries, in one batch.
 */

/* ---------- audit log ---------- */

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  projectId?: string | undefined;
}

/** A page of the audit trail (the actor given by id or address), each entry with its actor's name and address and its target's label. */
export function listAudit(db: Db, filters: AuditFilters, limit: number, before?: { time: number; id: string }) {
  const { actor, ...rest } = filters;
  const actorIs = actor ? [actor, userIdByEmail(actor.toLowerCase())] : undefined;
  return auditTrail(db, { ...rest, actorIs }, limit, before, (entry) => ({
    actorName: userField(entry.actorUserId, 'name'),
    actorEmail: userField(entry.actorUserId, 'email'),
    targetLabel: sql<
      string | null
    >`coalesce(CASE WHEN ${entry.targetType} = 'user' THEN ${userField(entry.targetId, 'email')} END, CASE WHEN ${entry.targetType} = 'project' THEN ${projectName(entry.targetId)} END)`,
  }));
}

/* ---------- one project, for support ---------- */

export function findProject(db: Db, projectId: string) {
  return projectById(db, projectId);
}

/** Members, usage and the newest work of one project: one batch of reads. */
export function projectView(db: Db, projectId: string) {
  return db.batch([
    memberAccountsQuery(db, projectId),
    projectRowQuery(db, projectId, {
      ...mediaUsage(projectId),
      ...creativeUsage(projectId),
      ads: adCount(projectId),
      ...funnelUsage(projectId),
      leads: leadCount(projectId),
      postsPublished: publishedCount(projectId),
    }),
    newestMediaQuery(db, projectId, 10),
    newestCreativesQuery(db, projectId, 10),
    newestCreationsQuery(db, projectId, 10),
    newestAdsQuery(db, projectId, 10),
    newestPagesQuery(db, projectId, 10),
    newestPublishedQuery(db, projectId, 10),
  ]);
}
