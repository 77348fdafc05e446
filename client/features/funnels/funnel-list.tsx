import { Filter, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '#common/format.ts';
import { countOf } from '#common/plural.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { Sparkline } from '#client/components/sparkline.tsx';
import type { Paged } from '#client/lib/use-paged.ts';
import type { FunnelSummary } from '#client/features/funnels/api.ts';

export const FUNNEL_GRID = 'grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 xl:grid-cols-3';

/** The week's views and leads as two lines, labelled for screen readers with the numbers per day. */
export function WeekSparkline({ daily }: { daily: FunnelSummary['daily7d'] }) {
  const label =
    daily.length === 0
      ? 'No views or leads in the last 7 days'
      : `Last 7 days: ${daily.map((d) => `${formatDate(d.day, 'dayMonth')} ${countOf(d.views, 'view')}, ${countOf(d.leads, 'lead')}`).join('; ')}`;
  return (
    <Sparkline
      ownScale
      label={label}
      series={[
        { label: 'Views', values: daily.map((d) => d.views), className: 'text-accent-600 dark:text-accent-400' },
        { label: 'Leads', values: daily.map((d) => d.leads), className: 'text-emerald-600 dark:text-emerald-400' },
      ]}
    />
  );
}

function FunnelCard({ funnel, showProject }: { funnel: FunnelSummary; showProject: boolean }) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="min-w-0">
        <Link to={`/funnels/${funnel.id}`} className="block truncate font-semibold text-zinc-900 hover:underline dark:text-zinc-50" title={funnel.title}>
          {funnel.title}
        </Link>
        <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={`/p/${funnel.name}`}>
          /p/{funnel.name}
        </p>
        <p className="mt-1 truncate text-xs text-zinc-600 dark:text-zinc-400">
          {showProject ? `${funnel.projectName} · ` : ''}
          {countOf(funnel.pageCount, 'page')}
        </p>
        {funnel.customDomain ? (
          <p className="mt-1 flex min-w-0 items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
            <Globe aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{funnel.customDomain}</span>
          </p>
        ) : null}
      </div>
      <div>
        <WeekSparkline daily={funnel.daily7d} />
        <dl className="mt-2 flex gap-4 text-sm">
          {(
            [
              ['Views', 'bg-accent-600 dark:bg-accent-400', funnel.views7d],
              ['Leads', 'bg-emerald-600 dark:bg-emerald-400', funnel.leads7d],
            ] as const
          ).map(([label, dot, value]) => (
            <div key={label} className="flex items-center gap-1.5">
              <dt className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
                <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
                {label}
              </dt>
              <dd className="font-semibold tabular-nums">{formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-1 text-right text-xs text-zinc-500 dark:text-zinc-400">7 days</p>
      </div>
    </li>
  );
}

function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading funnels" className={FUNNEL_GRID}>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="space-y-3 rounded-[var(--radius-card)] border border-zinc-200 p-4 dark:border-zinc-800">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </div>
  );
}

/** Funnels as cards with their week of views and leads, and the three list states. */
export function FunnelList({
  list,
  showProject,
  filtered,
  empty,
  onClearFilter,
}: {
  list: Paged<FunnelSummary>;
  showProject: boolean;
  filtered: boolean;
  empty: { title: string; text: string; action?: ReactNode };
  onClearFilter: () => void;
}) {
  return (
    <section aria-label="Funnels" className="min-w-0">
      {list.status === 'loading' ? <GridSkeleton /> : null}
      {list.status === 'error' ? <LoadFailed title="The funnels could not be loaded" onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<Filter aria-hidden="true" className="size-8" />}
            title="No funnels in this project"
            action={
              <button type="button" className="text-sm font-medium underline" onClick={onClearFilter}>
                Show all projects
              </button>
            }
          >
            This project has no funnels yet.
          </EmptyState>
        ) : (
          <EmptyState icon={<Filter aria-hidden="true" className="size-8" />} title={empty.title} action={empty.action}>
            {empty.text}
          </EmptyState>
        )
      ) : null}
      {list.items.length > 0 ? (
        <ul className={FUNNEL_GRID}>
          {list.items.map((f) => (
            <FunnelCard key={f.id} funnel={f} showProject={showProject} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} />
    </section>
  );
}
