import { BarChart3, CalendarPlus, Copy, ExternalLink, Pencil, Presentation, Rocket, Search, Trash2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '#client/components/alert.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Sparkline } from '#client/components/sparkline.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import type { Paged } from '#client/lib/use-paged.ts';
import type { PresentationSummary } from '#client/features/presentations/model.ts';
import { extendable } from '#client/features/presentations/extend-button.tsx';
import { PresentationStatusBadge } from '#client/features/presentations/status.tsx';

export type RowAction = 'stats' | 'publish' | 'unpublish' | 'extend' | 'duplicate' | 'delete';

/** The week's visitors as a line, labelled with the numbers per day. */
function VisitorsSparkline({ daily }: { daily: PresentationSummary['daily7d'] }) {
  const t = useT();
  const format = useFormat();
  const label =
    daily.length === 0 || daily.every((d) => d.visitors === 0)
      ? t('presentations.list.sparkline.none')
      : t('presentations.list.sparkline.label', { days: daily.map((d) => `${format.date(d.day, 'dayMonth')} ${format.number(d.visitors)}`).join('; ') });
  return (
    <Sparkline
      label={label}
      className="!h-6 w-24"
      height={24}
      series={[{ label: t('presentations.list.sparkline.series'), values: daily.map((d) => d.visitors), className: 'text-accent-600 dark:text-accent-400' }]}
    />
  );
}

function IconAction({ label, onClick, children, danger = false }: { label: string; onClick: () => void; children: ReactNode; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`inline-grid size-8 place-items-center rounded-[var(--radius-control)] text-zinc-600 focus-visible:outline-2 focus-visible:outline-accent-600 dark:text-zinc-300 ${
        danger
          ? 'hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-900/30'
          : 'hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-white'
      }`}
    >
      {children}
    </button>
  );
}

/**
 * Presentations as a table: customer and address, status, author (all of them: admins),
 * the week's visitors, last change, and the actions on each row. On a phone the details
 * fold under the name and the actions wrap.
 */
