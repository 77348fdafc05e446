import * as z from 'zod/mini';
import type { Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';
import { forgetUser } from '#worker/lib/session-cache.ts';
import { checkoutItem, fulfil, refundPayment } from '#worker/features/billing/core/service.ts';
import { setPlanStatement, userExists } from '#worker/features/auth/users/service.ts';
import * as repo from '#worker/features/billing/core/repo.ts';
import { STRIPE_EVENT_TYPES, stripeEvent, type StripeEvent, type StripeMetadata, type StripeSubscription } from '#common/schemas/billing.ts';

/** A reference Stripe sends as a string (an empty one counts as none). */
const str = (value: string | null | undefined): string | undefined => value || undefined;
const seconds = (value: number | undefined): Date | undefined => (value !== undefined ? new Date(value * 1000) : undefined);
const metadataOf = (object: { metadata?: StripeMetadata }) => object.metadata ?? {};

/** Newer API versions moved the period onto the subscription's items. */
function subscriptionPeriod(subscription: StripeSubscription): { start?: Date; end?: Date } {
  const item = subscription.items?.data[0];
  return {
    start: seconds(subscription.current_period_start) ?? seconds(item?.current_period_start),
    end: seconds(subscription.current_period_end) ?? seconds(item?.current_period_end),
  };
}

/**
 * Applies one verified Stripe event. Every effect is idempotent (conditional status
 * changes, unique operation keys), so a repeated or concurrent delivery changes nothing
 * more, and events that arrive out of order converge on the same state.
 */
async function applyStripeEvent(db: Db, event: StripeEvent): Promise<void> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return;
      const paymentId = str(session.client_reference_id) ?? str(metadataOf(session).paymentId);
      if (!paymentId) return;
      await fulfil(db, paymentId, {
        paidAt: at,
        providerRef: str(session.invoice) ?? str(session.payment_intent),
        providerCustomerId: str(session.customer) ?? null,
        providerSubscriptionId: str(session.subscription) ?? null,
      });
      return;
    }
    case 'checkout.session.expired': {
      const paymentId = str(event.data.object.client_reference_id);
      if (paymentId) await repo.markCanceled(db, paymentId);
      return;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const parent = invoice.parent?.subscription_details;
      const subscriptionId = str(invoice.subscription) ?? str(parent?.subscription);
      const metadata = { ...invoice.subscription_details?.metadata, ...parent?.metadata };
      const userId = str(metadata.userId);
      const plan = str(metadata.plan) ?? str(metadata.item);
      if (!userId || (plan !== 'pro' && plan !== 'agency')) return;
      if (invoice.billing_reason === 'subscription_create') {
        // The first invoice: the checkout's own payment (its event may come first or later).
        const paymentId = str(metadata.paymentId);
        if (paymentId)
          await fulfil(db, paymentId, {
            paidAt: at,
            providerRef: invoice.id,
            providerCustomerId: str(invoice.customer) ?? null,
            providerSubscriptionId: subscriptionId ?? null,
          });
        return;
      }
      // A renewal: a payment of its own (unique by invoice), which earns its commission.
      if (await repo.findPaymentByRef(db, invoice.id)) return;
      // The account may be gone (deleted while Stripe still bills): nothing to pay for then.
      if (!(await userExists(db, userId))) {
        console.warn(`[stripe] event ${event.id} (${event.type}) ignored: its customer has no account`);
        return;
      }
      await repo
        .insertPayment(db, {
          id: newId(),
          userId,
          kind: 'plan',
          item: plan,
          amountCents: invoice.amount_paid ?? checkoutItem('plan', plan).amountCents,
          currency: invoice.currency ?? 'eur',
          provider: 'stripe',
          providerRef: invoice.id,
          status: 'pending',
        })
        .onConflictDoNothing();
      const payment = await repo.findPaymentByRef(db, invoice.id);
      if (payment)
        await fulfil(db, payment.id, { paidAt: at, providerSubscriptionId: subscriptionId ?? null, providerCustomerId: str(invoice.customer) ?? null });
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const existing = await repo.findSubscriptionByProviderId(db, subscription.id);
      if (!existing) return;
      const owner = existing.userId;
      const period = subscriptionPeriod(subscription);
      const ended = event.type === 'customer.subscription.deleted' || subscription.status === 'canceled';
      await db.batch([
        repo.updateSubscription(db, owner, {
          status: ended ? 'canceled' : subscription.status === 'past_due' || subscription.status === 'unpaid' ? 'past_due' : 'active',
          cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
          ...(period.start ? { currentPeriodStart: period.start } : {}),
          ...(period.end ? { currentPeriodEnd: period.end } : {}),
        }),
        ...(ended ? [setPlanStatement(db, owner, 'free')] : []),
      ]);
      if (ended) forgetUser(owner);
      return;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      if (charge.refunded !== true) return;
      const paymentId = str(metadataOf(charge).paymentId);
      const invoiceId = str(charge.invoice);
      const intentId = str(charge.payment_intent);
      const payment =
        (paymentId ? await repo.findPayment(db, paymentId) : undefined) ??
        (invoiceId ? await repo.findPaymentByRef(db, invoiceId) : undefined) ??
        (intentId ? await repo.findPaymentByRef(db, intentId) : undefined);
      if (payment) await refundPayment(db, payment.id, at);
      return;
    }
  }
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(STRIPE_EVENT_TYPES);
/** Ids and types as Stripe writes them; anything else is not echoed into the logs. */
const loggable = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9_.-]{1,255}$/.test(value) ? value : '(none)');

/**
 * Why a verified payload is not applied, for the log: the event's id and type, and the
 * paths of the fields that did not match (never their values, which hold customers' data).
 */
function ignoredReason(payload: unknown, issues: readonly z.core.$ZodIssue[]): string {
  const { id, type } = typeof payload === 'object' && payload !== null ? (payload as { id?: unknown; type?: unknown }) : {};
  const label = `[stripe] event ${loggable(id)} (${loggable(type)}) ignored`;
  if (typeof type === 'string' && !KNOWN_TYPES.has(type) && typeof id === 'string') return `${label}: not a type Adloom handles`;
  const fields = issues.map((issue) => `${issue.path.join('.') || '(event)'} ${issue.code}`);
  return `${label}: malformed (${fields.slice(0, 5).join('; ')})`;
}

/**
 * Applies a verified event once per event id: an event already recorded is acknowledged
 * without being applied again. An event of another type, or one whose fields are not what
 * Stripe documents, is acknowledged and ignored (logged): Stripe retries any non-2xx answer.
 */
export async function processStripeEvent(db: Db, payload: unknown): Promise<'applied' | 'duplicate' | 'ignored'> {
  const parsed = z.safeParse(stripeEvent, payload);
  if (!parsed.success) {
    console.warn(ignoredReason(payload, parsed.error.issues));
    return 'ignored';
  }
  const event = parsed.data;
  if (await repo.isEventProcessed(db, event.id)) return 'duplicate';
  await applyStripeEvent(db, event);
  await repo.markEventProcessed(db, event.id, event.type);
  return 'applied';
}

/** A verified body that is not a JSON event (or a thin v2 one): acknowledged and ignored, like a malformed event. */
export function ignoreUnparsable(): 'ignored' {
  console.warn('[stripe] event (none) ignored: the verified body is not a JSON snapshot event');
  return 'ignored';
}
