import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { projectInvites, projectMembers, projects, users } from '#worker/db/schema.ts';

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

export function insertProject(db: Db, values: typeof projects.$inferInsert) {
  return db.insert(projects).values(values);
}

export function insertMember(db: Db, values: typeof projectMembers.$inferInsert) {
  return db.insert(projectMembers).values(values);
}

/** Adds a member only if the statement before it in the batch (consuming the invitation) changed a row. */
export function insertMemberIfConsumed(db: Db, m: { projectId: string; userId: string; role: ProjectRole; now: Date }) {
  const now = m.now.getTime();
  return rawStatement(
    db,
    sql`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) SELECT ${m.projectId}, ${m.userId}, ${m.role}, ${now}, ${now} WHERE changes() = 1 ON CONFLICT DO NOTHING`,
  );
}

/** Projects the user owns that count against the plan (neither archived nor deleted). */
export async function countActiveOwnedProjects(db: Db, userId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'owner'), isNull(projects.deletedAt), isNull(projects.archivedAt)))
    .get();
  return row?.n ?? 0;
}

export function listProjectsForUser(db: Db, userId: string, options: { archived: boolean; limit: number; before?: { time: number; id: string } }) {
  const conditions = [
    eq(projectMembers.userId, userId),
    isNull(projects.deletedAt),
    options.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt),
  ];
  if (options.before) {
    conditions.push(
      or(
        lt(projects.updatedAt, new Date(options.before.time)),
        and(eq(projects.updatedAt, new Date(options.before.time)), lt(projects.id, options.before.id)),
      )!,
    );
  }
  return db
    .select({ project: projects, role: projectMembers.role, mediaCount, memberCount, logoThumbnail })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(...conditions))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(options.limit + 1)
    .all();
}

/** The project with the user's role, if it exists (not deleted) and they are a member. */
export function findMembership(db: Db, projectId: string, userId: string) {
  return db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), isNull(projects.deletedAt)))
    .get();
}

export function projectCounts(db: Db, projectId: string) {
  return db.select({ mediaCount, memberCount, logoThumbnail }).from(projects).where(eq(projects.id, projectId)).get();
}

export function updateProject(db: Db, id: string, values: Partial<typeof projects.$inferInsert>) {
  return db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(projects.id, id), isNull(projects.deletedAt)))
    .returning();
}

export function ownerOf(db: Db, projectId: string) {
  return db
    .select({ userId: users.id, plan: users.plan })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'owner')))
    .get();
}

/** The project's members (or just one of them), owner first. */
export function listMembers(db: Db, projectId: string, onlyUserId?: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: projectMembers.role, joinedAt: projectMembers.createdAt })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), onlyUserId ? eq(projectMembers.userId, onlyUserId) : undefined))
    .orderBy(sql`CASE ${projectMembers.role} WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END`, users.name)
    .all();
}

export function findMember(db: Db, projectId: string, userId: string) {
  return db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .get();
}

/** Changes a non-owner's role (the owner changes only through a transfer). */
export function setMemberRole(db: Db, projectId: string, userId: string, role: 'editor' | 'viewer') {
  return db
    .update(projectMembers)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), ne(projectMembers.role, 'owner')))
    .returning();
}

/** Demotes the current owner and promotes the new one, in that order (one owner at a time). */
export function transferOwnershipStatements(db: Db, projectId: string, fromUserId: string, toUserId: string) {
  const now = new Date();
  return [
    db
      .update(projectMembers)
      .set({ role: 'editor', updatedAt: now })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, fromUserId), eq(projectMembers.role, 'owner'))),
    db
      .update(projectMembers)
      .set({ role: 'owner', updatedAt: now })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, toUserId), ne(projectMembers.role, 'owner'))),
  ] as const;
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
    .select({ invite: projectInvites, project: projects, inviterName: users.name })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .leftJoin(users, eq(users.id, projectInvites.invitedBy))
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
 * Deletes projects deleted before `before` whose media and renders (and so their R2
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
      ),
    );
}
