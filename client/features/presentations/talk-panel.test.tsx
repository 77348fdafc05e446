import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresentationRecipient, PresentationRequest, PresentationTalk } from '#common/schemas/presentation-talk.ts';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { renderScreen } from '#client/test/fixtures.tsx';
import { PRESENTATION_ID } from '#client/test/presentations-fixtures.tsx';
import { TalkPanel } from '#client/features/presentations/talk-panel.tsx';

const BASE = `/api/presentations/${PRESENTATION_ID}`;
afterEach(cleanup);

const carla: PresentationRecipient = {
  id: 'recipient_carla_000001',
  name: 'Carla Client',
  email: 'carla@client.example',
  path: '/presents/spring?r=AbCdEfGhIjKlMnOp',
  createdAt: '2026-03-01T09:00:00.000Z',
  revokedAt: null,
  visits: 2,
  lastVisitAt: '2026-03-02T10:00:00.000Z',
};
const ask: PresentationRequest = {
  id: 'request_alice_0000001',
  kind: 'access',
  name: 'Alice Asker',
  email: 'alice@example.com',
  message: 'Could I see it again?',
  createdAt: '2026-03-03T08:00:00.000Z',
  grantedAt: null,
};
const talk: PresentationTalk = {
  recipients: [carla],
  requests: [ask],
  visits: [
    {
      id: 'visit_0000000000000001',
      startedAt: '2026-03-02T10:00:00.000Z',
      seconds: 95,
      recipient: { id: carla.id, name: 'Carla Client' },
      sections: [
        { id: 'hero', type: 'hero', title: '', seconds: 20 },
        { id: 'offer', type: 'pricing', title: 'The offer', seconds: 75 },
      ],
    },
    { id: 'visit_0000000000000002', startedAt: '2026-03-01T10:00:00.000Z', seconds: 12, recipient: null, sections: [] },
  ],
};

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  let current = structuredClone(talk);
  const calls = mockApi({
    [`GET ${BASE}/talk`]: () => ({ status: 200, body: current }),
    ...routes,
  });
  renderScreen(<TalkPanel id={PRESENTATION_ID} />);
  return { calls, set: (next: PresentationTalk) => (current = next) };
}

describe('the talk panel', () => {
  it('shows requests, personal links and the visit timeline with time per section', async () => {
    open();
    const visits = await screen.findByRole('region', { name: 'Visits' });
    expect(within(visits).getByText('Carla Client')).toBeTruthy();
    expect(within(visits).getByText('Plain link')).toBeTruthy();
    expect(within(visits).getByText('The offer')).toBeTruthy();
    expect(within(visits).getByText('Hero')).toBeTruthy();
    expect(within(visits).getByText('1 min 15 s')).toBeTruthy();
    const links = screen.getByRole('region', { name: 'Personal links' });
    expect((within(links).getByRole('textbox', { name: 'Carla Client’s link' }) as HTMLInputElement).value).toBe(`${window.location.origin}${carla.path}`);
    expect(within(links).getByText(/2 visits, last/)).toBeTruthy();
    expect(screen.getByText('Could I see it again?')).toBeTruthy();
  });

  it('adds a recipient (checked as typed, sent once) and reloads', async () => {
    const { calls, set } = open({
      [`POST ${BASE}/recipients`]: (body) => {
        set({ ...talk, recipients: [{ ...carla, id: 'recipient_dan_00000001', name: 'Dan', email: null, visits: 0, lastVisitAt: null }, carla] });
        return { status: 201, body: { ...carla, name: (body as { name: string }).name } };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Personal links' });
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Dan');
    await user.type(screen.getByRole('textbox', { name: 'Email (optional)' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText(/Enter a valid email address/)).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Email (optional)' }));
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Not opened yet')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `${BASE}/recipients`, body: { name: 'Dan', email: '' } }]);
  });

  it('revokes a link and gives access to a request in one click; failures are said', async () => {
    const { calls, set } = open({
      [`POST ${BASE}/recipients/${carla.id}/revoke`]: () => {
        set({ ...talk, recipients: [{ ...carla, revokedAt: '2026-03-04T00:00:00.000Z' }] });
        return { status: 200, body: carla };
      },
      [`POST ${BASE}/requests/${ask.id}/grant`]: { status: 404, body: envelope('not_found', 'Not found.') },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/^Revoked: the link works like the plain one/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Give access' }));
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Give access' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        `${BASE}/recipients/${carla.id}/revoke`,
        `${BASE}/requests/${ask.id}/grant`,
      ]),
    );
  });

  it('a granted request shows when; empty lists say so', async () => {
    mockApi({ [`GET ${BASE}/talk`]: { status: 200, body: { recipients: [], visits: [], requests: [{ ...ask, grantedAt: '2026-03-04T09:00:00.000Z' }] } } });
    renderScreen(<TalkPanel id={PRESENTATION_ID} />);
    expect(await screen.findByText(/^Access given/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Give access' })).toBeNull();
    expect(screen.getByText(/^No visits yet/)).toBeTruthy();
  });
});
