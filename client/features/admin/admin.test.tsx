import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUserSummary, AuditItem, ProjectSupportView, SystemFigures } from '#common/schemas/admin.ts';
import Admin from '#client/app/routes/admin.tsx';
import AdminProject from '#client/app/routes/admin-project.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { gets, page, renderScreen, user as sessionUser, writes } from '#client/test/fixtures.tsx';

const ME = 'user_aaaaaaaaaaaaaaaa';
const MARTA = 'user_bbbbbbbbbbbbbbbb';
const PROJECT = 'proj_cccccccccccccccc';
const admin = sessionUser({ id: ME, role: 'admin', name: 'Ada Admin', email: 'ada@example.com' });

function summary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    id: MARTA,
    email: 'marta@example.com',
    name: 'Marta Maker',
    role: 'user',
    plan: 'free',
    createdAt: '2026-03-01T10:00:00.000Z',
    disabledAt: null,
    credits: 25,
    projects: 1,
    ...overrides,
  };
}

function detail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...summary(),
    balance: { monthly: 25, purchased: 0, total: 25, nextResetAt: '2026-04-01T10:00:00.000Z' },
    sessions: 2,
    memberOf: [{ id: PROJECT, name: 'Harbour Bakery', role: 'owner' }],
    ledger: [
      { id: 'led_aaaaaaaaaaaaaaaa', kind: 'grant_monthly', amount: 25, description: 'Free plan: monthly credits', createdAt: '2026-03-01T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

function auditItem(overrides: Partial<AuditItem> = {}): AuditItem {
  return {
    id: 'aud_aaaaaaaaaaaaaaaa',
    action: 'user.plan_changed',
    targetType: 'user',
    targetId: MARTA,
    targetLabel: 'marta@example.com',
    projectId: null,
    actor: { id: ME, name: 'Ada Admin', email: 'ada@example.com' },
    ip: '192.0.2.77',
    details: { before: { plan: 'free' }, after: { plan: 'pro' } },
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const figures: SystemFigures = {
  users: { total: 120, disabled: 2, admins: 3, newThisWeek: 9 },
  projects: { total: 48, newThisWeek: 4 },
  rendersThisWeek: 35,
  publishesThisWeek: { total: 7, instagram: 5, pages: 2 },
  daily: Array.from({ length: 7 }, (_, i) => ({ day: `2026-03-0${i + 1}`, signups: i, projects: 1, renders: 5, publishes: i % 2 })),
};

function open(api: Parameters<typeof mockApi>[0] = {}, url = '/admin') {
  const calls = mockApi({ 'GET /api/admin/users': page([summary()]), ...api });
  const rendered = renderScreen(<Admin />, { url, path: '/admin', signedIn: admin, routes: [{ path: '/admin/:projectId', element: <p>Project support</p> }] });
  return { ...rendered, calls };
}

describe('the admin screen', () => {
  it('lists users, searches by email or name, and says when nothing matches', async () => {
    open({ 'GET /api/admin/users': () => (gets().at(-1)?.query.q === 'nobody' ? page([]) : page([summary()])) });
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    const row = (await screen.findByText('Marta Maker')).closest('tr')!;
    expect(within(row).getByText('marta@example.com')).toBeTruthy();
    expect(within(row).getByText('Free')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search users by email or name' }), 'nobody{Enter}');
    expect(await screen.findByText('No matching users')).toBeTruthy();
    expect(gets().at(-1)).toEqual({ path: '/api/admin/users', query: { q: 'nobody' } });
  });

  it('says when the users could not be loaded, with a retry', async () => {
    let fail = true;
    open({ 'GET /api/admin/users': () => (fail ? { status: 500, body: envelope('internal', 'Something went wrong on our side.') } : page([summary()])) });
    expect(await screen.findByText('The users could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Marta Maker')).toBeTruthy();
  });

  it('adjusts credits with a reason, after a confirmation that shows the new balance, and updates the list', async () => {
    const { calls } = open({
      'GET /api/admin/users/user_bbbbbbbbbbbbbbbb': { status: 200, body: detail() },
      'POST /api/admin/users/user_bbbbbbbbbbbbbbbb/credits': (body) => {
        const amount = (body as { amount: number }).amount;
        return {
          status: 200,
          body: { entry: {}, user: detail({ credits: 25 + amount, balance: { monthly: 25, purchased: amount, total: 25 + amount, nextResetAt: null } }) },
        };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage Marta Maker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marta Maker' });
    expect(within(dialog).getByText('Harbour Bakery').getAttribute('href')).toBe(`/admin/${PROJECT}`);
    // The reason is required: checked before anything is sent.
    await user.type(within(dialog).getByLabelText('Credits'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust credits' }));
    expect(await within(dialog).findByText(/Say why you adjust the credits/)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Renders failed on 3 March');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust credits' }));
    const confirm = await screen.findByRole('dialog', { name: 'Add 20 credits?' });
    expect(within(confirm).getByText(/Balance 25 → 45/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Adjust credits' }));
    expect(await screen.findByText('Added 20 credits. Balance: 45.')).toBeTruthy();
    const [post] = writes(calls);
    expect(post).toMatchObject({
      path: `/api/admin/users/${MARTA}/credits`,
      body: { amount: 20, reason: 'Renders failed on 3 March', key: expect.stringMatching(/^[\w-]{16,}$/) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Marta Maker' })).toBeNull());
    expect(within(screen.getByText('Marta Maker').closest('tr')!).getByText('45')).toBeTruthy();
  });

  it('adjusts credits with the keyboard alone: Enter submits, the confirmation is a button reached by Tab', async () => {
    const { calls } = open({
      'GET /api/admin/users/user_bbbbbbbbbbbbbbbb': { status: 200, body: detail() },
      'POST /api/admin/users/user_bbbbbbbbbbbbbbbb/credits': { status: 200, body: { entry: {}, user: detail({ credits: 30 }) } },
    });
    const user = userEvent.setup();
    const manage = await screen.findByRole('button', { name: 'Manage Marta Maker' });
    manage.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Marta Maker' });
    const reason = within(dialog).getByLabelText('Reason');
    reason.focus();
    await user.keyboard('Keyboard goodwill');
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Credits'));
    await user.keyboard('5{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Add 5 credits?' });
    within(confirm).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Adjust credits' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({ amount: 5, reason: 'Keyboard goodwill' });
  });

  it('shows the server’s refusal of a deduction on the amount field', async () => {
    open({
      'GET /api/admin/users/user_bbbbbbbbbbbbbbbb': { status: 200, body: detail() },
      'POST /api/admin/users/user_bbbbbbbbbbbbbbbb/credits': {
        status: 422,
        body: envelope('validation_failed', 'This account has 25 credits: you can take at most 25.', {
          amount: ['This account has 25 credits: you can take at most 25.'],
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage Marta Maker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marta Maker' });
    await user.type(within(dialog).getByLabelText('Credits'), '-30');
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate grant');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust credits' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Take 30 credits?' })).getByRole('button', { name: 'Adjust credits' }));
    expect(await within(dialog).findByText('This account has 25 credits: you can take at most 25.')).toBeTruthy();
  });

  it('disables an account only after a confirmation, and changes the plan', async () => {
    const { calls } = open({
      'GET /api/admin/users/user_bbbbbbbbbbbbbbbb': { status: 200, body: detail() },
      'POST /api/admin/users/user_bbbbbbbbbbbbbbbb/disable': { status: 200, body: detail({ disabledAt: '2026-03-05T10:00:00.000Z', sessions: 0 }) },
      'POST /api/admin/users/user_bbbbbbbbbbbbbbbb/plan': { status: 200, body: detail({ plan: 'pro' }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage Marta Maker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marta Maker' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable Marta Maker’s account?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disable Marta Maker’s account?' })).getByRole('button', { name: 'Disable account' }));
    expect(await within(dialog).findByRole('button', { name: 'Enable account' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Plan'), 'Pro');
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Change the plan to Pro?' })).getByRole('button', { name: 'Change plan' }));
    await screen.findByText('The plan is now Pro.');
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      [`/api/admin/users/${MARTA}/disable`, undefined],
      [`/api/admin/users/${MARTA}/plan`, { plan: 'pro' }],
    ]);
  });

  it('does not offer an admin to demote or disable their own account', async () => {
    open({
      'GET /api/admin/users': page([summary({ id: ME, name: 'Ada Admin', role: 'admin' })]),
      [`GET /api/admin/users/${ME}`]: { status: 200, body: detail({ id: ME, name: 'Ada Admin', role: 'admin' }) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage Ada Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Admin' });
    expect(within(dialog).getByLabelText('Role')).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Disable account' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('You cannot disable your own account.')).toBeTruthy();
  });

  it('moves between sections with the arrow keys, Home and End, keeping the section in the URL', async () => {
    const { router } = open({ 'GET /api/admin/payouts': page([]), 'GET /api/admin/figures': { status: 200, body: figures } });
    const user = userEvent.setup();
    const usersTab = screen.getByRole('tab', { name: 'Users' });
    expect(usersTab.getAttribute('aria-selected')).toBe('true');
    usersTab.focus();
    await user.keyboard('{ArrowRight}');
    const payouts = screen.getByRole('tab', { name: 'Payouts' });
    expect(payouts.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(payouts);
    expect(router.state.location.search).toBe('?tab=payouts');
    expect(await screen.findByText('No payouts to decide')).toBeTruthy();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Figures' }));
    expect(await screen.findByRole('img', { name: /^Users, last 7 days: 1 Mar 0 sign-ups; 2 Mar 1 sign-up;/ })).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('5 Instagram posts · 2 page versions')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Users' }));
    expect(router.state.location.search).toBe('');
  });

  it('approves a payout with a note after a confirmation', async () => {
    const payout = {
      id: 'pay_aaaaaaaaaaaaaaaa',
      affiliate: { id: MARTA, name: 'Marta Maker', email: 'marta@example.com' },
      amountCents: 7740,
      status: 'requested',
      note: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    const { calls } = open(
      {
        'GET /api/admin/payouts': page([payout]),
        'POST /api/admin/payouts/pay_aaaaaaaaaaaaaaaa/approve': { status: 200, body: { id: payout.id, status: 'approved' } },
      },
      '/admin?tab=payouts',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Approve .* for Marta Maker$/ }));
    const confirm = await screen.findByRole('dialog', { name: /^Approve .* for Marta Maker\?$/ });
    await user.type(within(confirm).getByLabelText('Note (optional)'), 'Sent by bank transfer');
    await user.click(within(confirm).getByRole('button', { name: 'Approve payout' }));
    expect(await screen.findByText('No payouts to decide')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `/api/admin/payouts/${payout.id}/approve`, body: { note: 'Sent by bank transfer' } }]);
  });

  it('marks a contact message handled', async () => {
    const message = {
      id: 'msg_aaaaaaaaaaaaaaaa',
      name: 'Carla',
      email: 'carla@example.com',
      message: 'Can I get an invoice?',
      userId: null,
      handledAt: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    const { calls } = open(
      {
        'GET /api/admin/contact-messages': page([message]),
        'POST /api/admin/contact-messages/msg_aaaaaaaaaaaaaaaa/handled': { status: 200, body: { ...message, handledAt: '2026-03-02T10:00:00.000Z' } },
      },
      '/admin?tab=contact',
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Can I get an invoice?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark the message from Carla as handled' }));
    expect(await screen.findByText('No open messages')).toBeTruthy();
    expect(writes(calls).map((c) => c.path)).toEqual([`/api/admin/contact-messages/${message.id}/handled`]);
  });

  it('filters the audit log and shows who, what, before → after and the address', async () => {
    open({ 'GET /api/admin/audit': page([auditItem()]) }, '/admin?tab=audit');
    const user = userEvent.setup();
    expect(await screen.findByText('Plan changed')).toBeTruthy();
    // The target by its email, not its id.
    expect(screen.getByText('marta@example.com')).toBeTruthy();
    expect(screen.getAllByText('192.0.2.77', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('plan')).toBeTruthy();
    expect(screen.getByText('pro')).toBeTruthy();
    await user.type(screen.getByLabelText('Who'), 'ada@example.com');
    await user.type(screen.getByLabelText('Action'), 'user.');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(gets().at(-1)).toEqual({ path: '/api/admin/audit', query: { actor: 'ada@example.com', action: 'user.' } }));
  });
});

describe('the project support view', () => {
  const view: ProjectSupportView = {
    project: {
      id: PROJECT,
      name: 'Harbour Bakery',
      description: '',
      website: 'https://harbour.example',
      archivedAt: null,
      deletedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    },
    members: [{ userId: MARTA, name: 'Marta Maker', email: 'marta@example.com', role: 'owner', since: '2026-01-01T00:00:00.000Z', disabled: false }],
    usage: { media: 12, storageBytes: 3 * 1024 * 1024, creatives: 4, creations: 9, ads: 2, funnels: 1, pages: 3, leads: 17, postsPublished: 1 },
    activity: [{ kind: 'creation', id: 'cre_aaaaaaaaaaaaaaaa', name: 'Spring square', at: '2026-03-01T10:00:00.000Z' }],
    audit: [
      auditItem({
        action: 'project.support_viewed',
        targetType: 'project',
        targetId: PROJECT,
        targetLabel: 'Harbour Bakery',
        projectId: PROJECT,
        details: null,
      }),
    ],
  };

  it('shows members, usage, recent activity and the audit trail, read-only', async () => {
    mockApi({ [`GET /api/admin/projects/${PROJECT}`]: { status: 200, body: view } });
    renderScreen(<AdminProject />, { url: `/admin/${PROJECT}`, path: '/admin/:projectId', signedIn: admin });
    expect(await screen.findByRole('heading', { name: 'Harbour Bakery' })).toBeTruthy();
    expect(screen.getByText('marta@example.com')).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getByText('3 MB')).toBeTruthy();
    expect(screen.getByText('Spring square')).toBeTruthy();
    expect(screen.getByText('Project viewed by support')).toBeTruthy();
    expect(screen.queryAllByRole('button').filter((b) => b.textContent !== '')).toEqual([]);
  });

  it('says when there is no such project', async () => {
    mockApi({});
    renderScreen(<AdminProject />, { url: `/admin/${PROJECT}`, path: '/admin/:projectId', signedIn: admin });
    expect(await screen.findByText('There is no such project')).toBeTruthy();
  });
});
