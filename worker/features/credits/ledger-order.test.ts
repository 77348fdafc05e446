import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditBalances } from '#worker/db/schema.ts';
import { addMonth, renewDuePeriods, spend } from '#worker/features/credits/service.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * The credit history lists entries newest first, and entries written by one operation (an
 * expiry and the grant after it, all at the same instant) in the order they happened.
 */
const db = () => getDb(env.DB);
type Entry = { kind: string; amount: number; createdAt: string };
type Page = { items: Entry[]; nextCursor: string | null };

async function ledger(user: TestUser, query = ''): Promise<Page> {
  const response = await send(`/api/credits/ledger${query}`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

const summary = (items: Entry[]) => items.map((e) => `${e.kind} ${e.amount}`);

describe('the order of the credit history', () => {
  it('lists the plan’s grant above the expiry it follows after an upgrade', async () => {
    const user = await createUser();
    await spend(db(), { userId: user.id, amount: 4, operationKey: `order:${user.id}`, description: 'Render' });
    const checkout = await send('/api/billing/checkout', { json: { kind: 'plan', id: 'pro' }, cookie: user.cookie });
    const { url } = (await checkout.json()) as { url: string };
    expect((await send(`${url}/complete`, { form: {}, cookie: user.cookie })).status).toBe(303);
    const { items } = await ledger(user);
    expect(summary(items)).toEqual(['grant_monthly 500', 'expire -21', 'spend -4', 'grant_monthly 25']);
  });

  it('keeps catch-up renewals written at one instant in the order they happened, also across pages', async () => {
    const user = await createUser();
    const start = (await db().select().from(creditBalances).where(eq(creditBalances.userId, user.id)).get())!.periodEnd;
    let later = start;
    for (let i = 0; i < 5; i += 1) later = addMonth(later);
    await renewDuePeriods(db(), new Date(later.getTime() + 1000));
    const expected = [
      ...Array.from({ length: 6 }, () => ['grant_monthly 25', 'expire -25']).flat(),
      'grant_monthly 25', // at sign-up
    ];
    const { items } = await ledger(user);
    expect(summary(items)).toEqual(expected);
    // All but the first entry were written at the same instant: the order is not the clock's.
    expect(new Set(items.slice(0, -1).map((e) => e.createdAt)).size).toBe(1);

    const paged: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await ledger(user, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(summary(paged)).toEqual(expected);
    expect(summary((await ledger(user, '?kind=expire&limit=4')).items)).toEqual(Array.from({ length: 4 }, () => 'expire -25'));
  });
});
