import type { AdminUserDetail, AdminUserSummary, CreditAdjustmentInput, PlanId, UserRole } from '#common/schemas/admin.ts';
import { countOf } from '#common/plural.ts';
import { rawBatch, type Db, type Operand } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import type { Admin } from '#worker/features/admin/actor.ts';
import { endAllSessionsStatement, forgetUserSessions } from '#worker/features/auth/core/service.ts';
import * as users from '#worker/features/auth/users/service.ts';
import {
  adjustmentStatements,
  creditsTotalOf,
  entryOf,
  getCreditSummary,
  ledgerNote,
  listLedger,
  planPeriodStatements,
} from '#worker/features/credits/service.ts';
import { memberProjectCount, membershipsOf } from '#worker/features/projects/scope/service.ts';
import * as repo from '#worker/features/admin/accounts/repo.ts';

/**
 * The admin area's accounts (PRODUCT.md §1, §2): every user, their plan, role, credits and
 * access. Every change an admin makes is written to the audit log in the same batch as the
 * change (who, what, when, from which address, before and after); a change that loses a race
 * records nothing. The accounts are auth's, the credits the credits feature's, the projects
 * the projects feature's: this module reads and changes them through their services.
 */

/** Beside each account: its credits and how many live projects it is a member of. */
const figuresOf = (userId: Operand) => ({ credits: creditsTotalOf(userId), projects: memberProjectCount(userId) });

function toSummary(row: { user: users.UserRow; credits: number; projects: number }): AdminUserSummary {
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    plan: user.plan,
    createdAt: user.createdAt.toISOString(),
    disabledAt: user.disabledAt?.toISOString() ?? null,
    credits: Number(row.credits),
    projects: Number(row.projects),
  };
}

export async function listUsers(db: Db, options: { q?: string | undefined; limit: number; cursor?: string | undefined }) {
  const rows = await users.listUsers(db, { q: options.q || undefined, limit: options.limit, before: decodeCursor(options.cursor) }, figuresOf);
  const page = toPage(rows, options.limit, (row) => encodeCursor(row.user.createdAt, row.user.id));
  return { items: page.items.map(toSummary), nextCursor: page.nextCursor };
}

async function findUserOr404(db: Db, userId: string) {
  const row = await users.findUser(db, userId, figuresOf);
  if (!row) throw new AppError('not_found', 'There is no such account.');
  return row;
}

export async function userDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const row = await findUserOr404(db, userId);
  const [summary, sessions, memberOf, ledger] = await Promise.all([
    getCreditSummary(db, userId, row.user.plan),
    users.liveSessionCount(db, userId, new Date()),
    membershipsOf(db, userId, 50),
    listLedger(db, userId, { limit: 10 }),
  ]);
  return {
    ...toSummary(row),
    balance: { monthly: summary.monthly, purchased: summary.purchased, total: summary.total, nextResetAt: summary.nextResetAt },
    sessions: Number(sessions?.n ?? 0),
    memberOf,
    ledger: ledger.items.map((e) => ({ id: e.id, kind: e.kind, amount: e.amount, description: e.description, createdAt: e.createdAt })),
  };
}

const CHANGED_MEANWHILE = 'This account changed while you were looking at it. Reload it and try again.';

/** A new plan from now: the plan's monthly credits start a new period, as a purchase would (PRODUCT.md §4.8). */
export async function changePlan(db: Db, admin: Admin, userId: string, plan: PlanId): Promise<AdminUserDetail> {
  const { user } = await findUserOr404(db, userId);
  if (user.plan === plan) return userDetail(db, userId);
  const now = new Date();
  const [changed] = await rawBatch(db, [
    users.setPlanIf(db, userId, user.plan, plan, now),
    auditIfChangedStatement(db, {
      actorUserId: admin.id,
      action: 'user.plan_changed',
      targetType: 'user',
      targetId: userId,
      ip: admin.ip,
      details: { before: { plan: user.plan }, after: { plan } },
    }),
    ...(await planPeriodStatements(db, userId, plan, newId(), now)),
  ]);
  if (changed?.meta.changes !== 1) throw new AppError('conflict', CHANGED_MEANWHILE);
  forgetUserSessions(userId);
  return userDetail(db, userId);
}

