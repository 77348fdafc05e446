import { env as runtimeEnv } from 'cloudflare:workers';
import type { SQL } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookCreateInput,
  type WebhookDeliveryItem,
  type WebhookDeliveryList,
  type WebhookEndpointItem,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookUpdateInput,
  WEBHOOK_ENDPOINT_LIMIT,
} from '#common/schemas/webhooks.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { publicOrigin, type Bindings } from '#worker/env.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { sealSecret, unsealSecret } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { base64, newId } from '#worker/lib/ids.ts';
import { FetchRefused, checkedUrl, fetchErrorToAppError } from '#worker/lib/safe-fetch.ts';
import * as repo from '#worker/features/webhooks/repo.ts';

/**
 * Webhooks (issue 31 point 4, decision 0042): a project's endpoints (owners manage them), the
 * events the other features write with their causes (`eventStatement` in the cause's batch, or
 * `emitEvent` on its own: an outbox row per subscribed endpoint, then the queue), the delivery
 * log with "send again" and "send a test event", and the cron's share (lost sends, old log rows).
 * The delivery itself (signing, retries, the 24 h cut-off) is delivery.ts.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** After a rotation the previous secret signs too, for this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** A delivery is tried for this long, then given up and its endpoint switched off. */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The log keeps deliveries this long. */
export const LOG_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** A pending delivery this far past its try has lost its message: the cron sends it again. */
export const LOST_AFTER_MS = 5 * 60 * 1000;
const LOG_LIMIT = 50;

type Keys = Pick<Bindings, 'TOKEN_ENCRYPTION_KEY'>;

export interface Actor {
  id: string;
  ip: string;
}

/** A queue message: the id of a delivery row (messages carry ids, not state: decision 0041). */
export interface WebhookMessage {
  deliveryId: string;
}

/** The secret's seal binds the endpoint's id: a sealed secret copied to another row does not open. */
const sealContext = (endpointId: string) => `webhook:${endpointId}`;

/** `whsec_` + 32 random bytes in standard base64 (the Standard Webhooks format). */
export function newSecret(): string {
  return WEBHOOK_SECRET_PREFIX + base64(crypto.getRandomValues(new Uint8Array(32)));
}

/** The secrets a delivery is signed with at `now`: the current one, and the previous one within 24 h of a rotation. */
export async function signingSecrets(env: Keys, row: repo.EndpointRow, now: number): Promise<string[]> {
  const context = sealContext(row.id);
  const secrets = [await unsealSecret(env.TOKEN_ENCRYPTION_KEY, { sealed: row.secretSealed, keyId: row.secretKeyId }, context)];
  if (row.previousSecretSealed && row.previousSecretKeyId && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now) {
    secrets.push(await unsealSecret(env.TOKEN_ENCRYPTION_KEY, { sealed: row.previousSecretSealed, keyId: row.previousSecretKeyId }, context));
  }
  return secrets;
}

