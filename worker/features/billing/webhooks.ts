import type { Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';
import { forgetUser } from '#worker/lib/session-cache.ts';
import { checkoutItem, fulfil, refundPayment } from '#worker/features/billing/service.ts';
import * as repo from '#worker/features/billing/repo.ts';

/** The shapes we read from Stripe's events (a subset of Stripe's objects). */
interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

type Obj = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null ? (value as Obj) : {});
const seconds = (value: unknown): Date | undefined => (num(value) !== undefined ? new Date(num(value)! * 1000) : undefined);

/** Newer API versions moved the period onto the subscription's items. */
function subscriptionPeriod(subscription: Obj): { start?: Date; end?: Date } {
  const item = obj((obj(subscription.items).data as unknown[] | undefined)?.[0]);
  return {
    start: seconds(subscription.current_period_start) ?? seconds(item.current_period_start),
    end: seconds(subscription.current_period_end) ?? seconds(item.current_period_end),
  };
}

function metadataOf(object: Obj): Obj {
  return obj(object.metadata);
}

/**
 * Applies one verified Stripe event. Every effect is idempotent (conditional status
 * changes, unique operation keys), so a repeated or concurrent delivery changes nothing
 * more, and events that arrive out of order converge on the same state.
 */
export async function applyStripeEvent(db: Db, event: StripeEvent): Promise<void> {
  const object = event.data.object;
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      if (object.payment_status !== 'paid') return;
      const paymentId = str(object.client_reference_id) ?? str(metadataOf(object).paymentId);
      if (!paymentId) return;
      await fulfil(db, paymentId, {
        paidAt: at,
        providerRef: str(object.invoice) ?? str(object.payment_intent),
        providerCustomerId: str(object.customer) ?? null,
        providerSubscriptionId: str(object.subscription) ?? null,
      });
      return;
    }
    case 'checkout.session.expired': {
      const paymentId = str(object.client_reference_id);
      if (paymentId) await repo.markCanceled(db, paymentId);
      return;
    }
    case 'invoice.paid': {
      const invoiceId = str(object.id);
      const subscriptionId = str(object.subscription) ?? str(obj(obj(object.parent).subscription_details).subscription);
      const metadata = { ...obj(obj(object.subscription_details).metadata), ...obj(obj(obj(object.parent).subscription_details).metadata) };
      const userId = str(metadata.userId);
      const plan = str(metadata.plan) ?? str(metadata.item);
      if (!invoiceId || !userId || (plan !== 'pro' && plan !== 'agency')) return;
      if (object.billing_reason === 'subscription_create') {
        // The first invoice: the checkout's own payment (its event may come first or later).
        const paymentId = str(metadata.paymentId);
        if (paymentId)
          await fulfil(db, paymentId, {
            paidAt: at,
            providerRef: invoiceId,
            providerCustomerId: str(object.customer) ?? null,
            providerSubscriptionId: subscriptionId ?? null,
          });
        return;
      }
      // A renewal: a payment of its own (unique by invoice), which earns its commission.
      if (!(await repo.findPaymentByRef(db, invoiceId))) {
        const amount = num(object.amount_paid) ?? checkoutItem('plan', plan).amountCents;
        const id = newId();
        await repo
          .insertPayment(db, {
            id,
            userId,
            kind: 'plan',
            item: plan,
            amountCents: amount,
            currency: str(object.currency) ?? 'eur',
            provider: 'stripe',
            providerRef: invoiceId,
            status: 'pending',
          })
          .onConflictDoNothing();
        const payment = await repo.findPaymentByRef(db, invoiceId);
        if (payment)
          await fulfil(db, payment.id, { paidAt: at, providerSubscriptionId: subscriptionId ?? null, providerCustomerId: str(object.customer) ?? null });
      }
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const providerSubscriptionId = str(object.id);
      const userId = str(metadataOf(object).userId);
      const existing = providerSubscriptionId ? await repo.findSubscriptionByProviderId(db, providerSubscriptionId) : undefined;
      const owner = existing?.userId ?? userId;
      if (!owner || !existing) return;
      const period = subscriptionPeriod(object);
      const ended = event.type === 'customer.subscription.deleted' || object.status === 'canceled';
      await db.batch([
        repo.updateSubscription(db, owner, {
          status: ended ? 'canceled' : object.status === 'past_due' || object.status === 'unpaid' ? 'past_due' : 'active',
          cancelAtPeriodEnd: object.cancel_at_period_end === true,
          ...(period.start ? { currentPeriodStart: period.start } : {}),
          ...(period.end ? { currentPeriodEnd: period.end } : {}),
        }),
        ...(ended ? [repo.setUserPlan(db, owner, 'free')] : []),
      ]);
      if (ended) forgetUser(owner);
      return;
    }
    case 'charge.refunded': {
      if (object.refunded !== true) return;
      const paymentId = str(metadataOf(object).paymentId);
      const byMetadata = paymentId ? await repo.findPayment(db, paymentId) : undefined;
      const byRef = !byMetadata
        ? (str(object.invoice) && (await repo.findPaymentByRef(db, str(object.invoice)!))) ||
          (str(object.payment_intent) && (await repo.findPaymentByRef(db, str(object.payment_intent)!)))
        : undefined;
      const payment = byMetadata ?? (byRef || undefined);
      if (payment) await refundPayment(db, payment.id, at);
      return;
    }
    default:
      return;
  }
}

/** Once per event id: an event already recorded is acknowledged without being applied again. */
export async function processStripeEvent(db: Db, event: StripeEvent): Promise<'applied' | 'duplicate'> {
  if (await repo.isEventProcessed(db, event.id)) return 'duplicate';
  await applyStripeEvent(db, event);
  await repo.markEventProcessed(db, event.id, event.type);
  return 'applied';
}

export type { StripeEvent };
