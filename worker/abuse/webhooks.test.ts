import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { processedWebhookEvents } from '#worker/db/schema.ts';
import { send } from '#worker/test/http.ts';

/**
 * Stripe webhook tampering beyond worker/features/billing/core/billing.test.ts (which covers a wrong
 * secret, a stale timestamp, a missing or malformed header, and the same event delivered 5 times
 * → processed once): a valid signature moved onto another body, a body changed by one byte, a
 * timestamp from the future, a captured delivery replayed after the tolerance, a second `v1`
 * beside a good one that belongs to another body. Meta's signed_request tampering is covered in
 * worker/features/instagram/connection/meta-callbacks.test.ts (tampered payload, wrong key, other algorithm,
 * garbage, oversize). Each refusal here is also checked to have recorded nothing.
 */
const SECRET = 'whsec_abuse_secret_456';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abuse', STRIPE_WEBHOOK_SECRET: SECRET };
const db = () => getDb(env.DB);

let events = 0;
function event(amount = 900) {
  events += 1;
  return JSON.stringify({
    id: `evt_abuse_${Date.now().toString(36)}_${events}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `cs_abuse_${events}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', amount_total: amount, metadata: {} } },
  });
}

function sign(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp });
}

function deliver(body: string, signature: string | undefined) {
  return send('/api/webhooks/stripe', {
    body,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    sameOrigin: false,
    env: STRIPE,
  });
}

async function recorded(body: string): Promise<number> {
  const id = (JSON.parse(body) as { id: string }).id;
  return (await db().select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, id)).all()).length;
}

async function expectRefused(body: string, signature: string | undefined) {
  const response = await deliver(body, signature);
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
  expect(await recorded(body)).toBe(0);
}

describe('Stripe webhook tampering', () => {
  it('the control: a correctly signed event is accepted and recorded once, however often it is replayed within the tolerance', async () => {
    const body = event();
    const signature = await sign(body);
    for (let i = 0; i < 3; i += 1) expect((await deliver(body, signature)).status).toBe(200);
    expect(await recorded(body)).toBe(1);
  });

  it('a valid signature moved onto another body is refused', async () => {
    const original = event(900);
    const signature = await sign(original);
    const forged = event(1);
    await expectRefused(forged, signature);
  });

  it('the signed body changed by one character (the amount) is refused', async () => {
    const body = event(900);
    const signature = await sign(body);
    await expectRefused(body.replace('"amount_total":900', '"amount_total":901'), signature);
    // Whitespace counts too: the signature is over the exact bytes.
    await expectRefused(`${body} `, signature);
  });

  it('a timestamp more than five minutes in the future is refused', async () => {
    const body = event();
    await expectRefused(body, await sign(body, { timestamp: Math.floor(Date.now() / 1000) + 600 }));
  });

  it('a captured delivery replayed after the tolerance is refused', async () => {
    const body = event();
    const signature = await sign(body, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    await expectRefused(body, signature);
  });

  it('a header whose timestamp was swapped for a fresh one is refused (the timestamp is signed)', async () => {
    const body = event();
    const old = await sign(body, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    const fresh = old.replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000)}`);
    await expectRefused(body, fresh);
  });

  it('a v1 of another body beside a v0 or a wrong v1 does not pass; an empty or missing header neither', async () => {
    const body = event();
    const other = await sign(event());
    const otherV1 = /v1=([0-9a-f]+)/.exec(other)![1];
    const t = /t=(\d+)/.exec(other)![1];
    await expectRefused(body, `t=${t},v1=${otherV1},v0=${otherV1}`);
    await expectRefused(body, `t=${t},v1=${'0'.repeat(64)}`);
    await expectRefused(body, '');
    await expectRefused(body, undefined);
  });

  it('a signature made with another endpoint’s secret is refused', async () => {
    const body = event();
    await expectRefused(body, await sign(body, { secret: 'whsec_another_endpoint' }));
  });
});
