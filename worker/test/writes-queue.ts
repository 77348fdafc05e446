import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { vi } from 'vitest';
import type { Bindings } from '#worker/env.ts';
import entry from '#worker/index.ts';
import { QUEUES } from '#worker/queues/index.ts';

let counter = 0;

/** What the handler did with a delivered batch: the messages it acknowledged, and those it retried with their delay. */
export interface Settled {
  /** The messages' ids, in the order of the bodies. */
  ids: string[];
  acked: string[];
  retried: { msgId: string; delaySeconds: number | undefined }[];
}

/**
 * Delivers `bodies` as one batch of `adloom-writes` to the worker's queue entry (its
 * configuration check, then the handler), each message on its `attempts`-th delivery, with
 * `bindings` over the test env (a flaky DB, a refusing bucket). The test runtime's result does
 * not report a retry's delay, so each message's `retry` is watched for it.
 */
export async function deliverWrites(bodies: unknown[], options: { attempts?: number; bindings?: Partial<Bindings> } = {}): Promise<Settled> {
  const messages = bodies.map((body) => ({ id: `write-${(counter += 1)}`, timestamp: new Date(), attempts: options.attempts ?? 1, body }));
  const batch = createMessageBatch(QUEUES.writes, messages);
  const retried: Settled['retried'] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, 'retry').mockImplementation((retryOptions) => {
      retried.push({ msgId: message.id, delaySeconds: retryOptions?.delaySeconds });
      retry(retryOptions);
    });
  }
  const ctx = createExecutionContext();
  await entry.queue(batch, { ...env, ...options.bindings } as Bindings, ctx);
  const result = await getQueueResult(batch, ctx);
  // The runtime's own record of the retries, to the watched calls' ids.
  if (result.retryMessages.map((m) => m.msgId).join() !== retried.map((m) => m.msgId).join()) throw new Error('retries seen and reported differ');
  return { ids: messages.map((m) => m.id), acked: result.explicitAcks, retried };
}

/** Silences the handler's and the services' info and warning lines (write_deferred, write_retried, write_recovered, the mail log). */
export function quietLogs(): void {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
}
