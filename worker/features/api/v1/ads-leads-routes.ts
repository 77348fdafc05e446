import { Hono } from 'hono';
import { v1AdCreateInput, v1LeadQuery } from '#common/schemas/api-v1-ads.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { validate } from '#worker/lib/validate.ts';
import { apiAccess } from '#worker/features/api/v1/bearer.ts';
import { idempotent } from '#worker/features/api/v1/idempotency.ts';
import * as service from '#worker/features/api/v1/ads-leads.ts';

const originOf = (url: string) => new URL(url).origin;

/** /api/v1/ads and /api/v1/funnels (issue 31 point 2, decision 0045): ads with the `ads` scope, funnels and leads with `leads`. */
export const v1AdsLeadsRoutes = new Hono<AppEnv>()
  .post('/ads', apiAccess('ads'), idempotent(), validate('json', v1AdCreateInput), async (c) =>
    c.json(await service.createAd(c.env, c.get('db'), required(c, 'apiCaller').projectId, mailerFor(c), c.req.valid('json'), originOf(c.req.url)), 201),
  )
  .get('/ads/:id', apiAccess('ads'), async (c) =>
    c.json(await service.getAd(c.get('db'), required(c, 'apiCaller').projectId, c.req.param('id'), originOf(c.req.url))),
  )
  .post('/ads/:id/submit', apiAccess('ads'), idempotent(), async (c) =>
    c.json(await service.submitAd(c.get('db'), mailerFor(c), required(c, 'apiCaller').projectId, c.req.param('id'), originOf(c.req.url))),
  )
  .get('/funnels', apiAccess('leads'), async (c) => c.json(await service.funnels(c.get('db'), required(c, 'apiCaller').projectId, originOf(c.req.url))))
  .get('/funnels/:id/leads', apiAccess('leads'), validate('query', v1LeadQuery), async (c) =>
    c.json(await service.leads(c.get('db'), required(c, 'apiCaller').projectId, c.req.param('id'), c.req.valid('query'))),
  )
  .delete('/funnels/:id/leads/:leadId', apiAccess('leads'), async (c) => {
    await service.removeLead(c.get('db'), required(c, 'apiCaller').projectId, c.req.param('id'), c.req.param('leadId'));
    return c.body(null, 204);
  });
