import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';
import { runSystemCheck } from '#worker/features/system/check/service.ts';

/** GET /api/admin/system: the system check (admins; 404 for everyone else); every call checks again (API answers are never cached). */
export const systemRoutes = new Hono<AppEnv>().get('/', access('admin'), async (c) => c.json(await runSystemCheck(c.env)));
