import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApprovalChainDetail } from '#common/schemas/approval-chain.ts';
import type { MemberInfo } from '#common/schemas/projects.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { ApprovalChainCard } from '#client/features/projects/approval-chain-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';

const BASE = `/api/projects/${PROJECT_ID}`;
const EDDIE = 'user_bbbbbbbbbbbbbbbb';
const MEMBERS: MemberInfo[] = [
  { userId: 'user_aaaaaaaaaaaaaaaa', name: 'Olivia Owner', email: 'olivia@example.com', role: 'owner', joinedAt: '2026-01-01T00:00:00.000Z' },
  { userId: EDDIE, name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor', joinedAt: '2026-01-02T00:00:00.000Z' },
];

function mock(chain: ApprovalChainDetail, routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${BASE}/approval-chain`]: { status: 200, body: chain },
    [`GET ${BASE}/members`]: { status: 200, body: { items: MEMBERS, invites: [], nextCursor: null } },
    ...routes,
  });
}

function open(chain: ApprovalChainDetail, canEdit = true, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mock(chain, routes);
  renderScreen(<ApprovalChainCard projectId={PROJECT_ID} canEdit={canEdit} />, { url: `/projects/${PROJECT_ID}/` });
  return calls;
}

describe('ApprovalChainCard', () => {
  it('sets up two levels: a member for the first, an address for the second, reordered, and saves them in order', async () => {
    const saved: ApprovalChainDetail = {
      mode: 'levels',
      levels: [
        { name: 'Internal', userIds: [EDDIE], emails: [] },
        { name: 'Client', userIds: [], emails: ['carla@client.example'] },
      ],
    };
    const calls = open({ mode: 'required', levels: [] }, true, { [`PUT ${BASE}/approval-chain`]: { status: 200, body: saved } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Levels/ }));
    await user.click(screen.getByRole('button', { name: 'Add level' }));
    await user.type(screen.getByLabelText('Level 1 name'), 'Client');
    await user.type(screen.getByLabelText('Approvers by email'), 'carla@client.example');
    await user.click(screen.getByRole('button', { name: 'Add level' }));
    await user.type(screen.getByLabelText('Level 2 name'), 'Internal');
    const second = screen.getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('checkbox', { name: 'Eddie Editor' }));
    await user.click(screen.getByRole('button', { name: 'Move Internal up' }));
    expect(screen.getByLabelText('Level 1 name')).toHaveProperty('value', 'Internal');
    await user.click(screen.getByRole('button', { name: 'Save approval' }));
    expect(await screen.findByText('Approval settings saved')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PUT', path: `${BASE}/approval-chain`, body: saved }]);
  });

  it('removes a level, and shows the server’s refusal on the level’s field', async () => {
    const calls = open(
      {
        mode: 'levels',
        levels: [
          { name: 'Internal', userIds: [EDDIE], emails: [] },
          { name: 'Client', userIds: [], emails: ['carla@client.example'] },
        ],
      },
      true,
      {
        [`PUT ${BASE}/approval-chain`]: {
          status: 422,
          body: envelope('validation_failed', 'Add an approver to the level.', { 'levels.0.userIds': ['Add an approver to the level.'] }),
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Internal' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Approvers by email'));
    await user.click(screen.getByRole('button', { name: 'Save approval' }));
    expect(await screen.findAllByText('Add an approver to the level.')).not.toHaveLength(0);
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: `${BASE}/approval-chain`, body: { mode: 'levels', levels: [{ name: 'Client', userIds: [], emails: [] }] } },
    ]);
  });

  it('saves without an approver who left the project, and sends no hidden levels when the mode has none', async () => {
    const level = { name: 'Internal', userIds: [EDDIE, 'user_gonegonegonegone'], emails: [] };
    const calls = open({ mode: 'levels', levels: [level] }, true, {
      [`PUT ${BASE}/approval-chain`]: { status: 200, body: { mode: 'levels', levels: [{ ...level, userIds: [EDDIE] }] } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save approval' }));
    expect(await screen.findByText('Approval settings saved')).toBeTruthy();
    // A blank level left behind a mode without levels is not sent (it would be refused, unseen).
    await user.click(screen.getByRole('button', { name: 'Add level' }));
    await user.click(screen.getByRole('radio', { name: /Required/ }));
    await user.click(screen.getByRole('button', { name: 'Save approval' }));
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: `${BASE}/approval-chain`, body: { mode: 'levels', levels: [{ name: 'Internal', userIds: [EDDIE], emails: [] }] } },
      { method: 'PUT', path: `${BASE}/approval-chain`, body: { mode: 'required', levels: [] } },
    ]);
  });

  it('members who are not the owner see the chain but cannot change it', async () => {
    open({ mode: 'levels', levels: [{ name: 'Client', userIds: [], emails: ['carla@client.example'] }] }, false);
    expect(await screen.findByLabelText('Level 1 name')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save approval' })).toBeNull();
    expect(screen.getByRole('radio', { name: /Levels/ })).toHaveProperty('disabled', true);
  });

  it('says when the day’s emails to people outside the project were held back, and until when; before that, how many went out', async () => {
    const levels = [{ name: 'Client', userIds: [], emails: ['carla@client.example'] }];
    const resetsAt = '2026-12-02T09:30:00.000Z';
    open({ mode: 'levels', levels, outsideMail: { limit: 100, sent: 100, held: 3, resetsAt } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('3 approval emails were not sent')).toBeTruthy();
    expect(alert.textContent).toContain('at most 100 approval emails a day');
    expect(alert.textContent).toMatch(/Until .*2026.*send them the ad’s preview link yourself/);
    expect(screen.getByLabelText('Level 1 name')).toHaveProperty('value', 'Client');
  });

  it('shows how many emails went out while none was held, and nothing before the first', async () => {
    const levels = [{ name: 'Client', userIds: [], emails: ['carla@client.example'] }];
    open({ mode: 'levels', levels, outsideMail: { limit: 100, sent: 7, held: 0, resetsAt: '2026-12-02T09:30:00.000Z' } });
    expect(await screen.findByText('7 of 100 approval emails to people outside the project sent in the last day.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks German, the held emails too', async () => {
    mock({
      mode: 'levels',
      levels: [{ name: 'Kunde', userIds: [], emails: ['carla@client.example'] }],
      outsideMail: { limit: 100, sent: 100, held: 1, resetsAt: '2026-12-02T09:30:00.000Z' },
    });
    const i18n = await startI18n('de', ['projects']);
    render(
      <I18nRoot i18n={i18n}>
        <ToastProvider>
          <ApprovalChainCard projectId={PROJECT_ID} canEdit />
        </ToastProvider>
      </I18nRoot>,
    );
    expect(await screen.findByText('1 Freigabe-E-Mail wurde nicht gesendet')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Schicken Sie ihnen den Vorschau-Link der Anzeige selbst.');
  });

  it('speaks German', async () => {
    mock({ mode: 'none', levels: [] });
    const i18n = await startI18n('de', ['projects']);
    render(
      <I18nRoot i18n={i18n}>
        <ToastProvider>
          <ApprovalChainCard projectId={PROJECT_ID} canEdit />
        </ToastProvider>
      </I18nRoot>,
    );
    expect(await screen.findByRole('radio', { name: /Keine Freigabe/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Freigabe speichern' })).toBeTruthy();
  });
});
