import { Hono } from 'hono';
import { adminPlanInput, adminRoleInput, adminUserParam, adminUserQuery, creditAdjustmentInput } from '#common/schemas/admin.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { adminOf as actor } from '#worker/features/admin/actor.ts';
import * as admin from '#worker/features/admin/accounts/service.ts';

/** /api/admin/users (the support side: ../support; payouts: features/affiliate): admins only, everyone else 404 (PRODUCT.md §1). */
export const adminAccountRoutes = new Hono<AppEnv>()
  .get('/users', access('admin'), validate('query', adminUserQuery), async (c) => {
    const { q, limit, cursor } = c.req.valid('query');
    return c.json(await admin.listUsers(c.get('db'), { q, limit: limit ?? 25, cursor }));
  })
  .get('/users/:id', access('admin'), validate('param', adminUserParam), async (c) => c.json(await admin.userDetail(c.get('db'), c.req.valid('param').id)))
  .post('/users/:id/plan', access('admin'), validate('param', adminUserParam), validate('json', adminPlanInput), async (c) =>
    c.json(await admin.changePlan(c.get('db'), actor(c), c.req.valid('param').id, c.req.valid('json').plan)),
  )
  .post('/users/:id/role', access('admin'), validate('param', adminUserParam), validate('json', adminRoleInput), async (c) =>
    c.json(await admin.changeRole(c.get('db'), actor(c), c.req.valid('param').id, c.req.valid('json').role)),
  )
  .post('/users/:id/credits', access('admin'), validate('param', adminUserParam), validate('json', creditAdjustmentInput), async (c) =>
    c.json(await admin.adjustCredits(c.get('db'), actor(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/users/:id/disable', access('admin'), validate('param', adminUserParam), async (c) =>
    c.json(await admin.setDisabled(c.get('db'), actor(c), c.req.valid('param').id, true)),
  )
  .post('/users/:id/enable', access('admin'), validate('param', adminUserParam), async (c) =>
    c.json(await admin.setDisabled(c.get('db'), actor(c), c.req.valid('param').id, false)),
  );
