import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { abTest } from '#common/ab-stats.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import Funnel from '#client/app/routes/funnel.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { analytics, FUNNEL_ID, funnelDetail, lead, LEAD_ID, PAGE_A } from '#client/test/funnels-fixtures.tsx';
import { gets, page, renderScreen, writes } from '#client/test/fixtures.tsx';

const BASE = `/api/funnels/${FUNNEL_ID}`;

function open(tab: string, api: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET ${BASE}`]: { status: 200, body: funnelDetail() }, ...api });
  const rendered = renderScreen(<Funnel />, { url: `/funnels/${FUNNEL_ID}?tab=${tab}`, path: '/funnels/:funnelId' });
  return { ...rendered, calls };
}

describe('the funnel screen: theme and settings', () => {
  it('edits the colours, fonts and corners, previews them and saves the theme', async () => {
    const saved = {
      ...DEFAULT_THEME,
      colors: { ...DEFAULT_THEME.colors, primary: '#0f766e' },
      fonts: { heading: 'lora' as const, body: 'inter' as const },
      radius: 'large' as const,
    };
    const { calls } = open('settings', { [`PATCH ${BASE}`]: { status: 200, body: funnelDetail({ theme: saved }) } });
    const user = userEvent.setup();
    const primary = await screen.findByLabelText('Primary');
    expect(screen.getByRole('button', { name: 'Save theme' })).toHaveProperty('disabled', true);
    await user.clear(primary);
    await user.type(primary, '#0F766E');
    await user.selectOptions(screen.getByLabelText('Heading font'), 'Lora');
    await user.click(screen.getByLabelText('Large'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Preview of the theme/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('The theme was saved. Published pages show it at once.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: BASE, body: { theme: saved } }]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('refuses a colour that is not #rrggbb and warns about low contrast', async () => {
    open('settings');
    const user = userEvent.setup();
    const text = await screen.findByLabelText('Text');
    await user.clear(text);
    await user.type(text, '#eeeeee');
    expect(screen.getByText('The text is hard to read on the background.')).toBeTruthy();
    await user.clear(text);
    await user.type(text, 'blue');
    expect(screen.getByText('Use a colour like #1a2b3c.')).toBeTruthy();
  });

  it('resets the theme from the project’s brand kit, to be saved', async () => {
    const { calls } = open('settings', {
      [`PATCH ${BASE}`]: (body) => ({ status: 200, body: funnelDetail({ theme: (body as { theme: typeof DEFAULT_THEME }).theme }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset from brand kit' }));
    expect((screen.getByLabelText('Primary') as HTMLInputElement).value).toBe('#112233');
    expect(screen.getByLabelText('Heading font')).toHaveProperty('value', 'lora');
    expect(screen.getByText('The theme follows the brand kit again. Save it to apply it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PATCH', path: BASE, body: { theme: funnelDetail().brandTheme } }]));
  });

  it('offers to follow the brand kit when the theme differs from it, and not when it follows it', async () => {
    const first = open('settings');
    expect(await screen.findByText(/This theme differs from the project’s brand kit/)).toBeTruthy();
    first.unmount();
    open('settings', { [`GET ${BASE}`]: { status: 200, body: funnelDetail({ theme: funnelDetail().brandTheme }) } });
    await screen.findByLabelText('Primary');
    expect(screen.queryByText(/This theme differs/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset from brand kit' })).toHaveProperty('disabled', true);
  });

  it('renames the funnel, keeping its address', async () => {
    const { calls } = open('settings', { [`PATCH ${BASE}`]: { status: 200, body: funnelDetail({ title: 'Summer offer' }) } });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Funnel title');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save title' }));
    expect(screen.getByText('Give the funnel a title.')).toBeTruthy();
    await user.type(field, 'Summer offer');
    await user.click(screen.getByRole('button', { name: 'Save title' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer offer' })).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: BASE, body: { title: 'Summer offer' } }]);
  });

  it('says plainly when the plan has no custom domain left (402), with a way to the plans', async () => {
    const { calls } = open('settings', {
      [`PATCH ${BASE}`]: { status: 402, body: envelope('plan_limit_reached', 'Your Free plan includes no custom domain. Upgrade to Pro to use one.') },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Domain'), 'https://Offers.AcmeSurf.example/');
    await user.click(screen.getByRole('button', { name: 'Save domain' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No custom domain left on this plan');
    expect(alert.textContent).toContain('Your Free plan includes no custom domain. Upgrade to Pro to use one.');
    expect(within(alert).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/account/billing');
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: BASE, body: { customDomain: 'offers.acmesurf.example' } }]);
  });

  it('checks the domain before sending, says when another funnel has it (409), and shows the DNS setup', async () => {
    const { calls } = open('settings', { [`PATCH ${BASE}`]: { status: 409, body: envelope('conflict', 'Taken.') } });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Domain');
    await user.type(field, 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Save domain' }));
    expect(screen.getByText('Enter a domain like offers.example.com (no https:// and no path).')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await user.clear(field);
    await user.type(field, 'go.acme.example');
    await user.click(screen.getByRole('button', { name: 'Save domain' }));
    expect(await screen.findByText('go.acme.example is already used by another funnel. Remove it there first, or pick another domain.')).toBeTruthy();
    expect(screen.getByText('CNAME')).toBeTruthy();
    expect(screen.getByText(/Cloudflare for SaaS custom hostname/)).toBeTruthy();
  });

  it('removes a custom domain', async () => {
    const { calls } = open('settings', {
      [`GET ${BASE}`]: { status: 200, body: funnelDetail({ customDomain: 'go.acme.example' }) },
      [`PATCH ${BASE}`]: { status: 200, body: funnelDetail({ customDomain: null }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove domain' }));
    expect(await screen.findByText('The custom domain was removed.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: BASE, body: { customDomain: null } }]);
  });

  it('turns lead emails on with a switch', async () => {
    const { calls } = open('settings', { [`PATCH ${BASE}`]: { status: 200, body: funnelDetail({ notifyLeads: true }) } });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Email about new leads' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: BASE, body: { notifyLeads: true } }]);
  });

  it('shows viewers the settings read-only', async () => {
    open('settings', { [`GET ${BASE}`]: { status: 200, body: funnelDetail({ role: 'viewer' }) } });
    expect(await screen.findByLabelText('Primary')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save theme' })).toBeNull();
    expect(screen.queryByLabelText('Domain')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Email about new leads' })).toHaveProperty('disabled', true);
  });
});

describe('the funnel screen: leads', () => {
  const second = lead({ id: 'lead_bbbbbbbbbbbbbbbb', email: 'tom@example.com', data: { email: 'tom@example.com', name: 'Tom' }, variant: 'b' });

  it('lists the leads with a CSV link, searches them and loads more pages', async () => {
    open('leads', {
      [`GET ${BASE}/leads`]: () => {
        const query = gets().at(-1)!.query;
        if (query.q === 'tom') return page([second]);
        return query.cursor ? page([second]) : page([lead()], 'cursor_1');
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('lena@example.com')).toBeTruthy();
    expect(screen.getByText('name: Lena Surfer · consent: yes')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(`${BASE}/leads.csv`);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('tom@example.com')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'tom');
    await waitFor(() => expect(screen.queryByText('lena@example.com')).toBeNull());
    expect(
      gets()
        .filter((g) => g.path === `${BASE}/leads`)
        .map((g) => g.query),
    ).toEqual([{}, { cursor: 'cursor_1' }, { q: 'tom' }]);
  });

  it('says when nothing matches, and when there are no leads yet', async () => {
    open('leads', { [`GET ${BASE}/leads`]: page([]) });
    const user = userEvent.setup();
    expect(await screen.findByText('No leads yet')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'zed');
    expect(await screen.findByText('No leads match')).toBeTruthy();
  });

  it('deletes a lead after a confirmation', async () => {
    const { calls } = open('leads', { [`GET ${BASE}/leads`]: page([lead(), second]), [`DELETE ${BASE}/leads/${LEAD_ID}`]: { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the lead lena@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this lead?' });
    expect(dialog.textContent).toContain('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    await waitFor(() => expect(screen.queryByText('lena@example.com')).toBeNull());
    expect(screen.getByText('tom@example.com')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `${BASE}/leads/${LEAD_ID}`, body: undefined }]);
  });

  it('keeps the lead and says why when it could not be deleted', async () => {
    open('leads', {
      [`GET ${BASE}/leads`]: page([lead()]),
      [`DELETE ${BASE}/leads/${LEAD_ID}`]: { status: 500, body: envelope('internal', 'Something went wrong on our side.') },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the lead lena@example.com' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this lead?' })).getByRole('button', { name: 'Delete lead' }));
    expect(await screen.findByText(/Something went wrong on our side/)).toBeTruthy();
    expect(screen.getByText('lena@example.com')).toBeTruthy();
  });

  it('says when the leads could not be loaded', async () => {
    open('leads', { [`GET ${BASE}/leads`]: { status: 500, body: envelope('internal', 'Boom.') } });
    expect(await screen.findByText('The leads could not be loaded')).toBeTruthy();
  });
});

describe('the funnel screen: analytics and A/B', () => {
  it('shows totals and charts per page and variant, top referrers and UTM sources, for 7 or 30 days', async () => {
    open('analytics', { [`GET ${BASE}/analytics`]: { status: 200, body: analytics() } });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: /Offer/, level: 3 })).toBeTruthy();
    expect(screen.getAllByText('Conversion')).toHaveLength(3);
    const overview = screen.getByRole('article', { name: 'All pages' });
    expect(within(overview).getByText('181')).toBeTruthy();
    expect(within(overview).getByText('7.9 %')).toBeTruthy();
    expect(within(overview).getByRole('img', { name: /^All pages: views per day\. 1 Mar: 20 views;/ })).toBeTruthy();
    expect(screen.getAllByText('3.9 %')).toHaveLength(2); // variant A's conversion, and A's rate in the A/B card
    expect(screen.getByRole('img', { name: /^Offer, variant A: visitors per day\. 1 Mar: 8 visitors;/ })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Offer, variant A: top referrers' })).getByText('instagram.com')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Offer, variant A: UTM sources' })).getByText('50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(gets().at(-1)).toEqual({ path: `${BASE}/analytics`, query: { days: '30' } }));
  });

  it('words the A/B result: not significant yet, the chance B is better and the visitors still needed', async () => {
    const report = analytics();
    report.pages[0]!.ab = abTest({ visitors: 150, leads: 6 }, { visitors: 150, leads: 14 });
    open('analytics', { [`GET ${BASE}/analytics`]: { status: 200, body: report } });
    const card = await screen.findByRole('region', { name: 'A/B test of Offer' });
    expect(card.textContent).toContain('Not significant yet (p = 0.064): the difference may be chance.');
    expect(card.textContent).toContain('B beats A with a probability of 97 %.');
    expect(card.textContent).toContain('About 193 more visitors per variant are needed to tell (343 each in all).');
    expect(card.textContent).toContain('+133 %');
  });

  it('calls nothing below the minimum sample, and counts in the right number (one visitor each)', async () => {
    const report = analytics();
    report.pages[0]!.ab = abTest({ visitors: 1, leads: 0 }, { visitors: 1, leads: 1 });
    open('analytics', { [`GET ${BASE}/analytics`]: { status: 200, body: report } });
    const card = await screen.findByRole('region', { name: 'A/B test of Offer' });
    expect(card.textContent).toContain('Too early to call: each variant needs at least 100 visitors and a few leads before the numbers mean anything.');
    expect(card.textContent).toContain('So far A has 1 visitor and 0 leads, B has 1 visitor and 1 lead.');
    expect(card.textContent).not.toMatch(/probability|significant|1 visitors|1 leads/);
  });

  it('words the A/B card’s counts in the right number', async () => {
    const report = analytics();
    report.pages[0]!.ab = abTest({ visitors: 1, leads: 0 }, { visitors: 2, leads: 1 });
    open('analytics', { [`GET ${BASE}/analytics`]: { status: 200, body: report } });
    const card = await screen.findByRole('region', { name: 'A/B test of Offer' });
    expect(within(card).getByText('1 visitor')).toBeTruthy();
    expect(within(card).getByText('2 visitors')).toBeTruthy();
  });

  it('says when the difference is significant', async () => {
    const report = analytics();
    report.pages[0]!.ab = abTest({ visitors: 500, leads: 10 }, { visitors: 500, leads: 30 });
    open('analytics', { [`GET ${BASE}/analytics`]: { status: 200, body: report } });
    const card = await screen.findByRole('region', { name: 'A/B test of Offer' });
    expect(card.textContent).toContain('B converts better than A, and the difference is significant (p = 0.001).');
  });

  it('makes B the winner after a confirmation, then reloads the numbers and the pages', async () => {
    const { calls } = open('analytics', {
      [`GET ${BASE}/analytics`]: { status: 200, body: analytics() },
      [`POST /api/pages/${PAGE_A}/winner`]: { status: 200, body: {} },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make B the winner' }));
    const dialog = screen.getByRole('dialog', { name: 'Make B the winner of “Offer”?' });
    expect(dialog.textContent).toContain('It is too early to call the test: the difference may be chance.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Make B the winner' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Make B the winner of “Offer”?' })).getByRole('button', { name: 'Make B the winner' }));
    expect(await screen.findByText('Variant B is now “Offer” for every visitor.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `/api/pages/${PAGE_A}/winner`, body: undefined }]);
    await waitFor(() => expect(gets().filter((g) => g.path === `${BASE}/analytics`)).toHaveLength(2));
    expect(gets().filter((g) => g.path === BASE)).toHaveLength(2);
  });

  it('has an empty state, an error state, and no winner button for viewers', async () => {
    const first = open('analytics', { [`GET ${BASE}/analytics`]: { status: 200, body: analytics({ pages: [] }) } });
    expect(await screen.findByText('No numbers yet')).toBeTruthy();
    first.unmount();
    const second = open('analytics', { [`GET ${BASE}/analytics`]: { status: 500, body: envelope('internal', 'Boom.') } });
    expect(await screen.findByText('The analytics could not be loaded')).toBeTruthy();
    second.unmount();
    open('analytics', {
      [`GET ${BASE}`]: { status: 200, body: funnelDetail({ role: 'viewer' }) },
      [`GET ${BASE}/analytics`]: { status: 200, body: analytics() },
    });
    await screen.findByRole('region', { name: 'A/B test of Offer' });
    expect(screen.queryByRole('button', { name: 'Make B the winner' })).toBeNull();
  });

  it('fits a 390 px phone on every tab', async () => {
    window.innerWidth = 390;
    for (const tab of ['analytics', 'leads', 'settings']) {
      const { container, unmount } = open(tab, {
        [`GET ${BASE}/analytics`]: { status: 200, body: analytics() },
        [`GET ${BASE}/leads`]: page([lead({ email: 'a-very-long-email-address-of-someone@a-very-long-domain.example' })]),
      });
      await screen.findByRole('heading', { level: 1, name: 'Spring offer' });
      if (tab === 'analytics') await screen.findByRole('region', { name: 'A/B test of Offer' });
      if (tab === 'leads') await screen.findByRole('button', { name: /Delete the lead/ });
      expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
      unmount();
    }
  });
});
