import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { inList, type Db } from '#worker/db/client.ts';
import { media, projectMembers, projects, users } from '#worker/db/schema.ts';

export type MediaRow = typeof media.$inferSelect;

/** The live objects among `ids` that belong to the project (one query). */
export function findLiveMediaIn(db: Db, projectId: string, ids: readonly string[]) {
  return db
    .select({ media })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .where(and(eq(media.projectId, projectId), inList(media.id, ids), isNull(media.deletedAt), isNull(projects.deletedAt)))
    .all()
    .then((rows) => rows.map((row) => row.media));
}

/** A live media object with the user's membership of its project, in one query (none if not a member). */
export function findLiveMediaForMember(db: Db, id: string, userId: string) {
  return db
    .select({ media, project: projects, role: projectMembers.role })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, media.projectId), eq(projectMembers.userId, userId)))
    .where(and(eq(media.id, id), isNull(media.deletedAt), isNull(projects.deletedAt)))
    .get();
}

/** A live media object (neither it nor its project deleted). */
export function findLiveMedia(db: Db, id: string) {
  return db
    .select({ media })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .where(and(eq(media.id, id), isNull(media.deletedAt), isNull(projects.deletedAt)))
    .get()
    .then((row) => row?.media);
}

export function findBySha(db: Db, projectId: string, sha256: string) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.projectId, projectId), eq(media.sha256, sha256), isNull(media.deletedAt)))
    .get();
}

export function insertMedia(db: Db, values: typeof media.$inferInsert) {
  return db.insert(media).values(values).returning();
}

export interface MediaFilters {
  type?: 'image' | 'video' | undefined;
  tag?: string | undefined;
  q?: string | undefined;
}

export function listMedia(db: Db, projectId: string, filters: MediaFilters, limit: number, before?: { time: number; id: string }) {
  const conditions = [eq(media.projectId, projectId), isNull(media.deletedAt)];
  if (filters.type) conditions.push(eq(media.kind, filters.type));
  if (filters.tag) conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${media.tags}) WHERE json_each.value = ${filters.tag.toLowerCase()})`);
  if (filters.q) {
    // instr(), not LIKE: D1 refuses a LIKE pattern over 50 bytes, and instr() needs no
    // escaping (%, _ and \ are plain characters). SQLite's lower() folds only ASCII: the
    // query lowered in JavaScript (every script) finds "Crème" by "CRÈME", the query lowered
    // like the column finds "CRÈME" by itself. Tags are stored lowercased by JavaScript.
    const folded = filters.q.toLowerCase();
    const contains = (column: typeof media.name | typeof media.alt) =>
      sql`(instr(lower(${column}), ${folded}) > 0 OR instr(lower(${column}), lower(${filters.q})) > 0)`;
    conditions.push(
      sql`(${contains(media.name)} OR ${contains(media.alt)} OR EXISTS (SELECT 1 FROM json_each(${media.tags}) WHERE instr(json_each.value, ${folded}) > 0))`,
    );
  }
  if (before) conditions.push(or(lt(media.createdAt, new Date(before.time)), and(eq(media.createdAt, new Date(before.time)), lt(media.id, before.id)))!);
  return db
    .select({ media, uploaderName: users.name })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(and(...conditions))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit + 1)
    .all();
}

/** Every tag used in the project's library, for the filter. */
export function listTags(db: Db, projectId: string) {
  return db
    .select({ tag: sql<string>`json_each.value`, count: sql<number>`count(*)` })
    .from(sql`${media}, json_each(${media.tags})`)
    .where(and(eq(media.projectId, projectId), isNull(media.deletedAt)))
    .groupBy(sql`json_each.value`)
    .orderBy(sql`json_each.value`)
    .all();
}

export function uploaderName(db: Db, userId: string | null) {
  if (!userId) return Promise.resolve(undefined);
  return db.select({ name: users.name }).from(users).where(eq(users.id, userId)).get();
}

export function updateMedia(db: Db, id: string, values: Partial<typeof media.$inferInsert>) {
  return db
    .update(media)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(media.id, id), isNull(media.deletedAt)))
    .returning();
}

export function softDeleteMedia(db: Db, projectId: string, ids: string[], now: Date) {
  return db
    .update(media)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(media.projectId, projectId), inList(media.id, ids), isNull(media.deletedAt)))
    .returning({ id: media.id });
}

/** Soft-deleted objects (and those of deleted projects) past their grace period, for the purge job. */
export function purgeableMedia(db: Db, before: Date, limit: number) {
  return db
    .select({ id: media.id, r2Key: media.r2Key, thumbnailKey: media.thumbnailKey })
    .from(media)
    .innerJoin(projects, eq(projects.id, media.projectId))
    .where(or(lt(media.deletedAt, before), lt(projects.deletedAt, before)))
    .limit(limit)
    .all();
}

export function deleteMediaRows(db: Db, ids: string[]) {
  return db.delete(media).where(inList(media.id, ids));
}
