import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { auditLog, commissions, payments, referrals, users } from '#worker/db/schema.ts';
import { runBillingJobs } from '#worker/jobs/index.ts';
import { normalizeEmail } from '#worker/features/affiliate/service.ts';
import { createUser, uniqueEmail, type TestUser } from '#worker/test/factories.ts';
import { cookieFrom, nextAddress, send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const DAY = 24 * 60 * 60 * 1000;

async function codeOf(user: TestUser): Promise<string> {
  return (await db().select({ code: users.affiliateCode }).from(users).where(eq(users.id, user.id)).get())!.code!;
}

async function signupWith(refCookie: string | undefined, email = uniqueEmail('referred')) {
  const response = await send('/api/auth/signup', {
    json: { email, password: 'a long enough password', name: 'Referred' },
    cookie: refCookie,
    headers: { 'cf-connecting-ip': nextAddress() },
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { id: string };
  return { id: body.id, email, cookie: cookieFrom(response)! };
}

async function buyPack(user: { id: string; cookie: string }, id = 'pack-2000') {
  const { url } = (await (await send('/api/billing/checkout', { json: { kind: 'pack', id }, cookie: user.cookie })).json()) as { url: string };
  await send(`${url}/complete`, { form: {}, cookie: user.cookie });
  return url.split('/').pop()!;
}

describe('clicks and the referral cookie', () => {
  it('counts a click on any public page with ?ref= and sets a 60-day first-party cookie, first touch wins', async () => {
    const affiliate = await createUser();
    const code = await codeOf(affiliate);
    const response = await send(`/pricing?ref=${code}`, { headers: { 'user-agent': BROWSER } });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('adloom_ref='))!;
    expect(setCookie).toMatch(/Max-Age=5184000/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const first = cookieFrom(response, 'adloom_ref')!;
    expect(first).toMatch(new RegExp(`^adloom_ref=${code}\\.\\d+$`));

    const other = await createUser();
    const second = await send(`/redirect?ref=${await codeOf(other)}&to=/about`, { headers: { 'user-agent': BROWSER }, cookie: first });
    expect(second.headers.get('location')).toBe('/about');
    expect(cookieFrom(second, 'adloom_ref')).toBeUndefined();

    const summary = (await (await send('/api/affiliate', { cookie: affiliate.cookie })).json()) as { clicks: number; code: string; link: string };
    expect(summary).toMatchObject({ clicks: 1, code, link: `https://adloom.test/?ref=${code}` });
  });

  it('does not count bots or unknown codes', async () => {
    const affiliate = await createUser();
    const code = await codeOf(affiliate);
    const bot = await send(`/?ref=${code}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
    expect(cookieFrom(bot, 'adloom_ref')).toBeUndefined();
    const unknown = await send('/?ref=nobody123', { headers: { 'user-agent': BROWSER } });
    expect(cookieFrom(unknown, 'adloom_ref')).toBeUndefined();
    const summary = (await (await send('/api/affiliate', { cookie: affiliate.cookie })).json()) as { clicks: number };
    expect(summary.clicks).toBe(0);
  });
});

describe('referrals and commissions', () => {
  it('turns a sign-up within the window into a referral, and a payment into a 30 % commission on hold for 30 days', async () => {
    const affiliate = await createUser();
    const click = await send(`/?ref=${await codeOf(affiliate)}`, { headers: { 'user-agent': BROWSER } });
    const referred = await signupWith(cookieFrom(click, 'adloom_ref'));
    expect(await db().select().from(referrals).where(eq(referrals.referredUserId, referred.id)).get()).toMatchObject({ affiliateUserId: affiliate.id });

    const paymentId = await buyPack(referred);
    const commission = await db().select().from(commissions).where(eq(commissions.paymentId, paymentId)).get();
    expect(commission).toMatchObject({ affiliateUserId: affiliate.id, amountCents: Math.round(12900 * 0.3), status: 'pending' });
    expect(commission!.availableAt.getTime() - Date.now()).toBeGreaterThan(29.9 * DAY);

    const summary = (await (await send('/api/affiliate', { cookie: affiliate.cookie })).json()) as {
      signups: number;
      payingCustomers: number;
      cents: { pending: number; available: number };
    };
    expect(summary).toMatchObject({ signups: 1, payingCustomers: 1, cents: { pending: 3870, available: 0 } });

    await runBillingJobs(env, new Date(Date.now() + 31 * DAY));
    const released = (await (await send('/api/affiliate', { cookie: affiliate.cookie })).json()) as { cents: { pending: number; available: number } };
    expect(released.cents).toMatchObject({ pending: 0, available: 3870 });
  });

  it('ignores a cookie older than 60 days, and self-referral by the same address', async () => {
    const affiliate = await createUser({ email: `dana.doe+work-${Date.now()}@gmail.com` });
    const code = await codeOf(affiliate);
    const old = `adloom_ref=${code}.${Math.floor((Date.now() - 61 * DAY) / 1000)}`;
    const late = await signupWith(old);
    expect(await db().select().from(referrals).where(eq(referrals.referredUserId, late.id)).get()).toBeUndefined();

    // The affiliate's own address under another +tag (and dots, at Gmail) is the affiliate.
    const fresh = `adloom_ref=${code}.${Math.floor(Date.now() / 1000)}`;
    const alias = await signupWith(fresh, affiliate.email.replace('dana.doe+work', 'danadoe+again'));
    expect(await db().select().from(referrals).where(eq(referrals.referredUserId, alias.id)).get()).toBeUndefined();
    expect(normalizeEmail('Dana.Doe+x@googlemail.com')).toBe('danadoe@gmail.com');
    // Someone else with the same fresh cookie is a normal referral.
    const other = await signupWith(fresh);
    expect(await db().select().from(referrals).where(eq(referrals.referredUserId, other.id)).get()).toMatchObject({ affiliateUserId: affiliate.id });
  });

  it('earns nothing on payments more than 12 months after the referral', async () => {
    const affiliate = await createUser();
    const referred = await signupWith(`adloom_ref=${await codeOf(affiliate)}.${Math.floor(Date.now() / 1000)}`);
    await db()
      .update(referrals)
      .set({ createdAt: new Date(Date.now() - 370 * DAY) })
      .where(eq(referrals.referredUserId, referred.id));
    const paymentId = await buyPack(referred);
    expect(await db().select().from(commissions).where(eq(commissions.paymentId, paymentId)).get()).toBeUndefined();
  });

  it('reverses the commission of a refunded payment', async () => {
    const affiliate = await createUser();
    const referred = await signupWith(`adloom_ref=${await codeOf(affiliate)}.${Math.floor(Date.now() / 1000)}`);
    const paymentId = await buyPack(referred);
    const { refundPayment } = await import('#worker/features/billing/core/service.ts');
    await refundPayment(db(), paymentId, new Date());
    expect((await db().select().from(commissions).where(eq(commissions.paymentId, paymentId)).get())?.status).toBe('reversed');
    expect((await db().select().from(payments).where(eq(payments.id, paymentId)).get())?.status).toBe('refunded');
  });
});

describe('payouts', () => {
  async function affiliateWithAvailable(packs: number) {
    const affiliate = await createUser();
    const code = await codeOf(affiliate);
    for (let i = 0; i < packs; i += 1) {
      const referred = await signupWith(`adloom_ref=${code}.${Math.floor(Date.now() / 1000)}`);
      await buyPack(referred);
    }
    await runBillingJobs(env, new Date(Date.now() + 31 * DAY));
    return affiliate;
  }

  it('refuses a payout under 50 €', async () => {
    const affiliate = await affiliateWithAvailable(1);
    const response = await send('/api/affiliate/payouts', { method: 'POST', cookie: affiliate.cookie });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/50 €/);
  });

  it('requests a payout of every available commission; an admin approves (audited) or rejects (commissions come back)', async () => {
    const affiliate = await affiliateWithAvailable(2);
    const admin = await createUser({ role: 'admin' });
    const requested = await send('/api/affiliate/payouts', { method: 'POST', cookie: affiliate.cookie });
    expect(requested.status).toBe(201);
    const payout = (await requested.json()) as { id: string; amountCents: number };
    expect(payout.amountCents).toBe(7740);
    expect((await send('/api/affiliate/payouts', { method: 'POST', cookie: affiliate.cookie })).status).toBe(422);

    const list = (await (await send('/api/admin/payouts', { cookie: admin.cookie })).json()) as { items: { id: string }[] };
    expect(list.items.map((p) => p.id)).toContain(payout.id);
    expect((await send(`/api/admin/payouts/${payout.id}/reject`, { json: { note: 'Bank details missing' }, cookie: admin.cookie })).status).toBe(200);
    const after = (await (await send('/api/affiliate', { cookie: affiliate.cookie })).json()) as {
      cents: { available: number };
      payouts: { status: string; note: string }[];
    };
    expect(after.cents.available).toBe(7740);
    expect(after.payouts[0]).toMatchObject({ status: 'rejected', note: 'Bank details missing' });

    const again = (await (await send('/api/affiliate/payouts', { method: 'POST', cookie: affiliate.cookie })).json()) as { id: string };
    expect((await send(`/api/admin/payouts/${again.id}/approve`, { json: {}, cookie: admin.cookie })).status).toBe(200);
    expect((await send(`/api/admin/payouts/${again.id}/approve`, { json: {}, cookie: admin.cookie })).status).toBe(409);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, again.id)).all();
    expect(audit.map((a) => a.action)).toEqual(['payout.approved']);
    // Who, from which address, before and after (issue 13: every admin action).
    expect(audit[0]).toMatchObject({
      actorUserId: admin.id,
      ip: '203.0.113.7',
      details: expect.objectContaining({ before: { status: 'requested' }, after: { status: 'approved' } }),
    });
  });

  it('of an approval and a rejection at the same time, exactly one wins: one audit row, commissions paid or back, never both', async () => {
    const affiliate = await affiliateWithAvailable(2);
    const admin = await createUser({ role: 'admin' });
    for (const order of [
      ['approve', 'reject'],
      ['reject', 'approve'],
    ] as const) {
      const { id } = (await (await send('/api/affiliate/payouts', { method: 'POST', cookie: affiliate.cookie })).json()) as { id: string };
      const responses = await Promise.all(order.map((decision) => send(`/api/admin/payouts/${id}/${decision}`, { json: {}, cookie: admin.cookie })));
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = order[responses.findIndex((r) => r.status === 200)];
      const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, id)).all();
      expect(audit.map((a) => a.action)).toEqual([winner === 'approve' ? 'payout.approved' : 'payout.rejected']);
      const summary = (await (await send('/api/affiliate', { cookie: affiliate.cookie })).json()) as { cents: { available: number; paidOut: number } };
      if (winner === 'approve') expect(summary.cents).toMatchObject({ available: 0, paidOut: 7740 });
      else expect(summary.cents).toMatchObject({ available: 7740, paidOut: 0 });
      if (winner === 'approve') return;
    }
  });
});
