import { eq, lt, sql } from 'drizzle-orm';
import { preparedOnce, type Db } from '#worker/db/client.ts';
import { rateLimits } from '#worker/db/schema.ts';
import { failureReason } from '#worker/lib/deferred-writes.ts';
import { AppError } from '#worker/lib/errors.ts';
import { lru } from '#worker/lib/lru.ts';
import { countOf } from '#common/plural.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /** PRODUCT.md §4.1: 5 failed sign-ins per email + IP per 15 minutes. */
  loginFailures: { limit: 5, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins from one network (clientNetwork) across all emails, 15 minutes: trying one
   * password on many accounts (spraying) meets this instead of 5 per account. A shared office
   * address fails far less often than this.
   */
  loginNetworkFailures: { limit: 50, windowMs: 15 * 60_000 },
  /**
   * Wrong passwords re-entered for one account (before deleting it, or to change it), from all networks together,
   * 15 minutes: a stolen session on many networks still gets only this many guesses.
   */
  confirmPasswordAccount: { limit: 20, windowMs: 15 * 60_000 },
  passwordResetRequests: { limit: 5, windowMs: 60 * 60_000 },
  signups: { limit: 10, windowMs: 60 * 60_000 },
  contactMessages: { limit: 5, windowMs: 60 * 60_000 },
  /** Leads on one funnel from one network (leadLimitKey: the IPv4 address or the IPv6 /64; issue 12): a person sends a few, a script many. */
  funnelLeads: { limit: 10, windowMs: 10 * 60_000 },
  /** Brand-kit reads per user (issue 27): each makes several outbound requests; a person reads a few sites an hour. */
  brandReads: { limit: 20, windowMs: 60 * 60_000 },
  /** Requests of one API key (issue 31): 2 a second on average, bursts allowed within the minute. */
  apiKeyRequests: { limit: 120, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

function retryAfterSeconds(resetAt: Date, now: number): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
}

function limited(resetAt: Date, now: number): AppError {
  const seconds = retryAfterSeconds(resetAt, now);
  const minutes = Math.ceil(seconds / 60);
  return new AppError('rate_limited', `Too many attempts. Try again in ${countOf(minutes, 'minute')}.`, undefined, {
    'Retry-After': String(seconds),
  });
}

/**
 * Counts one attempt atomically (one upsert) and reads the count back: every API request's
 * (issue 31) and every counted form's, its SQL built once per isolate (`preparedOnce`). A value
 * of the insert is converted by its column (`resetAt`, a Date); a placeholder inside `sql` is
 * bound as it is given (`nowMs`, `resetAtMs`: the instants as the column stores them).
 */
const recordAttemptQuery = preparedOnce<{ count: number; resetAt: Date }>((db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1, resetAt: sql.placeholder('resetAt') })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${sql.placeholder('nowMs')} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${sql.placeholder('nowMs')} THEN ${sql.placeholder('resetAtMs')} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt }),
);

/** Counts one attempt; returns the count within the window. */
async function recordAttempt(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<{ count: number; resetAt: Date }> {
  const resetAtMs = now + rule.windowMs;
  const row = await recordAttemptQuery(db, { key, nowMs: now, resetAt: new Date(resetAtMs), resetAtMs });
  if (!row) throw new Error('rate limit: the upsert returned no row');
  return row;
}

/**
 * Counts an attempt and throws 429 once the limit is exceeded. Count first, act after:
 * attempts that arrive together each get their own count, so a burst cannot pass the limit.
 */
export async function consume(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<void> {
  const { count, resetAt } = await recordAttempt(db, key, rule, now);
  if (count > rule.limit) throw limited(resetAt, now);
}

/** This isolate's counts of the keys D1 could not count (consumeOrCountInMemory), bounded. */
const heldCounts = lru<string, { count: number; resetAt: number }>(4096);

/**
 * `consume`, failing open when the database cannot count (it refused the upsert): for a
 * visitor's write that will be queued if D1 refuses it too (decision 0043), the attempt is
 * counted in this isolate's memory under the same rule instead, so a burst from one network is
 * still cut at the limit while D1 is in trouble. A 429 of either count goes through.
 */
export async function consumeOrCountInMemory(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<void> {
  try {
    await consume(db, key, rule, now);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const held = heldCounts.get(key);
    const entry = held && held.resetAt > now ? { count: held.count + 1, resetAt: held.resetAt } : { count: 1, resetAt: now + rule.windowMs };
    heldCounts.set(key, entry);
    console.warn(JSON.stringify({ level: 'warn', message: 'rate_limit_in_memory', reason: failureReason(error) }));
    if (entry.count > rule.limit) throw limited(new Date(entry.resetAt), now);
  }
}

/** Takes back one counted attempt (it turned out not to be a failure); never below zero. */
export async function release(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`MAX(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Windows that have ended count nothing any more (the housekeeping job). */
export async function purgeFinishedWindows(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

/** How many attempts the window of `key` counted so far and when it ends (null: none counted, or the window ended). */
export async function attemptsOf(db: Db, key: string, now = Date.now()): Promise<{ count: number; resetAt: Date } | null> {
  const row = await db.select({ count: rateLimits.count, resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key)).get();
  return row && row.resetAt.getTime() > now ? row : null;
}
