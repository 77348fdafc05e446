import { Hono } from 'hono';
import * as z from 'zod/mini';
import { idField, text } from '#common/schemas/fields.ts';
import {
  analyticsQuery,
  funnelCreateInput,
  funnelListQuery,
  funnelUpdateInput,
  leadListQuery,
  pageCreateInput,
  pageListQuery,
  pageOrderInput,
  pageUpdateInput,
  publishPageInput,
} from '#common/schemas/funnels.ts';
import { appHosts, type AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/funnels/service.ts';

const originOf = (url: string) => new URL(url).origin;
/** A name in a path: an unknown one is a 404 from the service (other teams' names are not confirmed). */
const funnelNameParam = z.object({ name: text().check(z.maxLength(100)) });
const leadParam = z.object({ id: idField(), leadId: idField() });
const versionParam = z.object({ id: idField(), versionId: idField() });

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

/** /api/funnels: funnels across the user's projects, one funnel, its pages' order, leads and analytics. */
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
  )
  .post('/:id/pages', access({ funnel: 'editor' }), validate('json', pageCreateInput), async (c) => {
    const page = await service.createPage(c.get('db'), required(c, 'funnel'), required(c, 'membership').role, c.req.valid('json'), originOf(c.req.url));
    return c.json(page, 201);
  })
  .get('/:id/leads', access({ funnel: 'viewer' }), validate('query', leadListQuery), async (c) =>
    c.json(await service.listLeads(c.get('db'), required(c, 'funnel').id, c.req.valid('query'))),
  )
  .get('/:id/leads.csv', access({ funnel: 'viewer' }), (c) => {
    const funnel = required(c, 'funnel');
    const day = new Date().toISOString().slice(0, 10);
    return c.body(service.leadsCsv(c.get('db'), funnel.id), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${funnel.name}-leads-${day}.csv"`,
      'cache-control': 'private, no-store',
    });
  })
  .delete('/:id/leads/:leadId', access({ funnel: 'editor' }), validate('param', leadParam), async (c) => {
    await service.deleteLead(c.get('db'), required(c, 'funnel'), required(c, 'user'), c.req.valid('param').leadId);
    return c.body(null, 204);
  })
  .get('/:id/analytics', access({ funnel: 'viewer' }), validate('query', analyticsQuery), async (c) =>
    c.json(await service.analytics(c.get('db'), required(c, 'funnel'), c.req.valid('query').days ?? 7)),
  );

/** /api/pages: pages across funnels, one page's draft, publishing, versions and the A/B winner. */
export const pageRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', pageListQuery), async (c) =>
    c.json(await service.listPages(c.get('db'), required(c, 'user').id, c.req.valid('query'), originOf(c.req.url))),
  )
  .get('/:id', access({ page: 'viewer' }), async (c) =>
    c.json(await service.pageDetail(c.get('db'), required(c, 'page'), required(c, 'membership').role, originOf(c.req.url))),
  )
  .patch('/:id', access({ page: 'editor' }), validate('json', pageUpdateInput), async (c) =>
    c.json(await service.updatePage(c.get('db'), required(c, 'page'), required(c, 'membership').role, c.req.valid('json'), originOf(c.req.url))),
  )
  .delete('/:id', access({ page: 'editor' }), async (c) => {
    await service.deletePage(c.get('db'), required(c, 'page'), required(c, 'user'), originOf(c.req.url));
    return c.body(null, 204);
  })
  .post('/:id/duplicate', access({ page: 'editor' }), async (c) => {
    const page = await service.duplicatePage(c.get('db'), required(c, 'page'), required(c, 'membership').role, originOf(c.req.url));
    return c.json(page, 201);
  })
  .post('/:id/publish', access({ page: 'editor' }), validate('json', publishPageInput), async (c) =>
    c.json(
      await service.publishPage(
        c.get('db'),
        required(c, 'page'),
        required(c, 'membership').role,
        required(c, 'user'),
        c.req.valid('json').baseRevision,
        originOf(c.req.url),
      ),
    ),
  )
  .post('/:id/unpublish', access({ page: 'editor' }), async (c) =>
    c.json(await service.unpublishPage(c.get('db'), required(c, 'page'), required(c, 'membership').role, required(c, 'user'), originOf(c.req.url))),
  )
  .get('/:id/versions', access({ page: 'viewer' }), async (c) => c.json(await service.versionsOf(c.get('db'), required(c, 'page').page)))
  .post('/:id/versions/:versionId/restore', access({ page: 'editor' }), validate('param', versionParam), async (c) =>
    c.json(
      await service.restoreVersion(
        c.get('db'),
        required(c, 'page'),
        required(c, 'membership').role,
        required(c, 'user'),
        c.req.valid('param').versionId,
        originOf(c.req.url),
      ),
    ),
  )
  .post('/:id/winner', access({ page: 'editor' }), async (c) =>
    c.json(await service.makeBWinner(c.get('db'), required(c, 'page'), required(c, 'membership').role, required(c, 'user'), originOf(c.req.url))),
  );
