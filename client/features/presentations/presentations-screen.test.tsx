import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import AdminLandingPages from '#client/app/routes/admin-landing-pages.tsx';
import Presentations from '#client/app/routes/presentations.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { useFakeClock } from '#client/test/fake-clock.ts';
import { gets, page, PROJECT_ID, renderScreen, user as userOf, writes } from '#client/test/fixtures.tsx';
import { projectSummary } from '#client/test/funnels-fixtures.tsx';
import { OTHER_PRESENTATION, PRESENTATION_ID, presentationDetail, presentationStats, presentationSummary } from '#client/test/presentations-fixtures.tsx';

const admin = userOf({ role: 'admin', name: 'Ada Admin' });
const agency = userOf({ plan: { id: 'agency', name: 'Agency' } });

const published = presentationSummary({
  id: OTHER_PRESENTATION,
  slug: 'northwind-spring',
  customerName: 'Northwind Coffee',
  status: 'published',
  url: '/presents/northwind-spring',
  hasPassword: true,
  author: { id: 'user_bbbbbbbbbbbbbbbb', name: 'Bruno Agency' },
  publishedAt: '2026-03-05T10:00:00.000Z',
});

function open(
  api: Parameters<typeof mockApi>[0] = {},
  { scope = 'all' as 'all' | 'mine', signedIn = admin, url }: { scope?: 'all' | 'mine'; signedIn?: ReturnType<typeof userOf>; url?: string } = {},
) {
  const path = scope === 'all' ? '/admin/landing-pages' : '/presentations';
  const calls = mockApi({
    'GET /api/presentations': page([presentationSummary(), published]),
    'GET /api/projects': page([projectSummary(), projectSummary({ id: 'proj_viewer_aaaaaaaa', name: 'Viewer project', role: 'viewer' })]),
    [`GET /api/presentations/${PRESENTATION_ID}`]: { status: 200, body: presentationDetail() },
    ...api,
  });
  const rendered = renderScreen(scope === 'all' ? <AdminLandingPages /> : <Presentations />, { url: url ?? path, path, signedIn });
  return { ...rendered, calls };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the presentations screen', () => {
  it('lists every presentation for admins: customer, address, status, password lock, author, the week’s visitors as a chart', async () => {
    open();
    expect(screen.getByRole('heading', { name: 'Presentation pages' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading presentations' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Harbour Bakery' })).toHaveProperty('search', `?edit=${PRESENTATION_ID}`);
    expect(rows()).toHaveLength(2);
    const second = rows()[1]!;
    expect(within(second).getByText('/presents/northwind-spring')).toBeTruthy();
    expect(within(second).getAllByText('Published').length).toBeGreaterThan(0);
    expect(within(second).getAllByText('Password protected').length).toBeGreaterThan(0);
    expect(within(second).getByText('Bruno Agency', { selector: 'td' })).toBeTruthy();
    expect(within(second).getByRole('img', { name: /^Visitors in the last 7 days: 1 Mar 0; 2 Mar 1;/ })).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Open Northwind Coffee’s page' }).getAttribute('href')).toBe('/presents/northwind-spring');
    // A draft has no page to open yet, and is published from its row.
    expect(within(rows()[0]!).queryByRole('link', { name: /page$/ })).toBeNull();
    expect(within(rows()[0]!).getByRole('button', { name: 'Publish Harbour Bakery' })).toBeTruthy();
    expect(gets().find((g) => g.path === '/api/presentations')?.query).toEqual({ scope: 'all' });
  });

  it('asks for the agency user’s own presentations (scope mine) and hides the author column', async () => {
    open({}, { scope: 'mine', signedIn: agency });
    expect(screen.getByRole('heading', { name: 'Presentations' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    expect(within(screen.getByRole('table')).queryByRole('columnheader', { name: 'Author' })).toBeNull();
    expect(gets().find((g) => g.path === '/api/presentations')?.query).toEqual({ scope: 'mine' });
  });

  it('shows a user without the Agency plan what presentations are and where to get them, without calling the API', async () => {
    const { calls } = open({}, { scope: 'mine', signedIn: userOf({ plan: { id: 'pro', name: 'Pro' } }) });
    expect(screen.getByRole('heading', { name: 'Presentations come with the Agency plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the Agency plan' }).getAttribute('href')).toBe('/account/billing');
    expect(screen.getByText(/99,00 €|€99|99 €/)).toBeTruthy();
    await act(async () => {});
    expect(calls.filter((c) => c.path.startsWith('/api/presentations'))).toEqual([]);
  });

  it('searches by customer or address a moment after typing, and says when nothing matches', async () => {
    const user = useFakeClock();
    open({
      'GET /api/presentations': () =>
        gets()
          .filter((g) => g.path === '/api/presentations')
          .at(-1)?.query.q
          ? page([])
          : page([presentationSummary()]),
    });
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.type(screen.getByRole('searchbox', { name: 'Search presentations' }), 'zebra');
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(await screen.findByText('No presentations match')).toBeTruthy();
    expect(
      gets()
        .filter((g) => g.path === '/api/presentations')
        .at(-1)?.query,
    ).toEqual({ scope: 'all', q: 'zebra' });
  });

  it('loads further pages with Show more, and offers a retry when the list failed', async () => {
    let fail = true;
    open({
      'GET /api/presentations': () => {
        if (fail) return { status: 500, body: envelope('internal', 'Something went wrong on our side.') };
        const cursor = gets()
          .filter((g) => g.path === '/api/presentations')
          .at(-1)?.query.cursor;
        return cursor ? page([published]) : page([presentationSummary()], 'next-1');
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('The presentations could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Northwind Coffee' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('offers the first presentation when there is none', async () => {
    open({ 'GET /api/presentations': page([]) });
    expect(await screen.findByText('No presentations yet')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create your first presentation' }));
    expect(screen.getByRole('dialog', { name: 'New presentation' })).toBeTruthy();
  });

  it('creates a presentation from the keyboard: rules checked, the address follows the customer, a taken address lands on its field, then the editor opens', async () => {
    let taken = true;
    const { calls, router } = open({
      'POST /api/presentations': () =>
        taken
          ? { status: 409, body: envelope('conflict', 'This address is taken.', { slug: ['Another presentation already uses this address.'] }) }
          : { status: 201, body: presentationDetail() },
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('button', { name: 'New presentation' }));
    const dialog = screen.getByRole('dialog', { name: 'New presentation' });
    // Only projects the user may edit are offered to start from.
    expect(
      within(within(dialog).getByLabelText('Start from a project'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No project: start empty', 'Acme Surf']);
    // Submitting empty: both fields say what is missing, the first gets the focus.
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create presentation' }));
    expect(within(dialog).getByText('Say who the presentation is for.')).toBeTruthy();
    expect(within(dialog).getByText('Give the presentation an address.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Customer'));
    await user.keyboard('Harbour Bakery & Co');
    expect(within(dialog).getByLabelText('Address')).toHaveProperty('value', 'harbour-bakery-co');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Another presentation already uses this address.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Address')));
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.keyboard('-harbour');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Use 3–64 lower-case letters, digits and hyphens (not at the start or end).')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.keyboard('harbour-bakery');
    taken = false;
    await user.selectOptions(within(dialog).getByLabelText('Start from a project'), 'Acme Surf');
    await user.click(within(dialog).getByRole('button', { name: 'Create presentation' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?edit=${PRESENTATION_ID}`));
    expect(writes(calls).at(-1)).toEqual({
      method: 'POST',
      path: '/api/presentations',
      body: { slug: 'harbour-bakery', customerName: 'Harbour Bakery & Co', fromProjectId: PROJECT_ID },
    });
    expect(await screen.findByRole('region', { name: 'Preview of the presentation' })).toBeTruthy();
  });

  it('opens the create dialog prefilled from a project (?new=1&project=…)', async () => {
    open({}, { url: `/admin/landing-pages?new=1&project=${PROJECT_ID}` });
    const dialog = await screen.findByRole('dialog', { name: 'New presentation' });
    await waitFor(() => expect(within(dialog).getByLabelText('Start from a project')).toHaveProperty('value', PROJECT_ID));
    expect(within(dialog).getByLabelText('Customer')).toHaveProperty('value', 'Acme Surf');
    expect(within(dialog).getByLabelText('Address')).toHaveProperty('value', 'acme-surf');
  });

  it('publishes, unpublishes and duplicates from a row, and the row follows', async () => {
    const { calls } = open({
      [`POST /api/presentations/${PRESENTATION_ID}/publish`]: {
        status: 200,
        body: presentationDetail({ status: 'published', publishedAt: '2026-03-08T10:00:00.000Z' }),
      },
      [`POST /api/presentations/${OTHER_PRESENTATION}/unpublish`]: { status: 200, body: { ...presentationDetail(), ...published, status: 'draft' } },
      [`POST /api/presentations/${PRESENTATION_ID}/duplicate`]: {
        status: 201,
        body: presentationDetail({ id: 'prs_cccccccccccccccc', slug: 'harbour-bakery-copy', url: '/presents/harbour-bakery-copy' }),
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('button', { name: 'Publish Harbour Bakery' }));
    expect(await screen.findByText('“Harbour Bakery” is live.')).toBeTruthy();
    expect(within(rows()[0]!).getByRole('button', { name: 'Unpublish Harbour Bakery' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unpublish Northwind Coffee' }));
    expect(await screen.findByText(/“Northwind Coffee” is offline/)).toBeTruthy();
    expect(within(rows()[1]!).getByRole('button', { name: 'Publish Northwind Coffee' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Duplicate Harbour Bakery' }));
    expect(await screen.findByText('A draft copy was made at /presents/harbour-bakery-copy.')).toBeTruthy();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/presentations/${PRESENTATION_ID}/publish`,
      `POST /api/presentations/${OTHER_PRESENTATION}/unpublish`,
      `POST /api/presentations/${PRESENTATION_ID}/duplicate`,
    ]);
  });

  it('says why an action failed', async () => {
    open({
      [`POST /api/presentations/${PRESENTATION_ID}/publish`]: { status: 422, body: envelope('validation_failed', 'Add a headline before publishing.') },
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('button', { name: 'Publish Harbour Bakery' }));
    expect(await screen.findByText('Add a headline before publishing.')).toBeTruthy();
  });

  it('deletes only after a confirmation that says what goes; cancelling (Escape) deletes nothing', async () => {
    const { calls } = open({ [`DELETE /api/presentations/${OTHER_PRESENTATION}`]: { status: 204 } });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('button', { name: 'Delete Northwind Coffee' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this presentation?' });
    expect(dialog.textContent).toContain('/presents/northwind-spring goes offline at once');
    // Escape is the dialog's cancel event (happy-dom does not turn the key into it).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this presentation?' })).toBeNull());
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Northwind Coffee' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this presentation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete presentation' }));
    expect(await screen.findByText('“Northwind Coffee” was deleted.')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `/api/presentations/${OTHER_PRESENTATION}`, body: undefined }]);
  });

  it('shows a presentation’s statistics: visitors, views, time on page, visitors per day and sections reached, for 7 or 30 days', async () => {
    open({
      [`GET /api/presentations/${PRESENTATION_ID}/stats`]: () => ({ status: 200, body: presentationStats(gets().at(-1)?.query.days === '30' ? 30 : 7) }),
    });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('button', { name: 'Statistics of Harbour Bakery' }));
    const dialog = screen.getByRole('dialog', { name: 'Statistics: Harbour Bakery' });
    expect(await within(dialog).findByText('1 min 35 s')).toBeTruthy();
    const totals = within(dialog)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(totals).toEqual(['12', '18', '1 min 35 s']);
    expect(within(dialog).getByRole('img', { name: /^Visitors per day: 1 Mar 0; 2 Mar 1;/ })).toBeTruthy();
    const reached = within(dialog).getByRole('list', { name: 'Views that reached each section' });
    expect(
      within(reached)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Harbour Bakery12', '2. Pricing offer7', '3. Book a call3']);
    // The period from the keyboard: Tab to “30 days”, Enter.
    within(dialog).getByRole('button', { name: '7 days' }).focus();
    await user.keyboard('{Tab}{Enter}');
    expect(within(dialog).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(within(dialog).getAllByRole('definition')[0]!.textContent).toBe('40'));
    expect(gets().at(-1)).toEqual({ path: `/api/presentations/${PRESENTATION_ID}/stats`, query: { days: '30' } });
  });

  it('fits a phone: no fixed width wider than 390 px, details folded under the name', async () => {
    const { container } = open();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    expect(tooWideForPhone(container)).toEqual([]);
    expect(within(rows()[0]!).getByText('21 visitors in 7 days')).toBeTruthy();
  });

  it('shows the not-found screen for an id that does not exist or is not visible', async () => {
    open(
      { 'GET /api/presentations/prs_zzzzzzzzzzzzzzzz': { status: 404, body: envelope('not_found', 'Not found.') } },
      { url: '/admin/landing-pages?edit=prs_zzzzzzzzzzzzzzzz' },
    );
    expect(await screen.findByRole('heading', { name: /not found|doesn’t exist|does not exist/i })).toBeTruthy();
  });
});
