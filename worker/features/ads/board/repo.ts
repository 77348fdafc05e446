import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { reviewBoards } from '#worker/db/schema.ts';

export type BoardRow = typeof reviewBoards.$inferSelect;

const live = (projectId: string) => and(eq(reviewBoards.projectId, projectId), isNull(reviewBoards.revokedAt));

/** The live board whose token hashes to `tokenHash` (the unique index), as a query to batch with its project. */
export function liveBoardByHashQuery(db: Db, tokenHash: string) {
  return db
    .select()
    .from(reviewBoards)
    .where(and(eq(reviewBoards.tokenHash, tokenHash), isNull(reviewBoards.revokedAt)))
    .limit(1);
}

/** The project's live board (at most one: the partial unique index). */
export function liveBoardOf(db: Db, projectId: string) {
  return db.select().from(reviewBoards).where(live(projectId)).get();
}

/** A new board in place of the project's live one: the old one revoked, then the new one, for one batch. */
export function replaceBoardStatements(db: Db, row: Pick<BoardRow, 'id' | 'projectId' | 'tokenHash' | 'createdBy'>, now: Date) {
  return [
    db.update(reviewBoards).set({ revokedAt: now }).where(live(row.projectId)),
    db
      .insert(reviewBoards)
      .values({ ...row, createdAt: now })
      .returning(),
  ] as const;
}

/** Revokes the project's live board; returns the revoked row's id (none: there was no live board). */
export function revokeBoard(db: Db, projectId: string, now: Date) {
  return db.update(reviewBoards).set({ revokedAt: now }).where(live(projectId)).returning({ id: reviewBoards.id });
}

/** Notes that a review was sent through the board (only a POST calls it). */
export function markUsed(db: Db, id: string, now: Date) {
  return db
    .update(reviewBoards)
    .set({ lastUsedAt: now })
    .where(and(eq(reviewBoards.id, id), isNull(reviewBoards.revokedAt)));
}

/** The project of the live board whose token hashes to `tokenHash`, as a subquery. */
export function projectOfBoard(tokenHash: string) {
  return sql`(SELECT project_id FROM review_boards WHERE token_hash = ${tokenHash} AND revoked_at IS NULL)`;
}
