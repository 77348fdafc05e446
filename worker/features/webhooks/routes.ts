import { Hono, type Context } from 'hono';
import { DEFAULT_LOCALE } from '#common/i18n/locales.ts';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import { webhookCreateInput, webhookUpdateInput, type WebhookDeliveryItem } from '#common/schemas/webhooks.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/webhooks/service.ts';

/** /api/projects/{projectId}/webhooks (issue 31): the project's webhook endpoints and their logs, for its owner only. */
function actor(c: Context<AppEnv>): service.Actor {
  return { id: required(c, 'user').id, ip: requestMeta(c).ip };
}

const projectOf = (c: Context<AppEnv>) => required(c, 'membership').project.id;

/**
 * Why a delivery got no answer is stored in English (the validation area has each reason, decision
 * 0033) and said in the reader's language; an endpoint's own answer is shown as it came.
 */
function said(c: Context<AppEnv>, item: WebhookDeliveryItem): WebhookDeliveryItem {
  const locale = localeOf(c);
  if (locale === DEFAULT_LOCALE || item.statusCode !== null || !item.response) return item;
  return { ...item, response: translateEnglish(item.response, i18nFor(locale)) };
}

/** A path's id: one that cannot exist is a 404 without a query. */
function idParam(c: Context<AppEnv>, name: string): string {
  const id = c.req.param(name) ?? '';
  if (!looksLikeId(id)) throw new AppError('not_found');
  return id;
}

const owner = access({ project: 'owner' });

export const projectWebhookRoutes = new Hono<AppEnv>()
  .get('/:projectId/webhooks', owner, async (c) => c.json(await service.listEndpoints(c.get('db'), projectOf(c))))
  .post('/:projectId/webhooks', owner, validate('json', webhookCreateInput), async (c) =>
    c.json(await service.createEndpoint(c.get('db'), c.env, projectOf(c), actor(c), c.req.valid('json')), 201),
  )
  .patch('/:projectId/webhooks/:endpointId', owner, validate('json', webhookUpdateInput), async (c) =>
    c.json(await service.updateEndpoint(c.get('db'), projectOf(c), idParam(c, 'endpointId'), c.req.valid('json'))),
  )
  .delete('/:projectId/webhooks/:endpointId', owner, async (c) => {
    await service.deleteEndpoint(c.get('db'), projectOf(c), actor(c), idParam(c, 'endpointId'));
    return c.body(null, 204);
  })
  .post('/:projectId/webhooks/:endpointId/rotate', owner, async (c) =>
    c.json(await service.rotateSecret(c.get('db'), c.env, projectOf(c), actor(c), idParam(c, 'endpointId'))),
  )
  .post('/:projectId/webhooks/:endpointId/test', owner, async (c) =>
    c.json(said(c, await service.sendTest(c.get('db'), projectOf(c), idParam(c, 'endpointId'))), 202),
  )
  .get('/:projectId/webhooks/:endpointId/deliveries', owner, async (c) => {
    const list = await service.listDeliveries(c.get('db'), projectOf(c), idParam(c, 'endpointId'));
    return c.json({ ...list, items: list.items.map((item) => said(c, item)) });
  })
  .post('/:projectId/webhooks/:endpointId/deliveries/:deliveryId/resend', owner, async (c) =>
    c.json(said(c, await service.sendAgain(c.get('db'), projectOf(c), idParam(c, 'endpointId'), idParam(c, 'deliveryId'))), 202),
  );
