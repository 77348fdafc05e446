import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Credits from '#client/app/routes/credits.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { creditSummary, gets, page, renderScreen, writes } from '#client/test/fixtures.tsx';

const entry = (id: string, kind: string, amount: number, description: string) => ({
  id,
  kind,
  amount,
  monthly: amount,
  purchased: 0,
  description,
  reference: null,
  operationKey: id,
  createdAt: '2026-03-10T12:00:00.000Z',
});

describe('the credits screen', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });

  it('shows the balance and the history, and filters the history by kind', async () => {
    mockApi({
      'GET /api/credits': { status: 200, body: creditSummary({ total: 24, monthly: 19, purchased: 5 }) },
      'GET /api/credits/ledger': page([entry('l1', 'spend', -1, 'Render “Spring sale”'), entry('l2', 'grant_monthly', 25, 'Free plan, March')]),
    });
    const u = userEvent.setup();
    renderScreen(<Credits />, { url: '/account/credits' });
    expect(await screen.findByText('Render “Spring sale”')).toBeTruthy();
    expect(screen.getByText('24')).toBeTruthy();
    await u.selectOptions(screen.getByLabelText('Filter the history'), 'Spent');
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/credits/ledger')
          .at(-1)?.query,
      ).toEqual({ kind: 'spend' }),
    );
    await u.selectOptions(screen.getByLabelText('Filter the history'), 'Everything');
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/credits/ledger')
          .at(-1)?.query,
      ).toEqual({}),
    );
  });

  it('buys a pack through the checkout, and no second pack while it opens', async () => {
    const calls = mockApi({
      'GET /api/credits': { status: 200, body: creditSummary() },
      'GET /api/credits/ledger': page([]),
      'POST /api/billing/checkout': () => ({ status: 200, body: { url: '/billing/sandbox/pay_pack' } }),
    });
    const u = userEvent.setup();
    renderScreen(<Credits />, { url: '/account/credits' });
    expect(await screen.findByText('Nothing here yet')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Buy for 39 €' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/billing/sandbox/pay_pack'));
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/billing/checkout', body: { kind: 'pack', id: 'pack-500' } }]);
    // While the checkout opens, every pack button waits.
    expect(screen.getByRole('button', { name: /Opening checkout/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Buy for 9 €' })).toHaveProperty('disabled', true);
  });

  it('shows why a pack could not be bought, and lets the user try again', async () => {
    mockApi({
      'GET /api/credits': { status: 200, body: creditSummary() },
      'GET /api/credits/ledger': page([]),
      'POST /api/billing/checkout': { status: 429, body: envelope('rate_limited', 'Too many attempts. Please wait a moment and try again.') },
    });
    const u = userEvent.setup();
    renderScreen(<Credits />, { url: '/account/credits' });
    await u.click(await screen.findByRole('button', { name: 'Buy for 9 €' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a moment and try again.');
    expect(screen.getByRole('button', { name: 'Buy for 9 €' })).toHaveProperty('disabled', false);
  });

  it('warns when the balance is low', async () => {
    mockApi({
      'GET /api/credits': { status: 200, body: creditSummary({ low: true, total: 2, monthly: 2, purchased: 0 }) },
      'GET /api/credits/ledger': page([]),
    });
    renderScreen(<Credits />, { url: '/account/credits' });
    expect(await screen.findByText('Your balance is running low')).toBeTruthy();
  });

  it('thanks once after a pack was bought, refreshes the balance and clears the address', async () => {
    const calls = mockApi({ 'GET /api/credits': { status: 200, body: creditSummary() }, 'GET /api/credits/ledger': page([]) });
    const { router } = renderScreen(<Credits />, { url: '/account/credits?checkout=success' });
    expect(await screen.findByText('Thank you! Your credits are on your balance.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/credits').length).toBeGreaterThanOrEqual(2));
    expect(screen.getAllByText('Thank you! Your credits are on your balance.')).toHaveLength(1);
  });
});
