import { Hono } from 'hono';
import { adminProjectParam, adminUserParam, auditQuery, contactQuery } from '#common/schemas/admin.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { listContactMessages, markContactHandled } from '#worker/features/contact/service.ts';
import { adminOf as actor } from '#worker/features/admin/actor.ts';
import { systemFigures } from '#worker/features/admin/figures/service.ts';
import * as admin from '#worker/features/admin/support/service.ts';

/** /api/admin's contact messages, audit log, figures and project support view (accounts: ../accounts): admins only, everyone else 404. */
export const adminSupportRoutes = new Hono<AppEnv>()
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
  .get('/figures', access('admin'), async (c) => c.json(await systemFigures(c.get('db'))))
  .get('/projects/:projectId', access('admin'), validate('param', adminProjectParam), async (c) =>
    c.json(await admin.projectSupportView(c.get('db'), actor(c), c.req.valid('param').projectId)),
  );
