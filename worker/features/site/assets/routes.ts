import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';
import { staticFile } from '#worker/features/site/assets/service.ts';

/** The static files the worker serves (service.ts decides which and how long they are cached). */
export const assetRoutes = new Hono<AppEnv>()
  .get('/assets/*', access('public'), (c) => staticFile(c.env, c.req.raw, 'build', c.req.path))
  .get('/fonts/:file{[a-z0-9-]+\\.woff2?}', access('public'), (c) => staticFile(c.env, c.req.raw, 'font', c.req.path))
  .get('/showcase/:file{[a-z0-9-]+\\.webp}', access('public'), (c) => staticFile(c.env, c.req.raw, 'showcase', c.req.path))
  .get('/:file{[a-z0-9.-]+\\.(?:svg|txt|ico|png|webmanifest)}', access('public'), (c) => staticFile(c.env, c.req.raw, 'root', c.req.path));
