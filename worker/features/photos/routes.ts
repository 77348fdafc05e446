import { Hono } from 'hono';
import { photoImportInput, photoSearchQuery } from '#common/schemas/photos.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/photos/service.ts';

/** /api/projects/{projectId}/photos: the photo source's search, and a picked photo imported into the library. */
export const projectPhotoRoutes = new Hono<AppEnv>()
  .get('/:projectId/photos', access({ project: 'editor' }), validate('query', photoSearchQuery), async (c) => {
    const { q, page } = c.req.valid('query');
    return c.json(await service.searchPhotos(c.env, q ?? '', page ?? 1));
  })
  .post('/:projectId/photos/import', access({ project: 'editor' }), validate('json', photoImportInput), async (c) => {
    const { media, created } = await service.importPhoto(c.get('db'), c.env, {
      ...c.req.valid('json'),
      projectId: required(c, 'membership').project.id,
      uploader: required(c, 'user'),
    });
    return c.json(media, created ? 201 : 200);
  });
