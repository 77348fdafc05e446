import { useT } from '#client/lib/i18n-context.tsx';
/** Status badges, the same everywhere (DESIGN.md). */
export type Status = 'draft' | 'in_review' | 'approved' | 'rejected' | 'published' | 'failed' | 'changes_requested' | 'archived';

const styles: Record<Status, string> = {
  draft: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  in_review: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-900/30 dark:text-amber-200 dark:ring-amber-800',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-900/30 dark:text-emerald-200 dark:ring-emerald-800',
  rejected: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-900/30 dark:text-red-200 dark:ring-red-800',
  changes_requested: 'bg-orange-50 text-orange-800 ring-orange-200 dark:bg-orange-900/30 dark:text-orange-200 dark:ring-orange-800',
  published: 'bg-accent-50 text-accent-800 ring-accent-200 dark:bg-accent-800/30 dark:text-accent-100 dark:ring-accent-800',
  failed: 'bg-red-600 text-white ring-red-700',
  archived: 'bg-zinc-50 text-zinc-500 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-zinc-800',
};

const labels = {
  draft: 'status.draft',
  in_review: 'status.inReview',
  approved: 'status.approved',
  rejected: 'status.rejected',
  changes_requested: 'status.changesRequested',
  published: 'status.published',
  failed: 'status.failed',
  archived: 'status.archived',
} as const satisfies Record<Status, string>;

export function StatusBadge({ status }: { status: Status }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[status]}`}>{t(labels[status])}</span>
  );
}
