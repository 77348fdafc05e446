import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Funnels from '#client/app/routes/funnels.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { FUNNEL_ID, funnelDetail, funnelSummary, OTHER_PROJECT, projectsReply, projectSummary } from '#client/test/funnels-fixtures.tsx';
import { gets, page, PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';

function open(api: Parameters<typeof mockApi>[0] = {}, url = '/funnels') {
  const calls = mockApi({
    'GET /api/projects': projectsReply(),
    'GET /api/funnels': page([]),
    ...api,
  });
  const rendered = renderScreen(<Funnels />, { url, path: '/funnels', routes: [{ path: '/funnels/:funnelId', element: <p>Funnel screen</p> }] });
  return { ...rendered, calls };
}

describe('the funnels screen', () => {
  it('shows skeletons, then the funnels with their week of views and leads as a chart', async () => {
    open({ 'GET /api/funnels': page([funnelSummary({ customDomain: 'go.acmesurf.example' })]) });
    expect(screen.getByRole('status', { name: 'Loading funnels' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Spring offer' });
    expect(link.getAttribute('href')).toBe(`/funnels/${FUNNEL_ID}`);
    expect(screen.getByText('/p/spring-offer')).toBeTruthy();
    expect(screen.getByText('Acme Surf · 2 pages')).toBeTruthy();
    expect(screen.getByText('go.acmesurf.example')).toBeTruthy();
    const chart = screen.getByRole('img', { name: /^Last 7 days: 1 Mar 10 views, 0 leads; 2 Mar 12 views, 1 lead;/ });
    expect(chart.querySelectorAll('polyline')).toHaveLength(2);
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('9')).toBeTruthy();
  });

  it('offers the first funnel when there is none, and says when the list failed, with a retry', async () => {
    let fail = true;
    open({
      'GET /api/funnels': () => (fail ? { status: 500, body: envelope('internal', 'Something went wrong on our side.') } : page([])),
    });
    expect(await screen.findByText('The funnels could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No funnels yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create your first funnel' })).toBeTruthy();
  });

  it('filters by project in the URL', async () => {
    const { router } = open({ 'GET /api/funnels': page([funnelSummary()]) });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Spring offer' });
    await user.selectOptions(screen.getByLabelText('Project'), 'Bistro Nord');
    await waitFor(() => expect(router.state.location.search).toBe(`?project=${OTHER_PROJECT}`));
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/funnels')
          .at(-1)?.query,
      ).toEqual({ projectId: OTHER_PROJECT }),
    );
  });

  it('creates a funnel: project, title, a name suggested from the title and checked as you type', async () => {
    const { calls, router } = open({ 'POST /api/projects/proj_aaaaaaaaaaaaaaaa/funnels': { status: 201, body: funnelDetail() } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create your first funnel' }));
    const dialog = screen.getByRole('dialog', { name: 'New funnel' });
    // Only projects the user may create in: the viewer project is not offered.
    const projectSelect = within(dialog).getByLabelText('Project');
    expect(
      within(projectSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pick a project', 'Acme Surf']);
    expect(projectSelect).toHaveProperty('value', PROJECT_ID);
    await user.type(within(dialog).getByLabelText('Title'), 'Spring Offer 2026!');
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('spring-offer-2026');
    const rules = within(dialog).getByRole('list', { name: 'Name rules' });
    expect(within(rules).getAllByText(/\(met\)/)).toHaveLength(4);

    await user.clear(name);
    await user.type(name, 'Api');
    expect(within(rules).getByText('Lower-case letters, digits and hyphens').textContent).toContain('(not met)');
    await user.clear(name);
    await user.type(name, 'api');
    expect(within(rules).getByText(/Not a reserved word/).textContent).toContain('(not met)');
    await user.click(within(dialog).getByRole('button', { name: 'Create funnel' }));
    expect(within(dialog).getByText('“api” is reserved. Pick another name.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(writes(calls)).toEqual([]);

    await user.clear(name);
    await user.type(name, 'spring-');
    await user.click(within(dialog).getByRole('button', { name: 'Create funnel' }));
    expect(within(dialog).getByText('Start and end with a letter or digit.')).toBeTruthy();
    await user.type(name, 'offer');
    await user.click(within(dialog).getByRole('button', { name: 'Create funnel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/funnels/${FUNNEL_ID}`));
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `/api/projects/${PROJECT_ID}/funnels`, body: { name: 'spring-offer', title: 'Spring Offer 2026!' } },
    ]);
    expect(await screen.findByText('“Spring offer” was created.')).toBeTruthy();
  });

  it('asks for a title and says on the name field when the name is taken (409)', async () => {
    const { calls } = open({
      'POST /api/projects/proj_aaaaaaaaaaaaaaaa/funnels': {
        status: 409,
        body: envelope('conflict', 'This name is taken. Pick another one.', { name: ['This name is taken. Pick another one.'] }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create your first funnel' }));
    const dialog = screen.getByRole('dialog', { name: 'New funnel' });
    await user.type(within(dialog).getByLabelText('Name'), 'spring-offer');
    await user.click(within(dialog).getByRole('button', { name: 'Create funnel' }));
    expect(within(dialog).getByText('Give the funnel a title.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Spring');
    // Typing a title keeps the name the user chose.
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('spring-offer');
    await user.click(within(dialog).getByRole('button', { name: 'Create funnel' }));
    expect(await within(dialog).findByText('This name is taken. Pick another one.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toHaveLength(1);
  });

  it('hides New funnel from viewers of every project', async () => {
    mockApi({ 'GET /api/projects': projectsReply([projectSummary({ role: 'viewer' })]), 'GET /api/funnels': page([]) });
    renderScreen(<Funnels />, { url: '/funnels', path: '/funnels' });
    expect(await screen.findByText(/As a viewer you can look at them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /funnel/ })).toBeNull();
  });

  it('fits a 390 px phone', async () => {
    window.innerWidth = 390;
    const { container } = open({
      'GET /api/funnels': page([
        funnelSummary({ title: 'A very long funnel title that goes on and on for the whole width', customDomain: 'a-very-long-subdomain.acmesurf.example' }),
      ]),
    });
    await screen.findByRole('link', { name: /A very long funnel title/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'New funnel' }));
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });
});
