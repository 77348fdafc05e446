import { and, asc, desc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { inList, type Db } from '#worker/db/client.ts';
import {
  adItems,
  ads,
  creations,
  creatives,
  funnelPages,
  funnels,
  media,
  presentationSectionStats,
  presentationStats,
  presentations,
  projects,
  users,
} from '#worker/db/schema.ts';

/**
 * The queries of presentations in the workspace: the rows themselves, their statistics (recorded
 * by the public side, public/repo.ts), and read-only lookups
 * of the linked project's media, creations, ads and funnel pages (what a presentation shows;
 * like the funnel edge reading media, a repo may read the tables it displays).
 */
export type PresentationRow = typeof presentations.$inferSelect;
export type PresentationInsert = typeof presentations.$inferInsert;

const withPeople = {
  presentation: presentations,
  authorName: users.name,
  authorPlan: users.plan,
  authorCode: users.affiliateCode,
  authorRole: users.role,
  authorDeleted: users.deletedAt,
  projectName: projects.name,
};

export type PresentationWithPeople = {
  presentation: PresentationRow;
  authorName: string | null;
  authorPlan: 'free' | 'pro' | 'agency' | null;
  authorCode: string | null;
  authorRole: 'user' | 'admin' | null;
  authorDeleted: Date | null;
  projectName: string | null;
};

function selectWithPeople(db: Db) {
  return db
    .select(withPeople)
    .from(presentations)
    .leftJoin(users, eq(users.id, presentations.authorId))
    .leftJoin(projects, and(eq(projects.id, presentations.projectId), isNull(projects.deletedAt)));
}

export function findLive(db: Db, id: string): Promise<PresentationWithPeople | undefined> {
  return selectWithPeople(db)
    .where(and(eq(presentations.id, id), isNull(presentations.deletedAt)))
    .get();
}

export function findLiveBySlug(db: Db, slug: string): Promise<PresentationWithPeople | undefined> {
  return selectWithPeople(db)
    .where(and(eq(presentations.slug, slug), isNull(presentations.deletedAt)))
    .get();
}

export function slugTaken(db: Db, slug: string) {
  return db
    .select({ id: presentations.id })
    .from(presentations)
    .where(and(eq(presentations.slug, slug), isNull(presentations.deletedAt)))
    .get();
}

/** Slugs among live presentations that start with `prefix` (duplicate's "-copy-n"). */
export function slugsLike(db: Db, prefix: string) {
  return db
    .select({ slug: presentations.slug })
    .from(presentations)
    .where(and(isNull(presentations.deletedAt), sql`substr(${presentations.slug}, 1, ${prefix.length}) = ${prefix}`))
    .all();
}

export interface ListFilters {
  authorId?: string;
  q?: string;
  before?: { time: number; id: string };
  limit: number;
}

/** Newest changed first; `q` matches the slug, customer or headline (instr: D1 refuses long LIKE patterns). */
export function list(db: Db, filters: ListFilters): Promise<PresentationWithPeople[]> {
  const conditions = [isNull(presentations.deletedAt)];
  if (filters.authorId) conditions.push(eq(presentations.authorId, filters.authorId));
  if (filters.q) {
    const q = filters.q.toLowerCase();
    conditions.push(
      sql`(instr(lower(${presentations.slug}), ${q}) > 0 OR instr(lower(${presentations.customerName}), ${q}) > 0 OR instr(lower(${presentations.headline}), ${q}) > 0)`,
    );
  }
  if (filters.before) {
    const at = new Date(filters.before.time);
    conditions.push(or(lt(presentations.updatedAt, at), and(eq(presentations.updatedAt, at), lt(presentations.id, filters.before.id)))!);
  }
  return selectWithPeople(db)
    .where(and(...conditions))
    .orderBy(desc(presentations.updatedAt), desc(presentations.id))
    .limit(filters.limit + 1)
    .all();
}

export function insert(db: Db, values: PresentationInsert) {
  return db.insert(presentations).values(values);
}

/** The change, only while the row is live and still at `revision` (the one conditional write of a save). */
export function updateIfAt(db: Db, id: string, revision: number, set: Partial<PresentationInsert>) {
  return db
    .update(presentations)
    .set(set)
    .where(and(eq(presentations.id, id), eq(presentations.revision, revision), isNull(presentations.deletedAt)))
    .returning();
}

export function softDelete(db: Db, id: string, now: Date) {
  return db
    .update(presentations)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(presentations.id, id), isNull(presentations.deletedAt)));
}

/** Ids of presentations deleted before `before` (their R2 objects go first). */
export function deletedBefore(db: Db, before: Date, limit = 500) {
  return db
    .select({ id: presentations.id })
    .from(presentations)
    .where(and(isNotNull(presentations.deletedAt), lt(presentations.deletedAt, before)))
    .limit(limit)
    .all();
}

