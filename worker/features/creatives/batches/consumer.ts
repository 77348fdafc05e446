import { canonicalJson, type CreativeDocument } from '#common/creative/document.ts';
import { primaryDb, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { run as read } from '#worker/lib/reads.ts';
import { creativesIn, documentOf, type Actor, type CreativeRow, type Membership } from '#worker/features/creatives/core/service.ts';
import { renderCreative } from '#worker/features/creatives/render/service.ts';
import { modifiedDocument, type ModifiedInput } from '#worker/features/creatives/batches/modified.ts';
import * as repo from '#worker/features/creatives/batches/repo.ts';
import { enqueueRows, finishIfSettled, type BatchMessage } from '#worker/features/creatives/batches/run.ts';
import { membershipOf, membersOf } from '#worker/features/projects/scope/service.ts';

/**
 * The `adloom-batches` queue's handler (decision 0046). A message names a run and a few of its
 * rows; only rows that still wait are drawn, one after the other, each settled by one
 * conditional write, so a message delivered again draws what it had not and a crash loses
 * nothing. A busy renderer sends the message back with a delay (the rows settled so far stay).
 */

type DrawEnv = Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER'>;

/** How long a busy renderer is given before the message comes back (seconds). */
const BUSY_DELAY_S = 5;
/** A message that failed to run (D1 or R2 trouble) comes back after this long (seconds). */
const TROUBLE_DELAY_S = 30;
/** An active run not heard from this long has lost messages: the cron queues its waiting rows again. */
export const STALLED_AFTER_MS = 5 * 60 * 1000;

export const RUN_GONE = 'This run’s creative was deleted, or whoever started it left the project.';

/** What every row of a run is drawn with: the creative it belongs to, and who draws it. */
interface RunContext {
  run: repo.BatchRow;
  source: CreativeRow;
  membership: Membership;
  actor: Actor;
}

async function contextOf(db: Db, run: repo.BatchRow): Promise<RunContext | undefined> {
  if (!run.creativeId || !run.createdBy) return undefined;
  const [[source], membership, members] = await Promise.all([
    creativesIn(db, run.projectId, [run.creativeId]),
    membershipOf(db, run.projectId, run.createdBy),
    read(db, membersOf(db, run.projectId)),
  ]);
  const member = members.find((m) => m.userId === run.createdBy);
  if (!source || !membership || !member) return undefined;
  return { run, source, membership, actor: { id: member.userId, name: member.name } };
}

/**
 * The revision a row's picture is kept under: the creative's own when the row changes nothing,
 * else one named by the creative and the document, so the same document again (in this run or
 * a later one) finds its picture and costs nothing (`creations_revision_live_uq`).
 */
async function revisionOf(source: CreativeRow, doc: CreativeDocument): Promise<string> {
  const json = canonicalJson(doc);
  if (json === canonicalJson(documentOf(source))) return source.revisionId;
  return `b${(await sha256Hex(`${source.id}\n${json}`)).slice(0, 31)}`;
}

type Drawn = repo.Settled | 'busy';

/** One row drawn: its creation, or why not (a reason for the reader, in English); `busy` when the renderer is. */
async function drawRow(env: DrawEnv, db: Db, context: RunContext, input: ModifiedInput): Promise<Drawn> {
  const { run, source, membership, actor } = context;
  try {
    const doc = await modifiedDocument(env, db, run.projectId, actor, run.document as CreativeDocument, input);
    const target: CreativeRow = { ...source, document: doc, revisionId: await revisionOf(source, doc), name: run.name };
    const { creation, created } = await renderCreative(env, db, target, membership, actor, { prepaid: true, event: run.kind === 'render' });
    return { status: 'done', creationId: creation.id, charged: created };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'rate_limited') return 'busy';
    return { status: 'failed', error: error.message };
  }
}

/** One message: its run's waiting rows among those it names. `retry` when the renderer was busy. */
export async function drawMessage(env: DrawEnv, db: Db, message: BatchMessage): Promise<'ack' | 'retry'> {
  const run = await repo.batchById(db, message.batchId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return 'ack';
  const rows = await repo.waitingRowsIn(db, run.id, message.rows);
  const context = rows.length > 0 ? await contextOf(db, run) : undefined;
  for (const row of rows) {
    const outcome = context ? await drawRow(env, db, context, row.input as ModifiedInput) : { status: 'failed' as const, error: RUN_GONE };
    if (outcome === 'busy') return 'retry';
    await repo.settleRow(db, run.id, row.index, outcome, new Date());
  }
  await finishIfSettled(db, run.id);
  return 'ack';
}

function isMessage(body: unknown): body is BatchMessage {
  const b = body as Partial<BatchMessage> | null;
  return typeof b?.batchId === 'string' && Array.isArray(b.rows) && b.rows.length <= 100 && b.rows.every((i) => Number.isInteger(i));
}

/** The queue handler: each message settled on its own. */
export async function handleBatchMessages(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const db = primaryDb(env.DB);
  for (const message of batch.messages) {
    if (!isMessage(message.body)) {
      message.ack();
      continue;
    }
    try {
      const outcome = await drawMessage(env, db, message.body);
      if (outcome === 'ack') message.ack();
      else message.retry({ delaySeconds: BUSY_DELAY_S });
    } catch (error) {
      console.error(`batches: rows of ${message.body.batchId} failed to draw`, error);
      message.retry({ delaySeconds: TROUBLE_DELAY_S });
    }
  }
}

/** The cron: active runs not heard from for minutes get their waiting rows queued again (or are ended when none wait). Returns how many. */
export async function requeueStalledBatches(env: Pick<Bindings, 'BATCHES'>, db: Db, now = new Date(), limit = 50): Promise<number> {
  const runs = await repo.stalledBatches(db, new Date(now.getTime() - STALLED_AFTER_MS), limit);
  for (const run of runs) {
    await repo.touch(db, run.id, now);
    const waiting = await repo.waitingIndexes(db, run.id);
    if (waiting.length === 0) await finishIfSettled(db, run.id);
    else await enqueueRows(env, run.id, waiting);
  }
  return runs.length;
}
