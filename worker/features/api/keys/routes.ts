import { Hono, type Context } from 'hono';
import { apiKeyCreateInput } from '#common/schemas/api-keys.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/api/keys/service.ts';

/** /api/projects/{projectId}/api-keys (issue 31): the project's API keys, for its owner only. */
function actor(c: Context<AppEnv>): service.Actor {
  return { id: required(c, 'user').id, ip: requestMeta(c).ip };
}

export const projectApiKeyRoutes = new Hono<AppEnv>()
  .get('/:projectId/api-keys', access({ project: 'owner' }), async (c) => c.json(await service.listKeys(c.get('db'), required(c, 'membership').project.id)))
  .post('/:projectId/api-keys', access({ project: 'owner' }), validate('json', apiKeyCreateInput), async (c) =>
    c.json(await service.createKey(c.get('db'), required(c, 'membership').project.id, actor(c), c.req.valid('json')), 201),
  )
  .delete('/:projectId/api-keys/:keyId', access({ project: 'owner' }), async (c) => {
    const keyId = c.req.param('keyId');
    if (!looksLikeId(keyId)) throw new AppError('not_found');
    await service.revokeKey(c.get('db'), required(c, 'membership').project.id, actor(c), keyId);
    return c.body(null, 204);
  });
