import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { batches, batchRows } from '#worker/db/schema.ts';

/**
 * The queries of bulk creatives (decision 0046): a run and its rows. Every change of a row is one
 * conditional write (`status = 'waiting'`, the run still active) and the run's counters move in
 * the same batch only when it changed a row (`changes() = 1`); a run becomes `done` once, when
 * nothing waits.
 */
export type BatchRow = typeof batches.$inferSelect;
export type BatchRowRow = typeof batchRows.$inferSelect;
export type BatchInsert = typeof batches.$inferInsert;

/** A run with rows still to draw. */
const ACTIVE = sql`${batches.status} IN ('queued', 'running')`;

/** Rows per insert: each is one JSON value of one bound parameter, read by `json_each`. */
const ROWS_PER_INSERT = 250;

/** The insert of a run and its rows (statements for one `db.batch`: all or nothing). */
export function insertBatchStatements(db: Db, batch: BatchInsert, rows: readonly { input: unknown; error: string | null }[]) {
  const statements = [db.insert(batches).values(batch)];
  const inserts = [];
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    const chunk = JSON.stringify(rows.slice(from, from + ROWS_PER_INSERT).map((r) => [r.error === null ? 'waiting' : 'failed', r.input, r.error]));
    inserts.push(
      rawStatement(
        db,
        sql`INSERT INTO batch_rows (batch_id, idx, status, input, error)
          SELECT ${batch.id}, ${from} + j.key, json_extract(j.value, '$[0]'), json(json_extract(j.value, '$[1]')), json_extract(j.value, '$[2]')
          FROM json_each(${chunk}) j`,
      ),
    );
  }
  return { batch: statements[0]!, rows: inserts };
}

export function batchOf(db: Db, projectId: string, id: string) {
  return db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.projectId, projectId)))
    .get();
}

export function batchById(db: Db, id: string) {
  return db.select().from(batches).where(eq(batches.id, id)).get();
}

/** A project's runs (of one creative), newest first. */
export function batchesOf(db: Db, projectId: string, creativeId: string | undefined, limit: number) {
  return db
    .select()
    .from(batches)
    .where(and(eq(batches.projectId, projectId), eq(batches.kind, 'batch'), creativeId === undefined ? undefined : eq(batches.creativeId, creativeId)))
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(limit)
    .all();
}

export function rowsOf(db: Db, batchId: string) {
  return db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(asc(batchRows.index)).all();
}

/** The rows of `indexes` that still wait. */
export function waitingRowsIn(db: Db, batchId: string, indexes: readonly number[]) {
  return db
    .select()
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, batchId),
        eq(batchRows.status, 'waiting'),
        sql`${batchRows.index} IN (SELECT value FROM json_each(${JSON.stringify(indexes)}))`,
      ),
    )
    .orderBy(asc(batchRows.index))
    .all();
}

/** The indexes of a run's waiting rows. */
export async function waitingIndexes(db: Db, batchId: string): Promise<number[]> {
  const rows = await db
    .select({ index: batchRows.index })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'waiting')))
    .orderBy(asc(batchRows.index))
    .all();
  return rows.map((r) => r.index);
}

export type Settled = { status: 'done'; creationId: string; charged: boolean } | { status: 'failed'; error: string };

/**
 * One row's outcome, written once: only while the row waits and its run is active (a cancelled
 * run keeps what it had); the run's counters move only when the row did. True when it was written.
 */
