import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditLedger, subscriptions, users } from '#worker/db/schema.ts';
import { runBillingJobs } from '#worker/jobs/index.ts';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { credits, startSandboxCheckout } from '#worker/test/billing.ts';

const db = () => getDb(env.DB);

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

  it('shows the sandbox page in the buyer’s language: English by default', async () => {
    const user = await createUser();
    const html = await (await send(await startSandboxCheckout(user, 'plan', 'pro'), { cookie: user.cookie })).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Pro plan (monthly)');
    expect(html).toContain('Sandbox checkout · no real payment');
    expect(html).toMatch(/Pay 29\s€/);
    expect(html).toContain('>Cancel<');
  });

  it('shows the sandbox page and a refused checkout in German for an account in German', async () => {
    const user = await createUser();
    expect((await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: user.cookie })).status).toBe(200);
    const url = await startSandboxCheckout(user, 'pack', 'pack-2000');
    const html = await (await send(url, { cookie: user.cookie })).text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<title>Sandbox-Checkout · Adloom</title>');
    expect(html).toContain('2.000 Credits');
    expect(html).toContain('Sandbox-Checkout · keine echte Zahlung');
    expect(html).toContain(`Für ${user.email}`);
    expect(html).toMatch(/129\s€ bezahlen/);
    expect(html).toContain('>Abbrechen<');
    expect(html).not.toContain('Pay ');

    await send(`${url}/cancel`, { form: {}, cookie: user.cookie });
    const done = await (await send(url, { cookie: user.cookie })).text();
    expect(done).toContain('Dieser Checkout wurde abgebrochen.');
    expect(done).toContain('Zurück zu Adloom');

    const refused = await send('/billing/checkout', { form: { kind: 'plan', id: 'free' }, cookie: user.cookie });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain('<html lang="de"');
    expect(page).toContain('Das kann gerade nicht gekauft werden');
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
