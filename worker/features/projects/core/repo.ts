import { planLimitSql } from '#worker/db/plans.ts';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { BrandKit, ProjectRole } from '#common/schemas/projects.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { ofExistingRow, rawStatement, rowWhere, type Db } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { anyLiveRowQuery, isLiveRow, liveRow } from '#worker/db/live-rows.ts';
import { projectInvites, projectMembers, projects } from '#worker/db/schema.ts';
import { isLiveUser, userField } from '#worker/features/auth/users/service.ts';
import { inMemberProjects } from '#worker/features/projects/scope/service.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type MemberRole = (typeof projectMembers.$inferSelect)['role'];

// Correlated subqueries name the outer table in full: in select fields drizzle writes a
// column unqualified ("id"), which inside `FROM media` would mean media.id.
const mediaCount = sql<number>`(SELECT count(*) FROM media WHERE media.project_id = "projects"."id" AND media.deleted_at IS NULL)`;
const memberCount = sql<number>`(SELECT count(*) FROM project_members pm WHERE pm.project_id = "projects"."id")`;
/** The brand-kit logo's thumbnail key ('' when it has none, null when there is no live logo). */
const logoThumbnail = sql<
  string | null
>`(SELECT coalesce(m.thumbnail_key, '') FROM media m WHERE m.id = json_extract("projects"."brand_kit", '$.logoMediaId') AND m.deleted_at IS NULL)`;

/** The active (neither archived nor deleted) projects a user owns: the number a plan limits. */
function activeOwnedCount(userId: SQL) {
  return sql`(SELECT count(*) FROM project_members pm JOIN projects p ON p.id = pm.project_id
    WHERE pm.user_id = ${userId} AND pm.role = 'owner' AND p.deleted_at IS NULL AND p.archived_at IS NULL)`;
}

/**
 * True while the user (a live account) owns fewer active projects than their plan allows
 * now. Inside the statement that adds the project, so that the check and the write are one
 * step for D1, whatever runs at the same time.
 */
function hasProjectSlot(userId: SQL) {
  const limit = planLimitSql(userField(userId, 'plan'), (plan) => plan.maxProjects);
  return sql`(${isLiveUser(userId)} AND (${limit} IS NULL OR ${activeOwnedCount(userId)} < ${limit}))`;
}

/**
 * Creates a project and makes `ownerId` its owner, if their plan has room: the project row
 * only when the owner is under the limit, the member row only when the project row was
 * written (`changes() = 1`). Run both in one batch and check the first one's changes.
 */
