import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteSelect } from 'drizzle-orm/sqlite-core';

/**
 * Keyset pagination, newest first, as every list of the app pages (worker/lib/cursor.ts makes
 * and reads the cursors): ordered by a time column then a unique key, a page starts after the
 * (time, key) of the previous page's last row, so rows written meanwhile neither shift nor
 * repeat a page. One place for the condition and the order, which must agree.
 */

/** Where a page starts: the time (ms) and key of the previous page's last row. */
export interface KeysetCursor {
  time: number;
  id: string | number;
}

/** The rows after the cursor's in newest-first order: `time < t OR (time = t AND key < k)`. */
export function olderThan(time: SQLiteColumn, key: SQLiteColumn, before: KeysetCursor): SQL {
  const at = new Date(before.time);
  return or(lt(time, at), and(eq(time, at), lt(key, before.id)))!;
}

/**
 * One page of a newest-first listing: the query (made dynamic, `.$dynamic()`) where all of
 * `conditions` hold and, with a cursor, after it; ordered by (time, key) descending; `limit` + 1
 * rows, the one more telling whether a next page exists (`toPage` cuts it off).
 */
export function keysetPage<Q extends SQLiteSelect>(
  query: Q,
  page: { time: SQLiteColumn; key: SQLiteColumn; conditions: (SQL | undefined)[]; before: KeysetCursor | undefined; limit: number },
) {
  const conditions = page.before ? [...page.conditions, olderThan(page.time, page.key, page.before)] : page.conditions;
  return query
    .where(and(...conditions))
    .orderBy(desc(page.time), desc(page.key))
    .limit(page.limit + 1);
}
