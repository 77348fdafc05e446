import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Pages from '#client/app/routes/pages.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { FUNNEL_ID, funnelSummary, OTHER_PROJECT, PAGE_A, PAGE_C, projectsReply, threePages } from '#client/test/funnels-fixtures.tsx';
import { gets, page, renderScreen } from '#client/test/fixtures.tsx';

const OTHER_FUNNEL = 'fnl_bbbbbbbbbbbbbbbb';

function open(api: Parameters<typeof mockApi>[0] = {}, url = '/pages') {
  mockApi({
    'GET /api/projects': projectsReply(),
    'GET /api/funnels': page([funnelSummary(), funnelSummary({ id: OTHER_FUNNEL, title: 'Winter camp', name: 'winter-camp' })]),
    'GET /api/pages': page(threePages()),
    ...api,
  });
  return renderScreen(<Pages />, { url, path: '/pages' });
}

describe('the pages screen', () => {
  it('lists pages across funnels with status, the week’s numbers, live links and the editor', async () => {
    open();
    expect(screen.getByRole('status', { name: 'Loading pages' })).toBeTruthy();
    const offer = (await screen.findByRole('link', { name: 'Edit “Offer”' })).closest('li')!;
    expect(within(offer).getByText('Published')).toBeTruthy();
    expect(within(offer).getByText('80')).toBeTruthy();
    expect(within(offer).getByRole('img', { name: /^Last 7 days: .* 8 views, 0 leads;/ })).toBeTruthy();
    expect(within(offer).getByText('7')).toBeTruthy();
    expect(within(offer).getByRole('link', { name: 'Offer' }).getAttribute('href')).toBe(`/pages/${PAGE_A}`);
    expect(within(offer).getByRole('link', { name: 'Spring offer' }).getAttribute('href')).toBe(`/funnels/${FUNNEL_ID}`);
    expect(
      within(offer)
        .getByRole('link', { name: /\/p\/spring-offer\/offer/ })
        .getAttribute('target'),
    ).toBe('_blank');
    const thanks = screen.getByRole('link', { name: 'Edit “Thank you”' }).closest('li')!;
    expect(within(thanks).getByText('Changed since publish')).toBeTruthy();
    const story = screen.getByRole('link', { name: 'Edit “Our story”' }).closest('li')!;
    expect(within(story).getByText('Draft')).toBeTruthy();
    expect(within(story).getByText(/never published/)).toBeTruthy();
    // A draft has no live page to open.
    expect(within(story).queryByRole('link', { name: /opens the live page/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit “Our story”' }).getAttribute('href')).toBe(`/pages/${PAGE_C}`);
  });

  it('filters by funnel and by project in the URL', async () => {
    const { router } = open();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Edit “Offer”' });
    await waitFor(() => expect(within(screen.getByLabelText('Funnel')).getByRole('option', { name: 'Winter camp' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Funnel'), 'Winter camp');
    await waitFor(() => expect(router.state.location.search).toBe(`?funnel=${OTHER_FUNNEL}`));
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/pages')
          .at(-1)?.query,
      ).toEqual({ funnelId: OTHER_FUNNEL }),
    );
    await user.selectOptions(screen.getByLabelText('Project'), 'Bistro Nord');
    // Choosing a project drops the funnel of another project.
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${OTHER_PROJECT}`));
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/pages')
          .at(-1)?.query,
      ).toEqual({ projectId: OTHER_PROJECT }),
    );
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/funnels')
          .at(-1)?.query,
      ).toEqual({ projectId: OTHER_PROJECT }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when a filter matches nothing, when there are no pages, and when loading failed', async () => {
    const first = open({ 'GET /api/pages': page([]) }, `/pages?funnel=${OTHER_FUNNEL}`);
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    first.unmount();
    const second = open({ 'GET /api/pages': page([]) });
    expect(await screen.findByText('No pages yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to funnels' }).getAttribute('href')).toBe('/funnels');
    second.unmount();
    let fail = true;
    open({ 'GET /api/pages': () => (fail ? { status: 500, body: envelope('internal', 'Boom.') } : page(threePages())) });
    expect(await screen.findByText('The pages could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Edit “Offer”' })).toBeTruthy();
  });

  it('loads more pages', async () => {
    let n = 0;
    open({ 'GET /api/pages': () => (n++ === 0 ? page(threePages().slice(0, 1), 'cursor_1') : page(threePages().slice(1))) });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Edit “Offer”' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Edit “Our story”' })).toBeTruthy();
    expect(
      gets()
        .filter((g) => g.path === '/api/pages')
        .at(-1)?.query,
    ).toEqual({ cursor: 'cursor_1' });
  });

  it('fits a 390 px phone', async () => {
    window.innerWidth = 390;
    const long = threePages().map((p) => ({
      ...p,
      title: `${p.title} with a very long title that goes on and on`,
      url: `/p/a-very-long-funnel-name-for-testing/${p.slug}`,
    }));
    const { container } = open({ 'GET /api/pages': page(long) });
    await screen.findAllByRole('link', { name: /Edit/ });
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });
});
