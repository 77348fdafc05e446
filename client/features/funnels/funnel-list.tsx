import { Filter, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '#client/lib/format.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { Sparkline } from '#client/components/sparkline.tsx';
import type { Paged } from '#client/lib/use-paged.ts';
import type { FunnelSummary } from '#client/features/funnels/api.ts';
import { useT } from '#client/lib/i18n-context.tsx';

export const FUNNEL_GRID = 'grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 xl:grid-cols-3';

/** The week's views and leads as two lines, labelled for screen readers with the numbers per day. */
export function WeekSparkline({ daily }: { daily: FunnelSummary['daily7d'] }) {
  const t = useT();
  const format = useFormat();
  const label =
    daily.length === 0
      ? t('funnels.week.none')
      : t('funnels.week.label', {
          days: daily.map((d) => t('funnels.week.day', { day: format.date(d.day, 'dayMonth'), views: d.views, leads: d.leads })).join('; '),
        });
  return (
    <Sparkline
      ownScale
      label={label}
      series={[
        { label: t('funnels.week.views'), values: daily.map((d) => d.views), className: 'text-accent-600 dark:text-accent-400' },
        { label: t('funnels.week.leads'), values: daily.map((d) => d.leads), className: 'text-emerald-600 dark:text-emerald-400' },
      ]}
    />
  );
}

function FunnelCard({ funnel, showProject }: { funnel: FunnelSummary; showProject: boolean }) {
  const t = useT();
  const format = useFormat();
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
          {showProject
            ? t('funnels.card.projectPages', { project: funnel.projectName, count: funnel.pageCount })
            : t('funnels.card.pages', { count: funnel.pageCount })}
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
              [t('funnels.week.views'), 'bg-accent-600 dark:bg-accent-400', funnel.views7d],
              [t('funnels.week.leads'), 'bg-emerald-600 dark:bg-emerald-400', funnel.leads7d],
            ] as const
          ).map(([label, dot, value]) => (
            <div key={label} className="flex items-center gap-1.5">
              <dt className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
                <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
                {label}
              </dt>
              <dd className="font-semibold tabular-nums">{format.number(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-1 text-right text-xs text-zinc-500 dark:text-zinc-400">{t('funnels.week.sevenDays')}</p>
      </div>
    </li>
  );
}

function GridSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('funnels.grid.loading')} className={FUNNEL_GRID}>
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
  const t = useT();
  return (
    <section aria-label={t('funnels.grid.label')} className="min-w-0">
      {list.status === 'loading' ? <GridSkeleton /> : null}
      {list.status === 'error' ? <LoadFailed title={t('funnels.grid.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<Filter aria-hidden="true" className="size-8" />}
            title={t('funnels.grid.noneInProject')}
            action={
              <button type="button" className="text-sm font-medium underline" onClick={onClearFilter}>
                {t('funnels.grid.showAll')}
              </button>
            }
          >
            {t('funnels.grid.projectEmpty')}
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
