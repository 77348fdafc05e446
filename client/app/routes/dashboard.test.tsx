import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projectDetail, renderScreen, user } from '#client/test/fixtures.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import Dashboard from '#client/app/routes/dashboard.tsx';

const page = <T,>(items: T[]) => ({ status: 200, body: { items, nextCursor: null } });

describe('Dashboard', () => {
  it('says how many of the plan’s active projects are used, not just the limit', async () => {
    mockApi({ 'GET /api/projects': page([]), 'GET /api/creations': page([]) });
    renderScreen(<Dashboard />);
    expect(await screen.findByText('0 of 3 active projects on the Free plan')).toBeTruthy();
    expect(screen.queryByText(/3 active on the Free plan/)).toBeNull();
  });

  it('counts the projects there are, and says when the plan has no limit', async () => {
    mockApi({ 'GET /api/projects': page([projectDetail()]), 'GET /api/creations': page([]) });
    renderScreen(<Dashboard />, { signedIn: user({ plan: { id: 'agency', name: 'Agency' } }) });
    expect(await screen.findByText('Unlimited active projects on the Agency plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Acme Surf/ })).toBeTruthy();
  });
});
