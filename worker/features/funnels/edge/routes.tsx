import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';
import { appHosts, type AppEnv } from '#worker/env.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { requestHost } from '#worker/features/funnels/edge/custom-domain.ts';
import * as service from '#worker/features/funnels/edge/service.ts';

/**
 * The public edge's routes: published pages under `/p` and on custom domains. Each reads the
 * request (host, path, query, cookies, headers, the posted form), lets edge/service.ts decide,
 * and writes its answer; the work after the answer (a view, a cached copy, an email) goes to
 * waitUntil.
 */

function edgeDeps(c: Context<AppEnv>): service.EdgeDeps {
  return {
    db: c.get('db'),
    assets: c.env,
    secret: c.env.SESSION_SECRET,
    edgeCache: (c.env as { EDGE_CACHE?: string }).EDGE_CACHE,
    appHosts: appHosts(c.env),
    mailer: mailerFor(c),
    writes: c.env.WRITES,
    requestId: c.get('requestId'),
  };
}

function edgeRequest(c: Context<AppEnv>): service.EdgeRequest {
  return {
    method: c.req.method,
    url: c.req.url,
    path: c.req.path,
    host: requestHost(c.req.header('host'), c.req.url),
    query: c.req.query(),
    cookies: getCookie(c),
    headers: c.req.raw.headers,
    ip: requestMeta(c).ip,
    now: Date.now(),
  };
}

const anyFields = z.record(text(), text());
const readForm = validate('form', anyFields);

/** The posted fields (urlencoded or multipart): 415, 413, 400 for bodies that are not a readable form. */
async function postedFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  let fields: Record<string, string> = {};
  await readForm(c as never, async () => {
    fields = (c.req as unknown as { valid(target: 'form'): Record<string, string> }).valid('form');
  });
  return fields;
}

function waitUntil(c: Context<AppEnv>, work: Promise<unknown>): void {
  const logged = work.catch((error: unknown) => console.error(`[${c.get('requestId')}] funnel edge background work failed`, error));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (a direct app.request in a script): the work runs unawaited.
  }
}

function respond(c: Context<AppEnv>, answer: service.EdgeAnswer): Response {
  for (const work of answer.after ?? []) waitUntil(c, work);
  switch (answer.kind) {
    case 'redirect':
      return c.redirect(answer.location, 303);
    case 'html':
      return c.html(answer.html, answer.status, answer.headers);
    case 'text':
      return c.text(answer.text, answer.status, answer.headers);
    case 'page':
      // Through the context (not a bare Response): headers other middleware set on it (a slid
      // session's cookie, Retry-After) stay on the answer.
      for (const [name, value] of answer.headers) c.header(name, value);
      if (answer.setCookie) c.header('Set-Cookie', answer.setCookie, { append: true });
      return answer.body === null ? c.body(null, answer.status) : c.body(answer.body, answer.status);
  }
}

/** The published pages under the app's own origin. */
export const funnelEdgeRoutes = new Hono<AppEnv>()
  .get('/:funnelName', access('public'), async (c) => respond(c, await service.servePathPage(edgeDeps(c), edgeRequest(c), c.req.param().funnelName, null)))
  .get('/:funnelName/:pageSlug', access('public'), async (c) => {
    const { funnelName, pageSlug } = c.req.param();
    return respond(c, await service.servePathPage(edgeDeps(c), edgeRequest(c), funnelName, pageSlug));
  })

  .post('/:funnelName/:pageSlug', access('public'), async (c) => {
    const { funnelName, pageSlug } = c.req.param();
    return respond(c, await service.submitPathForm(edgeDeps(c), edgeRequest(c), funnelName, pageSlug, () => postedFields(c)));
  });

/** The custom-domain middleware for app.ts (before the routes): a funnel's domain serves that funnel; other hosts go on. */
export const funnelDomains = createMiddleware<AppEnv>(async (c, next) => {
  const answer = await service.serveOnCustomDomain(edgeDeps(c), edgeRequest(c), () => postedFields(c));
  return answer ? respond(c, answer) : next();
});
