import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { creatives } from '#worker/db/schema.ts';

type CreativeInsert = typeof creatives.$inferInsert;

/** Queries of linked formats (issue 14, point 5): a creative's link group, its copies, their creations. */

/** The live creatives of a link group (the creative itself when it has none), with the creation of each current version and the newest one. */
export function groupMembers(db: Db, projectId: string, creativeId: string, linkGroup: string | null) {
  return db
    .select({
      creative: creatives,
      currentCreationId: sql<
        string | null
      >`(SELECT x.id FROM creations x WHERE x.revision_id = "creatives"."revision_id" AND x.deleted_at IS NULL ORDER BY x.created_at DESC LIMIT 1)`,
      lastCreationId: sql<
        string | null
      >`(SELECT x.id FROM creations x WHERE x.creative_id = "creatives"."id" AND x.deleted_at IS NULL ORDER BY x.created_at DESC, x.id DESC LIMIT 1)`,
    })
    .from(creatives)
    .where(
      and(
        eq(creatives.projectId, projectId),
        isNull(creatives.deletedAt),
        linkGroup ? or(eq(creatives.id, creativeId), eq(creatives.linkGroup, linkGroup)) : eq(creatives.id, creativeId),
      ),
    )
    .orderBy(asc(creatives.createdAt), asc(creatives.id))
    .all();
}

/** Makes the creative the head of its own link group, unless it is in one already. */
export function joinOwnGroup(db: Db, creativeId: string) {
  return rawStatement(db, sql`UPDATE creatives SET link_group = ${creativeId} WHERE id = ${creativeId} AND link_group IS NULL`);
}

/**
 * The insert of a linked copy, only if no live creative of the group has its format yet: of
 * two resizes at once, one makes the copy (the caller checks the affected rows). The head is
 * matched by its `link_group` too (`joinOwnGroup` runs first in the same batch), not by its id:
 * a head that left the group (its format changed) has another group now.
 */
export function insertLinkedCopy(
  db: Db,
  values: Required<Omit<CreativeInsert, 'deletedAt' | 'linkGroup' | 'nameFromHeadline' | 'variationsMade' | 'variationOf'>> & { linkGroup: string },
) {
  return rawStatement(
    db,
    sql`INSERT INTO creatives (id, project_id, created_by, name, status, format, template, document, revision_id, revision_number, revision_hash, link_group, created_at, updated_at)
      SELECT ${values.id}, ${values.projectId}, ${values.createdBy}, ${values.name}, ${values.status}, ${values.format}, ${values.template}, ${JSON.stringify(values.document)},
        ${values.revisionId}, ${values.revisionNumber}, ${values.revisionHash}, ${values.linkGroup}, ${values.createdAt.getTime()}, ${values.updatedAt.getTime()}
      WHERE NOT EXISTS (
        SELECT 1 FROM creatives g WHERE g.project_id = ${values.projectId} AND g.deleted_at IS NULL AND g.format = ${values.format}
          AND g.link_group = ${values.linkGroup}
      )`,
  );
}
