import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, renderScreen, user as userOf, writes } from '#client/test/fixtures.tsx';
import { PRESENTATION_ID, presentationDetail } from '#client/test/presentations-fixtures.tsx';
import { CreatePresentationButton } from '#client/features/presentations/create-from-project.tsx';
import { slugsFor } from '#client/features/presentations/from-project.ts';

const agency = userOf({ plan: { id: 'agency', name: 'Agency' } });
const project = { id: PROJECT_ID, name: 'Acme Surf', role: 'editor' as const, archived: false };

describe('“Create a presentation” on a project', () => {
  it('makes a draft from the project in one click (the next address when one is taken) and opens it in the editor', async () => {
    let attempt = 0;
    const calls = mockApi({
      'POST /api/presentations': () =>
        attempt++ === 0
          ? { status: 409, body: envelope('conflict', 'This address is taken.', { slug: ['Another presentation uses this address.'] }) }
          : { status: 201, body: presentationDetail() },
    });
    const { router } = renderScreen(<CreatePresentationButton project={project} />, {
      signedIn: agency,
      routes: [{ path: '/presentations', element: <p>Presentations screen</p> }],
    });
    const button = screen.getByRole('button', { name: 'Create a presentation' });
    button.focus();
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/presentations'));
    expect(router.state.location.search).toBe(`?edit=${PRESENTATION_ID}`);
    expect(writes(calls).map((c) => c.body)).toEqual([
      { slug: 'acme-surf', customerName: 'Acme Surf', fromProjectId: PROJECT_ID },
      { slug: 'acme-surf-2', customerName: 'Acme Surf', fromProjectId: PROJECT_ID },
    ]);
  });

  it('says why it failed and stays', async () => {
    mockApi({
      'POST /api/presentations': { status: 403, body: envelope('forbidden', 'Presentations come with the Agency plan. Upgrade to create your own.') },
    });
    renderScreen(<CreatePresentationButton project={project} />, { signedIn: agency });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create a presentation' }));
    expect(await screen.findByText('Presentations come with the Agency plan. Upgrade to create your own.')).toBeTruthy();
  });

  it('is shown to admins and Agency users who edit the project, not to others', () => {
    mockApi({});
    const { unmount } = renderScreen(<CreatePresentationButton project={project} />, { signedIn: userOf({ role: 'admin' }) });
    expect(screen.getByRole('button', { name: 'Create a presentation' })).toBeTruthy();
    unmount();
    for (const [signedIn, p] of [
      [userOf({ plan: { id: 'pro', name: 'Pro' } }), project],
      [agency, { ...project, role: 'viewer' as const }],
      [agency, { ...project, archived: true }],
    ] as const) {
      const view = renderScreen(<CreatePresentationButton project={p} />, { signedIn });
      expect(screen.queryByRole('button', { name: 'Create a presentation' })).toBeNull();
      view.unmount();
    }
  });

  it('derives addresses that follow the rules from any name', () => {
    expect(slugsFor('Café Zürich & Söhne')[0]).toBe('cafe-zurich-sohne');
    expect(slugsFor('AB')[0]).toBe('ab-pitch');
    expect(slugsFor('!!!')[0]).toBe('pitch');
    expect(slugsFor('x'.repeat(100)).every((s) => s.length <= 64)).toBe(true);
  });
});
