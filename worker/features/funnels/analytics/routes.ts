import { Hono } from 'hono';
import { analyticsQuery } from '#common/schemas/funnels.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/funnels/analytics/service.ts';

/** /api/funnels/{id}/analytics: the funnel's report (7 days unless asked for 30). */
export const funnelAnalyticsRoutes = new Hono<AppEnv>().get('/:id/analytics', access({ funnel: 'viewer' }), validate('query', analyticsQuery), async (c) =>
  c.json(await service.analytics(c.get('db'), required(c, 'funnel'), c.req.valid('query').days)),
);
