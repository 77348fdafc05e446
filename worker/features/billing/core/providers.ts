import type Stripe from 'stripe';
import { AppError } from '#worker/lib/errors.ts';
import { stripeCall } from '#worker/lib/stripe.ts';
import type { PaymentRow } from '#worker/features/billing/core/repo.ts';

/**
 * Payments behind one interface (ARCHITECTURE.md §7): Stripe when STRIPE_SECRET_KEY is
 * set, otherwise the local sandbox, whose checkout page completes purchases through the
 * same fulfilment code.
 */
export interface CheckoutRequest {
  payment: PaymentRow;
  itemName: string;
  customerEmail: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentsProvider {
  name: 'stripe' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<{ url: string; ref: string }>;
  /** A page where the customer manages the subscription, or undefined where there is none. */
  portal(customerId: string | null, returnUrl: string): Promise<string | undefined>;
  setCancelAtPeriodEnd(providerSubscriptionId: string | null, cancel: boolean): Promise<void>;
}

export function sandboxProvider(): PaymentsProvider {
  return {
    name: 'sandbox',
    async createCheckout({ payment }) {
      return { url: `/billing/sandbox/${payment.id}`, ref: `sandbox_${payment.id}` };
    },
    async portal() {
      return undefined;
    },
    async setCancelAtPeriodEnd() {},
  };
}

export function stripeProvider(secretKey: string): PaymentsProvider {
  const call = <T>(what: string, request: (stripe: Stripe) => Promise<T>) => stripeCall(secretKey, what, request);
  return {
    name: 'stripe',
    async createCheckout({ payment, itemName, customerEmail, customerId, successUrl, cancelUrl }) {
      const subscription = payment.kind === 'plan';
      const metadata = { paymentId: payment.id, userId: payment.userId, kind: payment.kind, item: payment.item };
      const session = await call('creating a Checkout Session', (stripe) =>
        stripe.checkout.sessions.create(
          {
            mode: subscription ? 'subscription' : 'payment',
            client_reference_id: payment.id,
            success_url: successUrl,
            cancel_url: cancelUrl,
            ...(customerId ? { customer: customerId } : { customer_email: customerEmail }),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: payment.currency,
                  unit_amount: payment.amountCents,
                  product_data: { name: itemName },
                  ...(subscription ? { recurring: { interval: 'month' as const } } : {}),
                },
              },
            ],
            metadata,
            ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          },
          // The same payment never opens two sessions, however often the request is retried.
          { idempotencyKey: `checkout:${payment.id}` },
        ),
      );
      if (!session.url) throw new AppError('upstream_failed', 'The payment provider returned no checkout page. Please try again.');
      return { url: session.url, ref: session.id };
    },
    async portal(customerId, returnUrl) {
      if (!customerId) return undefined;
      const session = await call('creating a portal session', (stripe) =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },
    async setCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      if (!providerSubscriptionId) return;
      await call('updating a subscription', (stripe) => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel }));
    },
  };
}
