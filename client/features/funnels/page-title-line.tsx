import { Split } from 'lucide-react';
import { Link } from 'react-router';
import { PageStatusBadge } from '#client/components/page-status-badge.tsx';
import type { PageSummary } from '#client/features/funnels/api.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * A page's first line in the funnel's pages card and in the list of all pages: its title (a
 * link to its editor), its status, and its A/B split when it has a variant B.
 */
export function PageTitleLine({ page, weight }: { page: PageSummary; weight: 'font-medium' | 'font-semibold' }) {
  const t = useT();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <Link to={`/pages/${page.id}`} className={`min-w-0 truncate ${weight} text-zinc-900 hover:underline dark:text-zinc-50`} title={page.title}>
        {page.title}
      </Link>
      <PageStatusBadge status={page.status} />
      {page.hasVariantB ? (
        <span className="inline-flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
          <Split aria-hidden="true" className="size-3.5" />
          {t('funnels.page.split', { split: page.splitB })}
        </span>
      ) : null}
    </div>
  );
}
