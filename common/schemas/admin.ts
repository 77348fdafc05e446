import * as z from 'zod/mini';
import { idField, pageQuery, text } from '#common/schemas/fields.ts';

/** The admin area (PRODUCT.md §1, §2 `/admin`): inputs shared by the worker and the admin screens. */

export const PLAN_IDS = ['free', 'pro', 'agency'] as const;
export const USER_ROLES = ['user', 'admin'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type UserRole = (typeof USER_ROLES)[number];

/** The most credits one adjustment may add or take (a typo of a few zeros is refused, not booked). */
export const MAX_CREDIT_ADJUSTMENT = 100_000;
export const SEARCH_MAX = 100;

const search = z.optional(text().check(z.trim(), z.maxLength(SEARCH_MAX, `Search with at most ${SEARCH_MAX} characters.`)));

export const adminUserQuery = z.extend(pageQuery, { q: search });

export const adminPlanInput = z.object({ plan: z.enum(PLAN_IDS, 'Choose Free, Pro or Agency.') });
export const adminRoleInput = z.object({ role: z.enum(USER_ROLES, 'Choose user or admin.') });

export const creditAdjustmentInput = z.object({
  amount: z.number('Enter a whole number of credits.').check(
    z.int('Enter a whole number of credits.'),
    z.minimum(-MAX_CREDIT_ADJUSTMENT, `Take at most ${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-US')} credits at once.`),
    z.maximum(MAX_CREDIT_ADJUSTMENT, `Add at most ${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-US')} credits at once.`),
    z.refine((n) => n !== 0, 'Enter a number other than 0.'),
  ),
  reason: text('Say why you adjust the credits.').check(
    z.trim(),
    z.minLength(3, 'Say why you adjust the credits (at least 3 characters).'),
    z.maxLength(300, 'Keep the reason under 300 characters.'),
  ),
  /** One per adjustment the admin means (the dialog makes it): a retried request books nothing twice. */
  key: z.optional(idField()),
});
export type CreditAdjustmentInput = z.infer<typeof creditAdjustmentInput>;

export const contactQuery = z.extend(pageQuery, { status: z.optional(z.enum(['open', 'handled', 'all'])) });

export const auditQuery = z.extend(pageQuery, {
  /** A user id or an exact email address. */
  actor: search,
  /** An action or its beginning (`user.` finds every user action). */
  action: search,
  /** A target id (a user, a payout, a project's resource). */
  target: search,
});

export const adminUserParam = z.object({ id: idField() });
export const adminProjectParam = z.object({ projectId: idField() });

export interface AdminUserSummary {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  plan: PlanId;
  createdAt: string;
  disabledAt: string | null;
  credits: number;
  projects: number;
}

export interface AdminLedgerEntry {
  id: string;
  kind: string;
  amount: number;
  description: string;
  createdAt: string;
}

export interface AdminUserDetail extends AdminUserSummary {
  balance: { monthly: number; purchased: number; total: number; nextResetAt: string | null };
  sessions: number;
  memberOf: { id: string; name: string; role: 'owner' | 'editor' | 'viewer' }[];
  ledger: AdminLedgerEntry[];
}

export interface ContactMessageItem {
  id: string;
  name: string;
  email: string;
  message: string;
  userId: string | null;
  handledAt: string | null;
  createdAt: string;
}

export interface AuditItem {
  id: string;
  action: string;
  targetType: string;
  targetId: string | null;
  /** The target's email (a user) or name (a project), when it still exists. */
  targetLabel: string | null;
  projectId: string | null;
  actor: { id: string; name: string; email: string } | null;
  ip: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface FiguresDay {
  day: string;
  signups: number;
  projects: number;
  renders: number;
  publishes: number;
}

export interface SystemFigures {
  users: { total: number; disabled: number; admins: number; newThisWeek: number };
  projects: { total: number; newThisWeek: number };
  rendersThisWeek: number;
  publishesThisWeek: { total: number; instagram: number; pages: number };
  /** The last 7 days, oldest first, every day present. */
  daily: FiguresDay[];
}

export interface ProjectSupportView {
  project: {
    id: string;
    name: string;
    description: string;
    website: string | null;
    archivedAt: string | null;
    deletedAt: string | null;
    createdAt: string;
    updatedAt: string;
  };
  members: { userId: string; name: string; email: string; role: 'owner' | 'editor' | 'viewer'; since: string; disabled: boolean }[];
  usage: {
    media: number;
    storageBytes: number;
    creatives: number;
    creations: number;
    ads: number;
    funnels: number;
    pages: number;
    leads: number;
    postsPublished: number;
  };
  activity: { kind: 'media' | 'creative' | 'creation' | 'ad' | 'page' | 'post'; id: string; name: string; at: string }[];
  audit: AuditItem[];
}
