import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditBalances, creditLedger, payments, processedWebhookEvents, subscriptions, users } from '#worker/db/schema.ts';
import { createUser } from '#worker/test/factories.ts';
import { credits, stripeCheckout, subscribe, webhook } from '#worker/test/billing.ts';

const db = () => getDb(env.DB);

describe('Stripe', () => {
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
});
