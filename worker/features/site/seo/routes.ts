import { Hono } from 'hono';
import { publicOrigin, type AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/site/seo/service.ts';

/** The sitemap, robots.txt and the pages' social cards (service.ts decides what each holds and how long it is cached). */
export const seoRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', access('public'), async (c) => {
    const { xml, cacheControl } = await service.sitemap(c.get('db'), publicOrigin(c.env, c.req.url));
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': cacheControl });
  })
  .get('/robots.txt', access('public'), (c) => {
    const { text, cacheControl } = service.robots(publicOrigin(c.env, c.req.url));
    return c.text(text, 200, { 'Cache-Control': cacheControl });
  })
  .get('/og/:file{[a-z0-9-]+\\.png}', access('public'), async (c) => {
    const { body, headers } = await service.socialCard(c.env, c.req.param('file').slice(0, -'.png'.length), c.req.query('v'));
    return c.body(body, 200, headers);
  });
