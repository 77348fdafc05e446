import { Hono } from 'hono';
import * as z from 'zod/mini';
import { idField, text } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { currentUser } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { findUserById } from '#worker/features/auth/repo.ts';
import * as affiliate from '#worker/features/affiliate/service.ts';

/** /api/affiliate: the user's link, clicks, sign-ups, commissions, payouts. */
export const affiliateRoutes = new Hono<AppEnv>()
  .get('/', access('user'), async (c) => {
    const user = currentUser(c);
    const row = await findUserById(c.get('db'), user.id);
    if (!row?.affiliateCode) throw new AppError('not_found');
    return c.json(await affiliate.summary(c.get('db'), user, row.affiliateCode, new URL(c.req.url).origin));
  })
  .post('/payouts', access('user'), async (c) => c.json(await affiliate.requestPayout(c.get('db'), currentUser(c).id), 201));

const decisionParam = z.object({ id: idField() });
const decisionInput = z.object({ note: z.optional(text().check(z.trim(), z.maxLength(500, 'Keep the note under 500 characters.'))) });

/** /api/admin/payouts: payout requests for an admin to approve or reject (audited). */
export const adminPayoutRoutes = new Hono<AppEnv>()
  .get('/', access('admin'), async (c) => c.json(await affiliate.listPayoutsForAdmin(c.get('db'))))
  .post('/:id/approve', access('admin'), validate('param', decisionParam), validate('json', decisionInput), async (c) =>
    c.json(await affiliate.decidePayout(c.get('db'), currentUser(c).id, c.req.valid('param').id, 'approved', c.req.valid('json').note ?? null)),
  )
  .post('/:id/reject', access('admin'), validate('param', decisionParam), validate('json', decisionInput), async (c) =>
    c.json(await affiliate.decidePayout(c.get('db'), currentUser(c).id, c.req.valid('param').id, 'rejected', c.req.valid('json').note ?? null)),
  );
