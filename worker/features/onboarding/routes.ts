import { Hono } from 'hono';
import { appHosts, type AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { access } from '#worker/middleware/access.ts';
import { createSampleProject } from '#worker/features/onboarding/service.ts';

/** /api/onboarding: the first hour's shortcuts (the dashboard's first steps read through /api/dashboard). */
export const onboardingRoutes = new Hono<AppEnv>().post('/sample-project', access('user'), async (c) =>
  c.json(await createSampleProject(c.get('db'), required(c, 'user'), new URL(c.req.url).origin, appHosts(c.env)), 201),
);
