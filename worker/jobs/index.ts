import { lt } from 'drizzle-orm';
import { getDb } from '#worker/db/client.ts';
import { rateLimits } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { purgeExpired } from '#worker/features/auth/repo.ts';

/** Housekeeping: expired sessions, old reset tokens and finished rate-limit windows. */
export async function purgeExpiredRecords(env: Pick<Bindings, 'DB'>, now = new Date()): Promise<void> {
  const db = getDb(env.DB);
  await purgeExpired(db, now);
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

/** The cron trigger (every minute, wrangler.toml). Later issues add their jobs here. */
export async function scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
  ctx.waitUntil(purgeExpiredRecords(env, new Date(controller.scheduledTime)));
}
