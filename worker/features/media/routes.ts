import { Hono } from 'hono';
import { deleteManyInput, mediaListQuery, mediaUpdateInput, uploadQuery } from '#common/schemas/media.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/media/service.ts';

/** /api/projects/{projectId}/media: the library and uploads. */
export const projectMediaRoutes = new Hono<AppEnv>()
  .get('/:projectId/media', access({ project: 'viewer' }), validate('query', mediaListQuery), async (c) => {
    const { type, tag, q, cursor, limit } = c.req.valid('query');
    return c.json(await service.listMedia(c.get('db'), required(c, 'membership').project.id, { type, tag, q }, limit ?? 48, cursor));
  })
  .get('/:projectId/media/tags', access({ project: 'viewer' }), async (c) => {
    return c.json({ items: await service.listTags(c.get('db'), required(c, 'membership').project.id), nextCursor: null });
  })
  .post('/:projectId/media', access({ project: 'editor' }), validate('query', uploadQuery), async (c) => {
    const declared = c.req.header('content-length');
    const { media, created } = await service.upload(c.get('db'), c.env.MEDIA, {
      projectId: required(c, 'membership').project.id,
      uploader: required(c, 'user'),
      filename: c.req.valid('query').filename,
      contentLength: declared === undefined ? undefined : Number(declared),
      body: c.req.raw.body,
    });
    return c.json(media, created ? 201 : 200);
  })
  .post('/:projectId/media/delete', access({ project: 'editor' }), validate('json', deleteManyInput), async (c) => {
    return c.json(await service.deleteMany(c.get('db'), required(c, 'membership').project.id, c.req.valid('json').ids));
  });

/** /api/media/{id}: one media object, its bytes and its thumbnail. */
export const mediaRoutes = new Hono<AppEnv>()
  .get('/:id', access({ media: 'viewer' }), async (c) => c.json(await service.mediaDetail(c.get('db'), required(c, 'media'), required(c, 'membership'))))
  .patch('/:id', access({ media: 'editor' }), validate('json', mediaUpdateInput), async (c) =>
    c.json(await service.updateMedia(c.get('db'), required(c, 'media'), required(c, 'membership'), c.req.valid('json'))),
  )
  .delete('/:id', access({ media: 'editor' }), async (c) => {
    await service.deleteMedia(c.get('db'), required(c, 'media'));
    return c.body(null, 204);
  })
  .get('/:id/file', access({ media: 'viewer', signed: 'file' }), async (c) => {
    const row = required(c, 'media');
    return service.serveObject(c.env.MEDIA, row.r2Key, c.req.raw.headers, {
      contentType: row.mime,
      filename: row.name,
      download: c.req.query('download') === '1',
      cache: c.req.query('sig') ? 'public, max-age=3600' : service.MEDIA_CACHE,
    });
  })
  .put('/:id/thumbnail', access({ media: 'editor' }), async (c) =>
    c.json(await service.putThumbnail(c.get('db'), c.env.MEDIA, required(c, 'media'), c.req.raw.body)),
  )
  .get('/:id/thumbnail', access({ media: 'viewer', signed: 'thumbnail' }), async (c) => {
    const row = required(c, 'media');
    if (!row.thumbnailKey) throw new AppError('not_found', 'This file has no thumbnail yet.');
    return service.serveObject(c.env.MEDIA, row.thumbnailKey, c.req.raw.headers, {
      filename: `${row.name}.thumbnail`,
      download: false,
      cache: c.req.query('sig') ? 'public, max-age=3600' : service.MEDIA_CACHE,
    });
  });
