import type { I18n } from '@lingui/core';
import { CREDIT_PACKS, isPlanId, LOW_BALANCE_RATIO, PLANS, type PlanId } from '#common/plans.ts';
import { countOf } from '#common/plural.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { read, run, type Read } from '#worker/lib/reads.ts';
import * as repo from '#worker/features/credits/repo.ts';

/**
 * The credits ledger (PRODUCT.md §4.8): the one place that changes balances. Every
 * movement is a ledger row with a unique operation key (a retry is a no-op); the balance
 * is the running sum of the rows; a spend is one conditional statement, so a balance can
 * never go below zero, whatever runs at the same time.
 */

/** A user's credits inside another feature's statement (0 without a balance). */
export { creditsTotalOf } from '#worker/features/credits/repo.ts';

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
    repo.insertBalance(db, { userId, monthly: credits, purchased: 0, periodStart: now, periodEnd: addMonth(now) }),
    repo.insertLedgerEntry(db, {
      id: newId(),
      userId,
      kind: 'grant_monthly',
      monthlyDelta: credits,
      purchasedDelta: 0,
      operationKey: `grant_monthly:${userId}:${now.getTime()}`,
      description: ledgerNote({ code: 'planMonthly', plan: PLANS[plan].name }),
    }),
  ] as const;
}

export interface LedgerEntry {
  id: string;
  kind: repo.LedgerKind;
  amount: number;
  monthly: number;
  purchased: number;
  description: string;
  reference: string | null;
  operationKey: string;
  createdAt: string;
}

function toEntry(row: repo.LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.monthlyDelta + row.purchasedDelta,
    monthly: row.monthlyDelta,
    purchased: row.purchasedDelta,
    description: row.description,
    reference: row.reference,
    operationKey: row.operationKey,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface SpendRequest {
  userId: string;
  amount: number;
  /** Unique per operation (e.g. `render:<creativeRevisionId>`): the same key never spends twice. */
  operationKey: string;
  description: string;
  reference?: string | null;
}

/**
 * Spends credits (the monthly bucket first) or throws 402 `insufficient_credits` with
 * nothing recorded. Repeating an operation key returns the first spend.
 */
export async function spend(db: Db, request: SpendRequest): Promise<{ entry: LedgerEntry; repeated: boolean }> {
  if (!Number.isInteger(request.amount) || request.amount <= 0) throw new Error('spend amount must be a positive integer');
  const [inserted] = await rawBatch(
    db,
    repo.spendStatements(db, {
      id: newId(),
      userId: request.userId,
      amount: request.amount,
      operationKey: request.operationKey,
      description: request.description,
      reference: request.reference ?? null,
      now: Date.now(),
    }),
  );
  const row = await repo.findEntry(db, request.operationKey);
  if (!row || row.kind !== 'spend' || row.userId !== request.userId) {
    const balance = await repo.findBalance(db, request.userId);
    const available = balance ? balance.monthly + balance.purchased : 0;
    throw new AppError(
      'insufficient_credits',
      `This needs ${countOf(request.amount, 'credit')} and you have ${available}. Buy a credit pack or wait for your monthly credits.`,
      {
        _: [`needed:${request.amount}`, `available:${available}`],
      },
    );
  }
  return { entry: toEntry(row), repeated: inserted?.meta.changes === 0 };
}

/**
 * Returns the credits of a spend (e.g. a render that failed), or `amount` of them (the
 * variations of a batch that failed). Once per spend, whatever the retries.
 */
export async function refund(db: Db, spendKey: string, description: string, amount?: number): Promise<LedgerEntry | undefined> {
  if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0)) throw new Error('refund amount must be a positive integer');
  const operationKey = `refund:${spendKey}`;
  await rawBatch(db, repo.refundStatements(db, { id: newId(), operationKey, spendKey, description, amount, now: Date.now() }));
  const row = await repo.findEntry(db, operationKey);
  return row ? toEntry(row) : undefined;
}

