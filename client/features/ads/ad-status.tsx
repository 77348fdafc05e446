import type { AdStatus } from '#common/ads.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** Ad statuses as badges, in the colours of the shared status badges (DESIGN.md), plus "scheduled". */
const styles: Record<AdStatus, string> = {
  draft: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  in_review: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-900/30 dark:text-amber-200 dark:ring-amber-800',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-900/30 dark:text-emerald-200 dark:ring-emerald-800',
  changes_requested: 'bg-orange-50 text-orange-800 ring-orange-200 dark:bg-orange-900/30 dark:text-orange-200 dark:ring-orange-800',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-900/30 dark:text-sky-200 dark:ring-sky-800',
  published: 'bg-accent-50 text-accent-800 ring-accent-200 dark:bg-accent-800/30 dark:text-accent-100 dark:ring-accent-800',
  failed: 'bg-red-600 text-white ring-red-700',
};

export function AdStatusBadge({ status }: { status: AdStatus }) {
  const t = useT();
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${styles[status]}`}>
      {t('ads.status', { status })}
    </span>
  );
}
