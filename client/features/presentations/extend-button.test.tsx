import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresentationSources } from '#common/schemas/presentations.ts';
import AdminLandingPages from '#client/app/routes/admin-landing-pages.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { page, PROJECT_ID, renderScreen, user as userOf } from '#client/test/fixtures.tsx';
import { PRESENTATION_ID, presentationDetail } from '#client/test/presentations-fixtures.tsx';
import { extendable } from '#client/features/presentations/extend-button.tsx';

const BASE = `/api/presentations/${PRESENTATION_ID}`;
const sources: PresentationSources = { project: { id: PROJECT_ID, name: 'Acme Surf' }, media: [], creations: [], ads: [], pages: [] };
const NOW = Date.parse('2026-03-08T10:00:00Z');
const DAY = 86_400_000;

afterEach(cleanup);

/** The editor, where the "asked for a new link" email leads (`?edit={id}`). */
function openEditor(expiresAt: string | null, extend: Parameters<typeof mockApi>[0][string]) {
  const detail = presentationDetail({ status: 'published', expiresAt, expired: expiresAt !== null && Date.parse(expiresAt) <= Date.now() });
  const calls = mockApi({
    [`GET ${BASE}`]: { status: 200, body: detail },
    [`GET ${BASE}/sources`]: { status: 200, body: sources },
    [`POST ${BASE}/extend`]: extend,
    'GET /api/projects': page([]),
    [`GET /api/projects/${PROJECT_ID}`]: { status: 404, body: envelope('not_found', 'Not found.') },
    'GET /api/presentations': page([]),
  });
  renderScreen(<AdminLandingPages />, {
    url: `/admin/landing-pages?edit=${PRESENTATION_ID}`,
    path: '/admin/landing-pages',
    signedIn: userOf({ role: 'admin' }),
  });
  return { calls, detail };
}

describe('Extend 30 days', () => {
  it('is offered when expired or expiring within a week, not otherwise', () => {
    expect(extendable({ expiresAt: new Date(NOW - DAY).toISOString() }, NOW)).toBe(true);
    expect(extendable({ expiresAt: new Date(NOW + 6 * DAY).toISOString() }, NOW)).toBe(true);
    expect(extendable({ expiresAt: new Date(NOW + 8 * DAY).toISOString() }, NOW)).toBe(false);
    expect(extendable({ expiresAt: null }, NOW)).toBe(false);
  });

  it('an expired presentation in the editor: one click extends it, the badge and the button follow', async () => {
    const { calls } = openEditor('2020-01-01T00:00:00.000Z', () => ({
      status: 200,
      body: { ...presentationDetail({ status: 'published' }), revision: 5, expiresAt: '2099-01-31T00:00:00.000Z', expired: false },
    }));
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Extend 30 days' });
    expect(screen.getByText('Expired')).toBeTruthy();
    await user.click(button);
    expect(await screen.findByText(/^Extended: the link works until 31 Jan 2099/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `${BASE}/extend`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Extend 30 days' })).toBeNull();
    expect(screen.getByText('Published')).toBeTruthy();
  });

  it('a failure says so and keeps the button', async () => {
    openEditor('2020-01-01T00:00:00.000Z', { status: 404, body: envelope('not_found', 'Not found.') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Extend 30 days' }));
    expect(await screen.findByText(/could not be extended|Not found/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Extend 30 days' })).toBeTruthy();
  });

  it('a presentation that never expires has no such button', async () => {
    openEditor(null, { status: 500, body: envelope('internal', 'x') });
    await screen.findByRole('list', { name: 'Sections of the presentation' });
    expect(screen.queryByRole('button', { name: 'Extend 30 days' })).toBeNull();
  });
});
