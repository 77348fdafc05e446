import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditLedger } from '#worker/db/schema.ts';
import { checkoutItemText, ledgerNote, type LedgerNote, ledgerText, spend } from '#worker/features/credits/service.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { startSandboxCheckout } from '#worker/test/billing.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);

async function ledgerTexts(user: TestUser): Promise<string[]> {
  const response = await send('/api/credits/ledger?limit=100', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { description: string }[] }).items.map((i) => i.description);
}

async function buyPack(user: TestUser) {
  const url = await startSandboxCheckout(user, 'pack', 'pack-100');
  expect((await send(`${url}/complete`, { form: {}, cookie: user.cookie })).status).toBe(303);
}

const NOTES: LedgerNote[] = [
  { code: 'planMonthly', plan: 'Pro' },
  { code: 'expired' },
  { code: 'packBought', credits: 2000 },
  { code: 'packRefunded' },
  { code: 'render', name: 'Spring sale' },
  { code: 'renderAgain', name: 'Spring sale' },
  { code: 'renderFailed', name: 'Spring sale' },
  { code: 'renderInterrupted' },
  { code: 'variations', count: 1, name: 'Spring sale' },
  { code: 'variationsFailed', name: 'Spring sale' },
  { code: 'variationsUndrawn', failed: 1, count: 4, name: 'Spring sale' },
  { code: 'variationsInterrupted' },
  { code: 'variationsPartInterrupted', missing: 3, drafts: 4 },
  { code: 'aiCopy' },
  { code: 'aiCopyFailed' },
  { code: 'adminAdjust', reason: 'Goodwill' },
];

describe('credit-ledger descriptions (issue 28)', () => {
  it('are stored as a code and values, and worded in each language', () => {
    const en = i18nFor('en');
    const de = i18nFor('de');
    for (const note of NOTES) {
      const stored = ledgerNote(note);
      expect(JSON.parse(stored)).toEqual(note);
      const english = ledgerText(stored, en);
      const german = ledgerText(stored, de);
      expect(english, note.code).not.toContain('{');
      expect(german, note.code).not.toBe(english);
    }
    expect(ledgerText(ledgerNote({ code: 'render', name: 'Spring sale' }), en)).toBe('Render “Spring sale”');
    expect(ledgerText(ledgerNote({ code: 'render', name: 'Spring sale' }), de)).toBe('Rendering „Spring sale“');
    expect(ledgerText(ledgerNote({ code: 'variations', count: 1, name: 'A' }), en)).toBe('1 variation of “A”');
    expect(ledgerText(ledgerNote({ code: 'variations', count: 4, name: 'A' }), en)).toBe('4 variations of “A”');
    expect(ledgerText(ledgerNote({ code: 'variations', count: 1, name: 'A' }), de)).toBe('1 Variante von „A“');
    expect(ledgerText(ledgerNote({ code: 'variations', count: 4, name: 'A' }), de)).toBe('4 Varianten von „A“');
    expect(ledgerText(ledgerNote({ code: 'packBought', credits: 2000 }), de)).toBe('2.000 Credits (Paket)');
    expect(checkoutItemText('plan', 'pro', en)).toBe('Pro plan (monthly)');
    expect(checkoutItemText('pack', 'pack-2000', de)).toBe('2.000 Credits');
  });

  it('of rows stored before the codes: the fixed English texts are worded, the others stay as they were', () => {
    const de = i18nFor('de');
    expect(ledgerText('AI copy suggestions', de)).toBe('KI-Textvorschläge');
    expect(ledgerText('Unused monthly credits expired', de)).toBe('Ungenutzte monatliche Credits verfallen');
    expect(ledgerText('Render “Old one”', de)).toBe('Render “Old one”');
    expect(ledgerText('{"code":"nonsense"}', de)).toBe('{"code":"nonsense"}');
  });

  it('read in English as before: the monthly grant, a pack, a payment; the stored row holds the code', async () => {
    const user = await createUser();
    await buyPack(user);
    expect(await ledgerTexts(user)).toEqual(expect.arrayContaining(['Free plan: monthly credits', '100 credits (pack)']));
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(rows.find((r) => r.kind === 'purchase')?.description).toBe(ledgerNote({ code: 'packBought', credits: 100 }));
    const overview = (await (await send('/api/billing', { cookie: user.cookie })).json()) as { payments: { description: string }[] };
    expect(overview.payments.map((p) => p.description)).toEqual(['100 credits']);
  });

  it('read in German by an account in German, old rows too', async () => {
    const user = await createUser();
    expect((await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: user.cookie })).status).toBe(200);
    await buyPack(user);
    await spend(db(), { userId: user.id, amount: 1, operationKey: `old:${user.id}`, description: 'AI copy suggestions' });
    expect(await ledgerTexts(user)).toEqual(expect.arrayContaining(['Tarif Free: monatliche Credits', '100 Credits (Paket)', 'KI-Textvorschläge']));
    const overview = (await (await send('/api/billing', { cookie: user.cookie })).json()) as { payments: { description: string }[] };
    expect(overview.payments.map((p) => p.description)).toEqual(['100 Credits']);
  });
});
