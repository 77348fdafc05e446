import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InviteInfo, MemberInfo, ProjectDetail } from '#common/schemas/projects.ts';
import { MembersCard } from '#client/features/projects/members-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, projectDetail, renderScreen, user as signedInUser, writes } from '#client/test/fixtures.tsx';

const ME = signedInUser();
const members = (role: MemberInfo['role'] = 'owner'): MemberInfo[] => [
  { userId: ME.id, name: ME.name, email: ME.email, role, joinedAt: '2026-01-01T00:00:00.000Z' },
  { userId: 'user_bbbbbbbbbbbbbbbb', name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor', joinedAt: '2026-01-02T00:00:00.000Z' },
];
const invite: InviteInfo = {
  id: 'inv_aaaaaaaaaaaaaaaa',
  email: 'vera@example.com',
  role: 'viewer',
  expiresAt: '2026-04-01T00:00:00.000Z',
  createdAt: '2026-03-01T00:00:00.000Z',
};
const BASE = `/api/projects/${PROJECT_ID}`;

function open(project: ProjectDetail, list: { items: MemberInfo[]; invites: InviteInfo[] }, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET ${BASE}/members`]: { status: 200, body: { ...list, nextCursor: null } }, ...routes });
  const onChanged = vi.fn();
  const rendered = renderScreen(<MembersCard project={project} onChanged={onChanged} />, { url: `/projects/${PROJECT_ID}/` });
  return { ...rendered, calls, onChanged };
}

describe('MembersCard', () => {
  it('invites by email with the chosen role, says so, and clears the field', async () => {
    const { calls } = open(projectDetail(), { items: members(), invites: [] }, { [`POST ${BASE}/members`]: { status: 201, body: invite } });
    const user = userEvent.setup();
    await screen.findByText('Eddie Editor');
    await user.type(screen.getByLabelText('Invite by email'), 'Vera@Example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'Viewer');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent to vera@example.com.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/members`, body: { email: 'vera@example.com', role: 'viewer' } }]);
    expect(screen.getByLabelText('Invite by email')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Role')).toHaveProperty('value', 'viewer');
  });

  it('checks the address before sending, and shows the server’s refusal on the field', async () => {
    const { calls } = open(
      projectDetail(),
      { items: members(), invites: [] },
      {
        [`POST ${BASE}/members`]: {
          status: 409,
          body: envelope('conflict', 'That person is already a member of this project.', { email: ['Already a member.'] }),
        },
      },
    );
    const user = userEvent.setup();
    await screen.findByText('Eddie Editor');
    await user.type(screen.getByLabelText('Invite by email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByLabelText('Invite by email').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
    await user.clear(screen.getByLabelText('Invite by email'));
    await user.type(screen.getByLabelText('Invite by email'), 'eddie@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Already a member.')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('That person is already a member of this project.');
  });

  it('changes a member’s role at once, and transfers ownership only after asking', async () => {
    const { calls, onChanged } = open(
      projectDetail(),
      { items: members(), invites: [] },
      { [`PATCH ${BASE}/members/user_bbbbbbbbbbbbbbbb`]: { status: 200, body: members()[1] } },
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role of Eddie Editor'), 'Viewer');
    expect(await screen.findByText('Eddie Editor is now viewer.')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText('Role of Eddie Editor'), 'Owner (transfer)');
    const dialog = screen.getByRole('dialog', { name: 'Make Eddie Editor the owner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await screen.findByText('Eddie Editor owns the project now.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `${BASE}/members/user_bbbbbbbbbbbbbbbb`, body: { role: 'viewer' } },
      { method: 'PATCH', path: `${BASE}/members/user_bbbbbbbbbbbbbbbb`, body: { role: 'owner' } },
    ]);
  });

  it('removes a member after asking, and Cancel sends nothing', async () => {
    const { calls } = open(projectDetail(), { items: members(), invites: [] }, { [`DELETE ${BASE}/members/user_bbbbbbbbbbbbbbbb`]: { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Eddie Editor' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove Eddie Editor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Eddie Editor' }));
    dialog = screen.getByRole('dialog', { name: 'Remove Eddie Editor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Eddie Editor was removed.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `${BASE}/members/user_bbbbbbbbbbbbbbbb`, body: undefined }]);
  });

  it('withdraws an open invitation', async () => {
    const { calls } = open(projectDetail(), { items: members(), invites: [invite] }, { [`DELETE ${BASE}/invites/${invite.id}`]: { status: 204 } });
    const user = userEvent.setup();
    expect(await screen.findByText('vera@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Invitation withdrawn.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `${BASE}/invites/${invite.id}`, body: undefined }]);
  });

  it('shows a refused change with the server’s message (no reference)', async () => {
    open(
      projectDetail(),
      { items: members(), invites: [] },
      { [`PATCH ${BASE}/members/user_bbbbbbbbbbbbbbbb`]: { status: 402, body: envelope('plan_limit_reached', 'Eddie’s Free plan has no free project slot.') } },
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role of Eddie Editor'), 'Owner (transfer)');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Transfer ownership' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Eddie’s Free plan has no free project slot.');
  });

  it('lets a member who is not the owner leave, and nothing else', async () => {
    const { calls, router } = open(
      projectDetail({ role: 'editor' }),
      { items: members('editor'), invites: [] },
      { [`DELETE ${BASE}/members/${ME.id}`]: { status: 204 } },
    );
    const user = userEvent.setup();
    await screen.findByText('Eddie Editor');
    expect(screen.queryByLabelText('Invite by email')).toBeNull();
    expect(screen.queryByLabelText('Role of Eddie Editor')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Leave this project?' })).getByRole('button', { name: 'Leave project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `${BASE}/members/${ME.id}`, body: undefined }]);
  });
});
