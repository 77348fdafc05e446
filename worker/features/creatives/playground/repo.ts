import { and, eq, lt, sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { playgroundDownloads } from '#worker/db/schema.ts';

/** The playground's downloads per visitor and day (playground_downloads). */

export async function playgroundDownloadsUsed(db: Db, visitor: string, day: string): Promise<number> {
  const row = await db
    .select({ count: playgroundDownloads.count })
    .from(playgroundDownloads)
    .where(and(eq(playgroundDownloads.visitorHash, visitor), eq(playgroundDownloads.day, day)))
    .get();
  return row?.count ?? 0;
}

/** Takes one download if the visitor has fewer than `limit` today (one conditional statement); the new count, or none. */
export async function takePlaygroundDownload(db: Db, visitor: string, day: string, limit: number): Promise<number | undefined> {
  const result = await rawStatement(
    db,
    sql`INSERT INTO playground_downloads (visitor_hash, day, count) VALUES (${visitor}, ${day}, 1)
      ON CONFLICT (visitor_hash, day) DO UPDATE SET count = count + 1 WHERE count < ${limit}
      RETURNING count`,
  ).first<{ count: number }>();
  return result?.count;
}

export async function giveBackPlaygroundDownload(db: Db, visitor: string, day: string): Promise<void> {
  await rawStatement(db, sql`UPDATE playground_downloads SET count = max(count - 1, 0) WHERE visitor_hash = ${visitor} AND day = ${day}`).run();
}

/** The counts of days before `day` (a UTC date, YYYY-MM-DD): nobody can use them any more. */
export function deletePlaygroundDaysBefore(db: Db, day: string) {
  return db.delete(playgroundDownloads).where(lt(playgroundDownloads.day, day));
}
