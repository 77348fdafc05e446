import { Hono } from 'hono';
import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';
import { funnelCreateInput, funnelListQuery, funnelUpdateInput, pageOrderInput } from '#common/schemas/funnels.ts';
import { appHosts, type AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/funnels/core/service.ts';

const originOf = (url: string) => new URL(url).origin;
/** A name in a path: an unknown one is a 404 from the service (other teams' names are not confirmed). */
const funnelNameParam = z.object({ name: text().check(z.maxLength(100)) });

/** /api/projects/{projectId}/funnels: creating a funnel in a project. */
export const projectFunnelRoutes = new Hono<AppEnv>().post(
  '/:projectId/funnels',
  access({ project: 'editor' }),
  validate('json', funnelCreateInput),
  async (c) => {
    const funnel = await service.createFunnel(
      c.get('db'),
      required(c, 'membership'),
      required(c, 'user'),
      c.req.valid('json'),
      originOf(c.req.url),
      appHosts(c.env),
    );
    return c.json(funnel, 201);
  },
);

/** /api/funnels: funnels across the user's projects, one funnel, its pages' order (its pages, leads and analytics: ../pages, ../leads, ../analytics). */
export const funnelRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', funnelListQuery), async (c) =>
    c.json(await service.listFunnels(c.get('db'), required(c, 'user').id, c.req.valid('query').projectId, originOf(c.req.url))),
  )
  .get('/by-name/:name', access('user'), validate('param', funnelNameParam), async (c) =>
    c.json(await service.funnelDetailByName(c.get('db'), c.req.valid('param').name, required(c, 'user').id, originOf(c.req.url))),
  )
  .get('/:id', access({ funnel: 'viewer' }), async (c) =>
    c.json(await service.funnelDetail(c.get('db'), required(c, 'funnel'), required(c, 'membership'), originOf(c.req.url))),
  )
  .patch('/:id', access({ funnel: 'editor' }), validate('json', funnelUpdateInput), async (c) =>
    c.json(
      await service.updateFunnel(
        c.get('db'),
        required(c, 'funnel'),
        required(c, 'membership'),
        required(c, 'user'),
        c.req.valid('json'),
        originOf(c.req.url),
        appHosts(c.env),
      ),
    ),
  )
  .delete('/:id', access({ funnel: 'editor' }), async (c) => {
    await service.deleteFunnel(c.get('db'), required(c, 'funnel'), required(c, 'user'), originOf(c.req.url));
    return c.body(null, 204);
  })
  .put('/:id/page-order', access({ funnel: 'editor' }), validate('json', pageOrderInput), async (c) =>
    c.json(await service.reorderPages(c.get('db'), required(c, 'funnel'), required(c, 'membership'), c.req.valid('json').pageIds, originOf(c.req.url))),
  );
