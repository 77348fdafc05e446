import type { BatchItem } from 'drizzle-orm/batch';
import type { ProjectRole } from '#common/schemas/projects.ts';
import type { Locale } from '#common/i18n/locales.ts';
import type { Db, Operand } from '#worker/db/client.ts';
import { combine, mapRead, read, run, type Read } from '#worker/lib/reads.ts';
import * as repo from '#worker/features/projects/scope/repo.ts';

/**
 * What other features know of projects (decision 0026): whether a user may see a project,
 * their role, who its members are, its name. Filters are query fragments that go into the
 * caller's own statement (`inMemberProjects(ads.projectId, userId)`), rows are reads that
 * the caller batches with its own: a screen costs the round trips it cost when every
 * feature joined project_members itself. Imports no feature but auth's users, so that every
 * feature may use it (the projects feature itself is above media: projects/core).
 */
export {
  deletedProjectIds,
  inMemberProjects,
  isActiveProject,
  isLiveProject,
  liveProjectName,
  memberAccountsQuery,
  memberColumns,
  memberProjectCount,
  memberProjectIds,
  memberRole,
  ownedLiveProjectIds,
  ownerOf,
  projectById,
  projectName,
  projectRowQuery,
  type ProjectRow,
} from '#worker/features/projects/scope/repo.ts';

/** A project and the user's role in it. */
export interface Membership {
  project: repo.ProjectRow;
  role: ProjectRole;
}

/**
 * The user's membership of a live project: `projectId` a value, or a subquery naming the
 * project of another feature's row (`(SELECT project_id FROM ads WHERE id = ?)`), so that the
 * row and its membership are read in one batch.
 */
export function membershipRead(db: Db, projectId: Operand, userId: string): Read<Membership | undefined> {
  return read(repo.membership(db, projectId, userId), ([row]) => row);
}

export function membershipOf(db: Db, projectId: string, userId: string): Promise<Membership | undefined> {
  return run(db, membershipRead(db, projectId, userId));
}

/**
 * A row of another feature for a member of its project, in one round trip: the row's read and
 * the membership of `projectOf` (the subquery of the row's project) run as one batch. Undefined
 * when the row is not there or the user is not a member of its live project.
 */
export function forMember<R>(db: Db, row: Read<R | undefined>, projectOf: Operand, userId: string): Read<(Membership & { resource: R }) | undefined> {
  return mapRead(combine({ resource: row, membership: membershipRead(db, projectOf, userId) }), ({ resource, membership }) =>
    resource !== undefined && membership ? { ...membership, resource } : undefined,
  );
}

/**
 * The lookup of an access rule (`access({ ad: role })` and the like): the first row of `query`
 * (the feature's live row, `.limit(1)`) for a member of its project (`projectOf`, the subquery of
 * the row's project), in one batch.
 */
export function firstRowForMember<R>(db: Db, query: BatchItem<'sqlite'> & { _: { result: R[] } }, projectOf: Operand, userId: string) {
  return run(
    db,
    forMember(
      db,
      read(query, (rows: R[]) => rows[0]),
      projectOf,
      userId,
    ),
  );
}

/** The project's live members (only its owner with `role`) with their names, addresses and languages: whom a feature mails. */
export function membersOf(db: Db, projectId: string, role?: ProjectRole): Read<{ userId: string; name: string; email: string; locale: Locale }[]> {
  return read(repo.members(db, projectId, role), (rows) => rows);
}

/** The live projects a user is a member of, most recently changed first. */
export function membershipsOf(db: Db, userId: string, limit: number) {
  return repo.membershipsOf(db, userId, limit).all();
}

/** A live project (not deleted): `projectId` a value, or a subquery naming the project of another feature's row (read in one batch with it). */
export function liveProjectRead(db: Db, projectId: Operand): Read<repo.ProjectRow | undefined> {
  return read(repo.liveProject(db, projectId), ([row]) => row);
}

/** A project's name, deleted or not. */
export async function projectNameOf(db: Db, projectId: string): Promise<string | undefined> {
  return (await repo.nameOf(db, projectId).get())?.name;
}
