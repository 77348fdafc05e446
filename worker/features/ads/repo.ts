import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { ads, projectMembers, projects } from '#worker/db/schema.ts';

/** An ad that is not deleted, in a live project the user belongs to, with the user's role. */
export function findAdForMember(db: Db, id: string, userId: string) {
  return db
    .select({ ad: ads, project: projects, role: projectMembers.role })
    .from(ads)
    .innerJoin(projects, eq(projects.id, ads.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, ads.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(ads.id, id), isNull(ads.deletedAt), isNull(projects.deletedAt)))
    .get();
}
