import { AFFILIATE } from '#common/plans.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { DAY_MS } from '#worker/lib/days.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { combine, mapRead, read, readAll, run, type Read } from '#worker/lib/reads.ts';
import { affiliateCodeOf as storedAffiliateCodeOf, userByAffiliateCode } from '#worker/features/auth/users/service.ts';
import * as repo from '#worker/features/affiliate/repo.ts';

/**
 * The affiliate programme (PRODUCT.md §4.8): a code per user, a first-party cookie for
 * 60 days from the first click (first touch), a referral at sign-up, 30 % commission on
 * the referred user's payments for 12 months, 30 days on hold, payouts from 50 €.
 */
export const REF_COOKIE = 'adloom_ref';
const CODE_PATTERN = /^[a-z0-9]{4,32}$/;
const BOT_AGENTS = /bot|crawl|spider|slurp|preview|fetch|facebookexternalhit|headless|lighthouse|curl|wget|python|httpclient/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENTS.test(userAgent);
}

function parseRefCookie(value: string | undefined): { code: string; issuedAt: number } | undefined {
  const match = value ? /^([a-z0-9]{4,32})\.(\d{1,12})$/.exec(value) : null;
  return match ? { code: match[1]!, issuedAt: Number(match[2]) * 1000 } : undefined;
}

