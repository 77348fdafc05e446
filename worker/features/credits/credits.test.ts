import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditBalances, creditLedger } from '#worker/db/schema.ts';
import { ledgerTotals } from '#worker/features/credits/repo.ts';
import { addMonth, purchase, refund, renewDuePeriods, spend } from '#worker/features/credits/service.ts';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);

async function balance(userId: string) {
  return (await db().select().from(creditBalances).where(eq(creditBalances.userId, userId)).get())!;
}

async function setBalance(userId: string, monthly: number, purchased: number) {
  // Through the ledger, like every change: take all, then add what the test wants.
  const now = await balance(userId);
  if (now.monthly + now.purchased > 0)
    await spend(db(), { userId, amount: now.monthly + now.purchased, operationKey: `test:reset:${userId}:${Math.random()}`, description: 'test' });
  if (purchased > 0)
    await purchase(db(), { userId, amount: purchased, operationKey: `test:purchase:${userId}:${Math.random()}`, description: 'test', reference: 'test' });
  if (monthly > 0) {
    await db()
      .insert(creditLedger)
      .values({
        id: crypto.randomUUID(),
        userId,
        kind: 'admin_adjust',
        monthlyDelta: monthly,
        purchasedDelta: 0,
        operationKey: `test:monthly:${Math.random()}`,
        description: 'test',
      });
    await db().update(creditBalances).set({ monthly }).where(eq(creditBalances.userId, userId));
  }
}

async function expectLedgerMatchesBalance(userId: string) {
  const totals = (await ledgerTotals(db(), userId))!;
  const row = await balance(userId);
  expect({ monthly: row.monthly, purchased: row.purchased }).toEqual({ monthly: totals.monthly, purchased: totals.purchased });
}

