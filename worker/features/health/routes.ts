import { Hono } from 'hono';
import { version } from '../../../package.json';
import type { AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';

/** GET /api/health: `{ok, version, migration}`; no auth. */
export const healthRoutes = new Hono<AppEnv>().get('/', access('public'), async (c) => {
  let migration: string | null = null;
  let ok = true;
  try {
    // Through the request's D1 session (nearest replica for a signed-out probe), like every query.
    const row = await (c.get('db').$client as D1Database).prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1').first<{ name: string }>();
    migration = row?.name ?? null;
  } catch {
    ok = false;
  }
  return c.json({ ok, version, migration }, ok ? 200 : 503);
});
