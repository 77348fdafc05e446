import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { auditLog, contactMessages, payouts, users } from '#worker/db/schema.ts';
import { createApp } from '#worker/app.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * Every admin action is written to the audit log (PRODUCT.md §1): who, what, on what, from
 * which address. This walks every route under /api/admin that changes something (and the
 * support view, whose viewing is audited): a new one fails the coverage test until it is
 * listed here with the entry it must leave.
 */
const db = () => getDb(env.DB);
const rid = (prefix: string) => `${prefix}-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

interface Case {
  /** The request (a concrete path and body) and the audit entry's action and target it must leave. */
  prepare(): Promise<{ path: string; json?: unknown; action: string; targetId: string }>;
}

let admin: TestUser;

const CASES: Record<string, Case> = {
  'POST /api/admin/users/:id/plan': {
    prepare: async () => {
      const user = await createUser();
      return { path: `/api/admin/users/${user.id}/plan`, json: { plan: 'pro' }, action: 'user.plan_changed', targetId: user.id };
    },
  },
  'POST /api/admin/users/:id/role': {
    prepare: async () => {
      const user = await createUser();
      return { path: `/api/admin/users/${user.id}/role`, json: { role: 'admin' }, action: 'user.role_changed', targetId: user.id };
    },
  },
  'POST /api/admin/users/:id/credits': {
    prepare: async () => {
      const user = await createUser();
      return {
        path: `/api/admin/users/${user.id}/credits`,
        json: { amount: 10, reason: 'Goodwill for the outage' },
        action: 'user.credits_adjusted',
        targetId: user.id,
      };
    },
  },
  'POST /api/admin/users/:id/disable': {
    prepare: async () => {
      const user = await createUser();
      return { path: `/api/admin/users/${user.id}/disable`, action: 'user.disabled', targetId: user.id };
    },
  },
  'POST /api/admin/users/:id/enable': {
    prepare: async () => {
      const user = await createUser();
      expect((await send(`/api/admin/users/${user.id}/disable`, { method: 'POST', cookie: admin.cookie })).status).toBe(200);
      return { path: `/api/admin/users/${user.id}/enable`, action: 'user.enabled', targetId: user.id };
    },
  },
  'POST /api/admin/contact-messages/:id/handled': {
    prepare: async () => {
      const id = rid('contact');
      await db().insert(contactMessages).values({ id, name: 'Carla', email: 'carla@example.com', message: 'Do you offer a demo?' });
      return { path: `/api/admin/contact-messages/${id}/handled`, action: 'contact.handled', targetId: id };
    },
  },
  'POST /api/admin/payouts/:id/approve': {
    prepare: async () => {
      const affiliate = await createUser();
      const id = rid('payout');
      await db().insert(payouts).values({ id, affiliateUserId: affiliate.id, amountCents: 6000, status: 'requested' });
      return { path: `/api/admin/payouts/${id}/approve`, json: { note: 'Paid by transfer' }, action: 'payout.approved', targetId: id };
    },
  },
  'POST /api/admin/payouts/:id/reject': {
    prepare: async () => {
      const affiliate = await createUser();
      const id = rid('payout');
      await db().insert(payouts).values({ id, affiliateUserId: affiliate.id, amountCents: 6000, status: 'requested' });
      return { path: `/api/admin/payouts/${id}/reject`, json: {}, action: 'payout.rejected', targetId: id };
    },
  },
  // Reading another user's project is an admin action too (PRODUCT.md §1).
  'GET /api/admin/projects/:projectId': {
    prepare: async () => {
      const owner = await createUser();
      const project = await createProject(owner, {}, 'Support case');
      return { path: `/api/admin/projects/${project.id}`, action: 'project.support_viewed', targetId: project.id };
    },
  },
};

/** Routes under /api/admin that only read (lists, figures, the system check): nothing to audit. */
const READS = new Set([
  'GET /api/admin/users',
  'GET /api/admin/users/:id',
  'GET /api/admin/contact-messages',
  'GET /api/admin/audit',
  'GET /api/admin/figures',
  'GET /api/admin/payouts',
  'GET /api/admin/system',
]);

function adminRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of createApp().routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/admin')) continue;
    keys.add(`${route.method} ${route.path}`);
  }
  return [...keys];
}

describe('the audit log of admin actions', () => {
  beforeAll(async () => {
    admin = await createUser({ role: 'admin', name: 'Alex Admin' });
  });

  it('has a case for every admin route that changes something (the rest only read)', () => {
    const routes = adminRoutes();
    expect(routes.filter((key) => !(key in CASES) && !READS.has(key))).toEqual([]);
    expect(Object.keys(CASES).filter((key) => !routes.includes(key))).toEqual([]);
  });

  let n = 0;
  for (const [key, test] of Object.entries(CASES)) {
    it(`${key} leaves an entry: the admin, the action, its target, the address`, async () => {
      const { path, json, action, targetId } = await test.prepare();
      n += 1;
      const ip = `192.0.2.${100 + n}`;
      const method = key.split(' ')[0]!;
      const response = await send(path, { method, ...(json === undefined ? {} : { json }), cookie: admin.cookie, headers: { 'cf-connecting-ip': ip } });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      const entries = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
        .all();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorUserId: admin.id, ip });
    });
  }
});

describe('an admin’s writes to presentations (someone else’s too) are audited', () => {
  let author: TestUser;
  beforeAll(async () => {
    author = await createUser({ name: 'Agnes Agency' });
    await db().update(users).set({ plan: 'agency' }).where(eq(users.id, author.id));
  });

  const entriesOf = (targetId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)))
      .all();

  it('create, change, publish, unpublish, duplicate and delete each leave one entry with the admin and the address', async () => {
    const slug = `audit-${crypto.randomUUID().slice(0, 8)}`;
    const created = await send('/api/presentations', { json: { slug, customerName: 'Harbor Dental' }, cookie: author.cookie });
    expect(created.status).toBe(201);
    const { id, revision } = (await created.json()) as { id: string; revision: number };
    // The author's own writes are not admin actions.
    expect(await entriesOf(id, 'presentation.create')).toEqual([]);

    const ip = '192.0.2.201';
    const as = (path: string, options: { method?: string; json?: unknown } = {}) =>
      send(path, { ...options, cookie: admin.cookie, headers: { 'cf-connecting-ip': ip } });
    const check = async (targetId: string, action: string) => {
      const entries = await entriesOf(targetId, action);
      expect(entries, action).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorUserId: admin.id, ip });
    };

    expect((await as(`/api/presentations/${id}`, { method: 'PATCH', json: { baseRevision: revision, slug: `${slug}-x` } })).status).toBe(200);
    await check(id, 'presentation.update');
    expect((await as(`/api/presentations/${id}/publish`, { method: 'POST' })).status).toBe(200);
    await check(id, 'presentation.publish');
    expect((await as(`/api/presentations/${id}/unpublish`, { method: 'POST' })).status).toBe(200);
    await check(id, 'presentation.unpublish');
    expect((await as(`/api/presentations/${id}/duplicate`, { method: 'POST' })).status).toBe(201);
    await check(id, 'presentation.duplicate');
    expect((await as(`/api/presentations/${id}`, { method: 'DELETE' })).status).toBe(204);
    await check(id, 'presentation.delete');

    const own = await as('/api/presentations', { json: { slug: `${slug}-admin`, customerName: 'Lumen Yoga' } });
    expect(own.status).toBe(201);
    await check(((await own.json()) as { id: string }).id, 'presentation.create');
  });
});
