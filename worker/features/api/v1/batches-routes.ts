import { Hono } from 'hono';
import { v1BatchRequest } from '#common/schemas/api-v1-batches.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { apiAccess } from '#worker/features/api/v1/bearer.ts';
import { idempotent } from '#worker/features/api/v1/idempotency.ts';
import * as service from '#worker/features/api/v1/batches.ts';

/** /api/v1/batches (issue 31 point 6, decision 0046): runs of bulk creatives with the `render` scope. */
export const v1BatchRoutes = new Hono<AppEnv>()
  .post('/batches', apiAccess('render'), idempotent(), validate('json', v1BatchRequest), async (c) =>
    c.json(await service.startRun(c.env, c.get('db'), required(c, 'apiCaller').projectId, c.req.valid('json')), 202),
  )
  .get('/batches/:id', apiAccess('render'), async (c) =>
    c.json(await service.getRun(c.get('db'), c.env, new URL(c.req.url).origin, required(c, 'apiCaller').projectId, c.req.param('id'))),
  );
