import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { rawStatement, type Db } from '#worker/db/client.ts';
import {
  ads,
  auditLog,
  creations,
  creatives,
  creditBalances,
  funnelPages,
  funnelPageVersions,
  media,
  projectMembers,
  projects,
  scheduledPosts,
  sessions,
  users,
} from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';

/**
 * What admins look at (decision 0026 allows this module every table, worker/db/owners.ts): the
 * audit trail with the names of its actors and targets, the system's figures, and the
 * read-only support view of one project. Reads only.
 */
export type AuditRow = typeof auditLog.$inferSelect;

/* ---------- audit log ---------- */

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  projectId?: string | undefined;
}

export function listAudit(db: Db, filters: AuditFilters, limit: number, before?: { time: number; id: string }) {
  const conditions: (SQL | undefined)[] = [];
  if (filters.actor) {
    conditions.push(
      or(eq(auditLog.actorUserId, filters.actor), sql`${auditLog.actorUserId} = (SELECT id FROM users WHERE email = ${filters.actor.toLowerCase()})`),
    );
  }
  if (filters.action) conditions.push(sql`substr(${auditLog.action}, 1, ${filters.action.length}) = ${filters.action}`);
  if (filters.target) conditions.push(eq(auditLog.targetId, filters.target));
  if (filters.projectId) {
    conditions.push(or(eq(auditLog.projectId, filters.projectId), and(eq(auditLog.targetType, 'project'), eq(auditLog.targetId, filters.projectId))));
  }
  if (before) {
    const time = new Date(before.time);
    conditions.push(or(lt(auditLog.createdAt, time), and(eq(auditLog.createdAt, time), lt(auditLog.id, before.id))));
  }
  const targetUser = alias(users, 'target_user');
  const targetProject = alias(projects, 'target_project');
  return db
    .select({
      entry: auditLog,
      actorName: users.name,
      actorEmail: users.email,
      targetLabel: sql<string | null>`coalesce(${targetUser.email}, ${targetProject.name})`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(targetUser.id, auditLog.targetId)))
    .leftJoin(targetProject, and(eq(auditLog.targetType, 'project'), eq(targetProject.id, auditLog.targetId)))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1)
    .all();
}

/* ---------- system figures ---------- */

const day = (column: SQL) => sql<string>`date(${column} / 1000, 'unixepoch')`;

/** Everything the figures show, as one batch of reads. */
export function figures(db: Db, since: Date) {
  const t = since.getTime();
  return db.batch([
    db
      .select({
        total: sql<number>`count(*)`,
        disabled: sql<number>`coalesce(sum(${users.disabledAt} IS NOT NULL), 0)`,
        admins: sql<number>`coalesce(sum(${users.role} = 'admin'), 0)`,
      })
      .from(users)
      .where(isNull(users.deletedAt)),
    db
      .select({ total: sql<number>`count(*)` })
      .from(projects)
      .where(isNull(projects.deletedAt)),
    db
      .select({ day: day(sql`${users.createdAt}`), n: sql<number>`count(*)` })
      .from(users)
      .where(and(gte(users.createdAt, since), isNull(users.deletedAt)))
      .groupBy(day(sql`${users.createdAt}`)),
    db
      .select({ day: day(sql`${projects.createdAt}`), n: sql<number>`count(*)` })
      .from(projects)
      .where(gte(projects.createdAt, since))
      .groupBy(day(sql`${projects.createdAt}`)),
    db
      .select({ day: day(sql`${creations.createdAt}`), n: sql<number>`count(*)` })
      .from(creations)
      .where(gte(creations.createdAt, since))
      .groupBy(day(sql`${creations.createdAt}`)),
    db
      .select({ day: day(sql`${scheduledPosts.publishedAt}`), n: sql<number>`count(*)` })
      .from(scheduledPosts)
      .where(and(eq(scheduledPosts.status, 'published'), sql`${scheduledPosts.publishedAt} >= ${t}`))
      .groupBy(day(sql`${scheduledPosts.publishedAt}`)),
    db
      .select({ day: day(sql`${funnelPageVersions.createdAt}`), n: sql<number>`count(*)` })
      .from(funnelPageVersions)
      .where(gte(funnelPageVersions.createdAt, since))
      .groupBy(day(sql`${funnelPageVersions.createdAt}`)),
  ]);
}

/* ---------- one project, for support ---------- */

export function findProject(db: Db, projectId: string) {
  return db.select().from(projects).where(eq(projects.id, projectId)).get();
}

/** Members, usage, the newest work and the audit trail of one project: one batch of reads. */
export function projectView(db: Db, projectId: string) {
  const count = (table: 'media' | 'creatives' | 'creations' | 'ads' | 'funnels' | 'funnel_pages') =>
    sql`(SELECT count(*) FROM ${sql.raw(table)} WHERE project_id = ${projectId} AND deleted_at IS NULL)`;
  return db.batch([
    db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        role: projectMembers.role,
        since: projectMembers.createdAt,
        disabledAt: users.disabledAt,
      })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, projectId))
      .orderBy(projectMembers.createdAt),
    db
      .select({
        media: sql<number>`${count('media')}`,
        storageBytes: sql<number>`(SELECT coalesce(sum(size + coalesce(thumbnail_size, 0)), 0) FROM media WHERE project_id = ${projectId} AND deleted_at IS NULL)`,
        creatives: sql<number>`${count('creatives')}`,
        creations: sql<number>`${count('creations')}`,
        ads: sql<number>`${count('ads')}`,
        funnels: sql<number>`${count('funnels')}`,
        pages: sql<number>`${count('funnel_pages')}`,
        leads: sql<number>`(SELECT count(*) FROM leads WHERE project_id = ${projectId})`,
        postsPublished: sql<number>`(SELECT count(*) FROM scheduled_posts WHERE project_id = ${projectId} AND status = 'published')`,
      })
      .from(projects)
      .where(eq(projects.id, projectId)),
    db
      .select({ id: media.id, name: media.name, at: media.createdAt })
      .from(media)
      .where(and(eq(media.projectId, projectId), isNull(media.deletedAt)))
      .orderBy(desc(media.createdAt))
      .limit(10),
    db
      .select({ id: creatives.id, name: creatives.name, at: creatives.updatedAt })
      .from(creatives)
      .where(and(eq(creatives.projectId, projectId), isNull(creatives.deletedAt)))
      .orderBy(desc(creatives.updatedAt))
      .limit(10),
    db
      .select({ id: creations.id, name: creations.name, at: creations.createdAt })
      .from(creations)
      .where(and(eq(creations.projectId, projectId), isNull(creations.deletedAt)))
      .orderBy(desc(creations.createdAt))
      .limit(10),
    db
      .select({ id: ads.id, name: ads.name, at: ads.updatedAt })
      .from(ads)
      .where(and(eq(ads.projectId, projectId), isNull(ads.deletedAt)))
      .orderBy(desc(ads.updatedAt))
      .limit(10),
    db
      .select({ id: funnelPages.id, name: funnelPages.title, at: funnelPages.updatedAt })
      .from(funnelPages)
      .where(and(eq(funnelPages.projectId, projectId), isNull(funnelPages.deletedAt)))
      .orderBy(desc(funnelPages.updatedAt))
      .limit(10),
    db
      .select({ id: scheduledPosts.id, name: scheduledPosts.caption, at: scheduledPosts.publishedAt })
      .from(scheduledPosts)
      .where(and(eq(scheduledPosts.projectId, projectId), eq(scheduledPosts.status, 'published')))
      .orderBy(desc(scheduledPosts.publishedAt))
      .limit(10),
  ]);
}
