import { Hono, type Context } from 'hono';
import { presentationCreateInput, presentationListQuery, presentationStatsQuery, presentationUpdateInput } from '#common/schemas/presentations.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/presentations/workspace/service.ts';

/**
 * /api/presentations (issue 13): every route is for signed-in users; the service decides
 * (admins all, Agency-plan authors their own, anyone else 404).
 */
function actor(c: Context<AppEnv>): service.Actor {
  return { user: required(c, 'user'), ip: requestMeta(c).ip };
}

/** The presentation of `:id` if the user may manage it; 404 for anything else (malformed ids included). */
function found(c: Context<AppEnv>, id: string | undefined) {
  if (!id || !looksLikeId(id)) throw new AppError('not_found');
  return service.presentationFor(c.get('db'), id, required(c, 'user'));
}

export const presentationRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', presentationListQuery), async (c) =>
    c.json(await service.list(c.get('db'), required(c, 'user'), c.req.valid('query'))),
  )
  .post('/', access('user'), validate('json', presentationCreateInput), async (c) =>
    c.json(await service.create(c.get('db'), c.env.SESSION_SECRET, actor(c), c.req.valid('json')), 201),
  )
  .get('/:id', access('user'), async (c) => c.json(await service.detail(c.get('db'), c.env.SESSION_SECRET, await found(c, c.req.param('id')))))
  .patch('/:id', access('user'), validate('json', presentationUpdateInput), async (c) => {
    const entry = await found(c, c.req.param('id'));
    return c.json(await service.update(c.get('db'), c.env.SESSION_SECRET, actor(c), entry, c.req.valid('json')));
  })
  .delete('/:id', access('user'), async (c) => {
    await service.remove(c.get('db'), actor(c), await found(c, c.req.param('id')));
    return c.body(null, 204);
  })
  .post('/:id/publish', access('user'), async (c) =>
    c.json(await service.publish(c.get('db'), c.env.SESSION_SECRET, actor(c), await found(c, c.req.param('id')))),
  )
  .post('/:id/unpublish', access('user'), async (c) =>
    c.json(await service.unpublish(c.get('db'), c.env.SESSION_SECRET, actor(c), await found(c, c.req.param('id')))),
  )
  .post('/:id/extend', access('user'), async (c) =>
    c.json(await service.extend(c.get('db'), c.env.SESSION_SECRET, actor(c), await found(c, c.req.param('id')))),
  )
  .post('/:id/duplicate', access('user'), async (c) =>
    c.json(await service.duplicate(c.get('db'), c.env.SESSION_SECRET, actor(c), await found(c, c.req.param('id'))), 201),
  )
  .get('/:id/stats', access('user'), validate('query', presentationStatsQuery), async (c) =>
    c.json(await service.stats(c.get('db'), await found(c, c.req.param('id')), c.req.valid('query').days ?? 7)),
  )
  .get('/:id/sources', access('user'), async (c) =>
    c.json(await service.sources(c.get('db'), c.env.SESSION_SECRET, actor(c), await found(c, c.req.param('id')))),
  );
