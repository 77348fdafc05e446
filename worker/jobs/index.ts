import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { getDb } from '#worker/db/client.ts';
import { playgroundDownloads, projects, rateLimits } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { releaseDueCommissions } from '#worker/features/affiliate/service.ts';
import { purgeExpired } from '#worker/features/auth/repo.ts';
import { endCanceledSubscriptions } from '#worker/features/billing/service.ts';
import { renewDuePeriods } from '#worker/features/credits/service.ts';
import { refundAbandonedRenders } from '#worker/features/creatives/service.ts';
import { utcDay } from '#worker/features/creatives/playground.ts';
import { deleteCreationRows, purgeableCreations, purgeDeletedCreatives } from '#worker/features/creatives/repo.ts';
import { deleteMediaRows, purgeableMedia } from '#worker/features/media/repo.ts';

/** Deleted user content is kept 30 days (PRODUCT.md §3), then purged. */
export const PURGE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** Housekeeping: expired sessions, old reset tokens, finished rate-limit windows, past playground days. */
export async function purgeExpiredRecords(env: Pick<Bindings, 'DB'>, now = new Date()): Promise<void> {
  const db = getDb(env.DB);
  await purgeExpired(db, now);
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db.delete(playgroundDownloads).where(lt(playgroundDownloads.day, utcDay(now)));
}

/** Removes media and renders (R2 objects, then rows), creatives and projects deleted more than 30 days ago, a batch at a time. */
export async function purgeDeletedContent(env: Pick<Bindings, 'DB' | 'MEDIA'>, now = new Date(), batch = 200): Promise<number> {
  const db = getDb(env.DB);
  const before = new Date(now.getTime() - PURGE_AFTER_MS);
  const rows = await purgeableMedia(db, before, batch);
  if (rows.length > 0) {
    await env.MEDIA.delete(rows.flatMap((r) => [r.r2Key, ...(r.thumbnailKey ? [r.thumbnailKey] : [])]));
    await deleteMediaRows(
      db,
      rows.map((r) => r.id),
    );
  }
  const renders = await purgeableCreations(db, before, batch);
  if (renders.length > 0) {
    await env.MEDIA.delete(renders.map((r) => r.r2Key));
    await deleteCreationRows(
      db,
      renders.map((r) => r.id),
    );
  }
  await purgeDeletedCreatives(db, before);
  // A project goes once its media and renders (and their R2 objects) are gone: nothing is orphaned in R2.
  await db
    .delete(projects)
    .where(
      and(
        isNotNull(projects.deletedAt),
        lt(projects.deletedAt, before),
        sql`NOT EXISTS (SELECT 1 FROM media WHERE media.project_id = ${projects.id})`,
        sql`NOT EXISTS (SELECT 1 FROM creations WHERE creations.project_id = ${projects.id})`,
      ),
    );
  return rows.length + renders.length;
}

/** Money and credits over time: ended cancellations, new credit periods, commissions out of their hold, interrupted renders. */
export async function runBillingJobs(env: Pick<Bindings, 'DB'>, now = new Date()): Promise<void> {
  const db = getDb(env.DB);
  await endCanceledSubscriptions(db, now);
  await renewDuePeriods(db, now);
  await releaseDueCommissions(db, now);
  await refundAbandonedRenders(db, now);
}

/** The cron trigger (every minute, wrangler.toml). Later issues add their jobs here. */
export async function scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
  const now = new Date(controller.scheduledTime);
  ctx.waitUntil(Promise.all([purgeExpiredRecords(env, now), purgeDeletedContent(env, now), runBillingJobs(env, now)]));
}