describe('the ledger', () => {
  it('spends the monthly bucket first, then purchased credits, and records each bucket', async () => {
    const user = await createUser();
    await setBalance(user.id, 3, 10);
    const { entry } = await spend(db(), { userId: user.id, amount: 5, operationKey: `render:${user.id}:1`, description: 'Render' });
    expect(entry).toMatchObject({ kind: 'spend', amount: -5, monthly: -3, purchased: -2 });
    expect(await balance(user.id)).toMatchObject({ monthly: 0, purchased: 8 });
    await expectLedgerMatchesBalance(user.id);
  });

  it('refuses a spend beyond the balance with 402 and records nothing', async () => {
    const user = await createUser();
    await setBalance(user.id, 2, 0);
    const before = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    await expect(spend(db(), { userId: user.id, amount: 3, operationKey: `x:${user.id}`, description: 'Too much' })).rejects.toMatchObject({
      code: 'insufficient_credits',
    });
    expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all()).toHaveLength(before.length);
    expect(await balance(user.id)).toMatchObject({ monthly: 2, purchased: 0 });
  });

  it('spends once per operation key, and refunds once, to the buckets the credits came from', async () => {
    const user = await createUser();
    await setBalance(user.id, 1, 5);
    const key = `render:${user.id}:rev-1`;
    const first = await spend(db(), { userId: user.id, amount: 3, operationKey: key, description: 'Render' });
    const again = await spend(db(), { userId: user.id, amount: 3, operationKey: key, description: 'Render' });
    expect(first.repeated).toBe(false);
    expect(again.repeated).toBe(true);
    expect(again.entry.id).toBe(first.entry.id);
    expect(await balance(user.id)).toMatchObject({ monthly: 0, purchased: 3 });

    const refunded = await refund(db(), key, 'Render failed');
    await refund(db(), key, 'Render failed');
    expect(refunded).toMatchObject({ kind: 'refund', monthly: 1, purchased: 2 });
    expect(await balance(user.id)).toMatchObject({ monthly: 1, purchased: 5 });
    await expectLedgerMatchesBalance(user.id);
  });

  it('refunds part of a spend as if less had been spent: the purchased credits (taken last) come back first', async () => {
    const user = await createUser();
    await setBalance(user.id, 1, 10);
    const key = `variations:${user.id}:mixed`;
    await spend(db(), { userId: user.id, amount: 3, operationKey: key, description: 'Variations' });
    expect(await balance(user.id)).toMatchObject({ monthly: 0, purchased: 8 });
    const refunded = await refund(db(), key, '2 could not be drawn', 2);
    expect(refunded).toMatchObject({ kind: 'refund', monthly: 0, purchased: 2 });
    // The same as spending 1: the monthly credit goes, no purchased one does.
    const other = await createUser();
    await setBalance(other.id, 1, 10);
    await spend(db(), { userId: other.id, amount: 1, operationKey: `variations:${other.id}:one`, description: 'Variations' });
    expect(await balance(user.id)).toMatchObject({ monthly: 0, purchased: 10 });
    expect(await balance(other.id)).toMatchObject({ monthly: 0, purchased: 10 });
    // Once per spend, and never more than it took.
    await refund(db(), key, 'again', 1);
    expect(await balance(user.id)).toMatchObject({ monthly: 0, purchased: 10 });
    await expectLedgerMatchesBalance(user.id);
  });

  it('gives a partial refund back to the monthly bucket only once the purchased credits of the spend are back', async () => {
    const user = await createUser();
    await setBalance(user.id, 2, 2);
    const key = `variations:${user.id}:spill`;
    await spend(db(), { userId: user.id, amount: 4, operationKey: key, description: 'Variations' });
    expect(await balance(user.id)).toMatchObject({ monthly: 0, purchased: 0 });
    expect(await refund(db(), key, '3 could not be drawn', 3)).toMatchObject({ monthly: 1, purchased: 2 });
    expect(await balance(user.id)).toMatchObject({ monthly: 1, purchased: 2 });
    // More than the spend took: nothing.
    const other = await createUser();
    await setBalance(other.id, 0, 2);
    await spend(db(), { userId: other.id, amount: 2, operationKey: `variations:${other.id}:x`, description: 'Variations' });
    expect(await refund(db(), `variations:${other.id}:x`, 'too much', 3)).toBeUndefined();
    expect(await balance(other.id)).toMatchObject({ monthly: 0, purchased: 0 });
    await expectLedgerMatchesBalance(user.id);
  });

  it('lets exactly 10 of 50 concurrent spends through a balance of 10 (service level)', async () => {
    const user = await createUser();
    await setBalance(user.id, 4, 6);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => spend(db(), { userId: user.id, amount: 1, operationKey: `c:${user.id}:${i}`, description: 'Concurrent' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'insufficient_credits')).toBe(true);
    expect(await balance(user.id)).toMatchObject({ monthly: 0, purchased: 0 });
    const spends = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(spends.filter((r) => r.operationKey.startsWith(`c:${user.id}:`))).toHaveLength(10);
    await expectLedgerMatchesBalance(user.id);
  });

  it('lets exactly 10 of 50 concurrent paid requests through a balance of 10 (over HTTP)', async () => {
    const user = await createUser();
    await setBalance(user.id, 10, 0);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send('/api/ai/copy-suggestions', { json: { topic: 'cold brew coffee' }, cookie: user.cookie, headers: { 'idempotency-key': `http-${user.id}-${i}` } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    const refused = (await responses.find((r) => r.status === 402)!.json()) as { error: { code: string } };
    expect(refused.error.code).toBe('insufficient_credits');
    const summary = (await (await send('/api/credits', { cookie: user.cookie })).json()) as { total: number };
    expect(summary.total).toBe(0);
    await expectLedgerMatchesBalance(user.id);
  });

  it('charges a retried request with the same Idempotency-Key once', async () => {
    const user = await createUser();
    const call = () =>
      send('/api/ai/copy-suggestions', { json: { topic: 'bakery', count: 3 }, cookie: user.cookie, headers: { 'idempotency-key': 'same-key-123' } });
    const a = (await (await call()).json()) as { items: string[]; credits: { total: number } };
    const b = (await (await call()).json()) as { items: string[]; credits: { total: number } };
    expect(a.items).toHaveLength(3);
    expect(b.items).toEqual(a.items);
    expect(b.credits.total).toBe(24);
  });
});

describe('monthly periods', () => {
  it('expires unused monthly credits and grants the allowance at each period start, once, catching up missed months', async () => {
    const user = await createUser();
    await spend(db(), { userId: user.id, amount: 5, operationKey: `p:${user.id}`, description: 'Used' });
    await purchase(db(), { userId: user.id, amount: 7, operationKey: `pp:${user.id}`, description: 'Pack', reference: 'x' });
    const start = (await balance(user.id)).periodEnd;
    const later = new Date(addMonth(addMonth(start)).getTime() + 1000);
    await renewDuePeriods(db(), later);
    await renewDuePeriods(db(), later);
    const row = await balance(user.id);
    expect(row.monthly).toBe(25);
    expect(row.purchased).toBe(7);
    expect(row.periodEnd.getTime()).toBe(addMonth(addMonth(addMonth(start))).getTime());
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(rows.filter((r) => r.kind === 'grant_monthly')).toHaveLength(4);
    expect(rows.filter((r) => r.kind === 'expire').map((r) => r.monthlyDelta)).toEqual([-20, -25, -25]);
    await expectLedgerMatchesBalance(user.id);
  });
});

describe('GET /api/credits and the ledger', () => {
  it('reports both buckets, the next reset and a low balance; pages and filters the ledger', async () => {
    const user = await createUser();
    for (let i = 0; i < 21; i += 1) await spend(db(), { userId: user.id, amount: 1, operationKey: `l:${user.id}:${i}`, description: `Spend ${i}` });
    const summary = (await (await send('/api/credits', { cookie: user.cookie })).json()) as {
      monthly: number;
      total: number;
      low: boolean;
      nextResetAt: string;
    };
    expect(summary).toMatchObject({ monthly: 4, total: 4, low: true });
    expect(new Date(summary.nextResetAt).getTime()).toBeGreaterThan(Date.now());
    type Page = { items: { kind: string; amount: number }[]; nextCursor: string | null };
    const first = (await (await send('/api/credits/ledger?limit=10', { cookie: user.cookie })).json()) as Page;
    expect(first.items).toHaveLength(10);
    const second = (await (await send(`/api/credits/ledger?limit=20&cursor=${first.nextCursor}`, { cookie: user.cookie })).json()) as Page;
    expect(second.items).toHaveLength(12);
    expect(second.nextCursor).toBeNull();
    const grants = (await (await send('/api/credits/ledger?kind=grant_monthly', { cookie: user.cookie })).json()) as Page;
    expect(grants.items).toEqual([expect.objectContaining({ kind: 'grant_monthly', amount: 25 })]);
    expect((await send('/api/credits/ledger?kind=bogus', { cookie: user.cookie })).status).toBe(422);
  });
});