function toItem(row: repo.EndpointRow, now = Date.now()): WebhookEndpointItem {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.disabledAt === null,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: overlap,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryRow): WebhookDeliveryItem {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.lastStatusCode,
    latencyMs: row.lastLatencyMs,
    response: row.lastResponse,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The address as an endpoint may have it (https, a public host: the website reader's rules), else 422 on `url`. */
function endpointUrl(input: string): string {
  try {
    return checkedUrl(input).href;
  } catch (error) {
    if (error instanceof FetchRefused) throw fetchErrorToAppError(error, 'url');
    throw error;
  }
}

async function endpointOrNotFound(db: Db, projectId: string, id: string): Promise<repo.EndpointRow> {
  const row = await repo.endpointOf(db, projectId, id);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function listEndpoints(db: Db, projectId: string): Promise<WebhookEndpointList> {
  const rows = await repo.endpointsOf(db, projectId);
  return { items: rows.map((row) => toItem(row)), limit: WEBHOOK_ENDPOINT_LIMIT };
}

/** Adds an endpoint: one conditional insert (at most ten per project) and its audit entry. Its secret is in this answer only. */
export async function createEndpoint(db: Db, env: Keys, projectId: string, actor: Actor, input: WebhookCreateInput): Promise<WebhookEndpointWithSecret> {
  const url = endpointUrl(input.url);
  const id = newId();
  const secret = newSecret();
  const sealed = await sealSecret(env.TOKEN_ENCRYPTION_KEY, secret, sealContext(id));
  const [insert] = await rawBatch(db, [
    repo.insertEndpointIfRoom(db, {
      id,
      projectId,
      url,
      events: input.events,
      secretSealed: sealed.sealed,
      secretKeyId: sealed.keyId,
      createdBy: actor.id,
      now: new Date(),
    }),
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'webhook.create',
      targetType: 'webhook_endpoint',
      targetId: id,
      projectId,
      details: { url, events: input.events },
      ip: actor.ip,
    }),
  ]);
  if (insert?.meta.changes !== 1) {
    throw new AppError('plan_limit_reached', `A project can have ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints. Delete one first.`);
  }
  return { ...toItem(await endpointOrNotFound(db, projectId, id)), secret };
}

/** Changes the address, the events or whether it is on; switching it on again clears a failure's switch-off. */
export async function updateEndpoint(db: Db, projectId: string, id: string, input: WebhookUpdateInput): Promise<WebhookEndpointItem> {
  const now = new Date();
  const set: Parameters<typeof repo.updateEndpoint>[3] = { updatedAt: now };
  if (input.url !== undefined) set.url = endpointUrl(input.url);
  if (input.events !== undefined) set.events = input.events;
  if (input.enabled === true) Object.assign(set, { disabledAt: null, disabledReason: null });
  if (input.enabled === false) Object.assign(set, { disabledAt: now, disabledReason: 'owner' });
  const row = await repo.updateEndpoint(db, projectId, id, set);
  if (!row) throw new AppError('not_found');
  return toItem(row);
}

/** Deletes an endpoint and its log. */
export async function deleteEndpoint(db: Db, projectId: string, actor: Actor, id: string): Promise<void> {
  const deleted = await repo.deleteEndpoint(db, projectId, id);
  if (!deleted) throw new AppError('not_found');
  await rawBatch(db, [
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'webhook.delete', targetType: 'webhook_endpoint', targetId: id, projectId, ip: actor.ip }),
  ]);
}

/**
 * A new secret; the current one becomes the previous and still signs for 24 h (each delivery
 * carries both signatures), so receivers can switch without losing an event. A second rotation
 * within the 24 h replaces the previous secret with the one current until now.
 */
export async function rotateSecret(db: Db, env: Keys, projectId: string, actor: Actor, id: string, now = new Date()): Promise<WebhookEndpointWithSecret> {
  const row = await endpointOrNotFound(db, projectId, id);
  const secret = newSecret();
  const sealed = await sealSecret(env.TOKEN_ENCRYPTION_KEY, secret, sealContext(id));
  const updated = await repo.updateEndpoint(db, projectId, id, {
    secretSealed: sealed.sealed,
    secretKeyId: sealed.keyId,
    previousSecretSealed: row.secretSealed,
    previousSecretKeyId: row.secretKeyId,
    previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
    updatedAt: now,
  });
  if (!updated) throw new AppError('not_found');
  await rawBatch(db, [
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'webhook.rotate', targetType: 'webhook_endpoint', targetId: id, projectId, ip: actor.ip }),
  ]);
  return { ...toItem(updated, now.getTime()), secret };
}

export async function listDeliveries(db: Db, projectId: string, endpointId: string): Promise<WebhookDeliveryList> {
  await endpointOrNotFound(db, projectId, endpointId);
  return { items: (await repo.deliveriesOf(db, endpointId, LOG_LIMIT)).map(toDelivery) };
}

/** Puts deliveries on the queue; a send that fails is left to the cron (the rows are written already). */
async function enqueue(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const queue = (runtimeEnv as Partial<Pick<Bindings, 'WEBHOOKS'>>).WEBHOOKS;
  if (!queue) return;
  try {
    for (let i = 0; i < ids.length; i += 100) {
      await queue.sendBatch(ids.slice(i, i + 100).map((deliveryId) => ({ body: { deliveryId } satisfies WebhookMessage, contentType: 'json' as const })));
    }
  } catch (error) {
    console.error('webhooks: the queue refused a send; the cron sends it again', error);
  }
}

/** One pending delivery of an event to one endpoint, queued (a test event, "send again"). */
async function deliverOnce(db: Db, endpoint: repo.EndpointRow, event: { eventId: string; type: string; payload: string }): Promise<WebhookDeliveryItem> {
  const now = new Date();
  const row = await repo.insertDelivery(db, {
    id: newId(),
    ...event,
    endpointId: endpoint.id,
    projectId: endpoint.projectId,
    now,
    deadline: new Date(now.getTime() + DELIVERY_WINDOW_MS),
  });
  await enqueue([row.id]);
  return toDelivery(row);
}

