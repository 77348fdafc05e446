import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { payments, subscriptions, users } from '#worker/db/schema.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';

/** Test helpers for billing: the sandbox checkout, and Stripe's API and webhooks as they look. */
const db = () => getDb(env.DB);
export const WEBHOOK_SECRET = 'whsec_test_secret_123';
export const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

export async function credits(user: TestUser) {
  return (await (await send('/api/credits', { cookie: user.cookie })).json()) as { monthly: number; purchased: number; total: number };
}

export async function startSandboxCheckout(user: TestUser, kind: 'plan' | 'pack', id: string) {
  const response = await send('/api/billing/checkout', { json: { kind, id }, cookie: user.cookie });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/billing\/sandbox\/[A-Za-z0-9_-]+$/);
  return url;
}

/** Stripe's API as its responses look: Checkout Sessions, portal sessions and subscription updates; its 404 to anything else. */
export function interceptStripe() {
  return interceptHost('api.stripe.com', ({ url, body, request }) => {
    const form = new URLSearchParams(body);
    const path = new URL(url).pathname;
    const created = Math.floor(Date.now() / 1000);
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${form.get('client_reference_id')}`;
      return Response.json({
        id,
        object: 'checkout.session',
        client_reference_id: form.get('client_reference_id'),
        created,
        customer: form.get('customer'),
        customer_email: form.get('customer_email'),
        livemode: false,
        metadata: Object.fromEntries([...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value])),
        mode: form.get('mode'),
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions')
      return Response.json({
        id: 'bps_test_1',
        object: 'billing_portal.session',
        created,
        customer: form.get('customer'),
        livemode: false,
        return_url: form.get('return_url'),
        url: 'https://billing.stripe.com/p/session/test_1',
      });
    const subscription = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9_-]+)$/.exec(path);
    if (request.method === 'POST' && subscription)
      return Response.json({
        id: subscription[1],
        object: 'subscription',
        cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
        created,
        livemode: false,
        metadata: {},
        status: 'active',
      });
    return Response.json(
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` } },
      { status: 404, headers: { 'request-id': 'req_test_1' } },
    );
  });
}

/** A Stripe customer on Pro: the subscription row Stripe's checkout would have made. */
export async function subscribe(user: TestUser, subscriptionId: string) {
  const now = Date.now();
  await db()
    .insert(subscriptions)
    .values({
      userId: user.id,
      plan: 'pro',
      status: 'active',
      provider: 'stripe',
      providerCustomerId: `cus_${subscriptionId}`,
      providerSubscriptionId: subscriptionId,
      currentPeriodStart: new Date(now),
      currentPeriodEnd: new Date(now + 30 * 86_400_000),
    });
  await db().update(users).set({ plan: 'pro' }).where(eq(users.id, user.id));
}

export async function webhook(event: unknown, options: { secret?: string; timestamp?: number; header?: string | null; raw?: string } = {}) {
  const payload = options.raw ?? JSON.stringify(event);
  const signature =
    options.header === null
      ? undefined
      : (options.header ??
        (await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp })));
  return send('/api/webhooks/stripe', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    env: STRIPE,
    sameOrigin: false,
  });
}

export function completed(paymentId: string, eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`) {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${paymentId}`,
        object: 'checkout.session',
        client_reference_id: paymentId,
        mode: 'payment',
        payment_status: 'paid',
        payment_intent: `pi_${paymentId}`,
        customer: 'cus_test_1',
        metadata: { paymentId },
      },
    },
  };
}

export async function stripeCheckout(user: TestUser, id = 'pack-100') {
  interceptStripe();
  const response = await send('/api/billing/checkout', { json: { kind: 'pack', id }, cookie: user.cookie, env: STRIPE });
  const { url } = (await response.json()) as { url: string };
  const payment = await db().select().from(payments).where(eq(payments.userId, user.id)).get();
  vi.restoreAllMocks();
  return { url, paymentId: payment!.id };
}
