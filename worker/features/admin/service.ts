import type {
  AdminUserDetail,
  AdminUserSummary,
  AuditItem,
  CreditAdjustmentInput,
  FiguresDay,
  PlanId,
  ProjectSupportView,
  SystemFigures,
  UserRole,
} from '#common/schemas/admin.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { endAllSessionsStatement, forgetUserSessions } from '#worker/features/auth/core/service.ts';
import { adjustmentStatements, entryOf, getCreditSummary, listLedger, planPeriodStatements } from '#worker/features/credits/service.ts';
import * as repo from '#worker/features/admin/repo.ts';

/**
 * The admin area (PRODUCT.md §1, §2): every user, the audit log, the system's figures and
 * a read-only support view of any project. Every change an admin makes is written to the
 * audit log in the same batch as the change (who, what, when, from which address, before
 * and after); a change that loses a race records nothing.
 */

/** Who acts, and from which address (requestMeta(c).ip). */
export interface Admin {
  id: string;
  ip: string;
}

function toSummary(row: { user: repo.UserRow; credits: number; projects: number }): AdminUserSummary {
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
  const rows = await repo.listUsers(db, { q: options.q || undefined, limit: options.limit, before: decodeCursor(options.cursor) });
  const page = toPage(rows, options.limit, (row) => encodeCursor(row.user.createdAt, row.user.id));
  return { items: page.items.map(toSummary), nextCursor: page.nextCursor };
}

async function findUserOr404(db: Db, userId: string) {
  const row = await repo.findUser(db, userId);
  if (!row) throw new AppError('not_found', 'There is no such account.');
  return row;
}

export async function userDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const row = await findUserOr404(db, userId);
  const [summary, sessions, memberOf, ledger] = await Promise.all([
    getCreditSummary(db, userId, row.user.plan),
    repo.liveSessionCount(db, userId, new Date()),
    repo.memberships(db, userId),
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
    repo.setPlan(db, userId, user.plan, plan, now),
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
    repo.setRole(db, userId, user.role, role, new Date()),
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
    repo.setDisabled(db, userId, disabled, now),
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
      description: `Adjustment by Adloom support: ${input.reason}`,
      reference: admin.id,
    }),
    repo.creditAdjustmentAudit(db, { actorUserId: admin.id, userId, ip: admin.ip, amount: input.amount, reason: input.reason, operationKey }),
  ]);
  const entry = await entryOf(db, operationKey);
  if (entry && entry.userId !== userId) throw new AppError('conflict', 'This adjustment was already booked for another account.');
  if (!entry) {
    const detail = await userDetail(db, userId);
    const message = `This account has ${detail.balance.total} credits: you can take at most ${detail.balance.total}.`;
    throw new AppError('validation_failed', message, { amount: [message] });
  }
  return {
    entry: { id: entry.id, kind: entry.kind, amount: entry.amount, description: entry.description, createdAt: entry.createdAt },
    user: await userDetail(db, userId),
  };
}

/* ---------- audit log ---------- */

function toAuditItem(row: { entry: repo.AuditRow; actorName: string | null; actorEmail: string | null; targetLabel: string | null }): AuditItem {
  const { entry } = row;
  return {
    id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: row.targetLabel ?? null,
    projectId: entry.projectId,
    actor: entry.actorUserId && row.actorName !== null ? { id: entry.actorUserId, name: row.actorName, email: row.actorEmail ?? '' } : null,
    ip: entry.ip,
    details: entry.details ?? null,
    createdAt: entry.createdAt.toISOString(),
  };
}

export async function listAudit(db: Db, filters: repo.AuditFilters, options: { limit: number; cursor?: string | undefined }) {
  const rows = await repo.listAudit(db, filters, options.limit, decodeCursor(options.cursor));
  const page = toPage(rows, options.limit, (row) => encodeCursor(row.entry.createdAt, row.entry.id));
  return { items: page.items.map(toAuditItem), nextCursor: page.nextCursor };
}

