import { Hono, type Context } from 'hono';
import { ApiDocsPage } from '#client/public/pages/api-docs.tsx';
import { publicOrigin, type AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';
import { pageLocale, publicChrome, staticPageKey } from '#worker/ssr/chrome.ts';
import { pageMeta, renderStaticPage } from '#worker/ssr/render.ts';
import { apiReference } from '#worker/features/api/v1/service.ts';

/**
 * `/docs/api` and `/de/docs/api` (decision 0045): the API's guide and reference, a public page
 * like the others, server-rendered once per isolate with no JavaScript. Its chrome is in the
 * page's language; the routes' descriptions are the OpenAPI document's, in English.
 */
function apiDocs(c: Context<AppEnv>) {
  const chrome = publicChrome(c, { interactive: false });
  const reference = apiReference(publicOrigin(c.env, c.req.url));
  return renderStaticPage(c, staticPageKey(c, chrome), pageMeta('api-docs', pageLocale(c)), () => <ApiDocsPage chrome={chrome} reference={reference} />);
}

export const apiDocsRoutes = new Hono<AppEnv>().get('/docs/api', access('public'), apiDocs).get('/de/docs/api', access('public'), apiDocs);
