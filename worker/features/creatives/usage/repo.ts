import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { creatives } from '#worker/db/schema.ts';

/** The live creatives of a project whose document mentions one of `ids` (one query, however many ids), with their newest live render. */
export function creativesUsingMedia(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: creatives.id,
      name: creatives.name,
      format: creatives.format,
      mediaId: sql<string>`ids.value`,
      lastCreationId: sql<
        string | null
      >`(SELECT c.id FROM creations c WHERE c.creative_id = ${creatives.id} AND c.deleted_at IS NULL ORDER BY c.created_at DESC LIMIT 1)`,
    })
    .from(creatives)
    .innerJoin(sql`json_each(${JSON.stringify(ids)}) AS ids`, sql`instr(${creatives.document}, '"' || ids.value || '"') > 0`)
    .where(and(eq(creatives.projectId, projectId), isNull(creatives.deletedAt)))
    .all();
}
