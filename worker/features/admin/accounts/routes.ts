import { Hono, type Context } from 'hono';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
import { ledgerText } from '#worker/features/credits/service.ts';
import { adminPlanInput, adminRoleInput, adminUserParam, adminUserQuery, creditAdjustmentInput } from '#common/schemas/admin.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { adminOf as actor } from '#worker/features/admin/actor.ts';
import * as admin from '#worker/features/admin/accounts/service.ts';

/** The account's ledger in the admin's language (its rows are stored as codes and values). */
function worded<T extends { ledger: { description: string }[] }>(c: Context<AppEnv>, detail: T): T {
  const i18n = i18nFor(localeOf(c));
  return { ...detail, ledger: detail.ledger.map((e) => ({ ...e, description: ledgerText(e.description, i18n) })) };
}

/** /api/admin/users (the support side: ../support; payouts: features/affiliate): admins only, everyone else 404 (PRODUCT.md §1). */
export const adminAccountRoutes = new Hono<AppEnv>()
  .get('/users', access('admin'), validate('query', adminUserQuery), async (c) => {
    const { q, limit, cursor } = c.req.valid('query');
    return c.json(await admin.listUsers(c.get('db'), { q, limit: limit ?? 25, cursor }));
  })
  .get('/users/:id', access('admin'), validate('param', adminUserParam), async (c) =>
    c.json(worded(c, await admin.userDetail(c.get('db'), c.req.valid('param').id))),
  )
  .post('/users/:id/plan', access('admin'), validate('param', adminUserParam), validate('json', adminPlanInput), async (c) =>
    c.json(worded(c, await admin.changePlan(c.get('db'), actor(c), c.req.valid('param').id, c.req.valid('json').plan))),
  )
  .post('/users/:id/role', access('admin'), validate('param', adminUserParam), validate('json', adminRoleInput), async (c) =>
    c.json(worded(c, await admin.changeRole(c.get('db'), actor(c), c.req.valid('param').id, c.req.valid('json').role))),
  )
  .post('/users/:id/credits', access('admin'), validate('param', adminUserParam), validate('json', creditAdjustmentInput), async (c) => {
    const { entry, user } = await admin.adjustCredits(c.get('db'), actor(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ entry: { ...entry, description: ledgerText(entry.description, i18nFor(localeOf(c))) }, user: worded(c, user) });
  })
  .post('/users/:id/disable', access('admin'), validate('param', adminUserParam), async (c) =>
    c.json(worded(c, await admin.setDisabled(c.get('db'), actor(c), c.req.valid('param').id, true))),
  )
  .post('/users/:id/enable', access('admin'), validate('param', adminUserParam), async (c) =>
    c.json(worded(c, await admin.setDisabled(c.get('db'), actor(c), c.req.valid('param').id, false))),
  );
