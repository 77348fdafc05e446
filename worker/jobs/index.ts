import { primaryDb, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { createMailer } from '#worker/lib/mailer.ts';
import { purgeDueAccounts } from '#worker/features/account/core/service.ts';
import { recordPostOutcome, settleStrandedAds } from '#worker/features/ads/core/service.ts';
import { releaseDueCommissions } from '#worker/features/affiliate/service.ts';
import { purgeExpiredSessions } from '#worker/features/auth/core/service.ts';
import { purgePastAnalytics } from '#worker/features/funnels/analytics/service.ts';
import { purgeDeletedFunnels } from '#worker/features/funnels/core/service.ts';
import { endCanceledSubscriptions } from '#worker/features/billing/core/service.ts';
import { renewDuePeriods } from '#worker/features/credits/service.ts';
import { purgePastPlaygroundDays } from '#worker/features/creatives/playground/service.ts';
import { purgeDeletedCreations, refundAbandonedRenders } from '#worker/features/creatives/render/service.ts';
import { purgeDeletedCreatives } from '#worker/features/creatives/core/service.ts';
import { purgeBrandFontsOfDeletedProjects } from '#worker/features/creatives/fonts/service.ts';
import { refundAbandonedVariations } from '#worker/features/creatives/variations/service.ts';
import { publishDue } from '#worker/features/instagram/publish/service.ts';
import { refreshInsights } from '#worker/features/instagram/insights/service.ts';
import { refreshTokens } from '#worker/features/instagram/connection/service.ts';
import { purgeDeletedMedia } from '#worker/features/media/service.ts';
import { purgeDeleted as purgeDeletedPresentations } from '#worker/features/presentations/workspace/service.ts';
import { purgePastViews } from '#worker/features/presentations/public/service.ts';
import { purgeDeletedProjects } from '#worker/features/projects/core/service.ts';
import { auditStorage, isStorageAuditMinute, reportStorageAudit } from '#worker/features/system/storage-audit/service.ts';
import { purgeFinishedWindows } from '#worker/lib/rate-limit.ts';
import { purgeOldDeliveries, resendLostDeliveries } from '#worker/features/webhooks/service.ts';
import { purgeExpiredKeys } from '#worker/features/api/idempotency/service.ts';
import { requeueStalledBatches } from '#worker/features/creatives/batches/service.ts';

/** Deleted user content is kept 30 days (PRODUCT.md §3), then purged. */
export const PURGE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** Runs `jobs` one after the other on the primary database, each at the same `now` (the next starts when one is done). */
async function runInTurn(env: Pick<Bindings, 'DB'>, now: Date, jobs: ((db: Db, now: Date) => Promise<unknown>)[]): Promise<void> {
  const db = primaryDb(env.DB);
  for (const job of jobs) await job(db, now);
}

/** Housekeeping: expired sessions, old reset tokens, finished rate-limit windows, past playground days, past analytics salts and visitor hashes, the API's idempotency records past their 24 hours. */
export async function purgeExpiredRecords(env: Pick<Bindings, 'DB'>, now = new Date()): Promise<void> {
  await runInTurn(env, now, [purgeExpiredSessions, purgeFinishedWindows, purgePastPlaygroundDays, purgePastAnalytics, purgePastViews, purgeExpiredKeys]);
}

/** Removes media, renders and deleted projects' uploaded fonts (R2 objects, then rows), creatives, funnels, pages and projects deleted more than 30 days ago, a batch at a time. */
export async function purgeDeletedContent(env: Pick<Bindings, 'DB' | 'MEDIA'>, now = new Date(), batch = 200): Promise<number> {
  const db = primaryDb(env.DB);
  const before = new Date(now.getTime() - PURGE_AFTER_MS);
  const media = await purgeDeletedMedia(db, env.MEDIA, before, batch);
  const renders = await purgeDeletedCreations(db, env.MEDIA, before, batch);
  await purgeDeletedCreatives(db, before);
  await purgeDeletedFunnels(db, before);
  await purgeDeletedPresentations(db, env.MEDIA, before);
  await purgeBrandFontsOfDeletedProjects(db, env.MEDIA, before, batch);
  // A project goes once its media, renders and uploaded fonts (and their R2 objects) are gone: nothing is orphaned in R2.
  await purgeDeletedProjects(db, before);
  return media + renders;
}

/**
 * Accounts whose 30-day deletion grace period is over (decision 0023): shared projects handed
 * over, the rest marked deleted (dated back), personal data removed; run before the content
 * purge so that their files leave R2 in the same run. Returns how many accounts were purged.
 */
export async function purgeDeletedAccounts(env: Pick<Bindings, 'DB' | 'RESEND_API_KEY' | 'MAIL_FROM'>, now = new Date()): Promise<number> {
  const db = primaryDb(env.DB);
  return purgeDueAccounts(db, createMailer(db, env), now);
}

/** Money and credits over time: ended cancellations, new credit periods, commissions out of their hold, interrupted renders and variations. */
export async function runBillingJobs(env: Pick<Bindings, 'DB'>, now = new Date()): Promise<void> {
  await runInTurn(env, now, [endCanceledSubscriptions, renewDuePeriods, releaseDueCommissions, refundAbandonedRenders, refundAbandonedVariations]);
}

/** Instagram: long-lived tokens refreshed before they expire; revoked or run-out ones mark the connection broken. */
export async function refreshInstagramTokens(env: Bindings, now = new Date()): Promise<number> {
  return refreshTokens(primaryDb(env.DB), env, now);
}

/**
 * Instagram: publishes the posts that are due, each exactly once (a unique lease owner per
 * run). The picture links Meta fetches use the site address each post was scheduled from.
 */
export async function publishDuePosts(env: Bindings, now = new Date()): Promise<number> {
  const db = primaryDb(env.DB);
  const published = await publishDue(db, env, now, {
    owner: crypto.randomUUID(),
    onSettled: (adId, outcome) => recordPostOutcome(db, adId, outcome),
  });
  await settleStrandedAds(db, now);
  return published;
}

/**
 * Instagram: the figures of posts published in the last 30 days (stories: 24 hours), a small
 * batch per run, young posts more often; rate-limited accounts wait (decision 0055).
 */
export async function refreshPostInsights(env: Bindings, now = new Date()): Promise<number> {
  return refreshInsights(primaryDb(env.DB), env, now);
}

/**
 * Once a day (STORAGE_AUDIT_AT): R2 objects that no row owns and rows whose object is gone, in a
 * structured log line, and in the audit log and Sentry when there are any. Reports, never deletes.
 */
export async function auditStorageDaily(env: Pick<Bindings, 'DB' | 'MEDIA'>, now = new Date()): Promise<void> {
  if (!isStorageAuditMinute(now)) return;
  const db = primaryDb(env.DB);
  await reportStorageAudit(db, await auditStorage(db, env.MEDIA, { now, purgeAfterMs: PURGE_AFTER_MS }));
}

/** Webhooks: deliveries whose queue message was lost are queued again; log rows older than 30 days go. */
export async function runWebhookJobs(env: Pick<Bindings, 'DB'>, now = new Date()): Promise<void> {
  await runInTurn(env, now, [resendLostDeliveries, purgeOldDeliveries]);
}

/** Bulk creatives: runs whose queue messages were lost get their waiting rows queued again (decision 0046). */
export async function runBatchJobs(env: Pick<Bindings, 'DB' | 'BATCHES'>, now = new Date()): Promise<void> {
  await requeueStalledBatches(env, primaryDb(env.DB), now);
}

/** The cron trigger (every minute, wrangler.toml). Later issues add their jobs here. */
export async function scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
  const now = new Date(controller.scheduledTime);
  ctx.waitUntil(
    Promise.all([
      purgeExpiredRecords(env, now),
      purgeDeletedAccounts(env, now).then(() => purgeDeletedContent(env, now)),
      runBillingJobs(env, now),
      refreshInstagramTokens(env, now),
      publishDuePosts(env, now),
      refreshPostInsights(env, now),
      auditStorageDaily(env, now),
      runWebhookJobs(env, now),
      runBatchJobs(env, now),
    ]),
  );
}
