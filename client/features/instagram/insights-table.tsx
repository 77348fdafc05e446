import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { INSIGHT_SORTS, type InsightSort } from '#common/schemas/insights.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { TitledSection } from '#client/components/titled-section.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { instagramApi } from '#client/features/instagram/api.ts';

const control =
  'h-9 min-w-0 max-w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/** The project's published posts with their figures (marketing page): an order to pick, the CSV of the same order, each post opening its ad. */
export function InsightsTable({ projectId }: { projectId: string }) {
  const t = useT();
  const format = useFormat();
  const [sort, setSort] = useState<InsightSort>('published');
  const list = useResource(() => instagramApi.projectInsights(projectId, sort), [projectId, sort], { keepStale: true });
  const number = (value: number | null) => (value === null ? '—' : format.number(value));
  const cell = 'py-2 pr-4 text-right tabular-nums';
  return (
    <TitledSection
      headingId={`insights-${projectId}`}
      title={t('instagram.insights.tableTitle')}
      // Nothing to order or download before the first published post: the empty state says what comes.
      actions={
        list.status !== 'ready' || list.data.items.length === 0 ? undefined : (
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm">
              {t('instagram.insights.sortLabel')}
              <select className={control} value={sort} onChange={(e) => setSort(e.currentTarget.value as InsightSort)}>
                {INSIGHT_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t('instagram.insights.sort', { sort: value })}
                  </option>
                ))}
              </select>
            </label>
            <a href={instagramApi.insightsCsvUrl(projectId, sort)} download className={buttonClass('secondary', 'sm')}>
              <Download aria-hidden="true" className="size-4" />
              {t('instagram.insights.csv')}
            </a>
          </div>
        )
      }
    >
      {list.status === 'loading' ? <SkeletonLines lines={3} label={t('instagram.insights.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('instagram.insights.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.data.items.length === 0 ? (
        <EmptyState icon={<BarChart3 aria-hidden="true" className="size-8" />} title={t('instagram.insights.emptyTitle')}>
          {t('instagram.insights.emptyText')}
        </EmptyState>
      ) : null}
      {list.status === 'ready' && list.data.items.length > 0 ? (
        <div className="rounded-[var(--radius-card)] border border-zinc-200 bg-white px-3 dark:border-zinc-800 dark:bg-zinc-900">
          <Table
            columns={[
              t('instagram.insights.colPost'),
              { label: t('instagram.insights.figure', { name: 'reach' }), numeric: true },
              { label: t('instagram.insights.figure', { name: 'engagement' }), numeric: true },
              { label: t('instagram.insights.figure', { name: 'views' }), numeric: true, wideOnly: true },
              { label: t('instagram.insights.figure', { name: 'likes' }), numeric: true, wideOnly: true },
              { label: t('instagram.insights.figure', { name: 'comments' }), numeric: true, wideOnly: true },
              { label: t('instagram.insights.figure', { name: 'saves' }), numeric: true, wideOnly: true },
              { label: t('instagram.insights.figure', { name: 'shares' }), numeric: true, wideOnly: true },
            ]}
          >
            {list.data.items.map((post) => (
              <tr key={post.postId} className="align-top">
                <td className="w-full max-w-0 py-2 pr-4 sm:max-w-xs">
                  <Link
                    to={`/projects/${projectId}/marketing?ad=${encodeURIComponent(post.adId)}`}
                    className="block truncate font-medium hover:text-accent-700"
                  >
                    {post.caption || t('instagram.insights.noCaption')}
                  </Link>
                  <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {t('instagram.insights.postLine', { kind: post.kind, date: format.date(post.publishedAt, 'dateTime') })}
                    {post.state === 'gone' ? ` · ${t('instagram.insights.goneShort')}` : ''}
                    {post.state === 'pending' ? ` · ${t('instagram.insights.pendingShort')}` : ''}
                  </p>
                </td>
                <td className={cell}>{number(post.reach)}</td>
                <td className={cell}>{number(post.engagement)}</td>
                <td className={`${cell} ${WIDE_ONLY}`}>{number(post.views)}</td>
                <td className={`${cell} ${WIDE_ONLY}`}>{number(post.likes)}</td>
                <td className={`${cell} ${WIDE_ONLY}`}>{number(post.comments)}</td>
                <td className={`${cell} ${WIDE_ONLY}`}>{number(post.saves)}</td>
                <td className={`py-2 text-right tabular-nums ${WIDE_ONLY}`}>{number(post.shares)}</td>
              </tr>
            ))}
          </Table>
        </div>
      ) : null}
    </TitledSection>
  );
}
