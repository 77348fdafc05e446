import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { inList, rawStatement, type Db } from '#worker/db/client.ts';
import { liveRowsWhere, liveRowWhere } from '#worker/db/live-rows.ts';
import { brandFonts } from '#worker/db/schema.ts';
import { deletedProjectIds } from '#worker/features/projects/scope/service.ts';

export type BrandFontRow = typeof brandFonts.$inferSelect;

export function listLive(db: Db, projectId: string) {
  return liveRowsWhere(db, brandFonts, eq(brandFonts.projectId, projectId), asc(brandFonts.createdAt), asc(brandFonts.id));
}

export function findLive(db: Db, projectId: string, id: string) {
  return liveRowWhere(db, brandFonts, eq(brandFonts.id, id), eq(brandFonts.projectId, projectId));
}

export function findLiveBySha(db: Db, projectId: string, sha256: string) {
  return liveRowWhere(db, brandFonts, eq(brandFonts.projectId, projectId), eq(brandFonts.sha256, sha256));
}

/** Fonts by id, live or deleted, of any project (the caller compares their project). */
export async function byIds(db: Db, ids: string[]): Promise<Pick<BrandFontRow, 'id' | 'projectId' | 'deletedAt' | 'r2Key'>[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: brandFonts.id, projectId: brandFonts.projectId, deletedAt: brandFonts.deletedAt, r2Key: brandFonts.r2Key })
    .from(brandFonts)
    .where(inList(brandFonts.id, ids))
    .all();
}

export interface NewBrandFont {
  id: string;
  projectId: string;
  uploadedBy: string;
  family: string;
  weight: number;
  format: 'ttf' | 'otf' | 'woff';
  size: number;
  sha256: string;
  r2Key: string;
  now: Date;
}

/** Inserts the font only while the project holds fewer than `limit` live fonts: one conditional write. */
export async function insertWithinLimit(db: Db, f: NewBrandFont, limit: number): Promise<BrandFontRow | undefined> {
  const result = await rawStatement(
    db,
    sql`INSERT INTO brand_fonts (id, project_id, uploaded_by, family, weight, format, size, sha256, r2_key, created_at)
      SELECT ${f.id}, ${f.projectId}, ${f.uploadedBy}, ${f.family}, ${f.weight}, ${f.format}, ${f.size}, ${f.sha256}, ${f.r2Key}, ${f.now.getTime()}
      WHERE (SELECT count(*) FROM brand_fonts WHERE project_id = ${f.projectId} AND deleted_at IS NULL) < ${limit}`,
  ).run();
  if (result.meta.changes !== 1) return undefined;
  return db.select().from(brandFonts).where(eq(brandFonts.id, f.id)).get();
}

export async function softDelete(db: Db, projectId: string, id: string, now: Date): Promise<BrandFontRow | undefined> {
  const [row] = await db
    .update(brandFonts)
    .set({ deletedAt: now })
    .where(and(eq(brandFonts.id, id), eq(brandFonts.projectId, projectId), isNull(brandFonts.deletedAt)))
    .returning();
  return row;
}

/** Fonts (live or deleted) of projects deleted before `before`, a batch at a time, for the purge. */
export function ofDeletedProjects(db: Db, before: Date, limit: number) {
  return db
    .select({ id: brandFonts.id, r2Key: brandFonts.r2Key })
    .from(brandFonts)
    .where(sql`${brandFonts.projectId} IN ${deletedProjectIds(before)}`)
    .limit(limit)
    .all();
}

export async function deleteByIds(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(brandFonts).where(inList(brandFonts.id, ids));
}
