import { Hono } from 'hono';
import { renderAllInput, resizeInput } from '#common/schemas/formats.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as formats from '#worker/features/creatives/formats/service.ts';

/**
 * /api/creatives/{id}/…: every format at once (issue 14, point 5): linked copies, one render
 * action, one ZIP (service.ts). Mounted after core/routes.ts's creativeRoutes, at the same prefix.
 */
export const creativeFormatRoutes = new Hono<AppEnv>()
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
