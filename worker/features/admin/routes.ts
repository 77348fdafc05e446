import { Hono, type Context } from 'hono';
import {
  adminPlanInput,
  adminProjectParam,
  adminRoleInput,
  adminUserParam,
  adminUserQuery,
  auditQuery,
  contactQuery,
  creditAdjustmentInput,
} from '#common/schemas/admin.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { listContactMessages, markContactHandled } from '#worker/features/contact/service.ts';
import * as admin from '#worker/features/admin/service.ts';

/** The admin and the address they act from: both go into every audit entry. */
const actor = (c: Context<AppEnv>): admin.Admin => ({ id: required(c, 'user').id, ip: requestMeta(c).ip });

/** /api/admin (payouts: features/affiliate): admins only, everyone else 404 (PRODUCT.md §1). */
export const adminRoutes = new Hono<AppEnv>()
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
  )
  .get('/contact-messages', access('admin'), validate('query', contactQuery), async (c) => {
    const { status, limit, cursor } = c.req.valid('query');
    return c.json(await listContactMessages(c.get('db'), { status: status ?? 'open', limit: limit ?? 25, cursor }));
  })
  .post('/contact-messages/:id/handled', access('admin'), validate('param', adminUserParam), async (c) =>
    c.json(await markContactHandled(c.get('db'), actor(c), c.req.valid('param').id)),
  )
  .get('/audit', access('admin'), validate('query', auditQuery), async (c) => {
    const { actor: by, action, target, limit, cursor } = c.req.valid('query');
    return c.json(
      await admin.listAudit(c.get('db'), { actor: by || undefined, action: action || undefined, target: target || undefined }, { limit: limit ?? 50, cursor }),
    );
  })
  .get('/figures', access('admin'), async (c) => c.json(await admin.systemFigures(c.get('db'))))
  .get('/projects/:projectId', access('admin'), validate('param', adminProjectParam), async (c) =>
    c.json(await admin.projectSupportView(c.get('db'), actor(c), c.req.valid('param').projectId)),
  );
