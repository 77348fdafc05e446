import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditBalances, creditLedger, payments, processedWebhookEvents, subscriptions, users } from '#worker/db/schema.ts';
import { runBillingJobs } from '#worker/jobs/index.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

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
  /** Stripe's API as its responses look: Checkout Sessions, portal sessions and subscription updates; its 404 to anything else. */
  function interceptStripe() {
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
  async function subscribe(user: TestUser, subscriptionId: string) {
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

  async function webhook(event: unknown, options: { secret?: string; timestamp?: number; header?: string | null; raw?: string } = {}) {
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
    expect(call!.request.method).toBe('POST');
    expect(call!.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(call!.request.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(call!.request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(call!.request.headers.get('stripe-version')).toBe(Stripe.API_VERSION);
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

  it('opens the customer portal and cancels at the period end through Stripe', async () => {
    const user = await createUser();
    await subscribe(user, `sub_${user.id}`);
    const calls = interceptStripe();
    const overview = (await (await send('/api/billing', { cookie: user.cookie, env: STRIPE })).json()) as { provider: string; portal: boolean };
    expect(overview).toMatchObject({ provider: 'stripe', portal: true });

    const portal = await send('/api/billing/portal', { method: 'POST', cookie: user.cookie, env: STRIPE });
    expect(await portal.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    const canceled = await send('/api/billing/cancel', { method: 'POST', cookie: user.cookie, env: STRIPE });
    expect(((await canceled.json()) as { subscription: { cancelAtPeriodEnd: boolean } }).subscription.cancelAtPeriodEnd).toBe(true);

    expect(calls.map((call) => `${call.request.method} ${new URL(call.url).pathname}`)).toEqual([
      'POST /v1/billing_portal/sessions',
      `POST /v1/subscriptions/sub_${user.id}`,
    ]);
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({ customer: `cus_sub_${user.id}`, return_url: `${ORIGIN}/account/billing` });
    expect(Object.fromEntries(new URLSearchParams(calls[1]!.body))).toEqual({ cancel_at_period_end: 'true' });
    // Every POST carries an idempotency key, so the client's one retry cannot apply it twice.
    for (const call of calls) expect(call.request.headers.get('idempotency-key')).toMatch(/\S{16,}/);
  });

  it('answers 502 when Stripe refuses a request, and logs its error type but not its message', async () => {
    const user = await createUser();
    const calls = interceptHost('api.stripe.com', () =>
      Response.json(
        { error: { type: 'invalid_request_error', code: 'email_invalid', param: 'customer_email', message: `Invalid email address: ${user.email}` } },
        { status: 400, headers: { 'request-id': 'req_test_2' } },
      ),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await send('/api/billing/checkout', { json: { kind: 'pack', id: 'pack-100' }, cookie: user.cookie, env: STRIPE });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_failed');
    // A 400 is not retried.
    expect(calls).toHaveLength(1);
    const logged = error.mock.calls.flat().map(String).join(' ');
    expect(logged).toContain('invalid_request_error');
    expect(logged).toContain('req_test_2');
    expect(logged).not.toContain(user.email);
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

  describe('malformed or unknown events (correctly signed)', () => {
    /** A user with a pending Stripe pack payment and an active Stripe subscription: what an event could change. */
    async function customer() {
      const user = await createUser();
      const { paymentId } = await stripeCheckout(user);
      const subscriptionId = `sub_${paymentId}`;
      await subscribe(user, subscriptionId);
      return { user, paymentId, subscriptionId, metadata: { paymentId, userId: user.id, kind: 'plan', item: 'pro' } };
    }

    /** Everything a Stripe event may change for this user. */
    async function state(userId: string) {
      return {
        user: await db().select({ plan: users.plan }).from(users).where(eq(users.id, userId)).get(),
        payments: await db().select().from(payments).where(eq(payments.userId, userId)).all(),
        subscription: await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)).get(),
        ledger: await db().select().from(creditLedger).where(eq(creditLedger.userId, userId)).all(),
        balance: await db().select().from(creditBalances).where(eq(creditBalances.userId, userId)).get(),
      };
    }

    type Customer = Awaited<ReturnType<typeof customer>>;
    const now = () => Math.floor(Date.now() / 1000);
    const envelope = (type: string, object: unknown) => ({
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: now(),
      data: { object },
    });
    /** A checkout session that would credit the pending pack, with the customer's personal data (never logged). */
    const session = (c: Customer) => ({
      id: `cs_test_${c.paymentId}`,
      object: 'checkout.session',
      client_reference_id: c.paymentId,
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: `pi_${c.paymentId}`,
      customer: `cus_${c.paymentId}`,
      customer_details: { email: c.user.email, name: 'Ada Lovelace' },
      metadata: { paymentId: c.paymentId },
    });
    const subscription = (c: Customer) => ({
      id: c.subscriptionId,
      object: 'subscription',
      status: 'past_due',
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ id: 'si_1', current_period_start: now(), current_period_end: now() + 86_400 }] },
      metadata: c.metadata,
    });
    const renewal = (c: Customer) => ({
      id: `in_${c.paymentId}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription: c.subscriptionId,
      customer: `cus_${c.paymentId}`,
      customer_email: c.user.email,
      amount_paid: 1900,
      currency: 'eur',
      subscription_details: { metadata: c.metadata },
    });

    const cases: [string, (c: Customer) => unknown][] = [
      ['data.object null', () => envelope('checkout.session.completed', null)],
      ['data.object a string', (c) => envelope('checkout.session.completed', `cs_test_${c.paymentId}`)],
      ['data.object an array', (c) => envelope('checkout.session.completed', [session(c)])],
      ['data.object a number', () => envelope('customer.subscription.deleted', 42)],
      ['no data', (c) => ({ ...envelope('checkout.session.completed', session(c)), data: undefined })],
      ['data a string', (c) => ({ ...envelope('checkout.session.completed', session(c)), data: 'x' })],
      ['no id', (c) => ({ ...envelope('checkout.session.completed', session(c)), id: undefined })],
      ['an id that is an object', (c) => ({ ...envelope('checkout.session.completed', session(c)), id: { evt: 1 } })],
      ['a type that is a number', (c) => ({ ...envelope('checkout.session.completed', session(c)), type: 7 })],
      ['no created', (c) => ({ ...envelope('checkout.session.completed', session(c)), created: undefined })],
      ['created a string', (c) => ({ ...envelope('checkout.session.completed', session(c)), created: String(now()) })],
      ['created beyond any date', (c) => ({ ...envelope('checkout.session.completed', session(c)), created: 1e300 })],
      ['metadata a string', (c) => envelope('checkout.session.completed', { ...session(c), metadata: 'paymentId' })],
      ['client_reference_id a number', (c) => envelope('checkout.session.completed', { ...session(c), client_reference_id: 12345 })],
      ['payment_status an array', (c) => envelope('checkout.session.async_payment_succeeded', { ...session(c), payment_status: ['paid'] })],
      [
        'an expired session whose client_reference_id is an object',
        (c) => envelope('checkout.session.expired', { ...session(c), client_reference_id: { id: c.paymentId } }),
      ],
      ['items.data not an array', (c) => envelope('customer.subscription.updated', { ...subscription(c), items: { data: 'si_1' } })],
      ['items a string', (c) => envelope('customer.subscription.updated', { ...subscription(c), items: 'si_1' })],
      ['a period start that is a string', (c) => envelope('customer.subscription.updated', { ...subscription(c), current_period_start: '2026-11-01' })],
      ['cancel_at_period_end a string', (c) => envelope('customer.subscription.deleted', { ...subscription(c), cancel_at_period_end: 'yes' })],
      ['a subscription without an id', (c) => envelope('customer.subscription.deleted', { ...subscription(c), id: undefined })],
      ['amount_paid a string', (c) => envelope('invoice.paid', { ...renewal(c), amount_paid: '1900' })],
      ['subscription_details an array', (c) => envelope('invoice.paid', { ...renewal(c), subscription_details: [{ metadata: c.metadata }] })],
      [
        'refunded a string',
        (c) => envelope('charge.refunded', { id: 'ch_1', object: 'charge', refunded: 'true', payment_intent: `pi_${c.paymentId}`, metadata: {} }),
      ],
      ['an unknown event type with data.object null', () => envelope('invoice.created', null)],
      ['the JSON null', () => null],
      ['a JSON array', (c) => [envelope('checkout.session.completed', session(c))]],
      ['a JSON string', () => 'evt_1'],
      ['a thin (v2) event notification', () => ({ object: 'v2.core.event', type: 'v1.billing.meter.error_report_triggered' })],
    ];

    it.each(cases)('acknowledges %s with 200, logs it without personal data, and changes nothing', async (_label, build) => {
      const c = await customer();
      const event = build(c);
      const before = await state(c.user.id);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error');
      const response = await webhook(event);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
      expect(await state(c.user.id)).toEqual(before);
      const id = (event as { id?: unknown } | null)?.id;
      if (typeof id === 'string') expect(await db().select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id)).all()).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = warn.mock.calls.flat().map(String).join(' ');
      if (typeof id === 'string') expect(logged).toContain(id);
      for (const personal of [c.user.email, 'Ada Lovelace', c.user.id]) expect(logged).not.toContain(personal);
      expect(error).not.toHaveBeenCalled();
    });

    it('acknowledges a signed body that is not JSON with 200', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const response = await webhook(undefined, { raw: '{"id":"evt_1","type":' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, outcome: 'ignored' });
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it('still applies a well-formed event whose optional fields are null, as Stripe sends them', async () => {
      const c = await customer();
      const response = await webhook(
        envelope('checkout.session.completed', { ...session(c), invoice: null, subscription: null, customer: null, metadata: { paymentId: c.paymentId } }),
      );
      expect(await response.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await credits(c.user)).toMatchObject({ purchased: 100 });
    });

    it('acknowledges a renewal for an account that no longer exists, and records no payment', async () => {
      const c = await customer();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const gone = { ...c.metadata, userId: 'usr_deleted_account_000001' };
      const response = await webhook(envelope('invoice.paid', { ...renewal(c), subscription_details: { metadata: gone } }));
      expect(response.status).toBe(200);
      expect(
        await db()
          .select()
          .from(payments)
          .where(eq(payments.providerRef, `in_${c.paymentId}`))
          .all(),
      ).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it('never answers 5xx (nor 4xx) to any correctly signed JSON (property)', async () => {
      const c = await customer();
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const json = fc.jsonValue({ maxDepth: 3 });
      /** Objects made of the fields we read, each either a plausible value or any JSON. */
      const maybe = <T>(plausible: fc.Arbitrary<T>) => fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: json, weight: 1 });
      const metadata = maybe(
        fc.record(
          {
            paymentId: maybe(fc.constant(c.paymentId)),
            userId: maybe(fc.constantFrom(c.user.id, 'usr_deleted_account_000001')),
            plan: maybe(fc.constantFrom('pro', 'agency', 'free')),
          },
          { requiredKeys: [] },
        ),
      );
      const timestamp = maybe(fc.integer({ min: -1e10, max: 1e13 }));
      const object = fc.record(
        {
          id: maybe(fc.constantFrom(c.subscriptionId, `in_${c.paymentId}`, 'ch_1')),
          client_reference_id: maybe(fc.constant(c.paymentId)),
          payment_status: maybe(fc.constantFrom('paid', 'unpaid')),
          payment_intent: maybe(fc.constant(`pi_${c.paymentId}`)),
          invoice: maybe(fc.constantFrom(`in_${c.paymentId}`, null)),
          customer: maybe(fc.constantFrom('cus_1', null)),
          subscription: maybe(fc.constantFrom(c.subscriptionId, null)),
          status: maybe(fc.constantFrom('active', 'past_due', 'unpaid', 'canceled')),
          cancel_at_period_end: maybe(fc.boolean()),
          current_period_start: timestamp,
          current_period_end: timestamp,
          items: maybe(
            fc.record({ data: maybe(fc.array(fc.record({ current_period_start: timestamp, current_period_end: timestamp }, { requiredKeys: [] }))) }),
          ),
          billing_reason: maybe(fc.constantFrom('subscription_create', 'subscription_cycle')),
          amount_paid: maybe(fc.integer()),
          currency: maybe(fc.constant('eur')),
          refunded: maybe(fc.boolean()),
          metadata,
          subscription_details: maybe(fc.record({ metadata }, { requiredKeys: [] })),
          parent: maybe(
            fc.record({ subscription_details: maybe(fc.record({ subscription: maybe(fc.constant(c.subscriptionId)), metadata }, { requiredKeys: [] })) }),
          ),
        },
        { requiredKeys: [] },
      );
      const type = maybe(
        fc.constantFrom(
          'checkout.session.completed',
          'checkout.session.async_payment_succeeded',
          'checkout.session.expired',
          'invoice.paid',
          'customer.subscription.updated',
          'customer.subscription.deleted',
          'charge.refunded',
          'invoice.created',
        ),
      );
      const event = fc.oneof(
        fc.record(
          {
            id: maybe(fc.string({ minLength: 1, maxLength: 40 }).map((s) => `evt_${s}`)),
            type,
            created: timestamp,
            data: maybe(fc.record({ object: maybe(object) }, { requiredKeys: [] })),
          },
          { requiredKeys: [] },
        ),
        json,
      );
      await fc.assert(
        fc.asyncProperty(event, async (generated) => {
          const response = await webhook(generated);
          expect(response.status).toBe(200);
        }),
        { seed: 10, numRuns: 200 },
      );
    });
  });

  it('answers 404 when no webhook secret is configured', async () => {
    const response = await send('/api/webhooks/stripe', { body: '{}', headers: { 'content-type': 'application/json' }, sameOrigin: false });
    expect(response.status).toBe(404);
  });
});