export function purgeDeleted(db: Db, before: Date) {
  return db.delete(presentations).where(and(isNotNull(presentations.deletedAt), lt(presentations.deletedAt, before)));
}

// ---------------------------------------------------------------------------------------
// Statistics

/** Daily rows of `ids` from `fromDay` on. */
export function dailyStats(db: Db, ids: string[], fromDay: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(presentationStats)
    .where(and(inList(presentationStats.presentationId, ids), gte(presentationStats.day, fromDay)))
    .all();
}

/** Views that reached each section since `fromDay`. */
export function sectionReach(db: Db, id: string, fromDay: string) {
  return db
    .select({ sectionId: presentationSectionStats.sectionId, reached: sql<number>`sum(${presentationSectionStats.reached})` })
    .from(presentationSectionStats)
    .where(and(eq(presentationSectionStats.presentationId, id), gte(presentationSectionStats.day, fromDay)))
    .groupBy(presentationSectionStats.sectionId)
    .all();
}

// ---------------------------------------------------------------------------------------
// What a presentation shows (read-only lookups in its linked project)

export function liveProject(db: Db, projectId: string) {
  return db
    .select({ id: projects.id, name: projects.name, brandKit: projects.brandKit })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
    .get();
}

export function projectMedia(db: Db, projectId: string, ids: string[] | null, limit = 60) {
  const conditions = [eq(media.projectId, projectId), isNull(media.deletedAt), eq(media.kind, 'image')];
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    conditions.push(inList(media.id, ids));
  }
  return db
    .select({ id: media.id, name: media.name, alt: media.alt, width: media.width, height: media.height, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(and(...conditions))
    .orderBy(desc(media.createdAt))
    .limit(limit)
    .all();
}

export function projectCreations(db: Db, projectId: string, ids: string[] | null, limit = 60) {
  const conditions = [eq(creations.projectId, projectId), isNull(creations.deletedAt)];
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    conditions.push(inList(creations.id, ids));
  }
  return db
    .select({ id: creations.id, name: creations.name, width: creations.width, height: creations.height, status: creatives.status })
    .from(creations)
    .leftJoin(creatives, eq(creatives.id, creations.creativeId))
    .where(and(...conditions))
    .orderBy(desc(creations.createdAt))
    .limit(limit)
    .all();
}

/** A live creation of the project (its file, for the public page). */
export function creationFile(db: Db, projectId: string, id: string) {
  return db
    .select({ r2Key: creations.r2Key })
    .from(creations)
    .where(and(eq(creations.id, id), eq(creations.projectId, projectId), isNull(creations.deletedAt)))
    .get();
}

export function projectAds(db: Db, projectId: string, ids: string[] | null, limit = 30) {
  const conditions = [eq(ads.projectId, projectId), isNull(ads.deletedAt)];
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    conditions.push(inList(ads.id, ids));
  }
  return db
    .select({
      id: ads.id,
      name: ads.name,
      kind: ads.kind,
      status: ads.status,
      primaryText: ads.primaryText,
      headline: ads.headline,
      description: ads.description,
      cta: ads.cta,
      destinationUrl: ads.destinationUrl,
      pageName: ads.pageName,
      avatarMediaId: ads.avatarMediaId,
      placements: ads.placements,
      previewId: ads.previewId,
    })
    .from(ads)
    .where(and(...conditions))
    .orderBy(desc(ads.updatedAt))
    .limit(limit)
    .all();
}

/** The live pictures of ads, in order. */
export function adPictures(db: Db, adIds: string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      adId: adItems.adId,
      position: adItems.position,
      creationId: creations.id,
      name: creations.name,
      width: creations.width,
      height: creations.height,
    })
    .from(adItems)
    .innerJoin(creations, and(eq(creations.id, adItems.creationId), isNull(creations.deletedAt)))
    .where(inList(adItems.adId, adIds))
    .orderBy(asc(adItems.adId), asc(adItems.position))
    .all();
}

export function projectPages(db: Db, projectId: string, ids: string[] | null, limit = 30) {
  const conditions = [eq(funnelPages.projectId, projectId), isNull(funnelPages.deletedAt), isNull(funnels.deletedAt)];
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    conditions.push(inList(funnelPages.id, ids));
  }
  return db
    .select({
      id: funnelPages.id,
      slug: funnelPages.slug,
      title: funnelPages.title,
      published: sql<number>`${funnelPages.publishedVersionId} IS NOT NULL`,
      funnelName: funnels.name,
      funnelTitle: funnels.title,
      customDomain: funnels.customDomain,
    })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .where(and(...conditions))
    .orderBy(desc(sql`${funnelPages.publishedVersionId} IS NOT NULL`), asc(funnels.name), asc(funnelPages.position))
    .limit(limit)
    .all();
}
