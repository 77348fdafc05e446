import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { access } from '#worker/middleware/access.ts';
import { readCapped } from '#worker/lib/body.ts';
import { MAX_ENVELOPE_BYTES, forwardEnvelope } from '#worker/features/monitoring/service.ts';

/** POST /monitoring: the browser's Sentry reports, forwarded to the configured project only. */
export const monitoringRoutes = new Hono<AppEnv>().post('/', access('public'), async (c) => {
  const dsn = c.env.SENTRY_DSN;
  if (!dsn) throw new AppError('not_found');
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_ENVELOPE_BYTES) throw new AppError('payload_too_large', 'Error reports are limited to 1 MiB.');
  const envelope = await readCapped(c.req.raw.body, MAX_ENVELOPE_BYTES, 'Error reports are limited to 1 MiB.');
  return forwardEnvelope(dsn, envelope);
});
