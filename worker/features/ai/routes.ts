import { Hono } from 'hono';
import { CREDIT_COSTS } from '#common/plans.ts';
import { copyInput } from '#common/schemas/ai.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { newId } from '#worker/lib/ids.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { getCreditSummary, refund, spend } from '#worker/features/credits/service.ts';
import { ruleBasedCopy } from '#worker/features/ai/service.ts';

/**
 * POST /api/ai/copy-suggestions: headline ideas for 1 credit (PRODUCT.md §6). The spend
 * is keyed by the Idempotency-Key header when given (a retried request is charged once)
 * and refunded if no suggestion could be made.
 */
export const aiRoutes = new Hono<AppEnv>().post('/copy-suggestions', access('user'), validate('json', copyInput), async (c) => {
  const user = required(c, 'user');
  const input = c.req.valid('json');
  const key = c.req.header('idempotency-key');
  const operationKey = `ai_copy:${user.id}:${key && /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : newId()}`;
  await spend(c.get('db'), { userId: user.id, amount: CREDIT_COSTS.aiCopySuggestion, operationKey, description: 'AI copy suggestions' });
  let items: string[];
  try {
    items = ruleBasedCopy({ topic: input.topic, audience: input.audience, tone: input.tone, count: input.count ?? 5 });
    if (items.length === 0) throw new Error('no suggestions');
  } catch (error) {
    await refund(c.get('db'), operationKey, 'AI copy suggestions failed: refunded');
    throw error;
  }
  return c.json({ items, nextCursor: null, credits: await getCreditSummary(c.get('db'), user.id, user.plan) });
});
