import { and, asc, gt, isNull, or, sql } from 'drizzle-orm';
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
  for (let after = ''; ;) {
    const rows = await db
      .select({ id: media.id, key: media.r2Key, thumbnail: media.thumbnailKey, createdAt: media.createdAt, deletedAt: media.deletedAt })
      .from(media)
      .where(and(gt(media.id, after), or(isNull(media.deletedAt), gt(media.deletedAt, deletedSince))))
      .orderBy(asc(media.id))
      .limit(PAGE);
    for (const r of rows) {
      yield { table: 'media', id: r.id, key: r.key, createdAt: r.createdAt, deletedAt: r.deletedAt };
      if (r.thumbnail) yield { table: 'media.thumbnail', id: r.id, key: r.thumbnail, createdAt: r.createdAt, deletedAt: r.deletedAt };
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  for (let after = ''; ;) {
    const rows = await db
      .select({ id: creations.id, key: creations.r2Key, createdAt: creations.createdAt, deletedAt: creations.deletedAt })
      .from(creations)
      .where(and(gt(creations.id, after), or(isNull(creations.deletedAt), gt(creations.deletedAt, deletedSince))))
      .orderBy(asc(creations.id))
      .limit(PAGE);
    for (const r of rows) yield { table: 'creations', ...r };
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  for (let after = ''; ;) {
    const rows = await db
      .select({ id: brandFonts.id, key: brandFonts.r2Key, createdAt: brandFonts.createdAt, deletedAt: brandFonts.deletedAt })
      .from(brandFonts)
      .where(and(gt(brandFonts.id, after), or(isNull(brandFonts.deletedAt), gt(brandFonts.deletedAt, deletedSince))))
      .orderBy(asc(brandFonts.id))
      .limit(PAGE);
    for (const r of rows) yield { table: 'brand_fonts', ...r };
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