/** "Send again": a new delivery of the same event (the same `webhook-id` and body), even when it was delivered. */
export async function sendAgain(db: Db, projectId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryItem> {
  const endpoint = await endpointOrNotFound(db, projectId, endpointId);
  const original = await repo.deliveryOf(db, endpointId, deliveryId);
  if (!original) throw new AppError('not_found');
  return deliverOnce(db, endpoint, { eventId: original.eventId, type: original.type, payload: original.payload });
}

/** The body of an event: `{ type, timestamp, data }` (Standard Webhooks). */
function payloadOf(type: WebhookEventType, data: Record<string, unknown>, now: Date): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data });
}

const newEventId = () => `msg_${newId()}`;

/** A `webhook.test` event to this endpoint alone (on or off: it is how an owner checks a fixed receiver). */
export async function sendTest(db: Db, projectId: string, endpointId: string): Promise<WebhookDeliveryItem> {
  const endpoint = await endpointOrNotFound(db, projectId, endpointId);
  const payload = payloadOf(WEBHOOK_TEST_EVENT, { projectId, endpointId, message: 'A test event from Adloom.' }, new Date());
  return deliverOnce(db, endpoint, { eventId: newEventId(), type: WEBHOOK_TEST_EVENT, payload });
}

/** An event written with its cause (decision 0042): the outbox's INSERT for the caller's batch, and the queue's send once that batch is through. */
export interface EventWrite {
  /** The outbox's INSERT, to put in the batch that writes the event's cause (`rawBatch`). */
  statement: D1PreparedStatement;
  /** After the batch, with this statement's result: its deliveries on the queue. Never throws: a send that fails is left to the cron (the rows are written). */
  queue(result: D1Result | undefined): Promise<void>;
}

/**
 * An event of a project, to be written in the same batch as its cause: a pending delivery for
 * each endpoint that is on and takes it (one INSERT … SELECT: the outbox), so that a crash after
 * the batch loses no event and a batch that fails writes neither. `path` is the workspace page
 * of what the event is about; with APP_HOSTS set it becomes `data.url`. `onlyIf`: `'changed'`
 * when the statement right before it in the batch is the cause's one-row write (it wrote it),
 * or a condition of the cause's owner (a subquery its repo exports), evaluated in the batch.
 */
export function eventStatement(
  db: Db,
  projectId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
  path?: string,
  onlyIf?: 'changed' | SQL,
): EventWrite {
  const now = new Date();
  const hosts = (runtimeEnv as Partial<Pick<Bindings, 'APP_HOSTS'>>).APP_HOSTS;
  const url = path && hosts ? `${publicOrigin({ APP_HOSTS: hosts }, 'https://localhost')}${path}` : undefined;
  const payload = payloadOf(type, { projectId, ...data, ...(url ? { url } : {}) }, now);
  const statement = repo.insertDeliveriesOfEvent(
    db,
    { eventId: newEventId(), projectId, type, payload, now: now.getTime(), deadline: now.getTime() + DELIVERY_WINDOW_MS },
    onlyIf === 'changed' ? repo.causeChanged() : onlyIf,
  );
  return { statement, queue: (result) => enqueue(((result?.results ?? []) as { id: string }[]).map((row) => row.id)) };
}

/**
 * Emits an event of a project whose cause is not one batch (or is written already): the outbox's
 * INSERT on its own (eventStatement), then the queue. Never throws: the work that caused the
 * event is done and stays done (a failure is logged). Where the cause is one batch, put
 * eventStatement in it instead.
 */
export async function emitEvent(db: Db, projectId: string, type: WebhookEvent, data: Record<string, unknown>, path?: string): Promise<void> {
  try {
    const event = eventStatement(db, projectId, type, data, path);
    const [result] = await rawBatch(db, [event.statement]);
    await event.queue(result);
  } catch (error) {
    console.error(`webhooks: the event ${type} of project ${projectId} could not be written`, error);
  }
}

/** The cron: pending deliveries whose message was lost (never handled) go on the queue again. Returns how many. */
export async function resendLostDeliveries(db: Db, now = new Date(), limit = 200): Promise<number> {
  const rows = await repo.overdueDeliveries(db, new Date(now.getTime() - LOST_AFTER_MS), limit);
  await enqueue(rows.map((row) => row.id));
  return rows.length;
}

/** The cron: log rows older than 30 days go. */
export async function purgeOldDeliveries(db: Db, now = new Date(), limit = 500): Promise<number> {
  const [result] = await rawBatch(db, [repo.purgeDeliveries(db, new Date(now.getTime() - LOG_KEPT_MS), limit)]);
  return result?.meta.changes ?? 0;
}
