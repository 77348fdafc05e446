import { createMiddleware } from 'hono/factory';
import { getDb } from '#worker/db/client.ts';
import type { AppEnv } from '#worker/env.ts';

/** Makes `c.var.db` for this request (no module-level connection). */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', getDb(c.env.DB));
  c.set('user', null);
  c.set('sessionId', null);
  await next();
});
