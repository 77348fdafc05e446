import { Hono } from 'hono';
import { variationsInput } from '#common/schemas/creatives.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { generateVariations } from '#worker/features/creatives/variations/service.ts';

/** POST /api/creatives/{id}/variations: rendered variations of a creative (mounted after core's creativeRoutes). */
export const creativeVariationRoutes = new Hono<AppEnv>().post(
  '/:id/variations',
  access({ creative: 'editor' }),
  validate('json', variationsInput),
  async (c) => {
    const { count, seed } = c.req.valid('json');
    return c.json(await generateVariations(c.env, c.get('db'), required(c, 'creative'), required(c, 'membership'), required(c, 'user'), count, seed), 201);
  },
);
