import type { AuditItem, ProjectSupportView } from '#common/schemas/admin.ts';
import type { Db } from '#worker/db/client.ts';
import { auditStatement, type AuditRow } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import type { Admin } from '#worker/features/admin/actor.ts';
import * as repo from '#worker/features/admin/support/repo.ts';

/**
 * What admins look at (PRODUCT.md §1, §2): the audit log and a read-only support view of any
 * project (looking at one is itself audited). The system's figures are ../figures.
 */

/* ---------- audit log ---------- */

function toAuditItem(row: { entry: AuditRow; actorName: string | null; actorEmail: string | null; targetLabel: string | null }): AuditItem {
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
