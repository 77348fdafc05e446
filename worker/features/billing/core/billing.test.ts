import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditBalances, creditLedger, payments, processedWebhookEvents, users } from '#worker/db/schema.ts';
import { createUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { completed, credits, interceptStripe, STRIPE, stripeCheckout, subscribe, webhook } from '#worker/test/billing.ts';

const db = () => getDb(env.DB);

describe('Stripe', () => {
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

  it('answers 404 when no webhook secret is configured', async () => {
    const response = await send('/api/webhooks/stripe', { body: '{}', headers: { 'content-type': 'application/json' }, sameOrigin: false });
    expect(response.status).toBe(404);
  });
});
