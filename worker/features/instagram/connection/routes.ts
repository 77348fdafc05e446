import { Hono } from 'hono';
import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { renderCallbackFailure, renderDeletionStatus } from '#worker/features/instagram/connection/callback-page.tsx';
import * as instagram from '#worker/features/instagram/connection/service.ts';

const origin = (url: string) => new URL(url).origin;

/** /api/projects/{projectId}/instagram: the project's connection (PRODUCT.md §4.7). Connecting and disconnecting are the owner's. */
export const instagramProjectRoutes = new Hono<AppEnv>()
  .get('/:projectId/instagram', access({ project: 'viewer' }), async (c) => {
    return c.json(await instagram.connectionOf(c.get('db'), c.env, required(c, 'membership').project.id));
  })
  .post('/:projectId/instagram/connect', access({ project: 'owner' }), async (c) => {
    const input = { userId: required(c, 'user').id, projectId: required(c, 'membership').project.id, origin: origin(c.req.url) };
    return c.json(await instagram.startConnect(c.get('db'), c.env, input));
  })
  .post('/:projectId/instagram/sandbox', access({ project: 'owner' }), async (c) => {
    const input = { userId: required(c, 'user').id, projectId: required(c, 'membership').project.id };
    return c.json(await instagram.connectSandbox(c.get('db'), c.env, input));
  })
  .delete('/:projectId/instagram', access({ project: 'owner' }), async (c) => {
    await instagram.disconnect(c.get('db'), required(c, 'membership').project.id);
    return c.body(null, 204);
  });

const callbackQuery = z.object({
  code: z.optional(text()),
  state: z.optional(text()),
  error: z.optional(text()),
});

/**
 * GET /callback/instagram: where Instagram Login returns (with `code` and `state`, or
 * `error=access_denied`). Success goes to the project's Marketing page; anything else is a
 * page that says what happened, and nothing is stored.
 */
export const instagramCallbackRoutes = new Hono<AppEnv>().get('/', access('user'), async (c) => {
  const parsed = callbackQuery.safeParse(c.req.query());
  const query = parsed.success ? parsed.data : {};
  const outcome = await instagram.completeConnect(c.get('db'), c.env, { userId: required(c, 'user').id, origin: origin(c.req.url), ...query });
  if (outcome.ok) return c.redirect(`/projects/${encodeURIComponent(outcome.projectId)}/marketing?instagram=connected`, 303);
  return renderCallbackFailure(c, outcome.failure, outcome.projectId, outcome.detail);
});

const signedRequestForm = z.object({ signed_request: text().check(z.minLength(1), z.maxLength(8192)) });

/** Meta's callbacks (no session; the signed_request proves them): deauthorize and data deletion. */
export const instagramMetaRoutes = new Hono<AppEnv>()
  .post('/deauthorize', access('public'), validate('form', signedRequestForm), async (c) => {
    await instagram.deauthorizeCallback(c.get('db'), c.env, c.req.valid('form').signed_request);
    return c.json({ ok: true });
  })
  .post('/data-deletion', access('public'), validate('form', signedRequestForm), async (c) => {
    return c.json(await instagram.dataDeletionCallback(c.get('db'), c.env, c.req.valid('form').signed_request, origin(c.req.url)));
  });

/** /instagram/deletion/{code}: the public status page of a data-deletion request. */
export const instagramPages = new Hono<AppEnv>().get('/deletion/:code', access('public'), async (c) => {
  return renderDeletionStatus(c, await instagram.deletionRequest(c.get('db'), c.req.param('code')));
});
