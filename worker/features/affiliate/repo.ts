import { and, desc, eq, exists, lte, sql } from 'drizzle-orm';
import { inList, ofExistingRow, type Db } from '#worker/db/client.ts';
import { affiliateClicks, commissions, payouts, referrals } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';
import { hasPaid, paymentField } from '#worker/features/billing/payments/service.ts';

export function insertClick(db: Db, values: typeof affiliateClicks.$inferInsert) {
  return db.insert(affiliateClicks).values(values);
}

export function insertReferral(db: Db, values: typeof referrals.$inferInsert) {
  return db.insert(referrals).values(values).onConflictDoNothing();
}

export function findReferralOf(db: Db, referredUserId: string) {
  return db.select().from(referrals).where(eq(referrals.referredUserId, referredUserId)).get();
}

export function insertCommission(db: Db, values: typeof commissions.$inferInsert) {
  return db.insert(commissions).values(values).onConflictDoNothing();
}

/** A refund reverses the commission of its payment unless it was already paid out. */
export function reverseCommission(db: Db, paymentId: string) {
  return db
    .update(commissions)
    .set({ status: 'reversed', updatedAt: new Date() })
    .where(and(eq(commissions.paymentId, paymentId), inList(commissions.status, ['pending', 'available'])))
    .returning();
}

/** Pending commissions whose hold ended become available. */
/** Pending commissions whose holding period is over become available: everyone's, or one affiliate's. */
export function releaseCommissions(db: Db, now: Date, affiliateUserId?: string) {
  return db
    .update(commissions)
    .set({ status: 'available', updatedAt: now })
    .where(
      and(eq(commissions.status, 'pending'), lte(commissions.availableAt, now), affiliateUserId ? eq(commissions.affiliateUserId, affiliateUserId) : undefined),
    );
}

export function summaryCounts(db: Db, affiliateUserId: string) {
  return db
    .select({
      clicks: sql<number>`(SELECT count(*) FROM affiliate_clicks WHERE affiliate_user_id = ${affiliateUserId})`,
      signups: sql<number>`(SELECT count(*) FROM referrals WHERE affiliate_user_id = ${affiliateUserId})`,
      // A user is referred once (unique): the referred users who paid.
      paying: sql<number>`(SELECT count(*) FROM referrals r WHERE r.affiliate_user_id = ${affiliateUserId} AND ${hasPaid(sql`r.referred_user_id`)})`,
    })
    .from(sql`(SELECT 1)`);
}

export function commissionTotals(db: Db, affiliateUserId: string) {
  return db
    .select({ status: commissions.status, cents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)`, count: sql<number>`count(*)` })
    .from(commissions)
    .where(eq(commissions.affiliateUserId, affiliateUserId))
    .groupBy(commissions.status);
}

/**
 * The totals by state as they stand at `now` without writing: a pending commission whose hold
 * ended counts as available, as `releaseCommissions` would make it (a read that may run on a replica).
 */
export function commissionTotalsAt(db: Db, affiliateUserId: string, now: Date) {
  const status = sql<string>`CASE WHEN ${and(eq(commissions.status, 'pending'), lte(commissions.availableAt, now))} THEN 'available' ELSE ${commissions.status} END`;
  return db
    .select({ status, cents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)`, count: sql<number>`count(*)` })
    .from(commissions)
    .where(eq(commissions.affiliateUserId, affiliateUserId))
    .groupBy(status);
}

export function listCommissions(db: Db, affiliateUserId: string, limit = 50) {
  return (
    db
      // The commission's payment (a foreign key: it exists).
      .select({
        commission: commissions,
        paymentKind: ofExistingRow(paymentField(commissions.paymentId, 'kind')),
        paymentItem: ofExistingRow(paymentField(commissions.paymentId, 'item')),
      })
      .from(commissions)
      .where(eq(commissions.affiliateUserId, affiliateUserId))
      .orderBy(desc(commissions.createdAt))
      .limit(limit)
  );
}

export function listPayouts(db: Db, affiliateUserId: string) {
  return db.select().from(payouts).where(eq(payouts.affiliateUserId, affiliateUserId)).orderBy(desc(payouts.createdAt));
}

export function availableCommissionIds(db: Db, affiliateUserId: string) {
  return db
    .select({ id: commissions.id, amountCents: commissions.amountCents })
    .from(commissions)
    .where(and(eq(commissions.affiliateUserId, affiliateUserId), eq(commissions.status, 'available')))
    .all();
}

export function insertPayout(db: Db, values: typeof payouts.$inferInsert) {
  return db.insert(payouts).values(values);
}

/** Moves exactly these commissions into the payout, only while they are still available. */
export function attachToPayout(db: Db, payoutId: string, ids: string[]) {
  return db
    .update(commissions)
    .set({ status: 'paid_out', payoutId, updatedAt: new Date() })
    .where(and(inList(commissions.id, ids), eq(commissions.status, 'available')));
}

export function findPayout(db: Db, id: string) {
  return db.select().from(payouts).where(eq(payouts.id, id)).get();
}

export function listRequestedPayouts(db: Db) {
  return (
    db
      // The affiliate's account (a foreign key: it exists).
      .select({
        payout: payouts,
        name: ofExistingRow(userField(payouts.affiliateUserId, 'name')),
        email: ofExistingRow(userField(payouts.affiliateUserId, 'email')),
      })
      .from(payouts)
      .orderBy(desc(payouts.createdAt))
      .limit(200)
      .all()
  );
}

/** Decides a payout that is still requested; changes nothing once it was decided. */
export function decidePayout(db: Db, id: string, status: 'approved' | 'rejected', adminId: string, note: string | null) {
  return db
    .update(payouts)
    .set({ status, decidedBy: adminId, decidedAt: new Date(), note, updatedAt: new Date() })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')));
}

/** Gives a rejected payout's commissions back; nothing if the payout is not (or no longer) rejected. */
export function releasePayoutCommissions(db: Db, payoutId: string) {
  return db
    .update(commissions)
    .set({ status: 'available', payoutId: null, updatedAt: new Date() })
    .where(
      and(
        eq(commissions.payoutId, payoutId),
        eq(commissions.status, 'paid_out'),
        exists(
          db
            .select({ one: sql`1` })
            .from(payouts)
            .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'rejected'))),
        ),
      ),
    );
}
