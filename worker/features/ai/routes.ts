import { Hono } from 'hono';
import { copyInput } from '#common/schemas/ai.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { newId } from '#worker/lib/ids.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { copySuggestions } from '#worker/features/ai/service.ts';

/** POST /api/ai/copy-suggestions: headline ideas for 1 credit, charged once per Idempotency-Key. */
export const aiRoutes = new Hono<AppEnv>().post('/copy-suggestions', access('user'), validate('json', copyInput), async (c) => {
  const user = required(c, 'user');
  const key = c.req.header('idempotency-key');
  const requestKey = key && /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : newId();
  return c.json(await copySuggestions(c.get('db'), user, c.req.valid('json'), requestKey));
});
