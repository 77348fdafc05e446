import { Hono } from 'hono';
import { pinCreateInput, pinReplyInput, spotOf } from '#common/schemas/ad-pins.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/ads/pins/service.ts';

/**
 * /api/ads/{id}/pins: the comments pinned on an ad, for the members of its project. Every member
 * pins, replies, resolves and reopens (a viewer comments, PRODUCT.md §1; resolving is part of
 * the conversation, not a decision on the ad).
 */
export const adPinRoutes = new Hono<AppEnv>()
  .get('/:id/pins', access({ ad: 'viewer' }), async (c) => c.json(await service.pinsOf(c.get('db'), required(c, 'ad'))))
  .post('/:id/pins', access({ ad: 'viewer' }), validate('json', pinCreateInput), async (c) => {
    const ad = required(c, 'ad');
    const { body, revision, ...fields } = c.req.valid('json');
    const user = required(c, 'user');
    const pictures = await service.pictureCount(c.get('db'), ad.id);
    // The schema's check made sure the fields give exactly one spot.
    const pin = await service.addPin(c.get('db'), ad, pictures, { userId: user.id, name: user.name }, { spot: spotOf(fields)!, body, revision });
    return c.json(pin, 201);
  })
  .post('/:id/pins/:pinId/replies', access({ ad: 'viewer' }), validate('json', pinReplyInput), async (c) => {
    const user = required(c, 'user');
    const reply = await service.replyToPin(
      c.get('db'),
      required(c, 'ad'),
      c.req.param('pinId'),
      { userId: user.id, name: user.name },
      c.req.valid('json').body,
    );
    return c.json(reply, 201);
  })
  .post('/:id/pins/:pinId/resolve', access({ ad: 'viewer' }), async (c) => {
    const user = required(c, 'user');
    await service.resolvePin(c.get('db'), required(c, 'ad'), c.req.param('pinId'), { userId: user.id, name: user.name });
    return c.body(null, 204);
  })
  .delete('/:id/pins/:pinId/resolve', access({ ad: 'viewer' }), async (c) => {
    await service.resolvePin(c.get('db'), required(c, 'ad'), c.req.param('pinId'), null);
    return c.body(null, 204);
  });
