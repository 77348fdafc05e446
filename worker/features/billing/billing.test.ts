import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditBalances, creditLedger, payments, processedWebhookEvents, subscriptions, users } from '#worker/db/schema.ts';
import { runBillingJobs } from '#worker/jobs/index.ts';
import { signStripePayload } from '#worker/lib/stripe.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
const WEBHOOK_SECRET = 'whsec_test_secret_123';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

async function credits(user: TestUser) {
  return (await (await send('/api/credits', { cookie: user.cookie })).json()) as { monthly: number; purchased: number; total: number };
}

async function startSandboxCheckout(user: TestUser, kind: 'plan' | 'pack', id: string) {
  const response = await send('/api/billing/checkout', { json: { kind, id }, cookie: user.cookie });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/billing\/sandbox\/[A-Za-z0-9_-]+$/);
  return url;
}

describe('the sandbox checkout (no Stripe key)', () => {
  it('buys a credit pack: the page, then the same fulfilment as Stripe, once', async () => {
    const user = await createUser();
    const url = await startSandboxCheckout(user, 'pack', 'pack-100');
    const page = await send(url, { cookie: user.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('100 credits');
    const stranger = await createUser();
    expect((await send(url, { cookie: stranger.cookie })).status).toBe(404);

    const complete = await send(`${url}/complete`, { form: {}, cookie: user.cookie });
    expect(complete.status).toBe(303);
    expect(complete.headers.get('location')).toMatch(/^\/account\/credits\?checkout=success/);
    expect(await credits(user)).toMatchObject({ monthly: 25, purchased: 100, total: 125 });
    // Completing twice gives nothing more.
    await send(`${url}/complete`, { form: {}, cookie: user.cookie });
    expect(await credits(user)).toMatchObject({ purchased: 100 });
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(rows.filter((r) => r.kind === 'purchase')).toEqual([expect.objectContaining({ purchasedDelta: 100 })]);
    const overview = (await (await send('/api/billing', { cookie: user.cookie })).json()) as {
      payments: { status: string; description: string; amountCents: number }[];
    };
    expect(overview.payments).toEqual([expect.objectContaining({ status: 'paid', description: '100 credits', amountCents: 900 })]);
  });

  it('cancels a checkout without charging', async () => {
    const user = await createUser();
    const url = await startSandboxCheckout(user, 'pack', 'pack-500');
    const cancel = await send(`${url}/cancel`, { form: {}, cookie: user.cookie });
    expect(cancel.headers.get('location')).toBe('/account/credits?checkout=canceled');
    expect(await credits(user)).toMatchObject({ purchased: 0 });
  });

  it('upgrades to Pro with 500 monthly credits, cancels at the period end, and goes back to Free then', async () => {
    const user = await createUser();
    const url = await startSandboxCheckout(user, 'plan', 'pro');
    await send(`${url}/complete`, { form: {}, cookie: user.cookie });
    const me = (await (await send('/api/me', { cookie: user.cookie })).json()) as { plan: { id: string } };
    expect(me.plan.id).toBe('pro');
    expect(await credits(user)).toMatchObject({ monthly: 500 });
    expect((await send('/api/billing/checkout', { json: { kind: 'plan', id: 'pro' }, cookie: user.cookie })).status).toBe(409);

    const canceled = (await (await send('/api/billing/cancel', { method: 'POST', cookie: user.cookie })).json()) as {
      subscription: { cancelAtPeriodEnd: boolean; currentPeriodEnd: string };
    };
    expect(canceled.subscription.cancelAtPeriodEnd).toBe(true);
    await runBillingJobs(env, new Date(new Date(canceled.subscription.currentPeriodEnd).getTime() + 1000));
    const after = await db().select().from(users).where(eq(users.id, user.id)).get();
    expect(after?.plan).toBe('free');
    expect((await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)).get())?.status).toBe('canceled');
    expect(await credits(user)).toMatchObject({ monthly: 25 });
  });

  it('refuses unknown items', async () => {
    const user = await createUser();
    expect((await send('/api/billing/checkout', { json: { kind: 'pack', id: 'pack-3' }, cookie: user.cookie })).status).toBe(422);
    expect((await send('/api/billing/checkout', { json: { kind: 'plan', id: 'free' }, cookie: user.cookie })).status).toBe(422);
  });

  it('checks out from the pricing page’s form without JavaScript', async () => {
    const user = await createUser();
    const signedOut = await send('/billing/checkout', { form: { kind: 'pack', id: 'pack-100' } });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/login?tab=signup&next=%2Fpricing');
    const response = await send('/billing/checkout', { form: { kind: 'pack', id: 'pack-100' }, cookie: user.cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/billing\/sandbox\//);
  });
});

describe('Stripe', () => {
  /** Stripe's API: creates Checkout Sessions, answers 404 to anything else. */
  function interceptStripe() {
    return interceptHost('api.stripe.com', ({ url, body }) => {
      const form = new URLSearchParams(body);
      if (new URL(url).pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${form.get('client_reference_id')}`;
        return Response.json({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, mode: form.get('mode'), status: 'open' });
      }
      return Response.json({ error: { type: 'invalid_request_error', message: 'No such route' } }, { status: 404 });
    });
  }

  async function webhook(event: object, options: { secret?: string; timestamp?: number; header?: string | null } = {}) {
    const payload = JSON.stringify(event);
    const signature =
      options.header === null ? undefined : (options.header ?? (await signStripePayload(options.secret ?? WEBHOOK_SECRET, payload, options.timestamp)));
    return send('/api/webhooks/stripe', {
      body: payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      env: STRIPE,
      sameOrigin: false,
    });
  }

  function completed(paymentId: string, eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`) {
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

  async function stripeCheckout(user: TestUser, id = 'pack-100') {
    interceptStripe();
    const response = await send('/api/billing/checkout', { json: { kind: 'pack', id }, cookie: user.cookie, env: STRIPE });
    const { url } = (await response.json()) as { url: string };
    const payment = await db().select().from(payments).where(eq(payments.userId, user.id)).get();
    vi.restoreAllMocks();
    return { url, paymentId: payment!.id };
  }

  it('creates a Checkout Session with the item, the payment id and an idempotency key', async () => {
    const user = await createUser();
    const calls = interceptStripe();
    const response = await send('/api/billing/checkout', { json: { kind: 'pack', id: 'pack-500' }, cookie: user.cookie, env: STRIPE });
    expect(response.status).toBe(200);
    const payment0 = await db().select().from(payments).where(eq(payments.userId, user.id)).get();
    expect(await response.json()).toEqual({ url: `https://checkout.stripe.com/c/pay/cs_test_${payment0!.id}` });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    const form = new URLSearchParams(call!.body);
    expect(call!.request.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('3900');
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form.get('customer_email')).toBe(user.email);
    const payment = await db().select().from(payments).where(eq(payments.userId, user.id)).get();
    expect(form.get('client_reference_id')).toBe(payment!.id);
    expect(form.get('payment_intent_data[metadata][paymentId]')).toBe(payment!.id);
    expect(call!.request.headers.get('idempotency-key')).toBe(`checkout:${payment!.id}`);
    expect(payment).toMatchObject({ status: 'pending', providerRef: `cs_test_${payment!.id}`, provider: 'stripe' });
  });

  it('credits a paid checkout once, however often (and however concurrently) the event is delivered', async () => {
    const user = await createUser();
    const { paymentId } = await stripeCheckout(user);
    const event = completed(paymentId);
    for (let i = 0; i < 5; i += 1) expect((await webhook(event)).status).toBe(200);
    const again = completed(paymentId, 'evt_other_delivery_same_payment');
    await Promise.all(Array.from({ length: 5 }, () => webhook(again)));
    expect(await credits(user)).toMatchObject({ purchased: 100 });
    expect(await db().select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, event.id)).all()).toHaveLength(1);
  });

  it('credits once when the same event arrives 5 times at the same moment', async () => {
    const user = await createUser();
    const { paymentId } = await stripeCheckout(user);
    const event = completed(paymentId);
    const responses = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await credits(user)).toMatchObject({ purchased: 100 });
  });

  it.each([
    ['a bad signature', { secret: 'whsec_wrong' }],
    ['a stale timestamp', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ['no signature header', { header: null }],
    ['a malformed header', { header: 'v1=abc' }],
  ])('refuses %s with 400 and writes nothing', async (_label, options) => {
    const user = await createUser();
    const { paymentId } = await stripeCheckout(user);
    const event = completed(paymentId);
    const response = await webhook(event, options as { secret?: string; timestamp?: number; header?: string | null });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    expect(await credits(user)).toMatchObject({ purchased: 0 });
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)).get())?.status).toBe('pending');
    expect(await db().select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, event.id)).all()).toEqual([]);
  });

  it('reverses a refunded pack’s remaining credits', async () => {
    const user = await createUser();
    const { paymentId } = await stripeCheckout(user);
    await webhook(completed(paymentId));
    // 30 of the 100 are already spent (after the 25 monthly ones).
    await send('/api/ai/copy-suggestions', { json: { topic: 'x x' }, cookie: user.cookie });
    await db().update(creditBalances).set({ monthly: 0, purchased: 70 }).where(eq(creditBalances.userId, user.id));
    await db()
      .insert(creditLedger)
      .values({
        id: crypto.randomUUID(),
        userId: user.id,
        kind: 'spend',
        monthlyDelta: -24,
        purchasedDelta: -30,
        operationKey: `test:${user.id}`,
        description: 'test',
      });
    const refunded = {
      id: `evt_refund_${paymentId}`,
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_1', object: 'charge', refunded: true, amount_refunded: 900, payment_intent: `pi_${paymentId}`, metadata: {} } },
    };
    expect((await webhook(refunded)).status).toBe(200);
    expect(await credits(user)).toMatchObject({ purchased: 0 });
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)).get())?.status).toBe('refunded');
  });

  it('follows the subscription: renewals are payments of their own, deletion returns to Free', async () => {
    const user = await createUser();
    interceptStripe();
    await send('/api/billing/checkout', { json: { kind: 'plan', id: 'agency' }, cookie: user.cookie, env: STRIPE });
    vi.restoreAllMocks();
    const payment = (await db().select().from(payments).where(eq(payments.userId, user.id)).get())!;
    const metadata = { paymentId: payment.id, userId: user.id, kind: 'plan', item: 'agency' };
    const now = Math.floor(Date.now() / 1000);
    // The first invoice arrives before the checkout event (out of order): it fulfils once.
    const firstInvoice = {
      id: 'evt_inv_1',
      type: 'invoice.paid',
      created: now,
      data: {
        object: {
          id: 'in_1',
          billing_reason: 'subscription_create',
          subscription: 'sub_1',
          customer: 'cus_1',
          amount_paid: 9900,
          currency: 'eur',
          subscription_details: { metadata },
        },
      },
    };
    await webhook(firstInvoice);
    await webhook({
      id: 'evt_cs_1',
      type: 'checkout.session.completed',
      created: now,
      data: {
        object: {
          id: 'cs_1',
          client_reference_id: payment.id,
          mode: 'subscription',
          payment_status: 'paid',
          subscription: 'sub_1',
          customer: 'cus_1',
          invoice: 'in_1',
          metadata,
        },
      },
    });
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())?.plan).toBe('agency');
    expect(await credits(user)).toMatchObject({ monthly: 2500 });

    const renewal = {
      id: 'evt_inv_2',
      type: 'invoice.paid',
      created: now + 100,
      data: {
        object: {
          id: 'in_2',
          billing_reason: 'subscription_cycle',
          subscription: 'sub_1',
          customer: 'cus_1',
          amount_paid: 9900,
          currency: 'eur',
          subscription_details: { metadata },
        },
      },
    };
    await webhook(renewal);
    await webhook(renewal);
    const all = await db().select().from(payments).where(eq(payments.userId, user.id)).all();
    expect(
      all
        .filter((p) => p.status === 'paid')
        .map((p) => p.providerRef)
        .sort(),
    ).toEqual(['in_1', 'in_2']);

    await webhook({
      id: 'evt_sub_del',
      type: 'customer.subscription.deleted',
      created: now + 200,
      data: { object: { id: 'sub_1', status: 'canceled', cancel_at_period_end: false, metadata } },
    });
    expect((await db().select().from(users).where(eq(users.id, user.id)).get())?.plan).toBe('free');
  });

  it('answers 404 when no webhook secret is configured', async () => {
    const response = await send('/api/webhooks/stripe', { body: '{}', headers: { 'content-type': 'application/json' }, sameOrigin: false });
    expect(response.status).toBe(404);
  });
});
