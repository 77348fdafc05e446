import { Hono } from 'hono';
import { brandFontUploadQuery } from '#common/schemas/brand-fonts.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as fonts from '#worker/features/creatives/fonts/service.ts';

/** /api/projects/{projectId}/fonts: the fonts uploaded to a project (the body of the upload is the file itself). */
export const projectFontRoutes = new Hono<AppEnv>()
  .get('/:projectId/fonts', access({ project: 'viewer' }), async (c) => c.json(await fonts.listBrandFonts(c.get('db'), required(c, 'membership').project.id)))
  .post('/:projectId/fonts', access({ project: 'editor' }), validate('query', brandFontUploadQuery), async (c) => {
    const declared = c.req.header('content-length');
    const { font, created } = await fonts.uploadBrandFont(c.get('db'), c.env, {
      projectId: required(c, 'membership').project.id,
      uploaderId: required(c, 'user').id,
      filename: c.req.valid('query').filename,
      contentLength: declared === undefined || !/^\d{1,15}$/.test(declared) ? undefined : Number(declared),
      body: c.req.raw.body,
    });
    return c.json(font, created ? 201 : 200);
  })
  .get('/:projectId/fonts/:fontId/file', access({ project: 'viewer' }), async (c) =>
    fonts.serveBrandFont(c.get('db'), c.env.MEDIA, required(c, 'membership').project.id, c.req.param('fontId')),
  )
  .delete('/:projectId/fonts/:fontId', access({ project: 'editor' }), async (c) => {
    await fonts.deleteBrandFont(c.get('db'), c.env.MEDIA, required(c, 'membership').project.id, c.req.param('fontId'));
    return c.body(null, 204);
  });