/** `name+tag@gmail.com` and `n.a.m.e@gmail.com` are the same person's address. */
export function normalizeEmail(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const base = local.split('+')[0]!;
  return `${domain === 'gmail.com' || domain === 'googlemail.com' ? base.replaceAll('.', '') : base}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/**
 * A click on an affiliate link (`?ref=CODE`): counted unless it comes from a bot. Returns
 * the value of a new referral cookie, or undefined when none is to be set: an unknown
 * code, a bot, or a live cookie already there (first touch wins for 60 days).
 */
export async function recordReferralClick(
  db: Db,
  click: { code: string | undefined; path: string; userAgent: string | undefined; cookie: string | undefined },
  now = Date.now(),
): Promise<string | undefined> {
  const code = click.code?.toLowerCase();
  if (!code || !CODE_PATTERN.test(code)) return undefined;
  const affiliate = await userByAffiliateCode(db, code);
  if (!affiliate || isBot(click.userAgent)) return undefined;
  await repo.insertClick(db, { id: newId(), affiliateUserId: affiliate.id, path: click.path.slice(0, 200) });
  const existing = parseRefCookie(click.cookie);
  if (existing && now - existing.issuedAt < AFFILIATE.cookieDays * DAY_MS) return undefined;
  return `${code}.${Math.floor(now / 1000)}`;
}

/** The user's own affiliate code (every account has one). */
export async function affiliateCodeOf(db: Db, userId: string): Promise<string> {
  const code = await storedAffiliateCodeOf(db, userId);
  if (!code) throw new AppError('not_found');
  return code;
}

/** Who referred a new sign-up, from the cookie: a live code, and not the person themselves. */
export async function referrerFor(db: Db, cookieValue: string | undefined, newUserEmail: string, now = Date.now()): Promise<string | undefined> {
  const ref = parseRefCookie(cookieValue);
  if (!ref || now - ref.issuedAt > AFFILIATE.cookieDays * DAY_MS || ref.issuedAt > now + 60_000) return undefined;
  const affiliate = await userByAffiliateCode(db, ref.code);
  if (!affiliate || normalizeEmail(affiliate.email) === normalizeEmail(newUserEmail)) return undefined;
  return affiliate.id;
}

/** The referral row for a sign-up, to go into the sign-up's batch. */
export function referralStatement(db: Db, affiliateUserId: string, referredUserId: string, now: Date) {
  return repo.insertReferral(db, { id: newId(), affiliateUserId, referredUserId, createdAt: now });
}

/** A paid payment of a referred user, within 12 months of the referral, earns its affiliate 30 %. */
export async function recordCommission(
  db: Db,
  payment: { id: string; userId: string; status: string; paidAt: Date | null; amountCents: number },
): Promise<void> {
  if (payment.status !== 'paid' || !payment.paidAt) return;
  const referral = await repo.findReferralOf(db, payment.userId);
  if (!referral || referral.affiliateUserId === payment.userId) return;
  const until = new Date(referral.createdAt);
  until.setUTCMonth(until.getUTCMonth() + AFFILIATE.commissionMonths);
  if (payment.paidAt > until) return;
  await repo.insertCommission(db, {
    id: newId(),
    affiliateUserId: referral.affiliateUserId,
    referralId: referral.id,
    paymentId: payment.id,
    amountCents: Math.round(payment.amountCents * AFFILIATE.commissionRate),
    status: 'pending',
    availableAt: new Date(payment.paidAt.getTime() + AFFILIATE.holdDays * DAY_MS),
  });
}

export async function reverseCommission(db: Db, paymentId: string): Promise<void> {
  await repo.reverseCommission(db, paymentId);
}

/** Run by the scheduled job for everyone, and for one affiliate before their figures are read. */
export async function releaseDueCommissions(db: Db, now = new Date(), affiliateUserId?: string): Promise<void> {
  await repo.releaseCommissions(db, now, affiliateUserId);
}

export interface AffiliateSummary {
  code: string;
  link: string;
  clicks: number;
  signups: number;
  payingCustomers: number;
  cents: { pending: number; available: number; paidOut: number; reversed: number };
  minimumPayoutCents: number;
  commissions: { id: string; amountCents: number; status: string; availableAt: string; createdAt: string; description: string }[];
  payouts: { id: string; amountCents: number; status: string; note: string | null; createdAt: string; decidedAt: string | null }[];
}

/**
 * The affiliate's earnings by state, after releasing the commissions whose hold ended (the
 * first statement of the batch): `GET /api/affiliate`'s `cents`, and the dashboard's.
 */
export function earningsRead(db: Db, userId: string, now = new Date()): Read<AffiliateSummary['cents']> {
  return readAll([() => repo.releaseCommissions(db, now, userId), () => repo.commissionTotals(db, userId)], ([, totals]) => centsByStatus(totals));
}

/**
 * The same figures without the release (the dashboard's): a commission whose hold ended is
 * counted as available, and stays pending in the table until `GET /api/affiliate`, a payout
 * request or the scheduled job releases it. A read only: no write in a GET's batch (decision 0037).
 */
export function earningsDueRead(db: Db, userId: string, now = new Date()): Read<AffiliateSummary['cents']> {
  return read(() => repo.commissionTotalsAt(db, userId, now), centsByStatus);
}

function centsByStatus(totals: readonly { status: string; cents: number }[]): AffiliateSummary['cents'] {
  const cents = (status: string) => totals.find((t) => t.status === status)?.cents ?? 0;
  return { pending: cents('pending'), available: cents('available'), paidOut: cents('paid_out'), reversed: cents('reversed') };
}

export async function summary(db: Db, user: { id: string }, code: string, origin: string): Promise<AffiliateSummary> {
  return run(db, summaryRead(db, user, code, origin));
}

/** `GET /api/affiliate`: one batch (the release first, then every figure). */
export function summaryRead(db: Db, user: { id: string }, code: string, origin: string, now = new Date()): Read<AffiliateSummary> {
  const reads = combine({
    cents: earningsRead(db, user.id, now),
    rest: readAll([repo.summaryCounts(db, user.id), repo.listCommissions(db, user.id), repo.listPayouts(db, user.id)], (results) => results),
  });
  return mapRead(reads, ({ cents, rest: [[counts], recent, payouts] }) => ({
    code,
    link: `${origin}/?ref=${code}`,
    clicks: counts?.clicks ?? 0,
    signups: counts?.signups ?? 0,
    payingCustomers: counts?.paying ?? 0,
    cents,
    minimumPayoutCents: AFFILIATE.minimumPayoutCents,
    commissions: recent.map(({ commission, paymentKind, paymentItem }) => ({
      id: commission.id,
      amountCents: commission.amountCents,
      status: commission.status,
      availableAt: commission.availableAt.toISOString(),
      createdAt: commission.createdAt.toISOString(),
      description: paymentKind === 'plan' ? `Plan payment (${paymentItem})` : `Credit pack (${paymentItem})`,
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      status: p.status,
      note: p.note,
      createdAt: p.createdAt.toISOString(),
      decidedAt: p.decidedAt?.toISOString() ?? null,
    })),
  }));
}

/** Asks for every available commission to be paid out (from 50 €); an admin decides. */
export async function requestPayout(db: Db, userId: string) {
  await releaseDueCommissions(db, new Date(), userId);
  const available = await repo.availableCommissionIds(db, userId);
  const amount = available.reduce((sum, c) => sum + c.amountCents, 0);
  if (amount < AFFILIATE.minimumPayoutCents) {
    throw new AppError('validation_failed', `Payouts start at ${AFFILIATE.minimumPayoutCents / 100} €. You have ${(amount / 100).toFixed(2)} € available.`, {
      _: [`available:${amount}`],
    });
  }
  const id = newId();
  const [, attached] = await db.batch([
    repo.insertPayout(db, { id, affiliateUserId: userId, amountCents: amount, status: 'requested' }),
    repo.attachToPayout(
      db,
      id,
      available.map((c) => c.id),
    ),
  ]);
  if (attached.meta.changes !== available.length) {
    // Another request took some of them meanwhile: give these back and let the user retry.
    await db.batch([repo.decidePayout(db, id, 'rejected', userId, 'Superseded by a concurrent request'), repo.releasePayoutCommissions(db, id)]);
    throw new AppError('conflict', 'Your commissions changed meanwhile. Please try again.');
  }
  return { id, amountCents: amount, status: 'requested' as const };
}

/**
 * An admin approves (the money goes out) or rejects (the commissions become available again).
 * The decision is conditional on the payout still being requested; of two admins deciding
 * at once, one wins and the other gets a conflict, with nothing recorded or released.
 */
export async function decidePayout(db: Db, admin: { id: string; ip: string }, payoutId: string, decision: 'approved' | 'rejected', note: string | null) {
  const payout = await repo.findPayout(db, payoutId);
  if (!payout) throw new AppError('not_found');
  if (payout.status !== 'requested') throw new AppError('conflict', 'This payout was already decided.');
  const [decided] = await rawBatch(db, [
    repo.decidePayout(db, payoutId, decision, admin.id, note),
    auditIfChangedStatement(db, {
      actorUserId: admin.id,
      action: `payout.${decision}`,
      targetType: 'payout',
      targetId: payoutId,
      ip: admin.ip,
      details: {
        amountCents: payout.amountCents,
        note,
        affiliateUserId: payout.affiliateUserId,
        before: { status: payout.status },
        after: { status: decision },
      },
    }),
    ...(decision === 'rejected' ? [repo.releasePayoutCommissions(db, payoutId)] : []),
  ]);
  if (decided?.meta.changes !== 1) throw new AppError('conflict', 'This payout was already decided.');
  return { id: payoutId, status: decision };
}

export async function listPayoutsForAdmin(db: Db) {
  const rows = await repo.listRequestedPayouts(db);
  return {
    items: rows.map(({ payout, name, email }) => ({
      id: payout.id,
      affiliate: { id: payout.affiliateUserId, name, email },
      amountCents: payout.amountCents,
      status: payout.status,
      note: payout.note,
      createdAt: payout.createdAt.toISOString(),
    })),
    nextCursor: null,
  };
}
