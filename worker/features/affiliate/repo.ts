import { and, desc, eq, exists, isNull, lte, sql } from 'drizzle-orm';
import { inList, type Db } from '#worker/db/client.ts';
import { affiliateClicks, commissions, payments, payouts, referrals, users } from '#worker/db/schema.ts';

export function findAffiliateByCode(db: Db, code: string) {
  return db.select({ id: users.id, email: users.email }).from(users).where(eq(users.affiliateCode, code)).get();
}

export async function findAffiliateCode(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .select({ code: users.affiliateCode })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .get();
  return row?.code ?? undefined;
}

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
      paying: sql<number>`(SELECT count(DISTINCT p.user_id) FROM referrals r JOIN payments p ON p.user_id = r.referred_user_id AND p.status IN ('paid', 'refunded') WHERE r.affiliate_user_id = ${affiliateUserId})`,
    })
    .from(users)
    .where(eq(users.id, affiliateUserId))
    .limit(1);
}

export function commissionTotals(db: Db, affiliateUserId: string) {
  return db
    .select({ status: commissions.status, cents: sql<number>`coalesce(sum(${commissions.amountCents}), 0)`, count: sql<number>`count(*)` })
    .from(commissions)
    .where(eq(commissions.affiliateUserId, affiliateUserId))
    .groupBy(commissions.status);
}

export function listCommissions(db: Db, affiliateUserId: string, limit = 50) {
  return db
    .select({ commission: commissions, paymentKind: payments.kind, paymentItem: payments.item })
    .from(commissions)
    .innerJoin(payments, eq(payments.id, commissions.paymentId))
    .where(eq(commissions.affiliateUserId, affiliateUserId))
    .orderBy(desc(commissions.createdAt))
    .limit(limit);
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
  return db
    .select({ payout: payouts, name: users.name, email: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.affiliateUserId))
    .orderBy(desc(payouts.createdAt))
    .limit(200)
    .all();
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
