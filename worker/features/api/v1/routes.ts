import { Hono } from 'hono';
import { v1ListQuery } from '#common/schemas/api-v1.ts';
import { v1RenderRequest } from '#common/schemas/api-v1-renders.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { apiAccess } from '#worker/features/api/v1/bearer.ts';
import { openApiDocument } from '#worker/features/api/v1/openapi.ts';
import * as service from '#worker/features/api/v1/service.ts';
import { v1AdsLeadsRoutes } from '#worker/features/api/v1/ads-leads-routes.ts';
import { idempotent } from '#worker/features/api/v1/idempotency.ts';
import * as renders from '#worker/features/api/v1/renders.ts';
import { startAsyncRender } from '#worker/features/api/v1/batches.ts';
import { v1BatchRoutes } from '#worker/features/api/v1/batches-routes.ts';

/**
 * /api/v1 (issue 31, decision 0040): the public API, separate from the workspace's. Callers
 * present a project's API key (`apiAccess(scope)`), never the session cookie; every route is in
 * the OpenAPI document (`V1_ROUTES`), which the contract test holds to the router.
 */
export const apiV1Routes = new Hono<AppEnv>()
  .get('/openapi.json', access('public'), (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApiDocument());
  })
  .get('/creatives', apiAccess('read'), validate('query', v1ListQuery), async (c) => {
    const { limit, cursor } = c.req.valid('query');
    return c.json(await service.listCreatives(c.get('db'), required(c, 'apiCaller').projectId, limit ?? 20, cursor));
  })
  .get('/creatives/:id', apiAccess('read'), async (c) => c.json(await service.getCreative(c.get('db'), required(c, 'apiCaller').projectId, c.req.param('id'))))
  .get('/creations/:id', apiAccess('read'), async (c) =>
    c.json(await service.getCreation(c.get('db'), c.env, new URL(c.req.url).origin, required(c, 'apiCaller').projectId, c.req.param('id'))),
  )
  .get('/templates', apiAccess('read'), (c) => c.json(renders.listTemplates()))
  .post('/renders', apiAccess('render'), idempotent(), validate('json', v1RenderRequest), async (c) => {
    const request = c.req.valid('json');
    if (request.async === true) return c.json(await startAsyncRender(c.env, c.get('db'), required(c, 'apiCaller').projectId, request), 202);
    const { creation, created } = await renders.render(c.env, c.get('db'), new URL(c.req.url).origin, required(c, 'apiCaller').projectId, c.req.valid('json'));
    return c.json(creation, created ? 201 : 200);
  })
  .route('/', v1AdsLeadsRoutes)
  .route('/', v1BatchRoutes);
