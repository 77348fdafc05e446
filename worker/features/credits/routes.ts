import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '#worker/env.ts';
import { currentUser } from '#worker/lib/context.ts';
import { pageLimit } from '#worker/lib/cursor.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { getCreditSummary, listLedger } from '#worker/features/credits/service.ts';

const ledgerQuery = z.object({
  kind: z.optional(z.enum(['grant_monthly', 'purchase', 'spend', 'refund', 'expire', 'admin_adjust'], 'Filter by a kind of movement.')),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/, 'Use a whole number from 1 to 100.'))),
});

/** /api/credits: the balance by bucket, and the ledger. */
export const creditRoutes = new Hono<AppEnv>()
  .get('/', access('user'), async (c) => {
    const user = currentUser(c);
    return c.json(await getCreditSummary(c.get('db'), user.id, user.plan));
  })
  .get('/ledger', access('user'), validate('query', ledgerQuery), async (c) => {
    const { kind, cursor, limit } = c.req.valid('query');
    return c.json(await listLedger(c.get('db'), currentUser(c).id, { kind, cursor, limit: pageLimit(limit, 25) }));
  });
