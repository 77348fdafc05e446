import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { inList, rowWhere, type Db } from '#worker/db/client.ts';

/**
 * Reads of soft-deleted tables (a `deleted_at` column; the purge jobs delete rows for good
 * later) that every owner of such a table writes alike. Each repo passes its own table: a
 * feature still queries only the tables it owns (scripts/check-table-owners.mjs).
 */

/** A table keyed by `id` whose rows are soft-deleted. */
type SoftDeleted = SQLiteTable & { id: SQLiteColumn; deletedAt: SQLiteColumn };

/** `id = … AND deleted_at IS NULL`: the row `id` unless it is deleted, for the owner's selects and updates. */
export function isLiveRow(table: SoftDeleted, id: string): SQL {
  return and(eq(table.id, id), isNull(table.deletedAt))!;
}

/** The row `id` unless it is deleted, as a query: `.get()` runs it, `.limit(1)` makes one to batch. */
export function liveRow<T extends SoftDeleted>(db: Db, table: T, id: string) {
  return db.select().from(table).where(isLiveRow(table, id));
}

/** The live row of `table` where all `conditions` hold (the first one; undefined without one). */
export function liveRowWhere<T extends SoftDeleted>(db: Db, table: T, ...conditions: SQL[]) {
  return rowWhere(db, table, ...conditions, isNull(table.deletedAt));
}

/** The live rows of `table` where `condition` holds, in `order`: an owner's whole list (a project's fonts, a user's export). */
export function liveRowsWhere<T extends SoftDeleted>(db: Db, table: T, condition: SQL, ...order: (SQLiteColumn | SQL)[]) {
  return db
    .select()
    .from(table)
    .where(and(condition, isNull(table.deletedAt)))
    .orderBy(...order)
    .all();
}

/** At most one `{ found: 1 }` row when `table` has a live row where all `conditions` hold: a query for the caller's batch (`hasRows`). */
export function anyLiveRowQuery<T extends SoftDeleted>(db: Db, table: T, ...conditions: (SQL | undefined)[]) {
  return db
    .select({ found: sql<number>`1` })
    .from(table)
    .where(and(...conditions, isNull(table.deletedAt)))
    .limit(1);
}

/**
 * A project's live rows of `table` (where the `more` conditions hold too), among `ids` when
 * given: what a presentation shows, its chosen items or all of them. Undefined when `ids` is
 * empty: there is nothing to read.
 */
export function liveInProject(
  table: SoftDeleted & { projectId: SQLiteColumn },
  projectId: string,
  ids: readonly string[] | null,
  ...more: SQL[]
): SQL | undefined {
  if (ids?.length === 0) return undefined;
  return and(eq(table.projectId, projectId), isNull(table.deletedAt), ...more, ids ? inList(table.id, ids) : undefined);
}

/**
 * A project's most recent live rows by `at`, as `{ id, name, at }` (the admin's support view
 * lists them side by side): a query for the caller's batch.
 */
export function newestLiveQuery<T extends SoftDeleted & { projectId: SQLiteColumn }, N extends SQLiteColumn, A extends SQLiteColumn>(
  db: Db,
  table: T,
  columns: { name: N; at: A },
  projectId: string,
  limit: number,
) {
  return db
    .select({ id: table.id, name: columns.name, at: columns.at })
    .from(table)
    .where(and(eq(table.projectId, projectId), isNull(table.deletedAt)))
    .orderBy(desc(columns.at))
    .limit(limit);
}
