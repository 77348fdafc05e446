import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Funnels from '#client/app/routes/funnels.tsx';
import { openMarketing, tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { FUNNEL_ID, funnelSummary, projectsReply } from '#client/test/funnels-fixtures.tsx';
import { gets, page, PROJECT_ID, renderScreen } from '#client/test/fixtures.tsx';

describe('the funnels of a project on its marketing page', () => {
  it('lists the project’s funnels with their week, and links to all of them and to a new one', async () => {
    const { container } = openMarketing('', { 'GET /api/funnels': page([funnelSummary()]) });
    const region = await screen.findByRole('region', { name: 'Funnels' });
    expect((await within(region).findByRole('link', { name: 'Spring offer' })).getAttribute('href')).toBe(`/funnels/${FUNNEL_ID}`);
    expect(within(region).getByText('120 views · 9 leads in 7 days')).toBeTruthy();
    expect(within(region).getByRole('img', { name: /^Last 7 days/ })).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'All funnels' }).getAttribute('href')).toBe(`/funnels?project=${PROJECT_ID}`);
    expect(within(region).getByRole('link', { name: 'New funnel' }).getAttribute('href')).toBe(`/funnels?project=${PROJECT_ID}&new=1`);
    expect(gets().find((g) => g.path === '/api/funnels')?.query).toEqual({ projectId: PROJECT_ID });
    window.innerWidth = 390;
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });

  it('words a count of one in the singular: 1 view, 1 lead', async () => {
    openMarketing('', { 'GET /api/funnels': page([funnelSummary({ views7d: 1, leads7d: 1 })]) });
    const region = await screen.findByRole('region', { name: 'Funnels' });
    expect(await within(region).findByText('1 view · 1 lead in 7 days')).toBeTruthy();
  });

  it('says when there is none, and offers no new funnel to viewers', async () => {
    openMarketing('', {}, { role: 'viewer' });
    const region = await screen.findByRole('region', { name: 'Funnels' });
    expect(await within(region).findByText(/No funnels yet/)).toBeTruthy();
    expect(within(region).queryByRole('link', { name: 'New funnel' })).toBeNull();
  });

  it('opens the new-funnel dialog for that project from /funnels?project=…&new=1', async () => {
    mockApi({ 'GET /api/projects': projectsReply(), 'GET /api/funnels': page([]) });
    const { router } = renderScreen(<Funnels />, { url: `/funnels?project=${PROJECT_ID}&new=1`, path: '/funnels' });
    const dialog = await screen.findByRole('dialog', { name: 'New funnel' });
    await waitFor(() => expect(within(dialog).getByLabelText('Project')).toHaveProperty('value', PROJECT_ID));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${PROJECT_ID}`));
  });
});
