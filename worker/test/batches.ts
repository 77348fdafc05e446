import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { vi } from 'vitest';
import type { BatchDetail, BatchItem } from '#common/schemas/batches.ts';
import type { Bindings } from '#worker/env.ts';
import type { BatchMessage } from '#worker/features/creatives/batches/service.ts';
import entry from '#worker/index.ts';
import { QUEUES } from '#worker/queues/index.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { send, type SendOptions } from '#worker/test/http.ts';

/** Test helpers of bulk creatives (decision 0046): the runs' API, and the `adloom-batches` queue by hand. */

export const batchesPath = (projectId: string, rest = '') => `/api/projects/${projectId}/batches${rest}`;

export function startRun(user: TestUser | undefined, projectId: string, body: unknown, options: SendOptions = {}) {
  return send(batchesPath(projectId), { json: body, cookie: user?.cookie, ...options });
}

export async function runDetail(user: TestUser, projectId: string, batchId: string, options: SendOptions = {}): Promise<BatchDetail> {
  const response = await send(batchesPath(projectId, `/${batchId}`), { cookie: user.cookie, ...options });
  if (response.status !== 200) throw new Error(`run detail failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as BatchDetail;
}

export async function runAction(user: TestUser, projectId: string, batchId: string, action: 'cancel' | 'retry') {
  return send(batchesPath(projectId, `/${batchId}/${action}`), { method: 'POST', cookie: user.cookie });
}

export const asItem = async (response: Response) => (await response.json()) as BatchItem;

/**
 * Holds what the code puts on the batches queue instead of sending it (the messages, in order),
 * so that a test hands them to the queue entry itself (`drawQueued`), as often as it likes.
 */
export function holdBatches(): BatchMessage[] {
  const held: BatchMessage[] = [];
  vi.spyOn(env.BATCHES, 'sendBatch').mockImplementation(async (messages) => {
    for (const message of messages) held.push(structuredClone(message.body as BatchMessage));
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as QueueSendBatchResponse;
  });
  return held;
}

let messageSeq = 0;

/** Hands messages to the worker's queue entry as one batch (with `bindings` over the test's own); how many were acked and retried. */
export async function drawQueued(messages: readonly BatchMessage[], bindings: Partial<Bindings> = {}) {
  const batch = createMessageBatch(
    QUEUES.batches,
    messages.map((body) => ({ id: `batch-message-${++messageSeq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await entry.queue(batch, { ...env, ...bindings }, ctx);
  const result = await getQueueResult(batch, ctx);
  return { acked: result.explicitAcks.length, retried: result.retryMessages.length };
}

/** Draws everything held, and what that queues in turn, until nothing is left. */
export async function drawAll(held: BatchMessage[]) {
  while (held.length > 0) await drawQueued(held.splice(0, held.length));
}
