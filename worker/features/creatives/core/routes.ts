import { Hono } from 'hono';
import { creationListQuery, creativeCreateInput, creativeListQuery, creativeUpdateInput, revisionParam, variationsInput } from '#common/schemas/creatives.ts';
import { pageQuery } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as renders from '#worker/features/creatives/render/service.ts';
import * as service from '#worker/features/creatives/core/service.ts';
import { generateVariations } from '#worker/features/creatives/variations/service.ts';

/** /api/projects/{projectId}/creatives: a project's creatives; create from a template. */
export const projectCreativeRoutes = new Hono<AppEnv>()
  .get('/:projectId/creatives', access({ project: 'viewer' }), validate('query', creativeListQuery), async (c) => {
    const { status, format, cursor, limit } = c.req.valid('query');
    return c.json(
      await service.listCreatives(
        c.get('db'),
        required(c, 'user').id,
        { projectId: required(c, 'membership').project.id, status, format },
        limit ?? 24,
        cursor,
      ),
    );
  })
  .post('/:projectId/creatives', access({ project: 'editor' }), validate('json', creativeCreateInput), async (c) => {
    return c.json(await service.createCreative(c.get('db'), required(c, 'membership'), required(c, 'user'), c.req.valid('json')), 201);
  });

/**
 * /api/creatives: across the user's projects, and one creative with its revisions, render and
 * variations (its linked formats: formats/routes.ts, mounted after these at the same prefix).
 */
export const creativeRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', creativeListQuery), async (c) => {
    const { projectId, status, format, cursor, limit } = c.req.valid('query');
    return c.json(await service.listCreatives(c.get('db'), required(c, 'user').id, { projectId, status, format }, limit ?? 24, cursor));
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
  )
  .post('/:id/render', access({ creative: 'editor' }), async (c) => {
    const { creation, created } = await renders.renderCreative(c.env, c.get('db'), required(c, 'creative'), required(c, 'membership'), required(c, 'user'));
    return c.json(creation, created ? 201 : 200);
  })
  .post('/:id/variations', access({ creative: 'editor' }), validate('json', variationsInput), async (c) => {
    const { count, seed } = c.req.valid('json');
    return c.json(await generateVariations(c.env, c.get('db'), required(c, 'creative'), required(c, 'membership'), required(c, 'user'), count, seed), 201);
  });

/** /api/creations: everything rendered, across the user's projects. */
export const creationRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', creationListQuery), async (c) => {
    const { projectId, creativeId, format, cursor, limit } = c.req.valid('query');
    return c.json(await service.listCreations(c.get('db'), required(c, 'user').id, { projectId, creativeId, format }, limit ?? 24, cursor));
  })
  .get('/:id', access({ creation: 'viewer' }), async (c) =>
    c.json(await service.creationDetail(c.get('db'), required(c, 'creation'), required(c, 'membership'))),
  )
  .delete('/:id', access({ creation: 'editor' }), async (c) => {
    await service.deleteCreation(c.get('db'), required(c, 'creation'), required(c, 'user'));
    return c.body(null, 204);
  })
  // A signed, expiring link of the picture as a JPEG (no session): what Instagram fetches when a post is published.
  .get('/:id/signed', access('public'), async (c) => {
    const jpeg = await renders.signedCreationJpeg(
      c.get('db'),
      c.env.MEDIA,
      c.env.SESSION_SECRET,
      c.req.param('id'),
      c.req.query('expires'),
      c.req.query('sig'),
    );
    return c.body(jpeg, 200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(jpeg.byteLength),
      'Content-Disposition': 'inline; filename="creation.jpg"',
      'Cache-Control': 'public, max-age=3600',
    });
  })
  // A small JPEG to pick from (variations have one); the PNG itself for a creation without one.
  .get('/:id/thumbnail', access({ creation: 'viewer' }), async (c) => renders.serveCreationThumbnail(c.env.MEDIA, required(c, 'creation'), c.req.raw.headers))
  .get('/:id/file', access({ creation: 'viewer' }), async (c) =>
    renders.serveCreationFile(c.env.MEDIA, required(c, 'creation'), c.req.raw.headers, c.req.query('download') === '1'),
  );
