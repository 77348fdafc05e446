import type { CreativeDocument, FormatId } from '#common/creative/document.ts';
import type { TemplateId } from '#common/creative/template-ids.ts';
import type { BatchDetail, BatchItem, BatchList, BatchRow } from '#common/schemas/batches.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { ledgerNote, refund, spend } from '#worker/features/credits/service.ts';
import { enqueueRows, finishIfSettled, holdKey, releaseHold } from '#worker/features/creatives/batches/run.ts';
import { creativeOfDocument, type Actor, type Membership } from '#worker/features/creatives/core/service.ts';
import { cheapProblem, sourceDocument } from '#worker/features/creatives/batches/modified.ts';
import * as repo from '#worker/features/creatives/batches/repo.ts';
import { batchZip } from '#worker/features/creatives/batches/zip.ts';

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
export { holdKey, type BatchMessage } from '#worker/features/creatives/batches/run.ts';

/** The runs a list shows. */
const LIST_LIMIT = 20;

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
