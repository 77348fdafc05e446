import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_EXCERPT } from '#common/schemas/webhooks.ts';
import { primaryDb, type Db } from '#worker/db/client.ts';
import { publicOrigin, type Bindings } from '#worker/env.ts';
import { createMailer, personalEmail } from '#worker/lib/mailer.ts';
import { run } from '#worker/lib/reads.ts';
import { FetchRefused, UpstreamFailed, safeFetch } from '#worker/lib/safe-fetch.ts';
import { membersOf, projectNameOf } from '#worker/features/projects/scope/service.ts';
import * as repo from '#worker/features/webhooks/repo.ts';
import { signingSecrets, type WebhookMessage } from '#worker/features/webhooks/service.ts';

/**
 * Delivering webhooks (issue 31 point 4, decision 0042): the `adloom-webhooks` queue's handler.
 * Each message names a delivery row; the handler takes it for one attempt (a conditional update:
 * a delivered row, or one another message holds, is not sent again), POSTs the signed body with a
 * 10 s limit through the house's safe fetch, and records the answer. A 2xx is delivered; anything
 * else is retried with exponential backoff until 24 h after the event, then the delivery is given
 * up, the endpoint switched off and its owners emailed.
 */

export const DELIVERY_TIMEOUT_MS = 10_000;
/** How long one attempt holds its row (the 10 s limit and the writes around it). */
const ATTEMPT_LEASE_MS = 60_000;
/** The first retry's delay; each next one is three times longer, at most 6 h. */
const FIRST_RETRY_S = 30;
const MAX_RETRY_S = 6 * 60 * 60;

/** The delay before attempt `attempts + 1` (seconds): 30 s, 90 s, 4.5 min, 13.5 min, 40.5 min, ≈ 2 h, then 6 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_S * 3 ** Math.max(attempts - 1, 0), MAX_RETRY_S);
}

/** The `webhook-signature` header: one `v1,<base64>` per secret, space-separated (Standard Webhooks). */
export function signatureHeader(secrets: readonly string[], eventId: string, timestamp: Date, payload: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(eventId, timestamp, payload)).join(' ');
}

type DeliveryEnv = Pick<Bindings, 'TOKEN_ENCRYPTION_KEY' | 'APP_HOSTS' | 'RESEND_API_KEY' | 'MAIL_FROM'>;

interface Answer {
  statusCode: number | null;
  latencyMs: number;
  response: string;
}

const decoder = new TextDecoder();

/** One POST of the delivery to the endpoint; never throws (a refusal or a timeout is an answer with no status). */
async function post(env: DeliveryEnv, endpoint: repo.EndpointRow, delivery: repo.DeliveryRow, now: number): Promise<Answer> {
  const started = performance.now();
  const timestamp = new Date(now);
  try {
    const secrets = await signingSecrets(env, endpoint, now);
    const answer = await safeFetch(endpoint.url, {
      method: 'POST',
      body: delivery.payload,
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(Math.floor(now / 1000)),
        'webhook-signature': signatureHeader(secrets, delivery.eventId, timestamp, delivery.payload),
      },
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxRedirects: 0,
      anyStatus: true,
      truncate: true,
      maxBytes: WEBHOOK_RESPONSE_EXCERPT,
    });
    return { statusCode: answer.status, latencyMs: Math.round(performance.now() - started), response: decoder.decode(answer.body) };
  } catch (error) {
    const reason =
      error instanceof FetchRefused && error.reason === 'too_many_redirects'
        ? 'The endpoint answered with a redirect; webhooks are not redirected.'
        : error instanceof FetchRefused || error instanceof UpstreamFailed
          ? error.message
          : 'The delivery could not be sent.';
    return { statusCode: null, latencyMs: Math.round(performance.now() - started), response: reason };
  }
}

/** The endpoint is switched off after 24 h of failures; its owners hear it once, each in their language. */
async function disableAndTell(db: Db, env: DeliveryEnv, endpointId: string, now: Date): Promise<void> {
  const disabled = await repo.disableFailing(db, endpointId, now);
  if (!disabled) return;
  const [owners, project] = await Promise.all([run(db, membersOf(db, disabled.projectId, 'owner')), projectNameOf(db, disabled.projectId)]);
  const link = `${publicOrigin(env, 'http://localhost:8787')}/projects/${disabled.projectId}`;
  const mailer = createMailer(db, env);
  for (const owner of owners) {
    await mailer.send(
      personalEmail('webhook_disabled', owner, (i18n) => {
        const values = { project: project ?? '', url: disabled.url };
        return {
          subject: i18n._('email.webhookDisabled.subject', values),
          lines: [i18n._('email.webhookDisabled.body', values), '', i18n._('email.webhookDisabled.fix'), link],
        };
      }),
    );
  }
}

export type Outcome = { ack: true } | { ack: false; delaySeconds: number };

/** One attempt of delivery `id` at `now`: what the queue should do with its message. */
export async function attemptDelivery(db: Db, env: DeliveryEnv, id: string, now = Date.now()): Promise<Outcome> {
  const current = await repo.deliveryById(db, id);
  if (!current || current.status !== 'pending') return { ack: true };
  const due = current.nextAttemptAt?.getTime() ?? now;
  // Early (another message holds it, or the queue came back sooner): look again when it is due.
  if (due > now) return { ack: false, delaySeconds: Math.ceil((due - now) / 1000) };
  const delivery = await repo.claimDelivery(db, id, now, ATTEMPT_LEASE_MS);
  if (!delivery) return { ack: true };
  const endpoint = await repo.endpointById(db, delivery.endpointId);
  if (!endpoint || (endpoint.disabledAt !== null && delivery.type !== 'webhook.test')) {
    await repo.failDelivery(db, id, 'The endpoint was switched off.');
    return { ack: true };
  }
  const answer = await post(env, endpoint, delivery, now);
  if (answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode <= 299) {
    await repo.settleAttempt(db, id, { status: 'delivered', nextAttemptAt: null, ...answer });
    return { ack: true };
  }
  const delaySeconds = backoffSeconds(delivery.attempts);
  const next = now + delaySeconds * 1000;
  if (next > delivery.deadlineAt.getTime()) {
    await repo.settleAttempt(db, id, { status: 'failed', nextAttemptAt: null, ...answer });
    // A test event tells the owner about the receiver; it does not switch the endpoint off.
    if (delivery.type !== 'webhook.test') await disableAndTell(db, env, endpoint.id, new Date(now));
    return { ack: true };
  }
  await repo.settleAttempt(db, id, { status: 'pending', nextAttemptAt: new Date(next), ...answer });
  return { ack: false, delaySeconds };
}

/** The queue handler: each message settled on its own (one endpoint's failure does not repeat the others). */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const db = primaryDb(env.DB);
  for (const message of batch.messages) {
    const id = (message.body as Partial<WebhookMessage> | null)?.deliveryId;
    if (typeof id !== 'string') {
      message.ack();
      continue;
    }
    try {
      const outcome = await attemptDelivery(db, env, id);
      if (outcome.ack) message.ack();
      else message.retry({ delaySeconds: outcome.delaySeconds });
    } catch (error) {
      console.error(`webhooks: delivery ${id} failed to run`, error);
      message.retry({ delaySeconds: 60 });
    }
  }
}
