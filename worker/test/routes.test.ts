import { Hono } from 'hono';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { createApp } from '#worker/app.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { coverageGaps, registeredRoutes } from '#worker/test/routes.ts';

/**
 * The check behind the authorization matrix (worker/access-matrix.test.ts): a route
 * registered without a matrix entry, or without an access rule, makes it fail.
 */
describe('route coverage check', () => {
  const keysOf = (app: Parameters<typeof registeredRoutes>[0]) => registeredRoutes(app).map((route) => route.key);

  it('finds nothing missing when every route has an entry', () => {
    const app = createApp();
    expect(coverageGaps(app, keysOf(app))).toEqual({ missing: [], stale: [], undeclared: [] });
  });

  it('fails on a route added to the app without a matrix entry', () => {
    const matrix = keysOf(createApp());
    const grown = createApp();
    grown.route(
      '/api/brand-new',
      new Hono<AppEnv>().post('/:id', access('user'), (c) => c.body(null, 204)),
    );
    expect(coverageGaps(grown, matrix)).toEqual({ missing: ['POST /api/brand-new/:id'], stale: [], undeclared: [] });
  });

  it('fails on a route without access(), and on an entry whose route is gone', () => {
    const app = new Hono<AppEnv>().get('/api/ruled', access('public'), (c) => c.text('ok')).get('/api/open', (c) => c.text('ok'));
    expect(coverageGaps(app, ['GET /api/ruled', 'GET /api/open', 'DELETE /api/gone'])).toEqual({
      missing: [],
      stale: ['DELETE /api/gone'],
      undeclared: ['GET /api/open'],
    });
  });

  it('reads each route’s access rule and validated inputs from the router', () => {
    const schema = z.object({ name: z.string() });
    const app = new Hono<AppEnv>()
      .use('*', async (_c, next) => next())
      .patch('/api/things/:id', access({ project: 'editor' }), validate('json', schema), (c) => c.body(null, 204));
    const [route, ...rest] = registeredRoutes(app);
    expect(rest).toEqual([]);
    expect(route).toMatchObject({ key: 'PATCH /api/things/:id', access: { project: 'editor' }, validations: [{ target: 'json', schema }] });
  });
});