export function insertOwnedProjectStatements(
  db: Db,
  p: { id: string; ownerId: string; name: string; description: string; website: string | null; brandKit: BrandKit; locale: Locale; now: Date },
) {
  const now = p.now.getTime();
  return [
    rawStatement(
      db,
      sql`INSERT INTO projects (id, name, description, website, brand_kit, locale, created_at, updated_at)
        SELECT ${p.id}, ${p.name}, ${p.description}, ${p.website}, ${JSON.stringify(p.brandKit)}, ${p.locale}, ${now}, ${now}
        WHERE ${hasProjectSlot(sql`${p.ownerId}`)}`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at)
        SELECT ${p.id}, ${p.ownerId}, 'owner', ${now}, ${now} WHERE changes() = 1`,
    ),
  ];
}

/** Adds a member only if the statement before it in the batch (consuming the invitation) changed a row. */
export function insertMemberIfConsumed(db: Db, m: { projectId: string; userId: string; role: ProjectRole; now: Date }) {
  const now = m.now.getTime();
  return rawStatement(
    db,
    sql`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) SELECT ${m.projectId}, ${m.userId}, ${m.role}, ${now}, ${now} WHERE changes() = 1 ON CONFLICT DO NOTHING`,
  );
}

export function listProjectsForUser(db: Db, userId: string, options: { archived: boolean; limit: number; before?: { time: number; id: string } }) {
  const conditions = [
    eq(projectMembers.userId, userId),
    isNull(projects.deletedAt),
    options.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt),
  ];
  const query = db
    .select({ project: projects, role: projectMembers.role, mediaCount, memberCount, logoThumbnail })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .$dynamic();
  return keysetPage(query, { time: projects.updatedAt, key: projects.id, conditions, before: options.before, limit: options.limit });
}

export function projectCounts(db: Db, projectId: string) {
  return db.select({ mediaCount, memberCount, logoThumbnail }).from(projects).where(eq(projects.id, projectId)).get();
}

/**
 * Takes an archived project out of the archive (with other changes), only if its owner's
 * plan has room for one more active project: one conditional statement; no row back
 * when it was refused (or is not archived any more).
 */
export function restoreProject(db: Db, id: string, values: Partial<typeof projects.$inferInsert>) {
  const owner = sql`(SELECT user_id FROM project_members WHERE project_id = ${id} AND role = 'owner')`;
  return db
    .update(projects)
    .set({ ...values, archivedAt: null, updatedAt: new Date() })
    .where(and(eq(projects.id, id), isNull(projects.deletedAt), isNotNull(projects.archivedAt), hasProjectSlot(owner)))
    .returning();
}

export function findProject(db: Db, id: string) {
  return liveRow(db, projects, id).get();
}

export function updateProject(db: Db, id: string, values: Partial<typeof projects.$inferInsert>) {
  return db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(isLiveRow(projects, id))
    .returning();
}

/** The project's members (or just one of them), owner first. */
export function listMembers(db: Db, projectId: string, onlyUserId?: string) {
  // The name and address of each member's account (a foreign key: it exists).
  const name = ofExistingRow(userField(projectMembers.userId, 'name'));
  return db
    .select({
      userId: projectMembers.userId,
      name,
      email: ofExistingRow(userField(projectMembers.userId, 'email')),
      role: projectMembers.role,
      joinedAt: projectMembers.createdAt,
    })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), onlyUserId ? eq(projectMembers.userId, onlyUserId) : undefined))
    .orderBy(sql`CASE ${projectMembers.role} WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END`, name)
    .all();
}

export function findMember(db: Db, projectId: string, userId: string) {
  return rowWhere(db, projectMembers, eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId));
}

/** Changes a non-owner's role (the owner changes only through a transfer). */
export function setMemberRole(db: Db, projectId: string, userId: string, role: 'editor' | 'viewer') {
  return db
    .update(projectMembers)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), ne(projectMembers.role, 'owner')))
    .returning();
}

/**
 * Demotes the current owner and promotes the new one, in that order (one owner at a time).
 * The demotion happens only if the new owner is a member and has room for the project
 * under their plan (an archived project needs none); the promotion only if the demotion
 * happened (`changes() = 1`). Check the first statement's changes. `guard`, a condition of
 * the caller's, must hold too (an account purge: the deletion is still the one it read).
 */
export function transferOwnershipStatements(db: Db, projectId: string, fromUserId: string, toUserId: string, guard: SQL = sql`1`) {
  const now = Date.now();
  return [
    rawStatement(
      db,
      sql`UPDATE project_members SET role = 'editor', updated_at = ${now}
        WHERE project_id = ${projectId} AND user_id = ${fromUserId} AND role = 'owner'
          AND EXISTS (SELECT 1 FROM project_members t WHERE t.project_id = ${projectId} AND t.user_id = ${toUserId} AND t.role <> 'owner')
          AND ((SELECT archived_at FROM projects WHERE id = ${projectId}) IS NOT NULL OR ${hasProjectSlot(sql`${toUserId}`)})
          AND ${guard}`,
    ),
    rawStatement(
      db,
      sql`UPDATE project_members SET role = 'owner', updated_at = ${now}
        WHERE project_id = ${projectId} AND user_id = ${toUserId} AND role <> 'owner' AND changes() = 1`,
    ),
  ];
}

/**
 * Archives a live project when `toUserId` has no free project slot (archived projects do not
 * count), and only while `guard` holds: the first step of a hand-over in one batch.
 */
export function archiveUnlessSlotStatement(db: Db, projectId: string, toUserId: string, guard: SQL) {
  const now = Date.now();
  return rawStatement(
    db,
    sql`UPDATE projects SET archived_at = ${now}, updated_at = ${now}
      WHERE id = ${projectId} AND deleted_at IS NULL AND archived_at IS NULL AND NOT ${hasProjectSlot(sql`${toUserId}`)} AND ${guard}`,
  );
}

/** How many active projects the user owns (what the plan limits), as a query to batch. */
export function activeOwnedQuery(db: Db, userId: string) {
  return db
    .select({ active: sql<number>`count(*)` })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'owner'), isNull(projects.deletedAt), isNull(projects.archivedAt)));
}

/** The user's plan and how many active projects they own (for the message of a refusal); undefined without such a user. */
export async function projectAllowance(db: Db, userId: string) {
  const user = sql`${userId}`;
  // A plan is never null: none means there is no such user.
  return db.get<{ plan: 'free' | 'pro' | 'agency'; name: string; active: number } | undefined>(
    sql`SELECT * FROM (SELECT ${userField(user, 'plan')} AS plan, ${userField(user, 'name')} AS name, ${activeOwnedCount(user)} AS active) WHERE plan IS NOT NULL`,
  );
}

export function deleteMember(db: Db, projectId: string, userId: string) {
  return db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), ne(projectMembers.role, 'owner')))
    .returning();
}

export function insertInvite(db: Db, values: typeof projectInvites.$inferInsert) {
  return db.insert(projectInvites).values(values);
}

export function listPendingInvites(db: Db, projectId: string, now: Date) {
  return db
    .select()
    .from(projectInvites)
    .where(and(eq(projectInvites.projectId, projectId), isNull(projectInvites.acceptedAt), isNull(projectInvites.revokedAt), gt(projectInvites.expiresAt, now)))
    .orderBy(desc(projectInvites.createdAt))
    .all();
}

export function findPendingInviteForEmail(db: Db, projectId: string, email: string, now: Date) {
  return db
    .select()
    .from(projectInvites)
    .where(
      and(
        eq(projectInvites.projectId, projectId),
        eq(projectInvites.email, email),
        isNull(projectInvites.acceptedAt),
        isNull(projectInvites.revokedAt),
        gt(projectInvites.expiresAt, now),
      ),
    )
    .get();
}

export function findInviteByTokenHash(db: Db, tokenHash: string) {
  return db
    .select({ invite: projectInvites, project: projects, inviterName: userField(projectInvites.invitedBy, 'name') })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .where(eq(projectInvites.tokenHash, tokenHash))
    .get();
}

/** Marks an invite used if it is still open: the single-use guarantee. */
export function consumeInvite(db: Db, inviteId: string, userId: string, now: Date) {
  return db
    .update(projectInvites)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(projectInvites.id, inviteId), isNull(projectInvites.acceptedAt), isNull(projectInvites.revokedAt), gt(projectInvites.expiresAt, now)))
    .returning({ id: projectInvites.id });
}

export function revokeInvite(db: Db, projectId: string, inviteId: string, now: Date) {
  return db
    .update(projectInvites)
    .set({ revokedAt: now })
    .where(and(eq(projectInvites.id, inviteId), eq(projectInvites.projectId, projectId), isNull(projectInvites.acceptedAt), isNull(projectInvites.revokedAt)))
    .returning({ id: projectInvites.id });
}

/**
 * Deletes projects deleted before `before` whose media, renders and uploaded fonts (and so their R2
 * objects) are already purged: nothing is orphaned in R2.
 */
export function deleteEmptyDeletedProjects(db: Db, before: Date) {
  return db
    .delete(projects)
    .where(
      and(
        isNotNull(projects.deletedAt),
        lt(projects.deletedAt, before),
        sql`NOT EXISTS (SELECT 1 FROM media WHERE media.project_id = ${projects.id})`,
        sql`NOT EXISTS (SELECT 1 FROM creations WHERE creations.project_id = ${projects.id})`,
        sql`NOT EXISTS (SELECT 1 FROM brand_fonts WHERE brand_fonts.project_id = ${projects.id})`,
      ),
    );
}

/** A project of the user's whose brand kit has a logo or colours (the dashboard's first step). */
export function brandKitSetQuery(db: Db, userId: string) {
  return anyLiveRowQuery(
    db,
    projects,
    inMemberProjects(projects.id, userId),
    sql`(json_extract(${projects.brandKit}, '$.logoMediaId') IS NOT NULL OR json_array_length(${projects.brandKit}, '$.colors') > 0)`,
  );
}
