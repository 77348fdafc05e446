import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { grantInput, talkFormInput } from '#common/schemas/presentation-talk.ts';
import { beaconInput, unlockInput } from '#common/schemas/presentations.ts';
import type { AppEnv } from '#worker/env.ts';
import { errorBody } from '#worker/lib/errors.ts';
import { localeOf } from '#worker/lib/i18n.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { afterResponse } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { pageAssets } from '#worker/ssr/manifest.ts';
import { askForAccess, grantLink, interested } from '#worker/features/presentations/public/ask.ts';
import { htmlOf } from '#worker/features/presentations/public/pages.tsx';
import * as service from '#worker/features/presentations/public/service.ts';

/**
 * The public side of presentations (issue 13), `/presents/{slug}`: the handlers read the
 * request, service.ts decides what the visitor gets, pages.tsx draws it.
 */

function visitor(c: Context<AppEnv>): service.Visitor {
  return {
    user: c.get('user'),
    method: c.req.method,
    headers: c.req.raw.headers,
    cookies: getCookie(c),
    ip: requestMeta(c).ip,
    recipientCode: c.req.query('r'),
    https: new URL(c.req.url).protocol === 'https:',
  };
}

/** What the forms of presentations that talk back need of the request (decision 0056). */
const talkContext = (c: Context<AppEnv>) => ({ ip: requestMeta(c).ip, origin: new URL(c.req.url).origin, secret: c.env.SESSION_SECRET });

async function html(c: Context<AppEnv>, answer: Parameters<typeof htmlOf>[0]): Promise<Response> {
  const page = await htmlOf(answer, await pageAssets(c.env), new URL(c.req.url).origin, localeOf(c));
  return c.html(page.html, page.status, page.headers);
}

const notFound = (c: Context<AppEnv>) => c.json(errorBody('not_found', c.get('requestId'), undefined, undefined, localeOf(c)), 404);

/** `/presents/*` (mounted in app.ts). */
export const presentationPublicRoutes = new Hono<AppEnv>()
  .get('/:slug', access('public'), async (c) => {
    const answer = await service.visit(c.get('db'), c.env.SESSION_SECRET, c.req.param('slug'), visitor(c));
    if (answer.card === 'presentation' && answer.setCookie) c.header('Set-Cookie', answer.setCookie, { append: true });
    const response = await html(c, answer);
    if (answer.card === 'presentation' && answer.record) await afterResponse(c, answer.record());
    return response;
  })
  .post('/:slug/unlock', access('public'), validate('form', unlockInput), async (c) => {
    const input = { password: c.req.valid('form').password, ip: requestMeta(c).ip, https: new URL(c.req.url).protocol === 'https:' };
    const answer = await service.unlock(c.get('db'), c.env.SESSION_SECRET, c.req.param('slug'), input);
    if (!('redirect' in answer)) return html(c, answer);
    if (answer.setCookie) c.header('Set-Cookie', answer.setCookie, { append: true });
    if (answer.cacheControl) c.header('Cache-Control', answer.cacheControl);
    return c.redirect(answer.redirect, 303);
  })
  // The expired and password pages' form (no script, and no GET ever sends anything).
  .post('/:slug/ask', access('public'), validate('form', talkFormInput), async (c) =>
    html(c, await askForAccess(c.get('db'), mailerFor(c), c.req.param('slug'), c.req.valid('form'), talkContext(c))),
  )
  .post('/:slug/interested', access('public'), validate('form', talkFormInput), async (c) =>
    html(c, await interested(c.get('db'), mailerFor(c), c.req.param('slug'), c.req.valid('form'), visitor(c), talkContext(c))),
  )
  // The author's one-click link: GET only shows the confirm form (mail scanners open links), its POST acts once.
  .get('/:slug/grant', access('public'), async (c) =>
    html(c, await grantLink(c.get('db'), mailerFor(c), c.req.param('slug'), c.req.query('t') ?? '', 'GET', talkContext(c))),
  )
  .post('/:slug/grant', access('public'), validate('form', grantInput), async (c) =>
    html(c, await grantLink(c.get('db'), mailerFor(c), c.req.param('slug'), c.req.valid('form').token, 'POST', talkContext(c))),
  )
  .post('/:slug/beacon', access('public'), validate('form', beaconInput), async (c) => {
    // 204 whatever happens: a beacon cannot act on an answer.
    await service.beacon(c.get('db'), c.env.SESSION_SECRET, c.req.param('slug'), c.req.valid('form'), c.req.header('user-agent') ?? null);
    return c.body(null, 204, { 'Cache-Control': service.PERSONAL });
  })
  .get('/:slug/og.png', access('public'), async (c) => {
    const file = await service.ogPicture(c.get('db'), c.env, c.req.param('slug'));
    return file ? c.body(file.body, 200, file.headers) : notFound(c);
  })
  .get('/:slug/creation/:creationId', access('public'), async (c) => {
    const { slug, creationId } = c.req.param();
    const file = await service.creationFile(c.get('db'), c.env.SESSION_SECRET, c.env.MEDIA, slug, creationId, visitor(c));
    return file ? c.body(file.body, 200, file.headers) : notFound(c);
  })
  .get('/:slug/components', access('user'), async (c) => html(c, await service.gallery(c.get('db'), c.env.SESSION_SECRET, c.req.param('slug'), c.get('user'))));
