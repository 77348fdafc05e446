import { Hono } from 'hono';
import { brandReadInput } from '#common/schemas/brand-reader.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { readBrand } from '#worker/features/projects/brand-reader/service.ts';

/** /api/projects/{projectId}/brand-kit/read: propose a brand kit from the customer's website (issue 27). */
export const brandReaderRoutes = new Hono<AppEnv>().post(
  '/:projectId/brand-kit/read',
  access({ project: 'editor' }),
  validate('json', brandReadInput),
  async (c) => {
    const proposal = await readBrand(c.get('db'), c.env.MEDIA, {
      projectId: required(c, 'membership').project.id,
      user: required(c, 'user'),
      url: c.req.valid('json').url,
    });
    // The warnings are codes the review screen words in the reader's language (decision 0033).
    return c.json(proposal);
  },
);
