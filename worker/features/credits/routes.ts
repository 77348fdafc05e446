import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { currentUser } from '#worker/lib/context.ts';
import { access } from '#worker/middleware/access.ts';
import { getCreditSummary } from '#worker/features/credits/service.ts';

/** /api/credits: the balance by bucket (the ledger and purchases come with billing). */
export const creditRoutes = new Hono<AppEnv>().get('/', access('user'), async (c) => {
  const user = currentUser(c);
  return c.json(await getCreditSummary(c.get('db'), user.id, user.plan));
});