export async function settleRow(db: Db, batchId: string, index: number, outcome: Settled, now: Date): Promise<boolean> {
  const [row] = await db.batch([
    db
      .update(batchRows)
      .set(outcome.status === 'done' ? { status: 'done', creationId: outcome.creationId, error: null } : { status: 'failed', error: outcome.error })
      .where(
        and(
          eq(batchRows.batchId, batchId),
          eq(batchRows.index, index),
          eq(batchRows.status, 'waiting'),
          sql`(SELECT ${batches.status} FROM ${batches} WHERE ${batches.id} = ${batchId}) IN ('queued', 'running')`,
        ),
      ),
    db
      .update(batches)
      .set(
        outcome.status === 'done'
          ? { done: sql`${batches.done} + 1`, credits: sql`${batches.credits} + ${outcome.charged ? 1 : 0}`, status: 'running', touchedAt: now }
          : { failed: sql`${batches.failed} + 1`, status: 'running', touchedAt: now },
      )
      .where(and(eq(batches.id, batchId), sql`changes() = 1`)),
  ]);
  return row.meta.changes === 1;
}

/** The run becomes `done` when nothing waits: one conditional write, so whoever gets the row back announces it. */
export function finishIfSettled(db: Db, batchId: string, now: Date) {
  return db
    .update(batches)
    .set({ status: 'done', finishedAt: now, touchedAt: now })
    .where(and(eq(batches.id, batchId), ACTIVE, sql`${batches.done} + ${batches.failed} = ${batches.total}`))
    .returning()
    .get();
}

/** Stops an active run: its waiting rows stay undrawn. The run when it was stopped now. */
export function cancel(db: Db, projectId: string, batchId: string, now: Date) {
  return db
    .update(batches)
    .set({ status: 'cancelled', finishedAt: now, touchedAt: now })
    .where(and(eq(batches.id, batchId), eq(batches.projectId, projectId), ACTIVE))
    .returning()
    .get();
}

/**
 * A settled run's failed rows (and a cancelled run's waiting ones) wait again under a new
 * attempt holding `held` credits: only from attempt `attempt` (two retries at once: one wins).
 */
export async function restart(db: Db, batch: BatchRow, held: number, now: Date): Promise<BatchRow | undefined> {
  const [, updated] = await db.batch([
    db
      .update(batchRows)
      .set({ status: 'waiting', error: null })
      .where(
        and(
          eq(batchRows.batchId, batch.id),
          eq(batchRows.status, 'failed'),
          sql`(SELECT ${batches.attempt} FROM ${batches} WHERE ${batches.id} = ${batch.id}) = ${batch.attempt}`,
        ),
      ),
    db
      .update(batches)
      .set({
        status: 'queued',
        failed: sql`(SELECT count(*) FROM ${batchRows} WHERE ${batchRows.batchId} = ${batch.id} AND ${batchRows.status} = 'failed')`,
        attempt: batch.attempt + 1,
        held,
        heldBase: sql`${batches.credits}`,
        finishedAt: null,
        touchedAt: now,
      })
      .where(and(eq(batches.id, batch.id), eq(batches.attempt, batch.attempt), sql`${batches.status} IN ('done', 'cancelled')`))
      .returning(),
  ]);
  return updated[0];
}

/** Counts a settled run's rows to draw again: failed ones, and a cancelled run's waiting ones. */
export async function rowsToRetry(db: Db, batchId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), sql`${batchRows.status} IN ('failed', 'waiting')`))
    .get();
  return row?.n ?? 0;
}

/** Marks a run as having been heard from (queued again, or progress). */
export function touch(db: Db, batchId: string, now: Date) {
  return db.update(batches).set({ touchedAt: now }).where(eq(batches.id, batchId)).run();
}

/** Active runs untouched since `before`: their messages were lost, or their last row's write was. */
export function stalledBatches(db: Db, before: Date, limit: number) {
  return db
    .select()
    .from(batches)
    .where(and(ACTIVE, lt(batches.touchedAt, before)))
    .orderBy(asc(batches.touchedAt))
    .limit(limit)
    .all();
}

/** The creation ids of a run's done rows, in row order. */
export async function creationIdsOf(db: Db, batchId: string): Promise<string[]> {
  const rows = await db
    .select({ creationId: batchRows.creationId })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'done')))
    .orderBy(asc(batchRows.index))
    .all();
  return rows.map((r) => r.creationId).filter((id) => id !== null);
}
