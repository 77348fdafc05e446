import { and, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import { ofExistingRow, operand, rawStatement, type Db, type Operand } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { creditBalances, creditLedger, nextLedgerSeq } from '#worker/db/schema.ts';
import { userField } from '#worker/features/auth/users/service.ts';

export type LedgerRow = typeof creditLedger.$inferSelect;
export type LedgerKind = LedgerRow['kind'];

/** A user's credits (monthly and purchased together, 0 without a balance) inside another feature's statement (the admin's list of accounts). */
export function creditsTotalOf(userId: Operand): SQL<number> {
  return sql<number>`coalesce((SELECT b.monthly + b.purchased FROM credit_balances b WHERE b.user_id = ${operand(userId)}), 0)`;
}

export function findBalance(db: Db, userId: string) {
  return db.select().from(creditBalances).where(eq(creditBalances.userId, userId)).get();
}

/** The balance row as a query to batch (at most one row). */
export function balanceQuery(db: Db, userId: string) {
  return db.select().from(creditBalances).where(eq(creditBalances.userId, userId)).limit(1);
}

export function insertBalance(db: Db, values: typeof creditBalances.$inferInsert) {
  return db.insert(creditBalances).values(values);
}

export function insertLedgerEntry(db: Db, values: typeof creditLedger.$inferInsert) {
  return db.insert(creditLedger).values(values);
}

export function findEntry(db: Db, operationKey: string) {
  return db.select().from(creditLedger).where(eq(creditLedger.operationKey, operationKey)).get();
}

/**
 * The ledger row of a movement is written first, from the balance it reads (or not at
 * all); then the balance moves by exactly that row, and only if the row was just
 * written (`changes() = 1`). Both run in one batch, so they succeed or fail together, and
 * a repeated operation key changes nothing.
 */
function applyStatement(db: Db, userIdExpr: ReturnType<typeof sql>, operationKey: string, now: number) {
  return rawStatement(
    db,
    sql`
    UPDATE credit_balances SET
      monthly = monthly + (SELECT monthly_delta FROM credit_ledger WHERE operation_key = ${operationKey}),
      purchased = purchased + (SELECT purchased_delta FROM credit_ledger WHERE operation_key = ${operationKey}),
      updated_at = ${now}
    WHERE user_id = ${userIdExpr} AND changes() = 1`,
  );
}

export interface Movement {
  id: string;
  userId: string;
  amount: number;
  operationKey: string;
  description: string;
  reference: string | null;
  now: number;
}

/** A ledger entry made by `select` (a value for each column listed here, in order), once per operation key. */
function ledgerInsert(select: SQL): SQL {
  return sql`
      INSERT INTO credit_ledger (id, user_id, kind, monthly_delta, purchased_delta, operation_key, description, reference, created_at, seq)
      ${select}
      ON CONFLICT (operation_key) DO NOTHING`;
}

/** A movement of the user's credits: its ledger entry (made by `select`), then the balance updated by it. */
function movementStatements(db: Db, m: Movement, select: SQL) {
  return [rawStatement(db, ledgerInsert(select)), applyStatement(db, sql`${m.userId}`, m.operationKey, m.now)];
}

/** Takes `amount` credits, the monthly bucket first, if the balance covers it. */
export function spendStatements(db: Db, m: Movement) {
  return movementStatements(
    db,
    m,
    sql`SELECT ${m.id}, b.user_id, 'spend', -min(b.monthly, ${m.amount}), -(${m.amount} - min(b.monthly, ${m.amount})), ${m.operationKey}, ${m.description}, ${m.reference}, ${m.now}, ${nextLedgerSeq}
      FROM credit_balances b WHERE b.user_id = ${m.userId} AND b.monthly + b.purchased >= ${m.amount}`,
  );
}

/**
 * Gives back, to the buckets they came from, the credits of one spend; with `amount`, only
 * that many of them, never more than the spend took. A spend takes the monthly bucket first, so
 * a partial refund gives back the purchased credits first (those the spend took last): spending
 * N and refunding k leaves the balance as a spend of N − k would have.
 */
export function refundStatements(db: Db, m: Omit<Movement, 'amount' | 'userId' | 'reference'> & { spendKey: string; amount?: number | undefined }) {
  const insert =
    m.amount === undefined
      ? ledgerInsert(sql`SELECT ${m.id}, s.user_id, 'refund', -s.monthly_delta, -s.purchased_delta, ${m.operationKey}, ${m.description}, s.operation_key, ${m.now}, ${nextLedgerSeq}
      FROM credit_ledger s WHERE s.operation_key = ${m.spendKey} AND s.kind = 'spend'`)
      : ledgerInsert(sql`SELECT ${m.id}, s.user_id, 'refund', ${m.amount} - min(-s.purchased_delta, ${m.amount}), min(-s.purchased_delta, ${m.amount}), ${m.operationKey}, ${m.description}, s.operation_key, ${m.now}, ${nextLedgerSeq}
      FROM credit_ledger s WHERE s.operation_key = ${m.spendKey} AND s.kind = 'spend' AND -(s.monthly_delta + s.purchased_delta) >= ${m.amount}`);
  return [
    rawStatement(db, insert),
    applyStatement(db, sql`(SELECT user_id FROM credit_ledger WHERE operation_key = ${m.operationKey})`, m.operationKey, m.now),
  ];
}

/** Adds purchased credits (a pack). */
export function purchaseStatements(db: Db, m: Movement) {
  return movementStatements(
    db,
    m,
    sql`SELECT ${m.id}, b.user_id, 'purchase', 0, ${m.amount}, ${m.operationKey}, ${m.description}, ${m.reference}, ${m.now}, ${nextLedgerSeq}
      FROM credit_balances b WHERE b.user_id = ${m.userId}`,
  );
}

/**
 * An admin's adjustment (`amount` may be negative): added credits go to the purchased
 * bucket (they never expire); taken credits come from the monthly bucket first, and only
 * if the balance covers them, so that no adjustment can make a balance negative.
 */
export function adjustStatements(db: Db, m: Movement) {
  const take = -m.amount;
  return movementStatements(
    db,
    m,
    sql`SELECT ${m.id}, b.user_id, 'admin_adjust',
        CASE WHEN ${take} > 0 THEN -min(b.monthly, ${take}) ELSE 0 END,
        CASE WHEN ${take} > 0 THEN -(${take} - min(b.monthly, ${take})) ELSE ${m.amount} END,
        ${m.operationKey}, ${m.description}, ${m.reference}, ${m.now}, ${nextLedgerSeq}
      FROM credit_balances b WHERE b.user_id = ${m.userId} AND b.monthly + b.purchased + ${m.amount} >= 0`,
  );
}

/** Takes back up to `amount` purchased credits (a refunded pack): what is left of them. */
export function withdrawPurchasedStatements(db: Db, m: Movement) {
  return movementStatements(
    db,
    m,
    sql`SELECT ${m.id}, b.user_id, 'refund', 0, -min(b.purchased, ${m.amount}), ${m.operationKey}, ${m.description}, ${m.reference}, ${m.now}, ${nextLedgerSeq}
      FROM credit_balances b WHERE b.user_id = ${m.userId}`,
  );
}

/**
 * Starts a new monthly period: what is left of the old monthly credits expires, the
 * plan's allowance is granted. Keyed by the period, so it happens once per period.
 */
export function newPeriodStatements(
  db: Db,
  m: {
    userId: string;
    expectedPeriodEnd: number;
    periodStart: number;
    periodEnd: number;
    allowance: number;
    expireId: string;
    grantId: string;
    keySuffix: string;
    description: string;
    now: number;
  },
) {
  const guard = sql`b.user_id = ${m.userId} AND b.period_end = ${m.expectedPeriodEnd}`;
  return [
    rawStatement(
      db,
      ledgerInsert(sql`SELECT ${m.expireId}, b.user_id, 'expire', -b.monthly, 0, ${`expire:${m.keySuffix}`}, 'Unused monthly credits expired', NULL, ${m.now}, ${nextLedgerSeq}
      FROM credit_balances b WHERE ${guard} AND b.monthly > 0`),
    ),
    rawStatement(
      db,
      ledgerInsert(sql`SELECT ${m.grantId}, b.user_id, 'grant_monthly', ${m.allowance}, 0, ${`grant_monthly:${m.keySuffix}`}, ${m.description}, NULL, ${m.now}, ${nextLedgerSeq}
      FROM credit_balances b WHERE ${guard}`),
    ),
    rawStatement(
      db,
      sql`
      UPDATE credit_balances SET monthly = ${m.allowance}, period_start = ${m.periodStart}, period_end = ${m.periodEnd}, updated_at = ${m.now}
      WHERE user_id = ${m.userId} AND period_end = ${m.expectedPeriodEnd} AND changes() = 1`,
    ),
  ];
}

/** Whose monthly period is over, with their plan (for the allowance of the next one). */
export function balancesDue(db: Db, now: Date, limit: number) {
  return (
    db
      // The balance's account (a foreign key: it exists) and its plan.
      .select({ userId: creditBalances.userId, plan: ofExistingRow(userField(creditBalances.userId, 'plan')) })
      .from(creditBalances)
      .where(lte(creditBalances.periodEnd, now))
      .limit(limit)
      .all()
  );
}

export function listLedger(
  db: Db,
  userId: string,
  options: { kind?: LedgerKind | undefined; limit: number; before?: { time: number; seq: number } | undefined },
) {
  const conditions = [eq(creditLedger.userId, userId)];
  if (options.kind) conditions.push(eq(creditLedger.kind, options.kind));
  const before = options.before && { time: options.before.time, id: options.before.seq };
  // Newest first; entries of one instant (an expiry, then the grant) in the order they were written.
  return keysetPage(db.select().from(creditLedger).$dynamic(), {
    time: creditLedger.createdAt,
    key: creditLedger.seq,
    conditions,
    before,
    limit: options.limit,
  }).all();
}

/** The ledger's sums per bucket, to check the balance against. */
export function ledgerTotals(db: Db, userId: string) {
  return db
    .select({ monthly: sql<number>`coalesce(sum(${creditLedger.monthlyDelta}), 0)`, purchased: sql<number>`coalesce(sum(${creditLedger.purchasedDelta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .get();
}

/**
 * Spends whose operation key starts with `prefix`, older than `before` (but newer than
 * `after`), with no refund and for which `done` (a condition on the operation key, of the
 * feature that charged) does not hold: paid work that was stopped mid-way (renders).
 */
export function unrefundedSpends(
  db: Db,
  o: { prefix: string; after: Date; before: Date; limit: number; done: (operationKey: typeof creditLedger.operationKey) => SQL },
) {
  return db
    .select({ operationKey: creditLedger.operationKey, reference: creditLedger.reference })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.kind, 'spend'),
        sql`${creditLedger.operationKey} LIKE ${`${o.prefix}%`}`,
        lt(creditLedger.createdAt, o.before),
        sql`${creditLedger.createdAt} > ${o.after.getTime()}`,
        sql`NOT EXISTS (SELECT 1 FROM credit_ledger r WHERE r.operation_key = 'refund:' || "credit_ledger"."operation_key")`,
        sql`NOT ${o.done(creditLedger.operationKey)}`,
      ),
    )
    .limit(o.limit)
    .all();
}