export async function changeRole(db: Db, admin: Admin, userId: string, role: UserRole): Promise<AdminUserDetail> {
  if (userId === admin.id && role !== 'admin') {
    throw new AppError('conflict', 'You cannot take away your own admin role: you would lock yourself out. Ask another admin to do it.');
  }
  const { user } = await findUserOr404(db, userId);
  if (user.role === role) return userDetail(db, userId);
  const [changed] = await rawBatch(db, [
    users.setRoleIf(db, userId, user.role, role, new Date()),
    auditIfChangedStatement(db, {
      actorUserId: admin.id,
      action: 'user.role_changed',
      targetType: 'user',
      targetId: userId,
      ip: admin.ip,
      details: { before: { role: user.role }, after: { role } },
    }),
  ]);
  if (changed?.meta.changes !== 1) throw new AppError('conflict', CHANGED_MEANWHILE);
  forgetUserSessions(userId);
  return userDetail(db, userId);
}

/**
 * Disabling: the account cannot sign in, and all its sessions end in the same batch (and
 * leave this isolate's session cache at once; a session that another isolate cached is
 * refused there within the cache's few seconds, since every D1 read now excludes it).
 */
export async function setDisabled(db: Db, admin: Admin, userId: string, disabled: boolean): Promise<AdminUserDetail> {
  if (userId === admin.id && disabled) throw new AppError('conflict', 'You cannot disable your own account: you would lock yourself out.');
  const { user } = await findUserOr404(db, userId);
  const now = new Date();
  await rawBatch(db, [
    users.setDisabled(db, userId, disabled, now),
    auditIfChangedStatement(db, {
      actorUserId: admin.id,
      action: disabled ? 'user.disabled' : 'user.enabled',
      targetType: 'user',
      targetId: userId,
      ip: admin.ip,
      details: {
        before: { disabledAt: user.disabledAt?.toISOString() ?? null },
        after: { disabledAt: disabled ? now.toISOString() : null },
        email: user.email,
      },
    }),
    ...(disabled ? [endAllSessionsStatement(db, userId)] : []),
  ]);
  forgetUserSessions(userId);
  return userDetail(db, userId);
}

/**
 * Adds or takes credits (ledger kind `admin_adjust`) in one conditional write with its audit
 * entry: a deduction the balance does not cover books nothing (422), so no adjustment, however
 * many run at once, can make a balance negative. The same `key` books once.
 */
export async function adjustCredits(db: Db, admin: Admin, userId: string, input: CreditAdjustmentInput) {
  await findUserOr404(db, userId);
  const operationKey = `admin_adjust:${input.key ?? newId()}`;
  await rawBatch(db, [
    ...adjustmentStatements(db, {
      userId,
      amount: input.amount,
      operationKey,
      description: ledgerNote({ code: 'adminAdjust', reason: input.reason }),
      reference: admin.id,
    }),
    repo.creditAdjustmentAudit(db, { actorUserId: admin.id, userId, ip: admin.ip, amount: input.amount, reason: input.reason, operationKey }),
  ]);
  const entry = await entryOf(db, operationKey);
  if (entry && entry.userId !== userId) throw new AppError('conflict', 'This adjustment was already booked for another account.');
  if (!entry) {
    const detail = await userDetail(db, userId);
    const message = `This account has ${countOf(detail.balance.total, 'credit')}: you can take at most ${detail.balance.total}.`;
    throw new AppError('validation_failed', message, { amount: [message] });
  }
  return {
    entry: { id: entry.id, kind: entry.kind, amount: entry.amount, description: entry.description, createdAt: entry.createdAt },
    user: await userDetail(db, userId),
  };
}