export function PresentationList({
  list,
  showAuthor,
  query,
  empty,
  editHref,
  busy,
  onAction,
}: {
  list: Paged<PresentationSummary>;
  showAuthor: boolean;
  query: string;
  empty: { title: string; text: string; action?: ReactNode };
  editHref: (p: PresentationSummary) => string;
  /** The row whose action is running (its buttons wait). */
  busy: string | null;
  onAction: (action: RowAction, p: PresentationSummary) => void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-label={t('presentations.list.mine.title')} className="min-w-0">
      {list.status === 'loading' ? <SkeletonLines lines={5} label={t('presentations.list.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('presentations.list.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        query ? (
          <EmptyState icon={<Search aria-hidden="true" className="size-8" />} title={t('presentations.list.noMatch.title')}>
            {t('presentations.list.noMatch.text', { query })}
          </EmptyState>
        ) : (
          <EmptyState icon={<Presentation aria-hidden="true" className="size-8" />} title={empty.title} action={empty.action}>
            {empty.text}
          </EmptyState>
        )
      ) : null}
      {list.items.length > 0 ? (
        <div className="rounded-[var(--radius-card)] border border-zinc-200 bg-white px-3 dark:border-zinc-800 dark:bg-zinc-900">
          <Table
            columns={[
              t('presentations.list.col.presentation'),
              { label: t('presentations.list.col.status'), wideOnly: true },
              ...(showAuthor ? [{ label: t('presentations.list.col.author'), wideOnly: true }] : []),
              { label: t('presentations.list.col.visitors'), wideOnly: true },
              { label: t('presentations.list.col.updated'), wideOnly: true },
              { label: t('presentations.list.col.actions') },
            ]}
          >
            {list.items.map((p) => (
              <tr key={p.id} className="align-middle" aria-busy={busy === p.id || undefined}>
                <td className="w-full max-w-0 py-2 pr-4 sm:w-auto sm:max-w-xs">
                  <Link to={editHref(p)} className="block truncate font-medium text-zinc-900 hover:underline dark:text-zinc-50" title={p.customerName}>
                    {p.customerName}
                  </Link>
                  <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={p.url}>
                    /presents/{p.slug}
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-600 sm:hidden dark:text-zinc-400">
                    <PresentationStatusBadge presentation={p} />
                    <span>{t('presentations.list.visitors', { count: p.visitors7d })}</span>
                    {showAuthor && p.author ? <span>{t('presentations.list.by', { name: p.author.name })}</span> : null}
                  </div>
                </td>
                <td className={`py-2 pr-4 ${WIDE_ONLY}`}>
                  <PresentationStatusBadge presentation={p} />
                </td>
                {showAuthor ? (
                  <td className={`max-w-40 truncate py-2 pr-4 ${WIDE_ONLY}`} title={p.author?.name}>
                    {p.author?.name ?? t('presentations.list.deletedAuthor')}
                  </td>
                ) : null}
                <td className={`py-2 pr-4 ${WIDE_ONLY}`}>
                  <div className="flex items-center gap-2">
                    <span className="w-8 text-right font-semibold tabular-nums">{format.number(p.visitors7d)}</span>
                    <VisitorsSparkline daily={p.daily7d} />
                  </div>
                </td>
                <td className={`py-2 pr-4 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{format.date(p.updatedAt, 'short')}</td>
                <td className="py-1 text-right">
                  <div className="flex flex-wrap justify-end gap-0.5 max-sm:w-20">
                    <Link
                      to={editHref(p)}
                      aria-label={t('presentations.list.edit', { customer: p.customerName })}
                      title={t('presentations.list.editTitle')}
                      className="inline-grid size-8 place-items-center rounded-[var(--radius-control)] text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Link>
                    {p.status === 'published' ? (
                      <a
                        href={p.url}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={t('presentations.list.open', { customer: p.customerName })}
                        title={t('presentations.list.openPage')}
                        className="inline-grid size-8 place-items-center rounded-[var(--radius-control)] text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
                      >
                        <ExternalLink aria-hidden="true" className="size-4" />
                      </a>
                    ) : null}
                    <IconAction label={t('presentations.list.stats', { customer: p.customerName })} onClick={() => onAction('stats', p)}>
                      <BarChart3 aria-hidden="true" className="size-4" />
                    </IconAction>
                    {busy === p.id ? (
                      <span role="status" className="inline-grid size-8 place-items-center" aria-label={t('presentations.list.working')}>
                        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
                      </span>
                    ) : (
                      <>
                        {p.status === 'published' ? (
                          <IconAction label={t('presentations.list.unpublish', { customer: p.customerName })} onClick={() => onAction('unpublish', p)}>
                            <Undo2 aria-hidden="true" className="size-4" />
                          </IconAction>
                        ) : (
                          <IconAction label={t('presentations.list.publish', { customer: p.customerName })} onClick={() => onAction('publish', p)}>
                            <Rocket aria-hidden="true" className="size-4" />
                          </IconAction>
                        )}
                        {extendable(p) ? (
                          <IconAction label={t('presentations.list.extend', { customer: p.customerName })} onClick={() => onAction('extend', p)}>
                            <CalendarPlus aria-hidden="true" className="size-4" />
                          </IconAction>
                        ) : null}
                        <IconAction label={t('presentations.list.duplicate', { customer: p.customerName })} onClick={() => onAction('duplicate', p)}>
                          <Copy aria-hidden="true" className="size-4" />
                        </IconAction>
                        <IconAction danger label={t('presentations.list.delete', { customer: p.customerName })} onClick={() => onAction('delete', p)}>
                          <Trash2 aria-hidden="true" className="size-4" />
                        </IconAction>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        </div>
      ) : null}
      <ShowMore list={list} />
    </section>
  );
}
