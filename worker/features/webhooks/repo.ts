import { and, asc, desc, eq, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { WEBHOOK_ENDPOINT_LIMIT } from '#common/schemas/webhooks.ts';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '#worker/db/schema.ts';

/**
 * The queries of webhooks (issue 31, decision 0042): a project's endpoints (at most ten, checked
 * inside the insert), and the deliveries, which are the outbox (written before the queue hears of
 * them) and the log (attempts, the last answer, the next try).
 */
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Stores an endpoint in one conditional insert: only while the project has fewer than
 * WEBHOOK_ENDPOINT_LIMIT. Concurrent creates each see the rows committed before them.
 */
export function insertEndpointIfRoom(
  db: Db,
  e: { id: string; projectId: string; url: string; events: readonly string[]; secretSealed: string; secretKeyId: string; createdBy: string; now: Date },
) {
  const now = e.now.getTime();
  return rawStatement(
    db,
    sql`INSERT INTO webhook_endpoints (id, project_id, url, events, secret_sealed, secret_key_id, created_by, created_at, updated_at)
      SELECT ${e.id}, ${e.projectId}, ${e.url}, ${JSON.stringify(e.events)}, ${e.secretSealed}, ${e.secretKeyId}, ${e.createdBy}, ${now}, ${now}
      WHERE (SELECT count(*) FROM webhook_endpoints w WHERE w.project_id = ${e.projectId}) < ${WEBHOOK_ENDPOINT_LIMIT}`,
  );
}

export function endpointsOf(db: Db, projectId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, projectId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(WEBHOOK_ENDPOINT_LIMIT)
    .all();
}

export function endpointOf(db: Db, projectId: string, id: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.projectId, projectId)))
    .get();
}

export function endpointById(db: Db, id: string) {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
}

export function updateEndpoint(db: Db, projectId: string, id: string, set: Partial<Omit<EndpointRow, 'id' | 'projectId' | 'createdAt'>>) {
  return db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.projectId, projectId)))
    .returning()
    .get();
}

export function deleteEndpoint(db: Db, projectId: string, id: string) {
  return db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.projectId, projectId)))
    .returning({ id: webhookEndpoints.id })
    .get();
}

/** Switches an endpoint off after its failures; changes nothing when it is off already (so its owners are emailed once). */
export function disableFailing(db: Db, id: string, now: Date) {
  return db
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: 'failing', updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id, projectId: webhookEndpoints.projectId, url: webhookEndpoints.url })
    .get();
}

/**
 * The outbox write of one event: a pending delivery for each of the project's endpoints that is
 * on and takes `type`, in one INSERT … SELECT (an endpoint switched off at the same moment gets
 * none), returning the new deliveries' ids, for the queue. A statement for a batch: the event is
 * written with its cause, in the cause's transaction (decision 0042). `onlyIf`: a condition of
 * that batch (`causeChanged`, or a subquery of the cause's owner), so that the event is written
 * exactly when its cause is.
 */
export function insertDeliveriesOfEvent(
  db: Db,
  d: { eventId: string; projectId: string; type: string; payload: string; now: number; deadline: number },
  onlyIf?: SQL,
) {
  return rawStatement(
    db,
    sql`INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id, type, payload, status, attempts, next_attempt_at, deadline_at, created_at)
      SELECT lower(hex(randomblob(16))), ${d.eventId}, e.id, e.project_id, ${d.type}, ${d.payload}, 'pending', 0, ${d.now}, ${d.deadline}, ${d.now}
      FROM webhook_endpoints e
      WHERE e.project_id = ${d.projectId} AND e.disabled_at IS NULL AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE json_each.value = ${d.type})${onlyIf ? sql` AND (${onlyIf})` : sql``}
      RETURNING id`,
  );
}

/** The condition of an event written right after its cause's one-row write: that write changed its row (SQLite's `changes()`, as the audit log's entries). */
export const causeChanged = () => sql`changes() = 1`;

/** One pending delivery to one endpoint (a test event, a "send again"). */
export function insertDelivery(
  db: Db,
  d: { id: string; eventId: string; endpointId: string; projectId: string; type: string; payload: string; now: Date; deadline: Date },
) {
  return db
    .insert(webhookDeliveries)
    .values({
      id: d.id,
      eventId: d.eventId,
      endpointId: d.endpointId,
      projectId: d.projectId,
      type: d.type,
      payload: d.payload,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: d.now,
      deadlineAt: d.deadline,
      createdAt: d.now,
    })
    .returning()
    .get();
}

export function deliveryById(db: Db, id: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
}

export function deliveryOf(db: Db, endpointId: string, id: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .get();
}

/** An endpoint's latest deliveries, newest first. */
export function deliveriesOf(db: Db, endpointId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .all();
}

/**
 * Takes a due pending delivery for one attempt: counts the attempt and moves its next try
 * `leaseMs` ahead, so that a second message for it (a redelivery, the cron's re-send) finds it
 * not due. Changes nothing when it is delivered, given up, or not due.
 */
export function claimDelivery(db: Db, id: string, now: number, leaseMs: number) {
  return db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now + leaseMs), lastAttemptAt: new Date(now) })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, new Date(now))))
    .returning()
    .get();
}

/** What an attempt found: delivered, failed for good, or pending with its next try. */
export function settleAttempt(
  db: Db,
  id: string,
  set: { status: 'pending' | 'delivered' | 'failed'; nextAttemptAt: Date | null; statusCode: number | null; latencyMs: number; response: string },
) {
  return db
    .update(webhookDeliveries)
    .set({ status: set.status, nextAttemptAt: set.nextAttemptAt, lastStatusCode: set.statusCode, lastLatencyMs: set.latencyMs, lastResponse: set.response })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** Gives up the pending deliveries of an endpoint that is off or gone. */
export function failDelivery(db: Db, id: string, response: string) {
  return db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastResponse: response })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** Pending deliveries whose try is overdue by more than the queue would ever take: their message was lost. */
export function overdueDeliveries(db: Db, before: Date, limit: number) {
  return db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.nextAttemptAt, before)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .all();
}

/** Deliveries older than `before`, a batch at a time. */
export function purgeDeliveries(db: Db, before: Date, limit: number) {
  return rawStatement(
    db,
    sql`DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE created_at < ${before.getTime()} LIMIT ${limit})`,
  );
}
