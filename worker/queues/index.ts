import type { Bindings } from '#worker/env.ts';
import { handleBatchMessages } from '#worker/features/creatives/batches/service.ts';
import { handleWebhookBatch } from '#worker/features/webhooks/delivery.ts';
import { writesHandler } from '#worker/queues/writes.ts';

/**
 * The queues' consumer (docs/decisions/0041-queues.md): wrangler.toml declares one queue per
 * kind of background work, and each batch goes to the feature that owns its queue. A feature's
 * handler acknowledges or retries each message itself (`message.ack()`, `message.retry()`);
 * what it leaves unsettled, or everything when it throws, the runtime delivers again.
 */
export type QueueHandler = (batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext) => Promise<void>;

/** The queues of wrangler.toml, by name. */
export const QUEUES = {
  webhooks: 'adloom-webhooks',
  writes: 'adloom-writes',
  batches: 'adloom-batches',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Each queue's handler; a queue without one keeps its messages (they are delivered again later). */
const HANDLERS: Partial<Record<QueueName, QueueHandler>> = {
  [QUEUES.webhooks]: handleWebhookBatch,
  [QUEUES.writes]: writesHandler,
  [QUEUES.batches]: handleBatchMessages,
};

function isQueueName(name: string): name is QueueName {
  return (Object.values(QUEUES) as string[]).includes(name);
}

/** The worker's `queue` entry: hands the batch to its queue's handler. */
export async function queue(batch: MessageBatch<unknown>, env: Bindings, ctx: ExecutionContext): Promise<void> {
  const handler = isQueueName(batch.queue) ? HANDLERS[batch.queue] : undefined;
  if (!handler) {
    console.error(`No handler for the queue ${batch.queue}: its ${batch.messages.length} message(s) are delivered again later.`);
    batch.retryAll({ delaySeconds: 60 });
    return;
  }
  await handler(batch, env, ctx);
}
