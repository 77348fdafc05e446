import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { WebhookEndpointWithSecret, WebhookEvent } from '#common/schemas/webhooks.ts';
import { getDb } from '#worker/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#worker/db/schema.ts';
import entry from '#worker/index.ts';
import { QUEUES } from '#worker/queues/index.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/** Test helpers of webhooks (issue 31, decision 0042): endpoints through the API, the queue by hand. */

export const RECEIVER = 'hooks.example.com';
export const RECEIVER_URL = `https://${RECEIVER}/adloom`;

export const webhooksPath = (projectId: string, rest = '') => `/api/projects/${projectId}/webhooks${rest}`;

export async function createEndpoint(user: TestUser, projectId: string, events: WebhookEvent[] = ['lead.created'], url = RECEIVER_URL) {
  const response = await send(webhooksPath(projectId), { json: { url, events }, cookie: user.cookie });
  if (response.status !== 201) throw new Error(`webhook create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as WebhookEndpointWithSecret;
}

/**
 * Holds what the code puts on the webhooks queue (the delivery ids, in order) instead of sending
 * it, so that a test hands the messages to the queue entry itself (`deliverQueued`).
 */
export function holdQueue(): string[] {
  const ids: string[] = [];
  vi.spyOn(env.WEBHOOKS, 'sendBatch').mockImplementation(async (messages) => {
    for (const message of messages) ids.push((message.body as { deliveryId: string }).deliveryId);
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as QueueSendBatchResponse;
  });
  return ids;
}

let messageSeq = 0;

/** Hands the deliveries' messages to the worker's queue entry as one batch; what it acked and retried. */
export async function deliverQueued(ids: readonly string[]) {
  const batch = createMessageBatch(
    QUEUES.webhooks,
    ids.map((deliveryId) => ({ id: `message-${++messageSeq}`, timestamp: new Date(), attempts: 1, body: { deliveryId } })),
  );
  const ctx = createExecutionContext();
  await entry.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  const idOf = new Map(batch.messages.map((m) => [m.id, (m.body as { deliveryId: string }).deliveryId]));
  // This test runtime does not report a retry's delay: it is read back from the row's next try.
  const retried = [];
  for (const m of result.retryMessages) {
    const deliveryId = idOf.get(m.msgId)!;
    const next = (await deliveryRow(deliveryId))?.nextAttemptAt?.getTime();
    retried.push({ deliveryId, delaySeconds: next === undefined ? undefined : Math.ceil((next - Date.now()) / 1000) });
  }
  return { acked: result.explicitAcks.map((id) => idOf.get(id)), retried };
}

export const deliveryRow = (id: string) => getDb(env.DB).select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
export const endpointRow = (id: string) => getDb(env.DB).select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
export const deliveriesOfProject = (projectId: string) =>
  getDb(env.DB).select().from(webhookDeliveries).where(eq(webhookDeliveries.projectId, projectId)).all();