/* ---------- figures ---------- */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Users, projects, renders and publishes: totals, this week (today and the 6 days before, UTC) and each of its days. */
export async function systemFigures(db: Db, now = new Date()): Promise<SystemFigures> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - 6 * DAY_MS);
  const [[users], [projects], signups, created, renders, posts, pages] = await repo.figures(db, since);
  const days: FiguresDay[] = Array.from({ length: 7 }, (_, i) => ({
    day: new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    signups: 0,
    projects: 0,
    renders: 0,
    publishes: 0,
  }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  const add = (rows: { day: string; n: number }[], key: 'signups' | 'projects' | 'renders' | 'publishes') => {
    for (const row of rows) {
      const d = byDay.get(row.day);
      if (d) d[key] += Number(row.n);
    }
  };
  add(signups, 'signups');
  add(created, 'projects');
  add(renders, 'renders');
  add(posts, 'publishes');
  add(pages, 'publishes');
  const sum = (rows: { n: number }[]) => rows.reduce((total, row) => total + Number(row.n), 0);
  return {
    users: { total: Number(users?.total ?? 0), disabled: Number(users?.disabled ?? 0), admins: Number(users?.admins ?? 0), newThisWeek: sum(signups) },
    projects: { total: Number(projects?.total ?? 0), newThisWeek: sum(created) },
    rendersThisWeek: sum(renders),
    publishesThisWeek: { total: sum(posts) + sum(pages), instagram: sum(posts), pages: sum(pages) },
    daily: days,
  };
}

/* ---------- one project, for support ---------- */

/**
 * Any project, read-only: members, usage, the newest work and its audit trail. Looking is
 * itself audited (an admin reading a customer's project is an admin action, PRODUCT.md §1).
 */
export async function projectSupportView(db: Db, admin: Admin, projectId: string): Promise<ProjectSupportView> {
  const project = await repo.findProject(db, projectId);
  if (!project) throw new AppError('not_found', 'There is no such project.');
  await auditStatement(db, { actorUserId: admin.id, action: 'project.support_viewed', targetType: 'project', targetId: projectId, projectId, ip: admin.ip });
  const [[members, [usage], mediaRows, creativeRows, creationRows, adRows, pageRows, postRows], audit] = await Promise.all([
    repo.projectView(db, projectId),
    listAudit(db, { projectId }, { limit: 50 }),
  ]);
  type Kind = ProjectSupportView['activity'][number]['kind'];
  const tag = (kind: Kind, rows: { id: string; name: string; at: Date | null }[]) =>
    rows.filter((r) => r.at).map((r) => ({ kind, id: r.id, name: r.name.slice(0, 120), at: r.at! }));
  const activity = [
    ...tag('media', mediaRows),
    ...tag('creative', creativeRows),
    ...tag('creation', creationRows),
    ...tag('ad', adRows),
    ...tag('page', pageRows),
    ...tag(
      'post',
      postRows.map((p) => ({ ...p, name: p.name || 'Instagram post' })),
    ),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, 20)
    .map((a) => ({ ...a, at: a.at.toISOString() }));
  const n = (value: unknown) => Number(value ?? 0);
  return {
    project: {
      id: project.id,
      name: project.name,
      description: project.description,
      website: project.website,
      archivedAt: project.archivedAt?.toISOString() ?? null,
      deletedAt: project.deletedAt?.toISOString() ?? null,
      createdAt: project.createdAt.toISOString(),
      updatedAt: project.updatedAt.toISOString(),
    },
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      since: m.since.toISOString(),
      disabled: m.disabledAt !== null,
    })),
    usage: {
      media: n(usage?.media),
      storageBytes: n(usage?.storageBytes),
      creatives: n(usage?.creatives),
      creations: n(usage?.creations),
      ads: n(usage?.ads),
      funnels: n(usage?.funnels),
      pages: n(usage?.pages),
      leads: n(usage?.leads),
      postsPublished: n(usage?.postsPublished),
    },
    activity,
    audit: audit.items,
  };
}

/** Whether a project exists (deleted ones too, until they are purged): the support page's 404 check. */
export async function projectExists(db: Db, projectId: string): Promise<boolean> {
  return (await repo.findProject(db, projectId)) !== undefined;
}
