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

export const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', pro: 'Pro', agency: 'Agency' };

/** "user.credits_adjusted" → "Credits adjusted": the audit log's actions in words. */
export function actionLabel(action: string): string {
  const known: Record<string, string> = {
    'user.plan_changed': 'Plan changed',
    'user.role_changed': 'Role changed',
    'user.credits_adjusted': 'Credits adjusted',
    'user.disabled': 'Account disabled',
    'user.enabled': 'Account enabled',
    'payout.approved': 'Payout approved',
    'payout.rejected': 'Payout rejected',
    'contact.handled': 'Message handled',
    'project.support_viewed': 'Project viewed by support',
  };
  if (known[action]) return known[action];
  const words = action.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
