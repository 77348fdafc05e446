import { Hono } from 'hono';
import { version } from '../../../package.json';
import type { AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';

/** GET /api/health: `{ok, version, migration}`; no auth. */
export const healthRoutes = new Hono<AppEnv>().get('/', access('public'), async (c) => {
  let migration: string | null = null;
  let ok = true;
  try {
    const row = await c.env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1').first<{ name: string }>();
    migration = row?.name ?? null;
  } catch {
    ok = false;
  }
  return c.json({ ok, version, migration }, ok ? 200 : 503);
});
