import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUserSummary, AuditItem, ContactMessageItem, ProjectSupportView, SystemFigures } from '#common/schemas/admin.ts';
import { getDb } from '#worker/db/client.ts';
import { auditLog, creditBalances, creditLedger, sessions, users } from '#worker/db/schema.ts';
import { createProject, createUser, uniqueEmail, type TestUser } from '#worker/test/factories.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
const ADMIN_IP = '192.0.2.77';
const NO_SUCH_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: 'admin', name: 'Ada Admin' });
});

/** A request as the admin, from ADMIN_IP. */
function asAdmin(path: string, options: Parameters<typeof send>[1] = {}) {
  return send(path, { ...options, cookie: admin.cookie, headers: { 'cf-connecting-ip': ADMIN_IP, ...options.headers } });
}

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await response;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const auditOf = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).all();
const balanceOf = async (userId: string) => {
  const row = await db().select().from(creditBalances).where(eq(creditBalances.userId, userId)).get();
  return row ? row.monthly + row.purchased : undefined;
};

describe('admin users', () => {
  it('searches by email and by name, case-insensitively, in pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await createUser({ name: `Marta ${tag} One`, email: uniqueEmail(`${tag}-a`) });
    const b = await createUser({ name: 'Someone Else', email: uniqueEmail(`${tag}-b`) });
    const byName = await json<{ items: AdminUserSummary[] }>(asAdmin(`/api/admin/users?q=${encodeURIComponent(`MARTA ${tag.toUpperCase()}`)}`));
    expect(byName.items.map((u) => u.id)).toEqual([a.id]);
    const first = await json<{ items: AdminUserSummary[]; nextCursor: string | null }>(asAdmin(`/api/admin/users?q=${tag}&limit=1`));
    expect(first.items.map((u) => u.id)).toEqual([b.id]);
    expect(first.items[0]).toMatchObject({ role: 'user', plan: 'free', credits: 25, projects: 0, disabledAt: null });
    const second = await json<{ items: AdminUserSummary[]; nextCursor: string | null }>(
      asAdmin(`/api/admin/users?q=${tag}&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(second.items.map((u) => u.id)).toEqual([a.id]);
  });

  it('takes wildcards, 100 characters and lone surrogates as plain text; refuses a longer search or a bad cursor with 422', async () => {
    expect((await json<{ items: unknown[] }>(asAdmin('/api/admin/users?q=%25%25_'))).items).toEqual([]);
    expect((await json<{ items: unknown[] }>(asAdmin(`/api/admin/users?q=${'x'.repeat(100)}`))).items).toEqual([]);
    expect((await json<{ items: unknown[] }>(asAdmin('/api/admin/users?q=%ED%A0%80'))).items).toEqual([]);
    expect((await asAdmin(`/api/admin/users?q=${'x'.repeat(101)}`)).status).toBe(422);
    expect((await asAdmin('/api/admin/users?cursor=nonsense')).status).toBe(422);
    expect((await asAdmin('/api/admin/users?limit=1000')).status).toBe(422);
  });

  it('shows one account with balance, sessions, projects and ledger; unknown ids 404, malformed ids 422', async () => {
    const user = await createUser({ name: 'Dora Detail' });
    const project = await createProject(user, {}, 'Dora’s Bakery');
    const detail = await json<AdminUserDetail>(asAdmin(`/api/admin/users/${user.id}`));
    expect(detail).toMatchObject({ id: user.id, name: 'Dora Detail', sessions: 1, balance: { total: 25, monthly: 25, purchased: 0 } });
    expect(detail.memberOf).toEqual([{ id: project.id, name: 'Dora’s Bakery', role: 'owner' }]);
    expect(detail.ledger[0]).toMatchObject({ kind: 'grant_monthly', amount: 25 });
    expect((await asAdmin(`/api/admin/users/${NO_SUCH_ID}`)).status).toBe(404);
    expect((await asAdmin('/api/admin/users/x')).status).toBe(422);
  });

  it('is a 404 for users and members, and 401 signed out, on every admin endpoint', async () => {
    const user = await createUser();
    const project = await createProject(user);
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${user.id}`],
      ['POST', `/api/admin/users/${user.id}/plan`, { plan: 'pro' }],
      ['POST', `/api/admin/users/${user.id}/role`, { role: 'admin' }],
      ['POST', `/api/admin/users/${user.id}/credits`, { amount: 5, reason: 'Goodwill' }],
      ['POST', `/api/admin/users/${user.id}/disable`],
      ['POST', `/api/admin/users/${user.id}/enable`],
      ['GET', '/api/admin/contact-messages'],
      ['POST', `/api/admin/contact-messages/${NO_SUCH_ID}/handled`],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/figures'],
      // The owner of the project too: the support view is the admin area's.
      ['GET', `/api/admin/projects/${project.id}`],
    ];
    for (const [method, path, body] of paths) {
      expect((await send(path, { method, json: body, cookie: user.cookie })).status, `${method} ${path}`).toBe(404);
      expect((await send(path, { method, json: body })).status, `${method} ${path}`).toBe(401);
    }
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({ role: 'user', plan: 'free', disabledAt: null });
    expect(await balanceOf(user.id)).toBe(25);
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('refuses malformed JSON (400), another content type (415) and invalid values (422), changing nothing', async () => {
    const user = await createUser();
    const path = `/api/admin/users/${user.id}/credits`;
    const raw = (body: string, type = 'application/json') => asAdmin(path, { method: 'POST', body, headers: { 'content-type': type } });
    expect((await raw('{"amount": 5,')).status).toBe(400);
    expect((await raw('amount=5', 'application/x-www-form-urlencoded')).status).toBe(415);
    for (const body of [
      { amount: 0, reason: 'Nothing' },
      { amount: 1.5, reason: 'Half' },
      { amount: 5 },
      { amount: 5, reason: '' },
      { amount: 1e9, reason: 'Typo' },
      { amount: '5', reason: 'Text' },
    ]) {
      expect((await asAdmin(path, { json: body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await asAdmin(`/api/admin/users/${user.id}/plan`, { json: { plan: 'platinum' } })).status).toBe(422);
    expect((await asAdmin(`/api/admin/users/${user.id}/role`, { json: { role: 'owner' } })).status).toBe(422);
    expect(await balanceOf(user.id)).toBe(25);
    expect(await auditOf(user.id)).toEqual([]);
  });
});

describe('admin changes, each audited with who, where from, before and after', () => {
  it('changes the plan: the monthly credits of the new plan start now, and the user’s session sees it at once', async () => {
    const user = await createUser();
    expect((await json<{ plan: { id: string } }>(send('/api/me', { cookie: user.cookie }))).plan.id).toBe('free');
    const detail = await json<AdminUserDetail>(asAdmin(`/api/admin/users/${user.id}/plan`, { json: { plan: 'pro' } }));
    expect(detail).toMatchObject({ plan: 'pro', balance: { monthly: 500 } });
    expect((await json<{ plan: { id: string } }>(send('/api/me', { cookie: user.cookie }))).plan.id).toBe('pro');
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      action: 'user.plan_changed',
      targetType: 'user',
      ip: ADMIN_IP,
      details: { before: { plan: 'free' }, after: { plan: 'pro' } },
    });
    // The same plan again: nothing to change, nothing recorded.
    await json(asAdmin(`/api/admin/users/${user.id}/plan`, { json: { plan: 'pro' } }));
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it('changes the role; an admin cannot take away their own role (409), but may be demoted by another admin', async () => {
    const user = await createUser();
    await json(asAdmin(`/api/admin/users/${user.id}/role`, { json: { role: 'admin' } }));
    // The new admin's session is an admin's at once.
    expect((await send('/api/admin/figures', { cookie: user.cookie })).status).toBe(200);
    const own = await asAdmin(`/api/admin/users/${admin.id}/role`, { json: { role: 'user' } });
    expect(own.status).toBe(409);
    expect(await own.text()).toContain('lock yourself out');
    // The new admin may not take away their own role either.
    expect((await send(`/api/admin/users/${user.id}/role`, { json: { role: 'user' }, cookie: user.cookie })).status).toBe(409);
    await json(asAdmin(`/api/admin/users/${user.id}/role`, { json: { role: 'user' } }));
    expect((await send('/api/admin/figures', { cookie: user.cookie })).status).toBe(404);
    const entries = await auditOf(user.id);
    expect(entries.map((e) => [e.action, e.details, e.ip])).toEqual(
      expect.arrayContaining([
        ['user.role_changed', { before: { role: 'user' }, after: { role: 'admin' } }, ADMIN_IP],
        ['user.role_changed', { before: { role: 'admin' }, after: { role: 'user' } }, ADMIN_IP],
      ]),
    );
    expect((await db().select().from(users).where(eq(users.id, admin.id)).get())?.role).toBe('admin');
  });

  it('adjusts credits with a reason: a ledger row `admin_adjust`, the balance before and after in the audit entry', async () => {
    const user = await createUser();
    const added = await json<{ entry: { kind: string; amount: number; description: string }; user: AdminUserDetail }>(
      asAdmin(`/api/admin/users/${user.id}/credits`, { json: { amount: 40, reason: 'Render failures on 3 March' } }),
    );
    expect(added.entry).toMatchObject({ kind: 'admin_adjust', amount: 40, description: 'Adjustment by Adloom support: Render failures on 3 March' });
    expect(added.user.balance).toMatchObject({ monthly: 25, purchased: 40, total: 65 });
    const taken = await json<{ user: AdminUserDetail }>(asAdmin(`/api/admin/users/${user.id}/credits`, { json: { amount: -30, reason: 'Duplicate grant' } }));
    // Taken from the monthly bucket first, like a spend.
    expect(taken.user.balance).toMatchObject({ monthly: 0, purchased: 35, total: 35 });
    const entries = (await auditOf(user.id)).filter((e) => e.action === 'user.credits_adjusted');
    expect(entries.map((e) => ({ ip: e.ip, actor: e.actorUserId, details: e.details }))).toEqual(
      expect.arrayContaining([
        {
          ip: ADMIN_IP,
          actor: admin.id,
          details: expect.objectContaining({
            amount: 40,
            reason: 'Render failures on 3 March',
            before: { monthly: 25, purchased: 0, total: 25 },
            after: { monthly: 25, purchased: 40, total: 65 },
          }),
        },
        {
          ip: ADMIN_IP,
          actor: admin.id,
          details: expect.objectContaining({
            amount: -30,
            reason: 'Duplicate grant',
            before: { monthly: 25, purchased: 40, total: 65 },
            after: { monthly: 0, purchased: 35, total: 35 },
          }),
        },
      ]),
    );
    // The user sees it in their own ledger.
    const ledger = await json<{ items: { kind: string }[] }>(send('/api/credits/ledger', { cookie: user.cookie }));
    expect(ledger.items.filter((i) => i.kind === 'admin_adjust')).toHaveLength(2);
  });

  it('stores a reason with a lone surrogate well-formed (U+FFFD), never a 500', async () => {
    const user = await createUser();
    const response = await asAdmin(`/api/admin/users/${user.id}/credits`, {
      body: '{"amount": 2, "reason": "Goodwill \\ud800 credit"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    const [entry] = (await auditOf(user.id)).filter((e) => e.action === 'user.credits_adjusted');
    expect((entry?.details as { reason: string }).reason).toBe('Goodwill \ufffd credit');
  });

  it('refuses a deduction the balance does not cover (422), booking and recording nothing; a repeated key books once', async () => {
    const user = await createUser();
    const refused = await asAdmin(`/api/admin/users/${user.id}/credits`, { json: { amount: -26, reason: 'Too much' } });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('at most 25');
    expect(await balanceOf(user.id)).toBe(25);
    expect(await auditOf(user.id)).toEqual([]);
    const key = 'adjustKey_0123456789abcdef';
    const body = { amount: 5, reason: 'Goodwill after an outage', key };
    const [one, two] = await Promise.all([
      asAdmin(`/api/admin/users/${user.id}/credits`, { json: body }),
      asAdmin(`/api/admin/users/${user.id}/credits`, { json: body }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await balanceOf(user.id)).toBe(30);
    expect((await auditOf(user.id)).filter((e) => e.action === 'user.credits_adjusted')).toHaveLength(1);
    // The key of another account's adjustment: refused.
    const other = await createUser();
    expect((await asAdmin(`/api/admin/users/${other.id}/credits`, { json: body })).status).toBe(409);
    expect(await balanceOf(other.id)).toBe(25);
  });

  it('never overdraws under 20 concurrent deductions: the balance stays the ledger’s sum, one audit entry per booked one', async () => {
    const user = await createUser();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => asAdmin(`/api/admin/users/${user.id}/credits`, { json: { amount: -3, reason: 'Concurrent test' } })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 422)).toHaveLength(12);
    const balance = await db().select().from(creditBalances).where(eq(creditBalances.userId, user.id)).get();
    expect(balance).toMatchObject({ monthly: 1, purchased: 0 });
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(rows.reduce((sum, r) => sum + r.monthlyDelta + r.purchasedDelta, 0)).toBe(1);
    expect(rows.filter((r) => r.kind === 'admin_adjust')).toHaveLength(8);
    expect((await auditOf(user.id)).filter((e) => e.action === 'user.credits_adjusted')).toHaveLength(8);
  });

  it('disables an account: every session ends at once (cached ones too), sign-in is refused; enabling lets it sign in again', async () => {
    const user = await createUser();
    const login = await send('/api/auth/login', { json: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    const second = cookieFrom(login)!;
    // Both sessions are in use (and in this isolate's session cache).
    for (const cookie of [user.cookie, second]) expect((await send('/api/me', { cookie })).status).toBe(200);
    const detail = await json<AdminUserDetail>(asAdmin(`/api/admin/users/${user.id}/disable`, { method: 'POST' }));
    expect(detail.disabledAt).not.toBeNull();
    expect(detail.sessions).toBe(0);
    for (const cookie of [user.cookie, second]) expect((await send('/api/me', { cookie })).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    const refused = await send('/api/auth/login', { json: { email: user.email, password: user.password } });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('This account has been disabled');
    expect(cookieFrom(refused)).toBeUndefined();
    // The sign-in form without JavaScript says so on the form.
    const form = await send('/login', { form: { intent: 'signin', email: user.email, password: user.password } });
    expect(form.status).toBe(422);
    expect(await form.text()).toContain('This account has been disabled');
    expect(cookieFrom(form)).toBeUndefined();
    // Disabling again changes nothing and records nothing.
    await json(asAdmin(`/api/admin/users/${user.id}/disable`, { method: 'POST' }));
    await json(asAdmin(`/api/admin/users/${user.id}/enable`, { method: 'POST' }));
    expect((await send('/api/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200);
    const entries = await auditOf(user.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['user.disabled', 'user.enabled']);
    const disabled = entries.find((e) => e.action === 'user.disabled')!;
    expect(disabled).toMatchObject({ actorUserId: admin.id, ip: ADMIN_IP, details: expect.objectContaining({ before: { disabledAt: null } }) });
    expect((disabled.details as { after: { disabledAt: string } }).after.disabledAt).toBe(detail.disabledAt);
  });

  it('does not let an admin disable their own account (409)', async () => {
    const response = await asAdmin(`/api/admin/users/${admin.id}/disable`, { method: 'POST' });
    expect(response.status).toBe(409);
    expect((await send('/api/me', { cookie: admin.cookie })).status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, admin.id)).get())?.disabledAt).toBeNull();
  });

  it('answers 404 for an unknown account on every change', async () => {
    for (const [path, body] of [
      ['plan', { plan: 'pro' }],
      ['role', { role: 'admin' }],
      ['credits', { amount: 5, reason: 'Goodwill' }],
      ['disable', undefined],
      ['enable', undefined],
    ] as const) {
      expect((await asAdmin(`/api/admin/users/${NO_SUCH_ID}/${path}`, { method: 'POST', json: body })).status, path).toBe(404);
    }
    expect(await auditOf(NO_SUCH_ID)).toEqual([]);
  });
});

describe('contact messages', () => {
  it('lists open messages; marking one handled is audited once and moves it to the handled list', async () => {
    const email = uniqueEmail('contact');
    expect(
      (
        await send('/api/contact', {
          json: { name: 'Carla Contact', email, message: 'Can I get an invoice for March?' },
          headers: { 'cf-connecting-ip': '192.0.2.90' },
        })
      ).status,
    ).toBe(201);
    const open = await json<{ items: ContactMessageItem[] }>(asAdmin('/api/admin/contact-messages?status=open&limit=100'));
    const message = open.items.find((m) => m.email === email)!;
    expect(message).toMatchObject({ name: 'Carla Contact', message: 'Can I get an invoice for March?', handledAt: null });
    const handled = await json<ContactMessageItem>(asAdmin(`/api/admin/contact-messages/${message.id}/handled`, { method: 'POST' }));
    expect(handled.handledAt).not.toBeNull();
    await json(asAdmin(`/api/admin/contact-messages/${message.id}/handled`, { method: 'POST' }));
    const entries = await auditOf(message.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'contact.handled',
        actorUserId: admin.id,
        ip: ADMIN_IP,
        details: expect.objectContaining({ before: { handledAt: null } }),
      }),
    ]);
    // The sender's address is not kept in the audit log (it outlives the message when their account is deleted).
    expect(JSON.stringify(entries)).not.toContain(email);
    const after = await json<{ items: ContactMessageItem[] }>(asAdmin('/api/admin/contact-messages?status=open&limit=100'));
    expect(after.items.some((m) => m.id === message.id)).toBe(false);
    const all = await json<{ items: ContactMessageItem[] }>(asAdmin('/api/admin/contact-messages?status=handled&limit=100'));
    expect(all.items.some((m) => m.id === message.id)).toBe(true);
    expect((await asAdmin(`/api/admin/contact-messages/${NO_SUCH_ID}/handled`, { method: 'POST' })).status).toBe(404);
    expect((await asAdmin('/api/admin/contact-messages?status=spam')).status).toBe(422);
  });
});

describe('the audit log', () => {
  it('filters by actor (id or email), action (or its beginning) and target, newest first, in pages', async () => {
    const other = await createUser({ role: 'admin', name: 'Otto Other' });
    const target = await createUser();
    await json(asAdmin(`/api/admin/users/${target.id}/credits`, { json: { amount: 1, reason: 'First' } }));
    await json(asAdmin(`/api/admin/users/${target.id}/plan`, { json: { plan: 'agency' } }));
    await json(
      send(`/api/admin/users/${target.id}/credits`, {
        json: { amount: 2, reason: 'Second' },
        cookie: other.cookie,
        headers: { 'cf-connecting-ip': '2001:db8::42' },
      }),
    );
    const byTarget = await json<{ items: AuditItem[] }>(asAdmin(`/api/admin/audit?target=${target.id}`));
    expect(byTarget.items.map((i) => i.action)).toEqual(['user.credits_adjusted', 'user.plan_changed', 'user.credits_adjusted']);
    expect(byTarget.items[0]).toMatchObject({
      actor: { id: other.id, name: 'Otto Other', email: other.email },
      ip: '2001:db8::42',
      targetType: 'user',
      targetLabel: target.email,
    });
    const byEmail = await json<{ items: AuditItem[] }>(asAdmin(`/api/admin/audit?actor=${encodeURIComponent(other.email.toUpperCase())}&target=${target.id}`));
    expect(byEmail.items).toHaveLength(1);
    const byId = await json<{ items: AuditItem[] }>(asAdmin(`/api/admin/audit?actor=${admin.id}&target=${target.id}&action=user.credits`));
    expect(byId.items.map((i) => i.details?.reason)).toEqual(['First']);
    const paged = await json<{ items: AuditItem[]; nextCursor: string }>(asAdmin(`/api/admin/audit?target=${target.id}&limit=2`));
    const rest = await json<{ items: AuditItem[]; nextCursor: string | null }>(
      asAdmin(`/api/admin/audit?target=${target.id}&limit=2&cursor=${encodeURIComponent(paged.nextCursor)}`),
    );
    expect([...paged.items, ...rest.items].map((i) => i.id)).toEqual(byTarget.items.map((i) => i.id));
    expect(rest.nextCursor).toBeNull();
    expect((await json<{ items: unknown[] }>(asAdmin(`/api/admin/audit?action=${'%'.repeat(100)}`))).items).toEqual([]);
    expect((await asAdmin(`/api/admin/audit?actor=${'a'.repeat(101)}`)).status).toBe(422);
  });
});

describe('system figures', () => {
  it('counts users, projects, renders and publishes, with the 7 days for the charts', async () => {
    const before = await json<SystemFigures>(asAdmin('/api/admin/figures'));
    const user = await createUser();
    await createProject(user);
    const after = await json<SystemFigures>(asAdmin('/api/admin/figures'));
    expect(after.daily).toHaveLength(7);
    expect(after.daily.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(after.users.total).toBe(before.users.total + 1);
    expect(after.users.newThisWeek).toBe(before.users.newThisWeek + 1);
    expect(after.projects.total).toBe(before.projects.total + 1);
    expect(after.daily.at(-1)!.signups).toBe(before.daily.at(-1)!.signups + 1);
    expect(after.daily.reduce((n, d) => n + d.renders, 0)).toBe(after.rendersThisWeek);
    expect(after.daily.reduce((n, d) => n + d.publishes, 0)).toBe(after.publishesThisWeek.total);
    expect(after.users.admins).toBeGreaterThanOrEqual(1);
  });
});

describe('the support view of a project', () => {
  it('shows any project read-only with members, usage and audit trail; looking is audited; unknown ids 404', async () => {
    const owner = await createUser({ name: 'Olga Owner' });
    const editor = await createUser({ name: 'Ed Editor' });
    const project = await createProject(owner, { editor }, 'Harbour Bakery');
    const view = await json<ProjectSupportView>(asAdmin(`/api/admin/projects/${project.id}`));
    expect(view.project).toMatchObject({ id: project.id, name: 'Harbour Bakery', archivedAt: null, deletedAt: null });
    expect(view.members.map((m) => [m.name, m.role])).toEqual([
      ['Olga Owner', 'owner'],
      ['Ed Editor', 'editor'],
    ]);
    expect(view.usage).toMatchObject({ media: 0, creatives: 0, funnels: 0, storageBytes: 0 });
    expect(view.audit[0]).toMatchObject({ action: 'project.support_viewed', actor: { id: admin.id }, ip: ADMIN_IP, targetLabel: 'Harbour Bakery' });
    const viewed = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, project.id), eq(auditLog.action, 'project.support_viewed')))
      .all();
    expect(viewed).toHaveLength(1);
    expect((await asAdmin(`/api/admin/projects/${NO_SUCH_ID}`)).status).toBe(404);
    expect((await asAdmin('/api/admin/projects/%ED%A0%80')).status).toBe(422);
    // The page: the app for admins, the 404 page for the owner.
    expect((await asAdmin(`/admin/${project.id}`)).status).toBe(200);
    expect((await asAdmin(`/admin/${NO_SUCH_ID}`)).status).toBe(404);
    expect((await send(`/admin/${project.id}`, { cookie: owner.cookie })).status).toBe(404);
  });
});
