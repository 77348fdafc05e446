import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Billing from '#client/app/routes/billing.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { creditSummary, renderScreen, user, writes } from '#client/test/fixtures.tsx';

type Overview = {
  plan: { id: string; name: string; priceCents: number; creditsPerMonth: number };
  subscription: { plan: string; status: string; currentPeriodEnd: string; cancelAtPeriodEnd: boolean; provider: string } | null;
  payments: unknown[];
  provider: string;
  portal: boolean;
};

const FREE: Overview = {
  plan: { id: 'free', name: 'Free', priceCents: 0, creditsPerMonth: 25 },
  subscription: null,
  payments: [],
  provider: 'sandbox',
  portal: false,
};
const PRO = (cancelAtPeriodEnd = false): Overview => ({
  plan: { id: 'pro', name: 'Pro', priceCents: 2900, creditsPerMonth: 500 },
  subscription: { plan: 'pro', status: 'active', currentPeriodEnd: '2026-04-15T00:00:00.000Z', cancelAtPeriodEnd, provider: 'stripe' },
  payments: [
    {
      id: 'pay_1',
      kind: 'plan',
      item: 'pro',
      description: 'Pro plan',
      amountCents: 2900,
      status: 'paid',
      createdAt: '2026-03-15T00:00:00.000Z',
      paidAt: '2026-03-15T00:00:00.000Z',
    },
  ],
  provider: 'stripe',
  portal: true,
});

describe('the billing screen', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });

  it('buys a plan through the checkout it is sent to', async () => {
    const calls = mockApi({
      'GET /api/billing': { status: 200, body: FREE },
      'POST /api/billing/checkout': { status: 200, body: { url: '/billing/sandbox/pay_new' } },
    });
    const u = userEvent.setup();
    renderScreen(<Billing />, { url: '/account/billing' });
    expect(await screen.findByText('Payments run in the local sandbox: nothing is charged.')).toBeTruthy();
    expect(screen.getByText('No payments yet')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Choose Agency' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/billing/sandbox/pay_new'));
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/billing/checkout', body: { kind: 'plan', id: 'agency' } }]);
  });

  it('cancels at the end of the period after asking, and keeps the plan again', async () => {
    const calls = mockApi({
      'GET /api/billing': { status: 200, body: PRO() },
      'POST /api/billing/cancel': { status: 200, body: PRO(true) },
      'POST /api/billing/resume': { status: 200, body: PRO(false) },
    });
    const u = userEvent.setup();
    renderScreen(<Billing />, { url: '/account/billing', signedIn: user({ plan: { id: 'pro', name: 'Pro' } }) });
    expect(await screen.findByText('Renews on 15 April 2026.')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Pro plan' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Cancel plan' }));
    // Two buttons that both say "Cancel" would be ambiguous: the way out keeps the plan, and says so.
    let dialog = screen.getByRole('dialog', { name: 'Cancel your plan?' });
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByRole('dialog', { name: 'Cancel your plan?' })).toBeNull();
    expect(writes(calls)).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Cancel plan' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel your plan?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel at the end of the period' }));
    expect(await screen.findByText('Ends on 15 April 2026; you are back on Free after that.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('Your plan continues.')).toBeTruthy();
    expect(screen.getByText('Renews on 15 April 2026.')).toBeTruthy();
    expect(writes(calls).map((c) => c.path)).toEqual(['/api/billing/cancel', '/api/billing/resume']);
  });

  it('opens the payment provider’s portal', async () => {
    mockApi({
      'GET /api/billing': { status: 200, body: PRO() },
      'POST /api/billing/portal': { status: 200, body: { url: 'https://billing.stripe.example/session' } },
    });
    const u = userEvent.setup();
    renderScreen(<Billing />, { url: '/account/billing' });
    await u.click(await screen.findByRole('button', { name: 'Payment method and invoices' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.example/session'));
  });

  it('shows an expected refusal without a reference, and an unexpected failure with one', async () => {
    mockApi({
      'GET /api/billing': { status: 200, body: FREE },
      'POST /api/billing/checkout': { status: 409, body: envelope('conflict', 'You are already on the Pro plan.') },
    });
    const u = userEvent.setup();
    renderScreen(<Billing />, { url: '/account/billing' });
    await u.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are already on the Pro plan.');
    mockApi({
      'GET /api/billing': { status: 200, body: FREE },
      'POST /api/billing/checkout': { status: 502, body: envelope('upstream_failed', 'Stripe did not answer.') },
    });
    await u.click(screen.getByRole('button', { name: 'Choose Pro' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Stripe did not answer. (reference req_test_1234567)'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('says once how a checkout ended, updates the plan in the shell and clears the address', async () => {
    const calls = mockApi({
      'GET /api/billing': { status: 200, body: PRO() },
      'GET /api/me': { status: 200, body: user({ plan: { id: 'pro', name: 'Pro' } }) },
      'GET /api/credits': { status: 200, body: creditSummary() },
    });
    const { router } = renderScreen(<Billing />, { url: '/account/billing?checkout=success&payment=pay_1' });
    expect(await screen.findByText('Your plan is active. Enjoy the extra credits!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/me')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/credits').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('Your plan is active. Enjoy the extra credits!')).toHaveLength(1);
  });

  it('says nothing was charged when the checkout was cancelled', async () => {
    mockApi({ 'GET /api/billing': { status: 200, body: FREE } });
    renderScreen(<Billing />, { url: '/account/billing?checkout=canceled' });
    expect(await screen.findByText('Nothing was changed or charged.')).toBeTruthy();
  });
});
