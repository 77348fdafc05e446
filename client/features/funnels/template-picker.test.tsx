import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { PageTemplateId } from '#common/templates/pages/ids.ts';
import Funnel from '#client/app/routes/funnel.tsx';
import Funnels from '#client/app/routes/funnels.tsx';
import { TemplatePicker } from '#client/features/funnels/template-picker.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { FUNNEL_ID, funnelDetail, pageSummary, projectsReply } from '#client/test/funnels-fixtures.tsx';
import { page, PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';

const BRAND = {
  theme: { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: '#0f766e' } },
  locale: 'en' as const,
  projectName: 'Northwind Coffee',
  logo: null,
};

function Picker({ initial = null }: { initial?: PageTemplateId | null }) {
  const [value, setValue] = useState<PageTemplateId | null>(initial);
  return (
    <>
      <TemplatePicker kind="page" value={value} onChange={setValue} brand={BRAND} />
      <output>{value ?? 'blank'}</output>
    </>
  );
}

const chosen = () => screen.getByRole('status').textContent;

describe('the template picker', () => {
  it('starts on "Blank page", groups the templates by goal, and shows the chosen one in the brand', async () => {
    render(<Picker />);
    const group = screen.getByRole('radiogroup', { name: 'Start from' });
    expect(within(group).getByRole('radio', { name: /Blank page/ })).toHaveProperty('checked', true);
    expect(screen.queryByTestId('template-preview')).toBeNull();
    expect(within(group).getAllByRole('radio')).toHaveLength(11);
    const sales = within(group).getByRole('group', { name: 'Sell' });
    expect(
      within(sales)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.querySelector('span')?.textContent),
    ).toEqual(['Product launch', 'Sale with countdown', 'Coupon']);

    await userEvent.setup().click(within(group).getByRole('radio', { name: /Link in bio/ }));
    expect(chosen()).toBe('link-in-bio');
    const preview = await screen.findByTestId('template-preview');
    expect(screen.getByRole('figure', { name: 'Preview of “Link in bio” in your brand' })).toBeTruthy();
    // The real blocks with the template's words, the project's name and the brand's primary colour.
    await waitFor(() => expect(within(preview).getByRole('heading', { level: 1 }).textContent).toBe('Northwind Coffee'));
    expect(within(preview).getByText('Join our newsletter')).toBeTruthy();
    expect(preview.innerHTML).toContain('#0f766e');
    expect(preview.hasAttribute('inert')).toBe(true);
  });

  it('moves and chooses with the arrow keys, as a radio group', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search templates' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Blank page/ }));
    await user.keyboard('{ArrowDown}');
    expect(chosen()).toBe('lead-magnet');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Lead magnet/ }));
    await user.keyboard('{ArrowDown}');
    expect(chosen()).toBe('waitlist');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(chosen()).toBe('blank');
    expect(screen.queryByTestId('template-preview')).toBeNull();
  });

  it('filters by goal', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Goal'), 'Events');
    const group = screen.getByRole('radiogroup', { name: 'Start from' });
    expect(
      within(group)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby') && within(g).getAllByRole('radio').length),
    ).toEqual([2]);
    expect(within(group).getByRole('radio', { name: /Webinar sign-up/ })).toBeTruthy();
    expect(within(group).queryByRole('radio', { name: /Coupon/ })).toBeNull();
    // "Blank page" stays whatever the goal.
    expect(within(group).getByRole('radio', { name: /Blank page/ })).toBeTruthy();
  });
});

describe('adding a page from a template', () => {
  const BASE = `/api/funnels/${FUNNEL_ID}`;
  const open = (api: Parameters<typeof mockApi>[0]) => {
    const calls = mockApi({ [`GET ${BASE}`]: { status: 200, body: funnelDetail() }, ...api });
    renderScreen(<Funnel />, { url: `/funnels/${FUNNEL_ID}`, path: '/funnels/:funnelId' });
    return calls;
  };

  it('sends the template with a title and address from its name; blank sends none', async () => {
    const calls = open({
      [`POST ${BASE}/pages`]: { status: 201, body: pageSummary({ id: 'fpg_dddddddddddddddd', slug: 'coupon', title: 'Coupon', status: 'draft' }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add page' }));
    const dialog = screen.getByRole('dialog', { name: 'Add page' });
    await user.click(within(dialog).getByRole('radio', { name: /Coupon/ }));
    expect(within(dialog).getByLabelText('Title')).toHaveProperty('value', 'Coupon');
    expect(within(dialog).getByLabelText('Address')).toHaveProperty('value', 'coupon');
    expect(await within(dialog).findByTestId('template-preview')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add page' })).toBeNull());
    expect(writes(calls).map((c) => c.body)).toEqual([{ title: 'Coupon', slug: 'coupon', template: 'coupon' }]);
  });

  it('keeps a title the user typed when the template changes, and "Blank page" sends no template', async () => {
    const calls = open({
      [`POST ${BASE}/pages`]: { status: 201, body: pageSummary({ id: 'fpg_dddddddddddddddd', slug: 'start', title: 'Start', status: 'draft' }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add page' }));
    const dialog = screen.getByRole('dialog', { name: 'Add page' });
    await user.type(within(dialog).getByLabelText('Title'), 'Start');
    await user.click(within(dialog).getByRole('radio', { name: /Waitlist/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Blank page/ }));
    expect(within(dialog).getByLabelText('Title')).toHaveProperty('value', 'Start');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add page' })).toBeNull());
    expect(writes(calls).map((c) => c.body)).toEqual([{ title: 'Start', slug: 'start' }]);
  });
});

describe('creating a funnel from a template', () => {
  it('offers the three funnel templates and "Blank funnel", previews the first page in the project’s brand and sends the one chosen by keyboard', async () => {
    const calls = mockApi({
      'GET /api/projects': projectsReply(),
      'GET /api/funnels': page([]),
      [`POST /api/projects/${PROJECT_ID}/funnels`]: { status: 201, body: funnelDetail() },
    });
    renderScreen(<Funnels />, { url: '/funnels', path: '/funnels', routes: [{ path: '/funnels/:funnelId', element: <p>Funnel screen</p> }] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create your first funnel' }));
    const dialog = screen.getByRole('dialog', { name: 'New funnel' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Start from' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.querySelector('span')?.textContent),
    ).toEqual(['Blank funnel', 'Lead magnet → thank you', 'Sale → order thanks', 'Webinar → confirmation']);
    await user.type(within(dialog).getByLabelText('Title'), 'Spring guide');
    within(group)
      .getByRole('radio', { name: /Blank funnel/ })
      .focus();
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: /Lead magnet → thank you/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByText('Creates two pages: the first page’s form leads to the second.')).toBeTruthy();
    const preview = await within(dialog).findByTestId('template-preview');
    await waitFor(() => expect(within(preview).getByText('Get the free guide')).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Create funnel' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ name: 'spring-guide', title: 'Spring guide', template: 'lead-magnet-funnel' });
  });
});
