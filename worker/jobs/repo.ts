import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { projects, rateLimits } from '#worker/db/schema.ts';

/**
 * The housekeeping queries that no feature owns: rate-limit windows belong to lib/rate-limit.ts,
 * and a deleted project can go only once the media and creatives features have purged what
 * it held, so its purge looks at their tables.
 */
export function deleteFinishedRateLimitWindows(db: Db, now: Date) {
  return db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

/** Projects deleted before `before` whose media and renders (and so their R2 objects) are gone: nothing is orphaned in R2. */
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
