import type { V1Batch, V1BatchRequest } from '#common/schemas/api-v1-batches.ts';
import type { V1RenderRequest } from '#common/schemas/api-v1-renders.ts';
import type { BatchItem } from '#common/schemas/batches.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { AppError } from '#worker/lib/errors.ts';
import { ownerOf, rowsOfBatch, startBatch, toItem } from '#worker/features/creatives/batches/service.ts';
import { liveCreationsIn } from '#worker/features/creatives/core/service.ts';
import { toV1Creation } from '#worker/features/api/v1/service.ts';

/**
 * Bulk creatives through the public API (issue 31 point 6, decision 0046): runs started in the
 * name of the project's owner (whose credits pay, as for `POST /renders`) by the creatives'
 * batches service, and read back with each done row's creation.
 */

function toV1Batch(item: BatchItem): V1Batch {
  const { id, creativeId, name, format, status, total, done, failed, credits, createdAt, finishedAt } = item;
  return { id, creativeId, name, format, status, total, done, failed, credits, createdAt, finishedAt };
}

/** `POST /batches`: a run of a creative or a template, one row per set of modifications. */
export async function startRun(env: Pick<Bindings, 'BATCHES'>, db: Db, projectId: string, request: V1BatchRequest): Promise<V1Batch> {
  const { actor, membership } = await ownerOf(db, projectId);
  return toV1Batch(await startBatch(env, db, membership, actor, request));
}

/** `POST /renders` with `async: true`: a run of one row, whose row sends `creation.rendered` when drawn. */
export async function startAsyncRender(env: Pick<Bindings, 'BATCHES'>, db: Db, projectId: string, request: V1RenderRequest): Promise<V1Batch> {
  const { actor, membership } = await ownerOf(db, projectId);
  const { creativeId, template, format, modifications, background } = request;
  const row = { ...(modifications ? { modifications } : {}), ...(background ? { background } : {}) };
  return toV1Batch(await startBatch(env, db, membership, actor, { creativeId, template, format, rows: [row] }, 'render'));
}

/** `GET /batches/{id}`: the run with every row; a done row with its creation's signed link. */
export async function getRun(db: Db, env: { SESSION_SECRET: string }, origin: string, projectId: string, id: string): Promise<V1Batch> {
  if (!looksLikeId(id)) throw new AppError('not_found');
  const { run, rows } = await rowsOfBatch(db, projectId, id);
  const ids = [...new Set(rows.map((r) => r.creationId).filter((c) => c !== null))];
  const now = Date.now();
  const creations = new Map(
    await Promise.all((await liveCreationsIn(db, projectId, ids)).map(async (c) => [c.id, await toV1Creation(env, origin, c, now)] as const)),
  );
  return {
    ...toV1Batch(toItem(run)),
    rows: rows.map((r) => ({
      index: r.index,
      status: r.status,
      error: r.error,
      creation: (r.creationId ? creations.get(r.creationId) : undefined) ?? null,
    })),
  };
}
