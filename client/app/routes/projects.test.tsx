import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import Projects from '#client/app/routes/projects.tsx';
import { brandProposal } from '#client/test/brand-proposal.ts';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { gets, page, projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const TOKEN = 'tok_aaaaaaaaaaaaaaaaaaaaaaaa';

function open(url = '/projects') {
  return renderScreen(<Projects />, { url, path: '/projects' });
}

describe('the projects screen', () => {
  it('lists the active projects, and the archived ones on their tab', async () => {
    mockApi({ 'GET /api/projects': page([projectDetail()]) });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('link', { name: /Acme Surf/ })).toBeTruthy();
    expect(screen.getByText('One project per customer. Your Free plan includes 3 active projects.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/projects')
          .at(-1),
      ).toEqual({ path: '/api/projects', query: { archived: '1' } }),
    );
  });

  it('creates a project from the dialog with what was typed, then opens it', async () => {
    const calls = mockApi({
      'GET /api/projects': page([]),
      'POST /api/projects': { status: 201, body: projectDetail({ id: 'proj_newnewnewnewnewn' }) },
    });
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Create your first project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add your first customer' });
    await user.type(within(dialog).getByLabelText('Name'), 'Acme Surf');
    await user.type(within(dialog).getByLabelText('Description'), 'Surf school in Biarritz');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/proj_newnewnewnewnewn/'));
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/projects', body: { name: 'Acme Surf', description: 'Surf school in Biarritz', website: '' } },
    ]);
  });

  it('adds the first customer with their website: reads it, reviews the brand kit, saves what was kept, then opens the project', async () => {
    const created = projectDetail({ id: 'proj_newnewnewnewnewn', name: 'Acme', website: 'https://acmesurf.example', brandKit: DEFAULT_BRAND_KIT });
    const calls = mockApi({
      'GET /api/projects': page([]),
      'POST /api/projects': { status: 201, body: created },
      'POST /api/projects/proj_newnewnewnewnewn/brand-kit/read': { status: 200, body: brandProposal() },
      'PATCH /api/projects/proj_newnewnewnewnewn': (body) => ({ status: 200, body: { ...created, ...(body as object) } }),
    });
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Create your first project' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Add your first customer' })).getByLabelText('Name'), 'Acme');
    await user.type(screen.getByLabelText('Website'), 'acmesurf.example');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brand kit for Acme' });
    const heading = await within(dialog).findByRole('heading', { name: 'What we found on acmesurf.example' });
    expect(document.activeElement).toBe(heading);
    // Nothing but the project is saved before the user confirms.
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/projects', 'POST /api/projects/proj_newnewnewnewnewn/brand-kit/read']);
    expect(writes(calls)[0]?.body).toEqual({ name: 'Acme', description: '', website: 'https://acmesurf.example' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^#fbbf24/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Use it as the project name (now “Acme”)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save brand kit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/proj_newnewnewnewnewn/'));
    expect(writes(calls).at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/projects/proj_newnewnewnewnewn',
      body: {
        name: 'Acme Surf School',
        brandKit: {
          logoMediaId: 'media_logo_bbbbbbbb',
          colors: ['#0f766e', '#1e3a8a'],
          headingFont: 'playfair-display',
          bodyFont: 'inter',
          tone: 'Surf lessons for every level on the Basque coast.',
        },
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the new project without a brand kit when the review is skipped', async () => {
    const created = projectDetail({ id: 'proj_newnewnewnewnewn', website: 'https://acmesurf.example' });
    const calls = mockApi({
      'GET /api/projects': page([]),
      'POST /api/projects': { status: 201, body: created },
      'POST /api/projects/proj_newnewnewnewnewn/brand-kit/read': { status: 502, body: envelope('upstream_failed', 'The site did not answer.') },
    });
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    await user.type(screen.getByLabelText('Name'), 'Acme Surf');
    await user.type(screen.getByLabelText('Website'), 'https://acmesurf.example');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The website did not answer');
    await user.click(screen.getByRole('button', { name: 'Continue without' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/proj_newnewnewnewnewn/'));
    expect(writes(calls).map((c) => c.method)).toEqual(['POST', 'POST']);
  });

  it('checks the fields as the server would before sending anything', async () => {
    const calls = mockApi({ 'GET /api/projects': page([]) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add your first customer' });
    await user.type(within(dialog).getByLabelText('Website'), 'not a web address');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(within(dialog).getByText('Give the project a name.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a web address like https://example.com.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    expect(writes(calls)).toEqual([]);
  });

  it('explains a full plan with a way to upgrade, without a reference id, and stays open', async () => {
    mockApi({
      'GET /api/projects': page([]),
      'POST /api/projects': { status: 402, body: envelope('plan_limit_reached', 'Your Free plan includes 3 active projects. Archive one or upgrade.') },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add your first customer' });
    await user.type(within(dialog).getByLabelText('Name'), 'Fourth');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Your Free plan includes 3 active projects. Archive one or upgrade.');
    expect(alert.textContent).not.toContain('Reference');
    expect(within(alert).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Add your first customer' })).toBeNull();
  });

  it('puts the server’s field details on the fields', async () => {
    mockApi({
      'GET /api/projects': page([]),
      'POST /api/projects': { status: 422, body: envelope('validation_failed', 'Some fields need your attention.', { name: ['Use at most 80 characters.'] }) },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add your first customer' });
    await user.type(within(dialog).getByLabelText('Name'), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText('Use at most 80 characters.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('an invitation link (/projects?invite=…), signed in', () => {
  const preview = { projectName: 'Acme Surf', inviterName: 'Olivia Owner', email: 'olivia@example.com', role: 'editor', status: 'open', forYou: true };

  it('says who invited you to what, and joins the project', async () => {
    const calls = mockApi({
      'GET /api/projects': page([]),
      [`GET /api/invites/${TOKEN}`]: { status: 200, body: preview },
      [`POST /api/invites/${TOKEN}/accept`]: { status: 200, body: { projectId: 'proj_aaaaaaaaaaaaaaaa', role: 'editor' } },
    });
    const user = userEvent.setup();
    const { router } = open(`/projects?invite=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Olivia Owner invited you to “Acme Surf”' })).toBeTruthy();
    expect(screen.getByText('You will join as an editor.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/proj_aaaaaaaaaaaaaaaa/'));
    expect(writes(calls)).toEqual([{ method: 'POST', path: `/api/invites/${TOKEN}/accept`, body: undefined }]);
  });

  it('tells someone signed in with another address to switch, with no button to accept', async () => {
    mockApi({ 'GET /api/projects': page([]), [`GET /api/invites/${TOKEN}`]: { status: 200, body: { ...preview, email: 'sam@example.com', forYou: false } } });
    open(`/projects?invite=${TOKEN}`);
    expect(await screen.findByText(/The invitation is for sam@example.com, and you are signed in as olivia@example.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('says when a link was used already, and dismisses a broken one', async () => {
    mockApi({ 'GET /api/projects': page([]), [`GET /api/invites/${TOKEN}`]: { status: 200, body: { ...preview, status: 'accepted' } } });
    open(`/projects?invite=${TOKEN}`);
    expect(await screen.findByText('This invitation was already used')).toBeTruthy();
  });

  it('offers to dismiss a link that does not work', async () => {
    mockApi({
      'GET /api/projects': page([]),
      [`GET /api/invites/${TOKEN}`]: { status: 404, body: envelope('not_found', 'This invitation link is not valid.') },
    });
    const user = userEvent.setup();
    const { router } = open(`/projects?invite=${TOKEN}`);
    expect(await screen.findByText('This invitation link is not valid.', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('This invitation link does not work')).toBeNull();
  });
});

describe('the dashboard’s first step', () => {
  it('opens the dialog at once from /projects?new=1, as “Add your first customer” while there is no project', async () => {
    mockApi({ 'GET /api/projects': page([]) });
    renderScreen(<Projects />, { url: '/projects?new=1', path: '/projects' });
    expect(await screen.findByRole('dialog', { name: 'Add your first customer' })).toBeTruthy();
  });

  it('is a plain “New project” for someone who has projects', async () => {
    mockApi({ 'GET /api/projects': page([projectDetail()]) });
    renderScreen(<Projects />, { url: '/projects?new=1', path: '/projects' });
    await screen.findByText(projectDetail().name);
    expect(screen.getByRole('dialog', { name: 'New project' })).toBeTruthy();
  });
});
