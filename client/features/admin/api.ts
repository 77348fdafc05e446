import type { I18n } from '@lingui/core';
import type {
  AdminUserDetail,
  AdminUserSummary,
  AuditItem,
  ContactMessageItem,
  CreditAdjustmentInput,
  PlanId,
  ProjectSupportView,
  SystemFigures,
  UserRole,
} from '#common/schemas/admin.ts';
import type { MessageIds } from '#common/i18n/register.ts';
import { api, call } from '#client/lib/api.ts';
import type { Page } from '#client/lib/use-paged.ts';

export type {
  AdminLedgerEntry,
  AdminUserDetail,
  AdminUserSummary,
  AuditItem,
  ContactMessageItem,
  ProjectSupportView,
  SystemFigures,
} from '#common/schemas/admin.ts';

/** A payout request waiting for an admin (GET /api/admin/payouts). */
export interface PayoutRequest {
  id: string;
  affiliate: { id: string; name: string; email: string };
  amountCents: number;
  status: string;
  note: string | null;
  createdAt: string;
}

export interface AuditFilters {
  actor: string;
  action: string;
  target: string;
}

/** The response types are the shared ones; the client's inferred JSON types are the same shapes. */
const as = <T>(request: Promise<unknown>) => request as Promise<T>;
const paged = async <T>(request: Promise<unknown>): Promise<Page<T>> => {
  const body = (await request) as { items: T[]; nextCursor?: string | null };
  return { items: body.items, nextCursor: body.nextCursor ?? null };
};
const defined = (query: Record<string, string | undefined>) => Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string>;

/** The admin endpoints (PRODUCT.md §2 `/admin`), typed with the shared response types. */
export const adminApi = {
  users: (q: string, cursor?: string) => paged<AdminUserSummary>(call(api.api.admin.users.$get({ query: defined({ q: q.trim(), cursor }) }))),
  user: (id: string) => as<AdminUserDetail>(call(api.api.admin.users[':id'].$get({ param: { id } }))),
  setPlan: (id: string, plan: PlanId) => as<AdminUserDetail>(call(api.api.admin.users[':id'].plan.$post({ param: { id }, json: { plan } }))),
  setRole: (id: string, role: UserRole) => as<AdminUserDetail>(call(api.api.admin.users[':id'].role.$post({ param: { id }, json: { role } }))),
  adjustCredits: (id: string, json: CreditAdjustmentInput) =>
    as<{ user: AdminUserDetail }>(call(api.api.admin.users[':id'].credits.$post({ param: { id }, json }))).then((r) => r.user),
  disable: (id: string) => as<AdminUserDetail>(call(api.api.admin.users[':id'].disable.$post({ param: { id } }))),
  enable: (id: string) => as<AdminUserDetail>(call(api.api.admin.users[':id'].enable.$post({ param: { id } }))),
  payouts: () => paged<PayoutRequest>(call(api.api.admin.payouts.$get())),
  decidePayout: (id: string, decision: 'approve' | 'reject', note: string) => {
    const json = note.trim() ? { note: note.trim() } : {};
    return as<unknown>(
      call(
        decision === 'approve'
          ? api.api.admin.payouts[':id'].approve.$post({ param: { id }, json })
          : api.api.admin.payouts[':id'].reject.$post({ param: { id }, json }),
      ),
    );
  },
  contactMessages: (status: 'open' | 'handled' | 'all', cursor?: string) =>
    paged<ContactMessageItem>(call(api.api.admin['contact-messages'].$get({ query: defined({ status, cursor }) }))),
  markHandled: (id: string) => as<ContactMessageItem>(call(api.api.admin['contact-messages'][':id'].handled.$post({ param: { id } }))),
  audit: (filters: AuditFilters, cursor?: string) =>
    paged<AuditItem>(
      call(api.api.admin.audit.$get({ query: defined({ actor: filters.actor.trim(), action: filters.action.trim(), target: filters.target.trim(), cursor }) })),
    ),
  figures: () => as<SystemFigures>(call(api.api.admin.figures.$get())),
  project: (projectId: string) => as<ProjectSupportView>(call(api.api.admin.projects[':projectId'].$get({ param: { projectId } }))),
};

/** The message function of the workspace (`useT()`), for the label helpers below. */
type Translate = I18n['_'];

/** A plan's name ("Free", "Pro", "Agency"). */
export const planName = (t: Translate, plan: PlanId) => t('admin.plan.name', { plan });

/** An account's role ("User", "Admin"). */
export const roleName = (t: Translate, role: UserRole) => t('admin.role.name', { role });

/** A project member's role ("Owner", "Editor", "Viewer"). */
export const memberRoleName = (t: Translate, role: string) => t('admin.memberRole.name', { role });

const ACTIONS: Record<string, MessageIds> = {
  'user.plan_changed': 'admin.audit.action.userPlanChanged',
  'user.role_changed': 'admin.audit.action.userRoleChanged',
  'user.credits_adjusted': 'admin.audit.action.userCreditsAdjusted',
  'user.disabled': 'admin.audit.action.userDisabled',
  'user.enabled': 'admin.audit.action.userEnabled',
  'user.password_changed': 'admin.audit.action.userPasswordChanged',
  'user.password_reset': 'admin.audit.action.userPasswordReset',
  'user.deletion_requested': 'admin.audit.action.userDeletionRequested',
  'user.deletion_canceled': 'admin.audit.action.userDeletionCanceled',
  'user.purged': 'admin.audit.action.userPurged',
  'payout.approved': 'admin.audit.action.payoutApproved',
  'payout.rejected': 'admin.audit.action.payoutRejected',
  'contact.handled': 'admin.audit.action.contactHandled',
  'project.support_viewed': 'admin.audit.action.projectSupportViewed',
  'project.deleted': 'admin.audit.action.projectDeleted',
  'project.ownership_transferred': 'admin.audit.action.projectOwnershipTransferred',
  'ad.create': 'admin.audit.action.adCreate',
  'ad.update': 'admin.audit.action.adUpdate',
  'ad.delete': 'admin.audit.action.adDelete',
  'ad.submit': 'admin.audit.action.adSubmit',
  'ad.review': 'admin.audit.action.adReview',
  'ad.preview_link': 'admin.audit.action.adPreviewLink',
  'ad.preview_revoke': 'admin.audit.action.adPreviewRevoke',
  'creative.create': 'admin.audit.action.creativeCreate',
  'creative.delete': 'admin.audit.action.creativeDelete',
  'creative.resize': 'admin.audit.action.creativeResize',
  'creative.status': 'admin.audit.action.creativeStatus',
  'creative.variations': 'admin.audit.action.creativeVariations',
  'creation.delete': 'admin.audit.action.creationDelete',
  'funnel.create': 'admin.audit.action.funnelCreate',
  'funnel.delete': 'admin.audit.action.funnelDelete',
  'funnel.domain': 'admin.audit.action.funnelDomain',
  'funnel_page.publish': 'admin.audit.action.funnelPagePublish',
  'funnel_page.restore': 'admin.audit.action.funnelPageRestore',
  'funnel_page.winner': 'admin.audit.action.funnelPageWinner',
  'lead.delete': 'admin.audit.action.leadDelete',
  'presentation.create': 'admin.audit.action.presentationCreate',
  'storage.audit': 'admin.audit.action.storageAudit',
};

/** "user.credits_adjusted" → "Credits adjusted": the audit log's actions in words; an action without a message shows its code. */
export function actionLabel(t: Translate, action: string): string {
  const id = ACTIONS[action];
  return id ? t(id) : action;
}
