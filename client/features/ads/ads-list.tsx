import { ExternalLink, Images, Megaphone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AD_STATUSES, type AdStatus } from '#common/ads.ts';
import type { AdSummary } from '#common/schemas/ads.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { NewButton } from '#client/components/new-button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { RowsSkeleton } from '#client/components/skeleton.tsx';
import { TitledSection } from '#client/components/titled-section.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import type { Paged } from '#client/lib/use-paged.ts';
import { AdStatusBadge } from '#client/features/ads/ad-status.tsx';

const DATE_TIME = 'dateTime' as const;

/** The status filter of the ads list, kept in the URL (`?status=`). */
export function useAdStatusFilter(): [AdStatus | '', (status: AdStatus | '') => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status = (AD_STATUSES as readonly string[]).includes(raw) ? (raw as AdStatus) : '';
  const set = (next: AdStatus | '') =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('status', next);
        else copy.delete('status');
        return copy;
      },
      { replace: true },
    );
  return [status, set];
}

function StatusChips({ value, onChange }: { value: AdStatus | ''; onChange: (status: AdStatus | '') => void }) {
  const t = useT();
  const chip = (active: boolean) =>
    `inline-flex h-8 items-center rounded-full px-3 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
      active
        ? 'bg-accent-600 text-white ring-accent-600'
        : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800'
    }`;
  return (
    <div role="group" aria-label={t('ads.list.filter')} className="mb-4 flex flex-wrap gap-2">
      <button type="button" aria-pressed={value === ''} className={chip(value === '')} onClick={() => onChange('')}>
        {t('ads.list.all')}
      </button>
      {AD_STATUSES.map((status) => (
        <button key={status} type="button" aria-pressed={value === status} className={chip(value === status)} onClick={() => onChange(status)}>
          {t('ads.status', { status })}
        </button>
      ))}
    </div>
  );
}

function PostLine({ ad }: { ad: AdSummary }) {
  const t = useT();
  const format = useFormat();
  const post = ad.post;
  if (!post || post.status === 'canceled') return null;
  if (post.status === 'published' && post.permalink)
    return (
      <a
        href={post.permalink}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-xs font-medium text-accent-700 underline dark:text-accent-200"
      >
        {post.publishedAt ? t('ads.list.publishedAt', { date: format.date(post.publishedAt, DATE_TIME) }) : t('ads.list.published')}{' '}
        <ExternalLink aria-hidden="true" className="size-3" />
        <span className="sr-only">{t('ads.list.opensPost')}</span>
      </a>
    );
  if (post.status === 'scheduled' || post.status === 'publishing')
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {post.status === 'publishing' ? t('ads.list.publishingNow') : t('ads.list.scheduledFor', { date: format.date(post.scheduledAt, DATE_TIME) })}
      </p>
    );
  if (post.status === 'failed')
    return <p className="text-xs text-red-700 dark:text-red-400">{t('ads.list.notPublished', { reason: post.error ?? t('ads.list.postFailed') })}</p>;
  return null;
}

function AdRow({ ad, href }: { ad: AdSummary; href: string }) {
  const t = useT();
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800">
        {ad.thumbnailUrl ? (
          <img src={ad.thumbnailUrl} alt="" loading="lazy" decoding="async" className="max-h-full max-w-full object-contain" />
        ) : (
          <Images aria-hidden="true" className="size-6 text-zinc-400" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={href} className="min-w-0 truncate font-semibold text-zinc-900 hover:underline dark:text-zinc-50" title={ad.name}>
            {ad.name}
          </Link>
          <AdStatusBadge status={ad.status} />
        </div>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {t('ads.kind', { kind: ad.kind })}
          {ad.kind === 'carousel' ? t('ads.list.carouselOf', { count: ad.itemCount }) : ''} ·{' '}
          {ad.placements.map((placement) => t('ads.placement', { placement })).join(', ')}
          {ad.reviewCount > 0 ? ` · ${t('ads.list.reviews', { count: ad.reviewCount })}` : ''}
        </p>
        {ad.headline ? <p className="truncate text-sm text-zinc-700 dark:text-zinc-300">{ad.headline}</p> : null}
        <PostLine ad={ad} />
      </div>
    </li>
  );
}

/** The project's ads: status chips, rows that open the editor (`?ad=`), "Show more" pages, and the three list states. */
export function AdsList({
  list,
  status,
  onStatus,
  hrefOf,
  onNew,
}: {
  list: Paged<AdSummary>;
  status: AdStatus | '';
  onStatus: (status: AdStatus | '') => void;
  hrefOf: (ad: AdSummary) => string;
  /** Offered when the user may create ads. */
  onNew: (() => void) | undefined;
}) {
  const t = useT();
  return (
    <TitledSection
      headingId="ads-heading"
      title={t('ads.list.title')}
      actions={
        onNew ? (
          <NewButton size="sm" onClick={onNew}>
            {t('ads.list.new')}
          </NewButton>
        ) : null
      }
    >
      <StatusChips value={status} onChange={onStatus} />
      {list.status === 'loading' ? <RowsSkeleton label={t('ads.list.loading')} thumbnail /> : null}
      {list.status === 'error' ? <LoadFailed title={t('ads.list.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        status ? (
          <EmptyState
            icon={<Megaphone aria-hidden="true" className="size-8" />}
            title={t('ads.list.noneWithStatus', { status })}
            action={
              <Button variant="secondary" onClick={() => onStatus('')}>
                {t('ads.list.showAll')}
              </Button>
            }
          >
            {t('ads.list.noneWithStatusText')}
          </EmptyState>
        ) : (
          <EmptyState
            icon={<Megaphone aria-hidden="true" className="size-8" />}
            title={t('ads.list.empty')}
            action={onNew ? <NewButton onClick={onNew}>{t('ads.list.new')}</NewButton> : undefined}
          >
            {t('ads.list.emptyText')}
          </EmptyState>
        )
      ) : null}
      {list.items.length > 0 ? (
        <ul className="space-y-3">
          {list.items.map((ad) => (
            <AdRow key={ad.id} ad={ad} href={hrefOf(ad)} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} />
    </TitledSection>
  );
}
