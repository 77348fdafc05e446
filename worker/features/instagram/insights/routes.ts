import { Hono } from 'hono';
import { insightListQuery } from '#common/schemas/insights.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/instagram/insights/service.ts';

/** /api/projects/{projectId}/insights: the project's published posts with their figures, and their CSV. */
export const projectInsightRoutes = new Hono<AppEnv>()
  .get('/:projectId/insights', access({ project: 'viewer' }), validate('query', insightListQuery), async (c) =>
    c.json(await service.projectInsights(c.get('db'), required(c, 'membership').project.id, c.req.valid('query').sort)),
  )
  .get('/:projectId/insights.csv', access({ project: 'viewer' }), validate('query', insightListQuery), async (c) => {
    const file = await service.insightsCsvFile(c.get('db'), required(c, 'membership').project, c.req.valid('query').sort);
    return c.body(file.body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
    });
  });

/** GET /api/ads/{id}/insights: the ad's published post's figures. */
export const adInsightRoutes = new Hono<AppEnv>().get('/:id/insights', access({ ad: 'viewer' }), async (c) =>
  c.json(await service.adInsights(c.get('db'), required(c, 'ad').id)),
);
