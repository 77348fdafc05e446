import type { PageStatus } from '#common/schemas/funnels.ts';
import { useT } from '#client/lib/i18n-context.tsx';

const styles: Record<PageStatus, string> = {
  draft: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  published: 'bg-accent-50 text-accent-800 ring-accent-200 dark:bg-accent-800/30 dark:text-accent-100 dark:ring-accent-800',
  changed: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-900/30 dark:text-amber-200 dark:ring-amber-800',
};

const LABELS = { draft: 'status.draft', published: 'status.published', changed: 'status.changedSincePublish' } as const satisfies Record<PageStatus, string>;

/** A funnel page's status, styled like the other status badges (draft, published) plus "changed since publish". */
export function PageStatusBadge({ status }: { status: PageStatus }) {
  const t = useT();
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[status]}`}>
      {t(LABELS[status])}
    </span>
  );
}
