import { Lock } from 'lucide-react';
import { useT } from '#client/lib/i18n-context.tsx';
import type { PresentationSummary } from '#client/features/presentations/model.ts';

type Shown = 'draft' | 'published' | 'expired';

const styles: Record<Shown, string> = {
  draft: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  published: 'bg-accent-50 text-accent-800 ring-accent-200 dark:bg-accent-800/30 dark:text-accent-100 dark:ring-accent-800',
  expired: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-900/30 dark:text-amber-200 dark:ring-amber-800',
};

const labels = {
  draft: 'presentations.status.draft',
  published: 'presentations.status.published',
  expired: 'presentations.status.expired',
} as const satisfies Record<Shown, string>;

/** A presentation's status (draft, published, expired), styled like the other status badges, and a lock when it has a password. */
export function PresentationStatusBadge({ presentation }: { presentation: Pick<PresentationSummary, 'status' | 'expired' | 'hasPassword'> }) {
  const t = useT();
  const shown: Shown = presentation.status === 'published' && presentation.expired ? 'expired' : presentation.status;
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5">
      <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[shown]}`}>{t(labels[shown])}</span>
      {presentation.hasPassword ? (
        <span title={t('presentations.status.protected')} className="inline-flex items-center text-zinc-500 dark:text-zinc-400">
          <Lock aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{t('presentations.status.passwordProtected')}</span>
        </span>
      ) : null}
    </span>
  );
}
