import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { idField } from '#common/schemas/fields.ts';
import { pageCreateInput, pageListQuery, pageUpdateInput, publishPageInput, restoreVersionInput } from '#common/schemas/funnels.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/funnels/pages/service.ts';

const originOf = (url: string) => new URL(url).origin;
const versionParam = z.object({ id: idField(), versionId: idField() });

/** What a published-state change of a page is made with: the database, the page and its funnel, the member's role and who acts. */
const pageChange = (c: Context<AppEnv>) => [c.get('db'), required(c, 'page'), required(c, 'membership').role, required(c, 'user')] as const;

/** /api/funnels/{id}/pages: a new page at the end of a funnel. */
export const funnelPageRoutes = new Hono<AppEnv>().post('/:id/pages', access({ funnel: 'editor' }), validate('json', pageCreateInput), async (c) => {
  const { project, role } = required(c, 'membership');
  const page = await service.createPage(c.get('db'), required(c, 'funnel'), project, role, c.req.valid('json'), originOf(c.req.url));
  return c.json(page, 201);
});

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
    c.json(await service.publishPage(...pageChange(c), c.req.valid('json'), originOf(c.req.url), c.env.MEDIA)),
  )
  .post('/:id/unpublish', access({ page: 'editor' }), async (c) => c.json(await service.unpublishPage(...pageChange(c), originOf(c.req.url))))
  .get('/:id/versions', access({ page: 'viewer' }), async (c) => c.json(await service.versionsOf(c.get('db'), required(c, 'page').page)))
  .post('/:id/versions/:versionId/restore', access({ page: 'editor' }), validate('param', versionParam), validate('json', restoreVersionInput), async (c) => {
    const { acceptWarnings } = c.req.valid('json');
    return c.json(await service.restoreVersion(...pageChange(c), c.req.valid('param').versionId, acceptWarnings, originOf(c.req.url), c.env.MEDIA));
  })
  .post('/:id/winner', access({ page: 'editor' }), async (c) => c.json(await service.makeBWinner(...pageChange(c), originOf(c.req.url))));
