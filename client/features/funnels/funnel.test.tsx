import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Funnel from '#client/app/routes/funnel.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { FUNNEL_ID, funnelDetail, PAGE_A, PAGE_B, PAGE_C, pageSummary, threePages } from '#client/test/funnels-fixtures.tsx';
import { gets, renderScreen, writes } from '#client/test/fixtures.tsx';

const BASE = `/api/funnels/${FUNNEL_ID}`;

function open(api: Parameters<typeof mockApi>[0] = {}, query = '') {
  const calls = mockApi({ [`GET ${BASE}`]: { status: 200, body: funnelDetail() }, ...api });
  const rendered = renderScreen(<Funnel />, {
    url: `/funnels/${FUNNEL_ID}${query}`,
    path: '/funnels/:funnelId',
    routes: [
      { path: '/funnels', element: <p>Funnels list</p> },
      { path: '/pages/:funnelPageId', element: <p>Page editor</p> },
    ],
  });
  return { ...rendered, calls };
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Pages in order' }))
    .getAllByRole('listitem')
    .map((li) => within(li).getAllByRole('link')[0]!.textContent);

describe('the funnel screen: pages', () => {
  it('shows a skeleton, then the pages in order with statuses, live links and edit links', async () => {
    open();
    expect(screen.getByRole('status', { name: 'Loading the funnel' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring offer' })).toBeTruthy();
    expect(titles()).toEqual(['Offer', 'Thank you', 'Our story']);
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByText('Changed since publish')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    // Published and changed pages link to their live address; a draft has none yet.
    expect(screen.getByRole('link', { name: /\/p\/spring-offer\/offer/ }).getAttribute('href')).toBe('/p/spring-offer/offer');
    expect(screen.getByRole('link', { name: /\/p\/spring-offer\/thanks/ }).getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: /\/p\/spring-offer\/story/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit “Our story”' }).getAttribute('href')).toBe(`/pages/${PAGE_C}`);
    expect(screen.getByRole('link', { name: 'Open live funnel' }).getAttribute('href')).toBe('/p/spring-offer');
  });

  it('words a week of one view and one lead in the singular, like the funnel of one page', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: funnelDetail({ pageCount: 1, pages: [pageSummary({ views7d: 1, leads7d: 1 })] }) } });
    const pages = await screen.findByRole('list', { name: 'Pages in order' });
    expect(pages.textContent).toContain('1 view · 1 lead');
    expect(document.body.textContent).toContain('1 page');
    expect(document.body.textContent).not.toMatch(/\b1 (views|leads|pages)\b/);
  });

  it('says when the funnel does not exist, and offers a retry when it failed', async () => {
    let status = 500;
    open({ [`GET ${BASE}`]: () => ({ status, body: envelope(status === 404 ? 'not_found' : 'internal', 'Failed.') }) });
    expect(await screen.findByText('This funnel could not be loaded')).toBeTruthy();
    status = 404;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeTruthy();
  });

  it('reorders with Alt+↓ on a handle, announces it, keeps the focus and saves the whole order', async () => {
    const { calls } = open({ [`PUT ${BASE}/page-order`]: { status: 204 } });
    const user = userEvent.setup();
    const handle = await screen.findByRole('button', { name: 'Reorder “Offer”, position 1 of 3' });
    handle.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(titles()).toEqual(['Thank you', 'Offer', 'Our story']);
    expect(screen.getByText('“Offer” moved to position 2 of 3.')).toBeTruthy();
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PUT', path: `${BASE}/page-order`, body: { pageIds: [PAGE_B, PAGE_A, PAGE_C] } }]));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Reorder “Offer”, position 2 of 3'));
    // Plain arrows (no Alt) and a move past the end do nothing.
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'Move “Our story” down' }));
    expect(writes(calls)).toHaveLength(1);
  });

  it('moves with the buttons and by drag and drop', async () => {
    const { calls } = open({ [`PUT ${BASE}/page-order`]: { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move “Our story” up' }));
    expect(titles()).toEqual(['Offer', 'Our story', 'Thank you']);
    const handle = screen.getByRole('button', { name: /Reorder “Thank you”/ });
    fireEvent.dragStart(handle);
    const rows = within(screen.getByRole('list', { name: 'Pages in order' })).getAllByRole('listitem');
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);
    expect(titles()).toEqual(['Thank you', 'Offer', 'Our story']);
    await waitFor(() => expect(writes(calls).map((c) => c.body)).toEqual([{ pageIds: [PAGE_A, PAGE_C, PAGE_B] }, { pageIds: [PAGE_B, PAGE_A, PAGE_C] }]));
  });

  it('puts the order back and says so when the server refuses it', async () => {
    open({ [`PUT ${BASE}/page-order`]: { status: 409, body: envelope('conflict', 'The pages changed meanwhile. Reload to see them.') } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move “Thank you” up' }));
    expect(await screen.findByText('The pages changed meanwhile. Reload to see them.')).toBeTruthy();
    expect(titles()).toEqual(['Offer', 'Thank you', 'Our story']);
    // And the funnel is loaded again: the server's order is the one shown.
    await waitFor(() => expect(gets().filter((g) => g.path === BASE)).toHaveLength(2));
  });

  it('adds a page: an address from the title, its rules, and a slug already taken (409)', async () => {
    let reply: { status: number; body: unknown } = {
      status: 409,
      body: envelope('conflict', 'Another page of this funnel has this address.', { slug: ['Another page of this funnel has this address.'] }),
    };
    const { calls } = open({ [`POST ${BASE}/pages`]: () => reply });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add page' }));
    const dialog = screen.getByRole('dialog', { name: 'Add page' });
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(within(dialog).getByText('Give the page a title.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'Thanks');
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), 'thanks');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    // Known on this screen already: said without asking the server.
    expect(within(dialog).getByText('This funnel already has a page at “thanks”.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), 'Merci!');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(within(dialog).getByText('Use lower-case letters, digits and hyphens.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), 'merci');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(await within(dialog).findByText('Another page of this funnel has this address.')).toBeTruthy();
    reply = { status: 201, body: { ...pageSummary({ id: 'fpg_dddddddddddddddd', slug: 'merci', title: 'Thanks', status: 'draft' }) } };
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add page' })).toBeNull());
    expect(titles()).toEqual(['Offer', 'Thank you', 'Our story', 'Thanks']);
    expect(writes(calls).map((c) => c.body)).toEqual([
      { title: 'Thanks', slug: 'merci' },
      { title: 'Thanks', slug: 'merci' },
    ]);
  });

  it('says on the form when the funnel holds all the pages it may', async () => {
    open({ [`POST ${BASE}/pages`]: { status: 409, body: envelope('conflict', 'A funnel holds at most 30 pages.') } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add page' }));
    const dialog = screen.getByRole('dialog', { name: 'Add page' });
    await user.type(within(dialog).getByLabelText('Title'), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('A funnel holds at most 30 pages.');
  });

  it('shows viewers the pages without reorder, add or delete', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: funnelDetail({ role: 'viewer' }) } });
    await screen.findByRole('heading', { level: 1, name: 'Spring offer' });
    expect(screen.queryByRole('button', { name: /Reorder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete funnel' })).toBeNull();
  });

  it('offers the first page of an empty funnel', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: funnelDetail({ pages: [], pageCount: 0 }) } });
    expect(await screen.findByText('No pages yet')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add the first page' }));
    expect(screen.getByRole('dialog', { name: 'Add page' })).toBeTruthy();
  });

  it('deletes the funnel after a confirmation that says what goes with it', async () => {
    const { calls, router } = open({ [`DELETE ${BASE}`]: { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete funnel' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Spring offer”?' });
    expect(dialog.textContent).toContain('Its 2 pages go offline at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete funnel' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete “Spring offer”?' })).getByRole('button', { name: 'Delete funnel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funnels'));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: BASE, body: undefined }]);
  });

  it('fits a 390 px phone', async () => {
    window.innerWidth = 390;
    const { container } = open({
      [`GET ${BASE}`]: {
        status: 200,
        body: funnelDetail({
          title: 'A very long funnel title that goes on and on for the whole width of the screen',
          customDomain: 'a-very-long-subdomain-name.acmesurf.example',
          pages: [
            ...threePages(),
            pageSummary({
              id: 'fpg_dddddddddddddddd',
              title: 'A page with a very long title that needs to be cut',
              slug: 'a-very-long-page-address-that-goes-on',
            }),
          ],
        }),
      },
    });
    await screen.findByRole('list', { name: 'Pages in order' });
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });
});