/** Adds purchased credits (never expire). Once per operation key (one per payment). */
export async function purchase(
  db: Db,
  request: { userId: string; amount: number; operationKey: string; description: string; reference: string },
): Promise<void> {
  await rawBatch(db, repo.purchaseStatements(db, { id: newId(), ...request, now: Date.now() }));
}

/**
 * The statements of an admin's credit adjustment (PRODUCT.md §4.8, ledger kind
 * `admin_adjust`), to run in one batch with its audit entry right after them (the last
 * statement changes one row exactly when the adjustment was booked). A negative amount is
 * booked only if the balance covers it; a repeated operation key books nothing.
 */
export function adjustmentStatements(
  db: Db,
  request: { userId: string; amount: number; operationKey: string; description: string; reference?: string | null },
) {
  if (!Number.isInteger(request.amount) || request.amount === 0) throw new Error('adjustment amount must be a non-zero integer');
  return repo.adjustStatements(db, { id: newId(), ...request, reference: request.reference ?? null, now: Date.now() });
}

/** The ledger entry of an operation key (an adjustment just booked, or the one a retry repeats). */
export async function entryOf(db: Db, operationKey: string): Promise<(LedgerEntry & { userId: string }) | undefined> {
  const row = await repo.findEntry(db, operationKey);
  return row ? { ...toEntry(row), userId: row.userId } : undefined;
}

/** The statements that start a plan's period now (what `startPlanPeriod` runs), for a batch of the caller's. */
export async function planPeriodStatements(db: Db, userId: string, plan: PlanId, changeKey: string, now: Date) {
  const balance = await repo.findBalance(db, userId);
  if (!balance) return [];
  return periodStatements(db, userId, plan, { expectedEnd: balance.periodEnd, start: now, keySuffix: `plan:${changeKey}` }, now);
}

/**
 * The statements that end the period ending at `expectedEnd` (its unused monthly credits
 * expire) and start the plan's month from `start` with its allowance, once per `keySuffix`.
 */
function periodStatements(db: Db, userId: string, plan: PlanId, period: { expectedEnd: Date; start: Date; keySuffix: string }, now: Date) {
  return repo.newPeriodStatements(db, {
    userId,
    expectedPeriodEnd: period.expectedEnd.getTime(),
    periodStart: period.start.getTime(),
    periodEnd: addMonth(period.start).getTime(),
    allowance: PLANS[plan].creditsPerMonth,
    expireId: newId(),
    grantId: newId(),
    keySuffix: period.keySuffix,
    description: ledgerNote({ code: 'planMonthly', plan: PLANS[plan].name }),
    now: now.getTime(),
  });
}

/** Takes back what is left of a refunded pack's credits. Once per operation key. */
export async function withdrawPurchased(
  db: Db,
  request: { userId: string; amount: number; operationKey: string; description: string; reference: string },
): Promise<void> {
  await rawBatch(db, repo.withdrawPurchasedStatements(db, { id: newId(), ...request, now: Date.now() }));
}

/**
 * Starts the user's next monthly period(s) until the current one: for each, the unused
 * monthly credits expire and the plan's allowance is granted (once per period).
 */
export async function renewPeriods(db: Db, userId: string, plan: PlanId, now: Date): Promise<number> {
  let renewed = 0;
  for (let i = 0; i < 24; i += 1) {
    const balance = await repo.findBalance(db, userId);
    if (!balance || balance.periodEnd > now) break;
    const start = balance.periodEnd;
    await rawBatch(db, periodStatements(db, userId, plan, { expectedEnd: start, start, keySuffix: `${userId}:${start.getTime()}` }, now));
    renewed += 1;
  }
  return renewed;
}

/** A plan change starts a new period now, with the new plan's allowance (once per change). */
export async function startPlanPeriod(db: Db, userId: string, plan: PlanId, changeKey: string, now: Date): Promise<void> {
  const balance = await repo.findBalance(db, userId);
  if (!balance) return;
  await rawBatch(db, periodStatements(db, userId, plan, { expectedEnd: balance.periodEnd, start: now, keySuffix: `plan:${changeKey}` }, now));
}

