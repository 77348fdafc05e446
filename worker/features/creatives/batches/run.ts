import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { ledgerNote, refund } from '#worker/features/credits/service.ts';
import * as repo from '#worker/features/creatives/batches/repo.ts';
import { emitEvent } from '#worker/features/webhooks/service.ts';

/**
 * What the start, the consumer and the cron of bulk creatives share (decision 0046): the queue's
 * messages, the credit hold's key, and the end of a run.
 */

/** Rows per queue message: what one consumer call draws before it hears from the queue again (decision 0046). */
export const ROWS_PER_MESSAGE = 5;
/** The operation key of attempt `attempt`'s hold (the start is attempt 1, each retry the next). */
export const holdKey = (batchId: string, attempt: number) => `batch:${batchId}:${attempt}`;

/** What a message of the `adloom-batches` queue carries: a run and some of its rows. */
export interface BatchMessage {
  batchId: string;
  rows: number[];
}

/** Puts a run's rows on the queue, a few a message; a send that fails is left to the cron (the rows wait in D1). */
export async function enqueueRows(env: Pick<Bindings, 'BATCHES'>, batchId: string, indexes: readonly number[]): Promise<void> {
  const messages: { body: BatchMessage; contentType: 'json' }[] = [];
  for (let i = 0; i < indexes.length; i += ROWS_PER_MESSAGE)
    messages.push({ body: { batchId, rows: indexes.slice(i, i + ROWS_PER_MESSAGE) }, contentType: 'json' });
  try {
    for (let i = 0; i < messages.length; i += 100) await env.BATCHES.sendBatch(messages.slice(i, i + 100));
  } catch (error) {
    console.error(`batches: the queue refused the rows of ${batchId}; the cron queues them again`, error);
  }
}

/** Gives back what the run's current hold did not use (rows that failed, were drawn before, or were never drawn). Once per hold. */
export async function releaseHold(db: Db, run: repo.BatchRow): Promise<void> {
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
