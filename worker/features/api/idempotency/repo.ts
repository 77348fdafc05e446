import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { idempotencyKeys } from '#worker/db/schema.ts';

/** The queries of idempotency records (issue 31, decision 0044). */
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims `key` for a request in one conditional write: a new row, or one whose time is over
 * (expired, not yet purged) or whose request died while running (a claim older than `staleBefore`
 * without an answer). Returns whether this request holds the key now.
 */
export async function claim(
  db: Db,
  values: { projectId: string; key: string; requestHash: string; now: Date; expiresAt: Date; staleBefore: Date },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ projectId: values.projectId, key: values.key, requestHash: values.requestHash, createdAt: values.now, expiresAt: values.expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.projectId, idempotencyKeys.key],
      set: { requestHash: values.requestHash, status: null, body: null, createdAt: values.now, expiresAt: values.expiresAt },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${values.now.getTime()} OR (${idempotencyKeys.status} IS NULL AND ${idempotencyKeys.createdAt} < ${values.staleBefore.getTime()})`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function find(db: Db, projectId: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.projectId, projectId), eq(idempotencyKeys.key, key)));
  return row;
}

/** The first answer, kept under the claim it finishes (only while that claim is still this request's). */
export async function store(db: Db, projectId: string, key: string, requestHash: string, createdAt: Date, answer: { status: number; body: string }) {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, body: answer.body })
    .where(
      and(
        eq(idempotencyKeys.projectId, projectId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, requestHash),
        eq(idempotencyKeys.createdAt, createdAt),
      ),
    );
}

/** Gives the key back (the request failed in a way worth retrying): the same key may run again. */
export async function release(db: Db, projectId: string, key: string, createdAt: Date) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.projectId, projectId),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.status} IS NULL`,
        eq(idempotencyKeys.createdAt, createdAt),
      ),
    );
}

export async function purgeExpired(db: Db, now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