export interface CreditSummary {
  monthly: number;
  purchased: number;
  total: number;
  monthlyAllowance: number;
  periodStart: string;
  nextResetAt: string;
  low: boolean;
}

/** The balance by bucket and the next reset (`GET /api/credits`), as a read the dashboard batches with others. */
export function creditSummaryRead(db: Db, userId: string, plan: PlanId, now = new Date()): Read<CreditSummary> {
  return read(
    () => repo.balanceQuery(db, userId),
    ([row]) => {
      const allowance = PLANS[plan].creditsPerMonth;
      const monthly = row?.monthly ?? 0;
      const purchased = row?.purchased ?? 0;
      return {
        monthly,
        purchased,
        total: monthly + purchased,
        monthlyAllowance: allowance,
        periodStart: (row?.periodStart ?? now).toISOString(),
        nextResetAt: (row?.periodEnd ?? addMonth(now)).toISOString(),
        low: monthly + purchased < allowance * LOW_BALANCE_RATIO,
      };
    },
  );
}

export async function getCreditSummary(db: Db, userId: string, plan: PlanId): Promise<CreditSummary> {
  return run(db, creditSummaryRead(db, userId, plan));
}

/** The ledger's cursor: "<time ms>.<seq>" of the last entry of a page. */
function ledgerCursor(cursor: string | undefined): { time: number; seq: number } | undefined {
  const decoded = decodeCursor(cursor);
  if (!decoded) return undefined;
  if (!/^\d{1,15}$/.test(decoded.id)) throw new AppError('validation_failed', undefined, { cursor: ['This cursor is not valid.'] });
  return { time: decoded.time, seq: Number(decoded.id) };
}

export async function listLedger(db: Db, userId: string, options: { kind?: repo.LedgerKind | undefined; limit: number; cursor?: string | undefined }) {
  const rows = await repo.listLedger(db, userId, { kind: options.kind, limit: options.limit, before: ledgerCursor(options.cursor) });
  const page = toPage(rows, options.limit, (row) => encodeCursor(row.createdAt, String(row.seq ?? 0)));
  return { items: page.items.map(toEntry), nextCursor: page.nextCursor };
}

/** The scheduled monthly reset: every balance whose period ended starts the next one. */
/**
 * Spends of paid work that was stopped mid-way, for the feature that charged them to refund:
 * operation keys starting with `prefix`, charged between `after` and `before`, neither refunded
 * nor `done` (the charging feature's condition on the operation key: its work exists).
 */
export function unrefundedSpends(db: Db, o: Parameters<typeof repo.unrefundedSpends>[1]) {
  return repo.unrefundedSpends(db, o);
}

export async function renewDuePeriods(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (const { userId, plan } of await repo.balancesDue(db, now, 200)) total += await renewPeriods(db, userId, plan, now);
  return total;
}

/**
 * What a credit-ledger row is about (issue 28), stored as a code and its values (JSON in the
 * `description` column, no migration) and worded when shown, in the reader's language: the
 * credits screen, the admin's view, the data export. Rows written before this keep their English
 * text; the fixed English texts of those are recognised and worded too, the others stay English.
 */
export type LedgerNote =
  | { code: 'planMonthly'; plan: string }
  | { code: 'expired' }
  | { code: 'packBought'; credits: number }
  | { code: 'packRefunded' }
  | { code: 'render'; name: string }
  | { code: 'renderAgain'; name: string }
  | { code: 'renderFailed'; name: string }
  | { code: 'renderInterrupted' }
  | { code: 'variations'; count: number; name: string }
  | { code: 'variationsFailed'; name: string }
  | { code: 'variationsUndrawn'; failed: number; count: number; name: string }
  | { code: 'variationsInterrupted' }
  | { code: 'batch'; count: number; name: string }
  | { code: 'batchUnused'; count: number; name: string }
  | { code: 'variationsPartInterrupted'; missing: number; drafts: number }
  | { code: 'aiCopy' }
  | { code: 'aiCopyFailed' }
  | { code: 'adminAdjust'; reason: string };

