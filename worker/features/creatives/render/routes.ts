import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { access } from '#worker/middleware/access.ts';
import * as renders from '#worker/features/creatives/render/service.ts';

/** POST /api/creatives/{id}/render: the creative's PNG, for a credit (mounted after core's creativeRoutes). */
export const creativeRenderRoutes = new Hono<AppEnv>().post('/:id/render', access({ creative: 'editor' }), async (c) => {
  const { creation, created } = await renders.renderCreative(c.env, c.get('db'), required(c, 'creative'), required(c, 'membership'), required(c, 'user'));
  return c.json(creation, created ? 201 : 200);
});

/** /api/creations/{id}/…: a creation's files (mounted after core's creationRoutes). */
export const creationFileRoutes = new Hono<AppEnv>()
  // A signed, expiring link of the picture as a JPEG (no session): what Instagram fetches when a post is published.
  // With `as=png`, the rendered PNG itself (the public API's creations, issue 31): the same signature.
  .get('/:id/signed', access('public'), async (c) => {
    if (c.req.query('as') === 'png') {
      const link = { id: c.req.param('id'), ...c.req.query() };
      return renders.signedCreationPng(c.get('db'), c.env.MEDIA, c.env.SESSION_SECRET, link, c.req.raw.headers);
    }
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
