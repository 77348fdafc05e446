import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { ofExistingRow, operand, type Db, type Operand } from '#worker/db/client.ts';
import { projectMembers, projects } from '#worker/db/schema.ts';
import { isLiveUser, userField } from '#worker/features/auth/users/service.ts';

/**
 * Which projects a user may see, and who is in a project: the one place that joins
 * project_members (decision 0026). Other features filter their rows with these fragments
 * (`inMemberProjects(creatives.projectId, userId)`) or read through projects/scope/service.ts,
 * in the same statement or batch as before. The aliases (scope_*) keep the subqueries apart
 * from the caller's own tables.
 */
export type ProjectRow = typeof projects.$inferSelect;

/** Roles from the least to the most: "at least editor" is editor or owner. */
const AT_LEAST: Record<ProjectRole, readonly ProjectRole[]> = { viewer: ['viewer', 'editor', 'owner'], editor: ['editor', 'owner'], owner: ['owner'] };

function roleAtLeast(role: SQL, minRole: ProjectRole | undefined): SQL {
  if (!minRole || minRole === 'viewer') return sql`1`;
  return sql`${role} IN (${sql.join(
    AT_LEAST[minRole].map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

/**
 * The ids of the live projects `userId` is a member of (with at least `minRole`), as a
 * subquery for `column IN (…)`: the user's memberships, by their index.
 */
export function memberProjectIds(userId: Operand, minRole?: ProjectRole): SQL {
  return sql`(SELECT scope_pm.project_id FROM project_members scope_pm JOIN projects scope_p ON scope_p.id = scope_pm.project_id
    WHERE scope_pm.user_id = ${operand(userId)} AND scope_p.deleted_at IS NULL AND ${roleAtLeast(sql`scope_pm.role`, minRole)})`;
}

/** `column` (a project id) is one of the live projects `userId` is a member of. */
export function inMemberProjects(column: Operand, userId: Operand, minRole?: ProjectRole): SQL {
  return sql`${operand(column)} IN ${memberProjectIds(userId, minRole)}`;
}

/** How many live projects `userId` is a member of. */
export function memberProjectCount(userId: Operand): SQL<number> {
  return sql<number>`(SELECT count(*) FROM ${memberProjectIds(userId)})`;
}

/** The user's role in the project, null when they are not a member. */
export function memberRole(projectId: Operand, userId: Operand): SQL<ProjectRole | null> {
  return sql<ProjectRole | null>`(SELECT scope_pm.role FROM project_members scope_pm WHERE scope_pm.project_id = ${operand(projectId)} AND scope_pm.user_id = ${operand(userId)})`;
}

/**
 * The project's name and the user's role, as select fields of rows that `inMemberProjects`
 * with the same user filtered (so neither is null): a list of a user's creatives, creations
 * or funnels across their projects.
 */
export function memberColumns(projectId: Operand, userId: Operand): { projectName: SQL<string>; role: SQL<ProjectRole> } {
  return { projectName: sql<string>`${projectName(projectId)}`, role: sql<ProjectRole>`${memberRole(projectId, userId)}` };
}

/** The project is live (not deleted). */
export function isLiveProject(projectId: Operand): SQL {
  return sql`EXISTS (SELECT 1 FROM projects scope_p WHERE scope_p.id = ${operand(projectId)} AND scope_p.deleted_at IS NULL)`;
}

/** The project is live and not archived (an archived project's pages still serve, but are not offered to search engines). */
export function isActiveProject(projectId: Operand): SQL {
  return sql`EXISTS (SELECT 1 FROM projects scope_p WHERE scope_p.id = ${operand(projectId)} AND scope_p.deleted_at IS NULL AND scope_p.archived_at IS NULL)`;
}

/** The project's name (deleted or not; null when there is no such project). */
export function projectName(projectId: Operand): SQL<string | null> {
  return sql<string | null>`(SELECT scope_p.name FROM projects scope_p WHERE scope_p.id = ${operand(projectId)})`;
}

/** The project's name while it is live (null when it is deleted or there is no such project). */
export function liveProjectName(projectId: Operand): SQL<string | null> {
  return sql<string | null>`(SELECT scope_p.name FROM projects scope_p WHERE scope_p.id = ${operand(projectId)} AND scope_p.deleted_at IS NULL)`;
}

/** The owner of the project (a project has one; null when there is no such project). */
export function ownerOf(projectId: Operand): SQL<string | null> {
  return sql<
    string | null
  >`(SELECT scope_pm.user_id FROM project_members scope_pm WHERE scope_pm.project_id = ${operand(projectId)} AND scope_pm.role = 'owner')`;
}

/** The ids of the live projects `userId` owns, as a subquery for `column IN (…)`. */
export function ownedLiveProjectIds(userId: Operand): SQL {
  return sql`(SELECT scope_pm.project_id FROM project_members scope_pm JOIN projects scope_p ON scope_p.id = scope_pm.project_id
    WHERE scope_pm.user_id = ${operand(userId)} AND scope_pm.role = 'owner' AND scope_p.deleted_at IS NULL)`;
}

/** The ids of the projects deleted before `before`, as a subquery for `column IN (…)` (the purges). */
export function deletedProjectIds(before: Date): SQL {
  return sql`(SELECT scope_p.id FROM projects scope_p WHERE scope_p.deleted_at IS NOT NULL AND scope_p.deleted_at < ${before.getTime()})`;
}

/** The live project `projectId` (a value, or a subquery naming the project of another feature's row) with the user's role, if they are a member. */
export function membership(db: Db, projectId: Operand, userId: string) {
  return db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.projectId, operand(projectId)), eq(projectMembers.userId, userId), isNull(projects.deletedAt)))
    .limit(1);
}

/** The live accounts in the project (only its owner with `role`): whom a feature mails. */
export function members(db: Db, projectId: string, role?: ProjectRole) {
  return db
    .select({
      userId: projectMembers.userId,
      name: ofExistingRow(userField(projectMembers.userId, 'name')),
      email: ofExistingRow(userField(projectMembers.userId, 'email')),
      locale: ofExistingRow(userField(projectMembers.userId, 'locale')),
    })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), role ? eq(projectMembers.role, role) : undefined, isLiveUser(projectMembers.userId)));
}

/** The live projects `userId` is a member of, most recently changed first (the admin's view of an account). */
export function membershipsOf(db: Db, userId: string, limit: number) {
  return db
    .select({ id: projects.id, name: projects.name, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), isNull(projects.deletedAt)))
    .orderBy(desc(projects.updatedAt))
    .limit(limit);
}

/** A live project: `projectId` a value, or a subquery naming the project of another feature's row. */
export function liveProject(db: Db, projectId: Operand) {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.id, operand(projectId)), isNull(projects.deletedAt)))
    .limit(1);
}

/** A project's name, deleted or not. */
export function nameOf(db: Db, projectId: string) {
  return db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
}

/** A project, deleted or not (the admin's support view). */
export function projectById(db: Db, projectId: string) {
  return db.select().from(projects).where(eq(projects.id, projectId)).get();
}

/** Every member of the project with their account's name, address and disabling, oldest membership first (the admin's support view): a query for the caller's batch. */
export function memberAccountsQuery(db: Db, projectId: string) {
  return db
    .select({
      userId: projectMembers.userId,
      name: ofExistingRow(userField(projectMembers.userId, 'name')),
      email: ofExistingRow(userField(projectMembers.userId, 'email')),
      role: projectMembers.role,
      since: projectMembers.createdAt,
      disabledAt: userField(projectMembers.userId, 'disabledAt'),
    })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(projectMembers.createdAt);
}

/** One row of `columns` (other features' subqueries about the project) when the project `projectId` exists, deleted or not: a query for the caller's batch. */
export function projectRowQuery<T extends Record<string, SQL>>(db: Db, projectId: string, columns: T) {
  return db.select(columns).from(projects).where(eq(projects.id, projectId));
}
