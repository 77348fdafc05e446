import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { access } from '#worker/middleware/access.ts';
import { dashboard } from '#worker/features/dashboard/service.ts';

/** GET /api/dashboard: the signed-in user's day at a glance (one batch of the detail screens' reads). */
export const dashboardRoutes = new Hono<AppEnv>().get('/', access('user'), async (c) =>
  c.json(await dashboard(c.get('db'), required(c, 'user'), new URL(c.req.url).origin)),
);
