import { BarChart3, CalendarPlus, Copy, ExternalLink, Pencil, Presentation, Rocket, Search, Trash2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '#common/format.ts';
import { countOf } from '#common/plural.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Sparkline } from '#client/components/sparkline.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import type { Paged } from '#client/lib/use-paged.ts';
import type { PresentationSummary } from '#client/features/presentations/model.ts';
import { extendable } from '#client/features/presentations/extend-button.tsx';
import { PresentationStatusBadge } from '#client/features/presentations/status.tsx';

export type RowAction = 'stats' | 'publish' | 'unpublish' | 'extend' | 'duplicate' | 'delete';

/** The week's visitors as a line, labelled with the numbers per day. */
function VisitorsSparkline({ daily }: { daily: PresentationSummary['daily7d'] }) {
  const label =
    daily.length === 0 || daily.every((d) => d.visitors === 0)
      ? 'No visitors in the last 7 days'
      : `Visitors in the last 7 days: ${daily.map((d) => `${formatDate(d.day, 'dayMonth')} ${formatNumber(d.visitors)}`).join('; ')}`;
  return (
    <Sparkline
      label={label}
      className="!h-6 w-24"
      height={24}
      series={[{ label: 'Visitors', values: daily.map((d) => d.visitors), className: 'text-accent-600 dark:text-accent-400' }]}
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
  return (
    <section aria-label="Presentations" className="min-w-0">
      {list.status === 'loading' ? <SkeletonLines lines={5} label="Loading presentations" /> : null}
      {list.status === 'error' ? <LoadFailed title="The presentations could not be loaded" onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        query ? (
          <EmptyState icon={<Search aria-hidden="true" className="size-8" />} title="No presentations match">
            No customer name or address contains “{query}”.
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
              'Presentation',
              { label: 'Status', wideOnly: true },
              ...(showAuthor ? [{ label: 'Author', wideOnly: true }] : []),
              { label: 'Visitors · 7 days', wideOnly: true },
              { label: 'Updated', wideOnly: true },
              { label: 'Actions' },
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
                    <span>{countOf(p.visitors7d, 'visitor')} in 7 days</span>
                    {showAuthor && p.author ? <span>by {p.author.name}</span> : null}
                  </div>
                </td>
                <td className={`py-2 pr-4 ${WIDE_ONLY}`}>
                  <PresentationStatusBadge presentation={p} />
                </td>
                {showAuthor ? (
                  <td className={`max-w-40 truncate py-2 pr-4 ${WIDE_ONLY}`} title={p.author?.name}>
                    {p.author?.name ?? 'A deleted account'}
                  </td>
                ) : null}
                <td className={`py-2 pr-4 ${WIDE_ONLY}`}>
                  <div className="flex items-center gap-2">
                    <span className="w-8 text-right font-semibold tabular-nums">{formatNumber(p.visitors7d)}</span>
                    <VisitorsSparkline daily={p.daily7d} />
                  </div>
                </td>
                <td className={`py-2 pr-4 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{formatDate(p.updatedAt)}</td>
                <td className="py-1 text-right">
                  <div className="flex flex-wrap justify-end gap-0.5 max-sm:w-20">
                    <Link
                      to={editHref(p)}
                      aria-label={`Edit ${p.customerName}`}
                      title="Edit"
                      className="inline-grid size-8 place-items-center rounded-[var(--radius-control)] text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Link>
                    {p.status === 'published' ? (
                      <a
                        href={p.url}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`Open ${p.customerName}’s page`}
                        title="Open the page"
                        className="inline-grid size-8 place-items-center rounded-[var(--radius-control)] text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
                      >
                        <ExternalLink aria-hidden="true" className="size-4" />
                      </a>
                    ) : null}
                    <IconAction label={`Statistics of ${p.customerName}`} onClick={() => onAction('stats', p)}>
                      <BarChart3 aria-hidden="true" className="size-4" />
                    </IconAction>
                    {busy === p.id ? (
                      <span role="status" className="inline-grid size-8 place-items-center" aria-label="Working…">
                        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
                      </span>
                    ) : (
                      <>
                        {p.status === 'published' ? (
                          <IconAction label={`Unpublish ${p.customerName}`} onClick={() => onAction('unpublish', p)}>
                            <Undo2 aria-hidden="true" className="size-4" />
                          </IconAction>
                        ) : (
                          <IconAction label={`Publish ${p.customerName}`} onClick={() => onAction('publish', p)}>
                            <Rocket aria-hidden="true" className="size-4" />
                          </IconAction>
                        )}
                        {extendable(p) ? (
                          <IconAction label={`Extend ${p.customerName} by 30 days`} onClick={() => onAction('extend', p)}>
                            <CalendarPlus aria-hidden="true" className="size-4" />
                          </IconAction>
                        ) : null}
                        <IconAction label={`Duplicate ${p.customerName}`} onClick={() => onAction('duplicate', p)}>
                          <Copy aria-hidden="true" className="size-4" />
                        </IconAction>
                        <IconAction danger label={`Delete ${p.customerName}`} onClick={() => onAction('delete', p)}>
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