const CODES = new Set<LedgerNote['code']>([
  'planMonthly',
  'expired',
  'packBought',
  'packRefunded',
  'render',
  'renderAgain',
  'renderFailed',
  'renderInterrupted',
  'variations',
  'variationsFailed',
  'variationsUndrawn',
  'variationsInterrupted',
  'variationsPartInterrupted',
  'batch',
  'batchUnused',
  'aiCopy',
  'aiCopyFailed',
  'adminAdjust',
]);

/** The stored form of a note: `{"code":…,…}`. */
export function ledgerNote(note: LedgerNote): string {
  return JSON.stringify(note);
}

/** The English texts rows were stored with before the codes, for those that name nothing. */
const OLD_TEXTS: Record<string, LedgerNote> = {
  'Unused monthly credits expired': { code: 'expired' },
  'Pack refunded: its credits were withdrawn': { code: 'packRefunded' },
  'Render interrupted: refunded': { code: 'renderInterrupted' },
  'Variations interrupted: refunded': { code: 'variationsInterrupted' },
  'AI copy suggestions': { code: 'aiCopy' },
  'AI copy suggestions failed: refunded': { code: 'aiCopyFailed' },
};

function noteOf(stored: string): LedgerNote | undefined {
  if (stored.startsWith('{"code":')) {
    try {
      const parsed = JSON.parse(stored) as unknown;
      if (typeof parsed === 'object' && parsed !== null && CODES.has((parsed as { code: LedgerNote['code'] }).code)) return parsed as LedgerNote;
    } catch {
      return undefined;
    }
  }
  return OLD_TEXTS[stored];
}

/** A ledger row's description in the reader's language (an older row's own text when it has no code). */
export function ledgerText(stored: string, i18n: I18n): string {
  const note = noteOf(stored);
  if (!note) return stored;
  switch (note.code) {
    case 'planMonthly':
      return i18n._('ledger.planMonthly', { plan: note.plan });
    case 'packBought':
      return i18n._('ledger.packBought', { credits: note.credits });
    case 'render':
      return i18n._('ledger.render', { name: note.name });
    case 'renderAgain':
      return i18n._('ledger.renderAgain', { name: note.name });
    case 'renderFailed':
      return i18n._('ledger.renderFailed', { name: note.name });
    case 'variations':
      return i18n._('ledger.variations', { count: note.count, name: note.name });
    case 'batch':
      return i18n._('ledger.batch', { count: note.count, name: note.name });
    case 'batchUnused':
      return i18n._('ledger.batchUnused', { count: note.count, name: note.name });
    case 'variationsFailed':
      return i18n._('ledger.variationsFailed', { name: note.name });
    case 'variationsUndrawn':
      return i18n._('ledger.variationsUndrawn', { failed: note.failed, count: note.count, name: note.name });
    case 'variationsPartInterrupted':
      return i18n._('ledger.variationsPartInterrupted', { missing: note.missing, drafts: note.drafts });
    case 'adminAdjust':
      return i18n._('ledger.adminAdjust', { reason: note.reason });
    case 'expired':
      return i18n._('ledger.expired');
    case 'packRefunded':
      return i18n._('ledger.packRefunded');
    case 'renderInterrupted':
      return i18n._('ledger.renderInterrupted');
    case 'variationsInterrupted':
      return i18n._('ledger.variationsInterrupted');
    case 'aiCopy':
      return i18n._('ledger.aiCopy');
    case 'aiCopyFailed':
      return i18n._('ledger.aiCopyFailed');
  }
}

/** How a purchase is named in the billing history and at the checkout, in the reader's language: "Pro plan (monthly)", "500 credits". */
export function checkoutItemText(kind: 'plan' | 'pack', id: string, i18n: I18n): string {
  if (kind === 'plan') return isPlanId(id) ? i18n._('ledger.checkoutPlan', { plan: PLANS[id].name }) : id;
  const pack = CREDIT_PACKS.find((p) => p.id === id);
  return pack ? i18n._('ledger.checkoutPack', { credits: pack.credits }) : id;
}
