import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';
import { newId } from '#worker/lib/ids.ts';

/** Gives every request a short reference id, echoed as X-Request-Id on every response. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = newId(12);
  c.set('requestId', id);
  c.set('nonce', newId(16));
  await next();
  c.res.headers.set('X-Request-Id', id);
});
