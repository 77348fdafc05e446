import { Hono } from 'hono';
import { creationListQuery, creativeCreateInput, creativeListQuery, creativeUpdateInput, revisionParam } from '#common/schemas/creatives.ts';
import { pageQuery } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/creatives/core/service.ts';

/** /api/projects/{projectId}/creatives: a project's creatives; create from a template. */
export const projectCreativeRoutes = new Hono<AppEnv>()
  .get('/:projectId/creatives', access({ project: 'viewer' }), validate('query', creativeListQuery), async (c) => {
    const { cursor, limit, ...filters } = c.req.valid('query');
    return c.json(
      await service.listCreatives(c.get('db'), required(c, 'user').id, { ...filters, projectId: required(c, 'membership').project.id }, limit ?? 24, cursor),
    );
  })
  .post('/:projectId/creatives', access({ project: 'editor' }), validate('json', creativeCreateInput), async (c) => {
    return c.json(await service.createCreative(c.get('db'), required(c, 'membership'), required(c, 'user'), c.req.valid('json')), 201);
  });

/**
 * /api/creatives: across the user's projects, and one creative with its revisions (its render:
 * render/routes.ts, its variations: variations/routes.ts, its linked formats: formats/routes.ts,
 * mounted after these at the same prefix).
 */
export const creativeRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', creativeListQuery), async (c) => {
    const { cursor, limit, ...filters } = c.req.valid('query');
    return c.json(await service.listCreatives(c.get('db'), required(c, 'user').id, filters, limit ?? 24, cursor));
  })
  .get('/:id', access({ creative: 'viewer' }), async (c) => c.json(await service.detail(c.get('db'), required(c, 'creative'), required(c, 'membership'))))
  .patch('/:id', access({ creative: 'editor' }), validate('json', creativeUpdateInput), async (c) =>
    c.json(await service.updateCreative(c.get('db'), required(c, 'creative'), required(c, 'membership'), required(c, 'user'), c.req.valid('json'))),
  )
  .delete('/:id', access({ creative: 'editor' }), async (c) => {
    await service.deleteCreative(c.get('db'), required(c, 'creative'), required(c, 'user'));
    return c.body(null, 204);
  })
  .get('/:id/revisions', access({ creative: 'viewer' }), validate('query', pageQuery), async (c) => {
    const { cursor, limit } = c.req.valid('query');
    return c.json(await service.listRevisions(c.get('db'), required(c, 'creative'), limit ?? 20, cursor));
  })
  .post('/:id/revisions/:revisionId/restore', access({ creative: 'editor' }), validate('param', revisionParam), async (c) =>
    c.json(
      await service.restoreRevision(c.get('db'), required(c, 'creative'), required(c, 'membership'), required(c, 'user'), c.req.valid('param').revisionId),
    ),
  );

/** /api/creations: everything rendered, across the user's projects (the files: render/routes.ts). */
export const creationRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', creationListQuery), async (c) => {
    const { cursor, limit, ...filters } = c.req.valid('query');
    return c.json(await service.listCreations(c.get('db'), required(c, 'user').id, filters, limit ?? 24, cursor));
  })
  .get('/:id', access({ creation: 'viewer' }), async (c) =>
    c.json(await service.creationDetail(c.get('db'), required(c, 'creation'), required(c, 'membership'))),
  )
  .delete('/:id', access({ creation: 'editor' }), async (c) => {
    await service.deleteCreation(c.get('db'), required(c, 'creation'), required(c, 'user'));
    return c.body(null, 204);
  });
