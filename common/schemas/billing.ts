import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';

/** POST /api/billing/checkout and the pricing page's form. */
export const checkoutInput = z.object({
  kind: z.enum(['plan', 'pack'], 'Choose a plan or a credit pack.'),
  id: text('Choose what to buy.').check(z.minLength(1, 'Choose what to buy.'), z.maxLength(40)),
});

/*
 * Stripe's webhook events: only the fields Adloom reads, each with the type Stripe documents
 * (ids and references are strings or null), every other field passed through. A signed event
 * that does not match is acknowledged and ignored, never half-applied.
 */

/** Stripe's optional references (`invoice`, `customer`, …): a string, or null where there is none. */
const reference = z.optional(z.nullable(text()));
/** The largest Unix time in seconds that is still a valid Date. */
const MAX_UNIX_SECONDS = 8_640_000_000_000;
const unixSeconds = z.int().check(z.minimum(0), z.maximum(MAX_UNIX_SECONDS));
const metadata = z.optional(
  z.nullable(
    z.looseObject({
      paymentId: z.optional(text()),
      userId: z.optional(text()),
      plan: z.optional(text()),
      item: z.optional(text()),
    }),
  ),
);

const checkoutSession = z.looseObject({
  payment_status: reference,
  client_reference_id: reference,
  invoice: reference,
  payment_intent: reference,
  customer: reference,
  subscription: reference,
  metadata,
});

const invoice = z.looseObject({
  id: text().check(z.minLength(1)),
  billing_reason: reference,
  /** Before API version 2025-03-31 (basil); newer ones name it under `parent`. */
  subscription: reference,
  customer: reference,
  amount_paid: z.optional(z.int().check(z.minimum(0))),
  currency: z.optional(text().check(z.regex(/^[a-z]{3}$/))),
  subscription_details: z.optional(z.nullable(z.looseObject({ metadata }))),
  parent: z.optional(z.nullable(z.looseObject({ subscription_details: z.optional(z.nullable(z.looseObject({ subscription: reference, metadata }))) }))),
});

const period = { current_period_start: z.optional(unixSeconds), current_period_end: z.optional(unixSeconds) };
const subscription = z.looseObject({
  id: text().check(z.minLength(1)),
  status: reference,
  cancel_at_period_end: z.optional(z.boolean()),
  /** Before basil the period is on the subscription, since then on its items. */
  ...period,
  items: z.optional(z.looseObject({ data: z.array(z.looseObject(period)) })),
  metadata,
});

const charge = z.looseObject({
  refunded: z.optional(z.boolean()),
  invoice: reference,
  payment_intent: reference,
  metadata,
});

export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

const envelope = {
  id: text().check(z.minLength(1), z.maxLength(255)),
  created: unixSeconds,
};

/** The events Adloom applies (the endpoint in Stripe's dashboard subscribes to these, README "Deploying"). */
export const stripeEvent = z.discriminatedUnion('type', [
  z.looseObject({
    ...envelope,
    type: z.enum(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']),
    data: z.looseObject({ object: checkoutSession }),
  }),
  z.looseObject({ ...envelope, type: z.literal('invoice.paid'), data: z.looseObject({ object: invoice }) }),
  z.looseObject({
    ...envelope,
    type: z.enum(['customer.subscription.updated', 'customer.subscription.deleted']),
    data: z.looseObject({ object: subscription }),
  }),
  z.looseObject({ ...envelope, type: z.literal('charge.refunded'), data: z.looseObject({ object: charge }) }),
]);

export type StripeEvent = z.infer<typeof stripeEvent>;
export type StripeMetadata = z.infer<typeof metadata>;
export type StripeSubscription = z.infer<typeof subscription>;
