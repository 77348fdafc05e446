import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Locale } from '#common/i18n/locales.ts';
import { inList, type Db } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { anyLiveRowQuery, isLiveRow } from '#worker/db/live-rows.ts';
import { presentationSectionStats, presentationStats, presentations } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';
import { liveProjectName } from '#worker/features/projects/scope/service.ts';

/**
 * The queries of presentations in the workspace: the rows themselves with their author and
 * project, and their statistics (recorded by the public side, public/repo.ts). What a
 * presentation shows of its linked project (media, creations, ads, funnel pages) is read
 * through those features' services (service.ts, shown.ts, prefill.ts).
 */
export type PresentationRow = typeof presentations.$inferSelect;
export type PresentationInsert = typeof presentations.$inferInsert;

const withPeople = {
  presentation: presentations,
  authorName: userField(presentations.authorId, 'name'),
  authorEmail: userField(presentations.authorId, 'email'),
  authorLocale: userField(presentations.authorId, 'locale'),
  authorTimeZone: userField(presentations.authorId, 'timeZone'),
  authorPlan: userField(presentations.authorId, 'plan'),
  authorCode: userField(presentations.authorId, 'affiliateCode'),
  authorRole: userField(presentations.authorId, 'role'),
  authorDeleted: userField(presentations.authorId, 'deletedAt'),
  projectName: liveProjectName(presentations.projectId),
};

export type PresentationWithPeople = {
  presentation: PresentationRow;
  authorName: string | null;
  /** Where a visitor's request for a new link goes (public/ask.ts). */
  authorEmail: string | null;
  /** The language of that email. */
  authorLocale: Locale | null;
  /** The zone of its dates (null: UTC). */
  authorTimeZone: string | null;
  authorPlan: 'free' | 'pro' | 'agency' | null;
  authorCode: string | null;
  authorRole: 'user' | 'admin' | null;
  authorDeleted: Date | null;
  projectName: string | null;
};

function selectWithPeople(db: Db) {
  return db.select(withPeople).from(presentations);
}

export function findLive(db: Db, id: string): Promise<PresentationWithPeople | undefined> {
  return selectWithPeople(db).where(isLiveRow(presentations, id)).get();
}

/** The live presentation at `slug` (slugs are unique among live presentations). */
function liveAtSlug(slug: string) {
  return and(eq(presentations.slug, slug), isNull(presentations.deletedAt));
}

export function findLiveBySlug(db: Db, slug: string): Promise<PresentationWithPeople | undefined> {
  return selectWithPeople(db).where(liveAtSlug(slug)).get();
}

export function slugTaken(db: Db, slug: string) {
  return db.select({ id: presentations.id }).from(presentations).where(liveAtSlug(slug)).get();
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
  return keysetPage(selectWithPeople(db).$dynamic(), {
    time: presentations.updatedAt,
    key: presentations.id,
    conditions,
    before: filters.before,
    limit: filters.limit,
  }).all();
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

/** An expired live presentation open again until `until` (a granted request: decision 0056); nothing when it is not expired. */
export function reopenIfExpired(db: Db, id: string, now: Date, until: Date) {
  return db
    .update(presentations)
    .set({ expiresAt: until, revision: sql`${presentations.revision} + 1`, updatedAt: now })
    .where(and(eq(presentations.id, id), isNull(presentations.deletedAt), lt(presentations.expiresAt, sql`${now.getTime() + 1}`)))
    .returning({ id: presentations.id });
}

export function softDelete(db: Db, id: string, now: Date) {
  return db.update(presentations).set({ deletedAt: now, updatedAt: now }).where(isLiveRow(presentations, id));
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

/** A presentation the user wrote (the dashboard's first steps). */
export function anyPresentationQuery(db: Db, authorId: string) {
  return anyLiveRowQuery(db, presentations, eq(presentations.authorId, authorId));
}
