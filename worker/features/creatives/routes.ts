import { Hono } from 'hono';
import { creationListQuery, creativeCreateInput, creativeListQuery, creativeUpdateInput, revisionParam, variationsInput } from '#common/schemas/creatives.ts';
import { pageQuery } from '#common/schemas/fields.ts';
import { renderAllInput, resizeInput } from '#common/schemas/formats.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { serveObject } from '#worker/features/media/service.ts';
import { pngToJpeg } from '#worker/features/creatives/jpeg.ts';
import * as renders from '#worker/features/creatives/render-service.ts';
import * as service from '#worker/features/creatives/service.ts';
import { thumbnailKeyOf } from '#worker/features/creatives/thumbnail.ts';
import { generateVariations } from '#worker/features/creatives/variations-service.ts';
import * as formats from '#worker/features/creatives/formats-service.ts';

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

/** /api/creatives: across the user's projects, and one creative with its revisions, render and variations. */
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
  })
  // Every format at once (issue 14, point 5): linked copies, one render action, one ZIP (formats-service.ts).
  .get('/:id/formats', access({ creative: 'viewer' }), async (c) => c.json(await formats.linkedFormats(c.get('db'), required(c, 'creative'))))
  .post('/:id/resize', access({ creative: 'editor' }), validate('json', resizeInput), async (c) => {
    const result = await formats.resize(c.get('db'), required(c, 'creative'), required(c, 'membership'), required(c, 'user'), c.req.valid('json').formats);
    return c.json(result, result.items.length > 0 ? 201 : 200);
  })
  .post('/:id/render-all', access({ creative: 'editor' }), validate('json', renderAllInput), async (c) => {
    const { result, created } = await formats.renderAll(
      c.env,
      c.get('db'),
      required(c, 'creative'),
      required(c, 'membership'),
      required(c, 'user'),
      c.req.valid('json').formats,
    );
    return c.json(result, created ? 201 : 200);
  })
  .get('/:id/formats/zip', access({ creative: 'viewer' }), async (c) => {
    const { body, filename } = await formats.formatsZip(c.get('db'), c.env.MEDIA, required(c, 'creative'));
    return c.body(body, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    });
  });

/** /api/creations: everything rendered, across the user's projects. */
export const creationRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', creationListQuery), async (c) => {
    const { projectId, creativeId, format, cursor, limit } = c.req.valid('query');
    return c.json(await renders.listCreations(c.get('db'), required(c, 'user').id, { projectId, creativeId, format }, limit ?? 24, cursor));
  })
  .get('/:id', access({ creation: 'viewer' }), async (c) => {
    const membership = required(c, 'membership');
    const row = required(c, 'creation');
    const live = row.creativeId ? await service.isLiveCreative(c.get('db'), row.creativeId) : false;
    return c.json(renders.toCreationItem(row, { projectName: membership.project.name, role: membership.role, creativeLive: live }));
  })
  .delete('/:id', access({ creation: 'editor' }), async (c) => {
    await renders.deleteCreation(c.get('db'), required(c, 'creation'), required(c, 'user'));
    return c.body(null, 204);
  })
  // A signed, expiring link of the picture as a JPEG (no session): what Instagram fetches when a post is published.
  .get('/:id/signed', access('public'), async (c) => {
    const id = c.req.param('id');
    const row = looksLikeId(id) ? await service.signedCreation(c.get('db'), c.env.SESSION_SECRET, id, c.req.query('expires'), c.req.query('sig')) : undefined;
    const object = row ? await c.env.MEDIA.get(row.r2Key) : null;
    if (!object) throw new AppError('not_found');
    const png = new Uint8Array(await object.arrayBuffer());
    // A picture that cannot be read is one Meta cannot fetch (it fails the post as a media error).
    const jpeg = await pngToJpeg(png).catch(() => {
      throw new AppError('not_found');
    });
    return c.body(jpeg, 200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(jpeg.byteLength),
      'Content-Disposition': 'inline; filename="creation.jpg"',
      'Cache-Control': 'public, max-age=3600',
    });
  })
  // A small JPEG to pick from (variations have one); the PNG itself for a creation without one.
  .get('/:id/thumbnail', access({ creation: 'viewer' }), async (c) => {
    const row = required(c, 'creation');
    const thumbnail = await c.env.MEDIA.head(thumbnailKeyOf(row.r2Key));
    return serveObject(c.env.MEDIA, thumbnail ? thumbnailKeyOf(row.r2Key) : row.r2Key, c.req.raw.headers, {
      contentType: thumbnail ? 'image/jpeg' : 'image/png',
      filename: `${row.name.replace(/[^\w .()-]+/g, '').trim() || 'creation'}${thumbnail ? '.jpg' : '.png'}`,
      download: false,
      cache: 'private, max-age=31536000, immutable',
    });
  })
  .get('/:id/file', access({ creation: 'viewer' }), async (c) => {
    const row = required(c, 'creation');
    return serveObject(c.env.MEDIA, row.r2Key, c.req.raw.headers, {
      contentType: 'image/png',
      filename: `${row.name.replace(/[^\w .()-]+/g, '').trim() || 'creation'}.png`,
      download: c.req.query('download') === '1',
      cache: 'private, max-age=31536000, immutable',
    });
  });
