import { and, asc, gt, isNull, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { inList, type Db } from '#worker/db/client.ts';
import { brandFonts, creations, media, presentations } from '#worker/db/schema.ts';

/** A row that names an R2 object: which table, which row, which key, and when it was made and deleted. */
export interface KeyedRow {
  table: 'media' | 'media.thumbnail' | 'creations' | 'brand_fonts';
  id: string;
  key: string;
  createdAt: Date;
  deletedAt: Date | null;
}

/** Rows per query: keyset pages, so that no result is ever the whole table. */
const PAGE = 2000;

/**
 * Every row of the tables that own R2 objects (media and their thumbnails, creations, uploaded
 * fonts) that is live or was soft-deleted after `deletedSince` (rows deleted before it are
 * awaiting the purge, which removes their objects first), a page at a time by id.
 */
export async function* keyedRows(db: Db, deletedSince: Date): AsyncGenerator<KeyedRow> {
  // After `after` in id order, live or deleted since `deletedSince`.
  const audited = (table: { id: SQLiteColumn; deletedAt: SQLiteColumn }, after: string) =>
    and(gt(table.id, after), or(isNull(table.deletedAt), gt(table.deletedAt, deletedSince)));
  const mediaRows = byId((after) =>
    db
      .select({ id: media.id, key: media.r2Key, thumbnail: media.thumbnailKey, createdAt: media.createdAt, deletedAt: media.deletedAt })
      .from(media)
      .where(audited(media, after))
      .orderBy(asc(media.id))
      .limit(PAGE),
  );
  for await (const r of mediaRows) {
    yield { table: 'media', id: r.id, key: r.key, createdAt: r.createdAt, deletedAt: r.deletedAt };
    if (r.thumbnail) yield { table: 'media.thumbnail', id: r.id, key: r.thumbnail, createdAt: r.createdAt, deletedAt: r.deletedAt };
  }
  // Renders and uploaded fonts name one object each, in the same columns.
  for (const [name, table] of [
    ['creations', creations],
    ['brand_fonts', brandFonts],
  ] as const) {
    const rows = byId((after) =>
      db
        .select({ id: table.id, key: table.r2Key, createdAt: table.createdAt, deletedAt: table.deletedAt })
        .from(table)
        .where(audited(table, after))
        .orderBy(asc(table.id))
        .limit(PAGE),
    );
    for await (const r of rows) yield { table: name, ...r };
  }
}

/** The rows `page(after)` answers, page after page: each starts after the last id of the one before, until a short page. */
async function* byId<T extends { id: string }>(page: (after: string) => Promise<T[]>): AsyncGenerator<T> {
  for (let after = ''; ;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * The R2 keys the rows with these ids name (their object, and a media's thumbnail), deleted or
 * not: a soft-deleted row keeps its object until the purge. Looked up by primary key.
 */
export async function keysOf(db: Db, table: 'media' | 'creations' | 'brand_fonts', ids: string[]): Promise<Set<string>> {
  const owned = new Set<string>();
  if (ids.length === 0) return owned;
  const rows =
    table === 'media'
      ? await db.select({ key: media.r2Key, thumbnail: media.thumbnailKey }).from(media).where(inList(media.id, ids))
      : table === 'creations'
        ? await db
            .select({ key: creations.r2Key, thumbnail: sql<null>`NULL` })
            .from(creations)
            .where(inList(creations.id, ids))
        : await db
            .select({ key: brandFonts.r2Key, thumbnail: sql<null>`NULL` })
            .from(brandFonts)
            .where(inList(brandFonts.id, ids));
  for (const r of rows) {
    owned.add(r.key);
    if (r.thumbnail) owned.add(r.thumbnail);
  }
  return owned;
}

/** Which of these presentation ids still have a row (deleted or not: the purge removes the cards with the row). */
export async function existingPresentations(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (ids.length === 0) return found;
  const rows = await db.select({ id: presentations.id }).from(presentations).where(inList(presentations.id, ids));
  for (const r of rows) found.add(r.id);
  return found;
}
