import type { CreativeDocument, FormatId } from '#common/creative/document.ts';
import type { TemplateId } from '#common/creative/template-ids.ts';
import type { BatchDetail, BatchItem, BatchList, BatchRow } from '#common/schemas/batches.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { ledgerNote, refund, spend } from '#worker/features/credits/service.ts';
import { creativeOfDocument, type Actor, type Membership } from '#worker/features/creatives/core/service.ts';
import { cheapProblem, sourceDocument } from '#worker/features/creatives/batches/modified.ts';
import * as repo from '#worker/features/creatives/batches/repo.ts';
import { batchZip } from '#worker/features/creatives/batches/zip.ts';
import { emitEvent } from '#worker/features/webhooks/service.ts';

/**
 * Bulk creatives (issue 31 point 6, decision 0046): a run draws one creative once per row of a
 * spreadsheet through the `adloom-batches` queue. Its start holds a credit for every row that
 * can be drawn (one conditional spend: a balance that cannot pay for all is a 402 and nothing is
 * stored); each row is drawn by the creatives' render service on that hold (the same document
 * again is free, a failure costs nothing) and settled by one conditional write; when nothing
 * waits the run is done once, its unused credits are refunded and `batch.completed` is sent.
 */

export { cheapProblem, modifiedDocument, ownerOf, sourceDocument, type ModifiedInput } from '#worker/features/creatives/batches/modified.ts';
export { handleBatchMessages, requeueStalledBatches } from '#worker/features/creatives/batches/consumer.ts';

/** Rows per queue message: what one consumer call draws before it hears from the queue again (decision 0046). */
export const ROWS_PER_MESSAGE = 5;
/** The runs a list shows. */
const LIST_LIMIT = 20;

/** The operation key of attempt `attempt`'s hold (the start is attempt 1, each retry the next). */
export const holdKey = (batchId: string, attempt: number) => `batch:${batchId}:${attempt}`;

/** What a message of the `adloom-batches` queue carries: a run and some of its rows. */
export interface BatchMessage {
  batchId: string;
  rows: number[];
}

