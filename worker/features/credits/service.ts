import { PLANS, type PlanId } from '#common/plans.ts';
import type { Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';
import { findBalance, insertBalance, insertLedgerEntry } from '#worker/features/credits/repo.ts';

/** Adds one calendar month (clamped to the month's last day). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * The statements that open a new user's credit account with the plan's monthly
 * credits, to run in the same batch as the user's creation (PRODUCT.md §4.1).
 */
export function openAccountStatements(db: Db, userId: string, plan: PlanId, now: Date) {
  const credits = PLANS[plan].creditsPerMonth;
  return [
    insertBalance(db, { userId, monthly: credits, purchased: 0, periodStart: now, periodEnd: addMonth(now) }),
    insertLedgerEntry(db, {
      id: newId(),
      userId,
      kind: 'grant_monthly',
      bucket: 'monthly',
      amount: credits,
      operationKey: `grant_monthly:${userId}:${now.toISOString().slice(0, 10)}`,
      description: `${PLANS[plan].name} plan: monthly credits`,
    }),
  ] as const;
}

export interface CreditSummary {
  monthly: number;
  purchased: number;
  total: number;
  monthlyAllowance: number;
  periodStart: string;
  nextResetAt: string;
}

export async function getCreditSummary(db: Db, userId: string, plan: PlanId): Promise<CreditSummary> {
  const row = await findBalance(db, userId);
  const allowance = PLANS[plan].creditsPerMonth;
  if (!row) {
    const now = new Date();
    return { monthly: 0, purchased: 0, total: 0, monthlyAllowance: allowance, periodStart: now.toISOString(), nextResetAt: addMonth(now).toISOString() };
  }
  return {
    monthly: row.monthly,
    purchased: row.purchased,
    total: row.monthly + row.purchased,
    monthlyAllowance: allowance,
    periodStart: row.periodStart.toISOString(),
    nextResetAt: row.periodEnd.toISOString(),
  };
}
