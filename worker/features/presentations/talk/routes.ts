import { Hono, type Context } from 'hono';
import { recipientCreateInput } from '#common/schemas/presentation-talk.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as workspace from '#worker/features/presentations/workspace/service.ts';
import * as service from '#worker/features/presentations/talk/service.ts';

/**
 * /api/presentations/{id}/talk, …/recipients, …/requests (decision 0056): what visitors sent
 * and who read it, for whoever may manage the presentation (anyone else: 404).
 */
function found(c: Context<AppEnv>, id: string | undefined) {
  if (!id || !looksLikeId(id)) throw new AppError('not_found');
  return workspace.presentationFor(c.get('db'), id, required(c, 'user'));
}

function childId(id: string | undefined): string {
  if (!id || !looksLikeId(id)) throw new AppError('not_found');
  return id;
}

export const presentationTalkRoutes = new Hono<AppEnv>()
  .get('/:id/talk', access('user'), async (c) => c.json(await service.talkOf(c.get('db'), await found(c, c.req.param('id')))))
  .post('/:id/recipients', access('user'), validate('json', recipientCreateInput), async (c) =>
    c.json(await service.addRecipient(c.get('db'), await found(c, c.req.param('id')), c.req.valid('json')), 201),
  )
  .post('/:id/recipients/:recipientId/revoke', access('user'), async (c) => {
    const entry = await found(c, c.req.param('id'));
    return c.json(await service.revokeRecipient(c.get('db'), entry, childId(c.req.param('recipientId'))));
  })
  .post('/:id/requests/:requestId/grant', access('user'), async (c) => {
    const entry = await found(c, c.req.param('id'));
    const origin = new URL(c.req.url).origin;
    return c.json(await service.grantRequest(c.get('db'), mailerFor(c), entry, childId(c.req.param('requestId')), origin));
  });