export function toItem(row: repo.BatchRow): BatchItem {
  return {
    id: row.id,
    projectId: row.projectId,
    creativeId: row.creativeId,
    name: row.name,
    format: row.format,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    credits: row.credits,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Puts a run's rows on the queue, a few a message; a send that fails is left to the cron (the rows wait in D1). */
export async function enqueueRows(env: Pick<Bindings, 'BATCHES'>, batchId: string, indexes: readonly number[]): Promise<void> {
  const messages: { body: BatchMessage; contentType: 'json' }[] = [];
  for (let i = 0; i < indexes.length; i += ROWS_PER_MESSAGE) messages.push({ body: { batchId, rows: indexes.slice(i, i + ROWS_PER_MESSAGE) }, contentType: 'json' });
  try {
    for (let i = 0; i < messages.length; i += 100) await env.BATCHES.sendBatch(messages.slice(i, i + 100));
  } catch (error) {
    console.error(`batches: the queue refused the rows of ${batchId}; the cron queues them again`, error);
  }
}

/** Gives back what the run's current hold did not use (rows that failed, were drawn before, or were never drawn). Once per hold. */
async function releaseHold(db: Db, run: repo.BatchRow): Promise<void> {
  const unused = run.held - (run.credits - run.heldBase);
  if (unused > 0) await refund(db, holdKey(run.id, run.attempt), ledgerNote({ code: 'batchUnused', count: unused, name: run.name }), unused);
}

/** Ends the run when nothing waits: the one caller that ends it refunds the rest of the hold and announces it. */
export async function finishIfSettled(db: Db, batchId: string): Promise<void> {
  const finished = await repo.finishIfSettled(db, batchId, new Date());
  if (!finished) return;
  await releaseHold(db, finished);
  if (finished.kind !== 'batch') return;
  await emitEvent(
    db,
    finished.projectId,
    'batch.completed',
    {
      batchId: finished.id,
      creativeId: finished.creativeId,
      name: finished.name,
      format: finished.format,
      total: finished.total,
      done: finished.done,
      failed: finished.failed,
      credits: finished.credits,
      creationIds: await repo.creationIdsOf(db, finished.id),
    },
    finished.creativeId ? `/creatives/${finished.creativeId}` : undefined,
  );
}

export interface StartRequest {
  creativeId?: string | undefined;
  template?: TemplateId | undefined;
  format?: FormatId | undefined;
  rows: readonly BatchRow[];
}

/**
 * Starts a run: the document drawn (the creative's, in `format`; or a template's, kept as the
 * project's creative of that document), every row checked as far as is cheap (a row naming no
 * such layer fails at once), the credits of the others held, the run and its rows stored, the
 * rows queued. `kind` `render` is an asynchronous render of the public API (one row).
 */
export async function startBatch(
  env: Pick<Bindings, 'BATCHES'>,
  db: Db,
  membership: Membership,
  actor: Actor,
  request: StartRequest,
  kind: 'batch' | 'render' = 'batch',
): Promise<BatchItem> {
  const projectId = membership.project.id;
  const { source, doc } = await sourceDocument(db, membership, request);
  const creative = source ?? (await creativeOfDocument(db, projectId, actor, doc)).row;
  const rows = request.rows.map((input) => ({ input, error: cheapProblem(doc, input) ?? null }));
  const waiting = rows.filter((r) => r.error === null).length;
  const id = newId();
  const now = new Date();
  const name = creative.name;
  if (waiting > 0) {
    await spend(db, {
      userId: actor.id,
      amount: waiting,
      operationKey: holdKey(id, 1),
      description: ledgerNote({ code: 'batch', count: waiting, name }),
      reference: creative.id,
    });
  }
  const statements = repo.insertBatchStatements(
    db,
    {
      id,
      projectId,
      creativeId: creative.id,
      kind,
      createdBy: actor.id,
      name,
      format: doc.format,
      document: doc satisfies CreativeDocument,
      status: 'queued',
      total: rows.length,
      failed: rows.length - waiting,
      held: waiting,
      touchedAt: now,
      createdAt: now,
    },
    rows,
  );
  try {
    await rawBatch(db, [statements.batch, ...statements.rows]);
  } catch (error) {
    if (waiting > 0) await refund(db, holdKey(id, 1), ledgerNote({ code: 'batchUnused', count: waiting, name }));
    throw error;
  }
  if (waiting === 0) await finishIfSettled(db, id);
  else
    await enqueueRows(
      env,
      id,
      rows.flatMap((r, index) => (r.error === null ? [index] : [])),
    );
  return toItem((await repo.batchById(db, id))!);
}

/** A project's run by id; another project's, or none, is a 404. */
async function runOf(db: Db, projectId: string, batchId: string): Promise<repo.BatchRow> {
  const run = await repo.batchOf(db, projectId, batchId);
  if (!run) throw new AppError('not_found');
  return run;
}

export async function getBatch(db: Db, projectId: string, batchId: string): Promise<BatchItem> {
  return toItem(await runOf(db, projectId, batchId));
}

/** The runs of the project (of one creative), newest first: the last 20. */
export async function listBatches(db: Db, projectId: string, creativeId?: string): Promise<BatchList> {
  return { items: (await repo.batchesOf(db, projectId, creativeId, LIST_LIMIT)).map(toItem) };
}

/** The run and its rows; errors as stored (English: the route says them in the reader's language). */
export async function batchDetail(db: Db, projectId: string, batchId: string): Promise<BatchDetail> {
  const run = await runOf(db, projectId, batchId);
  const rows = await repo.rowsOf(db, run.id);
  return {
    batch: toItem(run),
    rows: rows.map((r) => ({
      index: r.index,
      status: r.status,
      creationId: r.creationId,
      thumbnailUrl: r.creationId ? `/api/creations/${r.creationId}/thumbnail` : null,
      error: r.error,
    })),
  };
}

/** The run's rows as stored (the public API's view adds each done row's creation). */
export async function rowsOfBatch(db: Db, projectId: string, batchId: string) {
  const run = await runOf(db, projectId, batchId);
  return { run, rows: await repo.rowsOf(db, run.id) };
}

/** Stops an active run (its waiting rows are not drawn) and refunds what its hold did not use; a settled run is returned as it is. */
export async function cancelBatch(db: Db, projectId: string, batchId: string): Promise<BatchItem> {
  const cancelled = await repo.cancel(db, projectId, batchId, new Date());
  if (!cancelled) return getBatch(db, projectId, batchId);
  await releaseHold(db, cancelled);
  return toItem(cancelled);
}

export const STILL_DRAWING = 'This run is still drawing. Retry its failed rows when it is done.';

/**
 * Draws a settled run's failed rows again (and a cancelled run's undrawn ones): a new hold of a
 * credit each, paid by whoever retries (402 when it cannot be), then the rows are queued.
 */
export async function retryBatch(env: Pick<Bindings, 'BATCHES'>, db: Db, projectId: string, actor: Actor, batchId: string): Promise<BatchItem> {
  const run = await runOf(db, projectId, batchId);
  if (run.status === 'queued' || run.status === 'running') throw new AppError('conflict', STILL_DRAWING);
  const count = await repo.rowsToRetry(db, run.id);
  if (count === 0) return toItem(run);
  await spend(db, {
    userId: actor.id,
    amount: count,
    operationKey: holdKey(run.id, run.attempt + 1),
    description: ledgerNote({ code: 'batch', count, name: run.name }),
    reference: run.creativeId,
  });
  const restarted = await repo.restart(db, run, count, new Date());
  // Another retry of the same attempt won: it holds the same spend (one operation key).
  if (!restarted) return getBatch(db, projectId, batchId);
  await enqueueRows(env, run.id, await repo.waitingIndexes(db, run.id));
  return toItem(restarted);
}

/** The run's done pictures and its rows' outcomes as one streamed ZIP; `said` words a row's reason for the reader. */
export async function batchArchive(db: Db, bucket: R2Bucket, projectId: string, batchId: string, said: (error: string) => string) {
  return batchZip(db, bucket, await runOf(db, projectId, batchId), said);
}
