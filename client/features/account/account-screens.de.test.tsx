import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import Account from '#client/app/routes/account.tsx';
import Affiliate from '#client/app/routes/affiliate.tsx';
import Billing from '#client/app/routes/billing.tsx';
import Credits from '#client/app/routes/credits.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { creditSummary, page, renderScreen } from '#client/test/fixtures.tsx';

async function inGerman(element: ReactNode, url: string) {
  const i18n = await startI18n('de', ['account']);
  return renderScreen(<I18nRoot i18n={i18n}>{element}</I18nRoot>, { url });
}

const session = (id: string, current: boolean, userAgent: string | null) => ({
  id,
  current,
  userAgent,
  country: current ? 'DE' : null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-02-01T00:00:00.000Z',
});
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('the account screens in German', () => {
  it.each([
    [1, '1 anderes Gerät abmelden'],
    [2, '2 andere Geräte abmelden'],
  ])('account: names the devices and asks to sign out %i other device(s)', async (others, label) => {
    const items = [session('ses_aaaaaaaaaaaaaaaa', true, SAFARI_MAC)];
    for (let i = 0; i < others; i++) items.push(session(`ses_other${i}aaaaaaaaaa`, false, null));
    mockApi({ 'GET /api/me/sessions': page(items) });
    await inGerman(<Account />, '/account');
    expect(await screen.findByRole('heading', { name: 'Konto' })).toBeTruthy();
    expect(await screen.findByText('Safari unter macOS')).toBeTruthy();
    expect(screen.getByText('Dieses Gerät')).toBeTruthy();
    expect(screen.getAllByText('Unbekanntes Gerät')).toHaveLength(others);
    await userEvent.click(screen.getByRole('button', { name: 'Überall sonst abmelden' }));
    const dialog = screen.getByRole('dialog', { name: 'Überall sonst abmelden?' });
    expect(within(dialog).getByRole('button', { name: label })).toBeTruthy();
  });

  it('billing: prices per month plus VAT, as German customers expect', async () => {
    mockApi({
      'GET /api/billing': {
        status: 200,
        body: { plan: { id: 'free', name: 'Free', priceCents: 0, creditsPerMonth: 25 }, subscription: null, payments: [], provider: 'sandbox', portal: false },
      },
    });
    await inGerman(<Billing />, '/account/billing');
    expect(await screen.findByRole('heading', { name: 'Abrechnung' })).toBeTruthy();
    expect(screen.getByText('Zahlungen laufen in der lokalen Sandbox: Es wird nichts berechnet.')).toBeTruthy();
    expect(screen.getByText(/^Pro · 29\s€ \/ Monat zzgl\. USt\.$/)).toBeTruthy();
    expect(screen.getByText('500 Credits im Monat · unbegrenzt viele Projekte')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agency wählen' })).toBeTruthy();
    expect(screen.getByText('Noch keine Zahlungen')).toBeTruthy();
  });

  it('credits: packs with German numbers and VAT, the history’s kinds in German', async () => {
    mockApi({
      'GET /api/credits': { status: 200, body: creditSummary({ total: 2400, monthly: 400, purchased: 2000 }) },
      'GET /api/credits/ledger': page([]),
    });
    await inGerman(<Credits />, '/account/credits');
    expect(await screen.findByText('2.400')).toBeTruthy();
    expect(screen.getByText('2.000 Credits')).toBeTruthy();
    expect(screen.getByText(/^9\s€ zzgl\. USt\. · verfallen nie$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Für 9\s€ kaufen$/ })).toBeTruthy();
    const filter = screen.getByLabelText('Verlauf filtern');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alles', 'Monatliche Credits', 'Kauf', 'Verbraucht', 'Erstattung', 'Verfallen', 'Korrektur']);
    expect(await screen.findByText('Noch nichts hier')).toBeTruthy();
  });

  it('affiliate: the programme and its statuses in German', async () => {
    mockApi({
      'GET /api/affiliate': {
        status: 200,
        body: {
          link: 'https://adloom.test/?ref=anna',
          code: 'anna',
          clicks: 1200,
          signups: 3,
          payingCustomers: 1,
          cents: { available: 900, pending: 1200, paidOut: 0, reversed: 0 },
          minimumPayoutCents: 5000,
          commissions: [
            {
              id: 'com1',
              description: 'Pro plan',
              status: 'pending',
              amountCents: 1200,
              createdAt: '2026-03-01T12:00:00.000Z',
              availableAt: '2026-04-01T12:00:00.000Z',
            },
          ],
          payouts: [],
        },
      },
    });
    await inGerman(<Affiliate />, '/account/affiliate');
    expect(await screen.findByRole('heading', { name: 'Partnerprogramm' })).toBeTruthy();
    expect(screen.getByText('1.200')).toBeTruthy();
    expect(screen.getByRole('cell', { name: /Zurückgehalten/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Auszahlung anfordern' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/^Auszahlungen sind ab 50\s€ verfügbarem Guthaben möglich\.$/)).toBeTruthy();
  });
});
