import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { payments, processedWebhookEvents, subscriptions } from '#worker/db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  return db.insert(payments).values(values);
}

export function findPayment(db: Db, id: string) {
  return db.select().from(payments).where(eq(payments.id, id)).get();
}

export function findPaymentByRef(db: Db, providerRef: string) {
  return db.select().from(payments).where(eq(payments.providerRef, providerRef)).get();
}

export function setPaymentRef(db: Db, id: string, providerRef: string) {
  return db.update(payments).set({ providerRef, updatedAt: new Date() }).where(eq(payments.id, id));
}

/** pending → paid, once: the row count says whether this call did it. */
export function markPaid(db: Db, id: string, paidAt: Date, providerRef?: string) {
  return db
    .update(payments)
    .set({ status: 'paid', paidAt, updatedAt: paidAt, ...(providerRef ? { providerRef } : {}) })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
}

export function markCanceled(db: Db, id: string) {
  return db
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
}

export function markRefunded(db: Db, id: string, at: Date) {
  return db
    .update(payments)
    .set({ status: 'refunded', refundedAt: at, updatedAt: at })
    .where(and(eq(payments.id, id), eq(payments.status, 'paid')))
    .returning();
}

export function listPayments(db: Db, userId: string, limit = 50) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit).all();
}

export function findSubscription(db: Db, userId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

export function findSubscriptionByProviderId(db: Db, providerSubscriptionId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).get();
}

export function upsertSubscription(db: Db, values: typeof subscriptions.$inferInsert) {
  const { userId: _key, createdAt: _created, ...update } = values;
  return db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...update, updatedAt: new Date() } });
}

export function updateSubscription(db: Db, userId: string, values: Partial<typeof subscriptions.$inferInsert>) {
  return db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.userId, userId));
}

export function markEventProcessed(db: Db, id: string, type: string) {
  return db.insert(processedWebhookEvents).values({ id, type }).onConflictDoNothing();
}

export function isEventProcessed(db: Db, id: string) {
  return db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id)).get();
}

export function dueCanceledSubscriptions(db: Db, now: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.cancelAtPeriodEnd, true), eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)))
    .all();
}
