import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { creatives } from '#worker/db/schema.ts';

/** The live creatives of a project whose document mentions one of `ids` (one query, however many ids). */
export function creativesUsingMedia(db: Db, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: creatives.id, name: creatives.name, mediaId: sql<string>`ids.value` })
    .from(creatives)
    .innerJoin(sql`json_each(${JSON.stringify(ids)}) AS ids`, sql`instr(${creatives.document}, '"' || ids.value || '"') > 0`)
    .where(and(eq(creatives.projectId, projectId), isNull(creatives.deletedAt)))
    .all();
}
