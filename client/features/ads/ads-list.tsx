import { ExternalLink, Images, Megaphone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AD_STATUSES, AD_STATUS_LABELS, PLACEMENT_LABELS, type AdStatus } from '#common/ads.ts';
import { formatDate } from '#common/format.ts';
import type { AdSummary } from '#common/schemas/ads.ts';
import { countOf } from '#common/plural.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { NewButton } from '#client/components/new-button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { RowsSkeleton } from '#client/components/skeleton.tsx';
import { TitledSection } from '#client/components/titled-section.tsx';
import type { Paged } from '#client/lib/use-paged.ts';
import { AdStatusBadge } from '#client/features/ads/ad-status.tsx';

const KIND_LABELS = { single: 'Single image', carousel: 'Carousel', story: 'Story' } as const;

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
  const chip = (active: boolean) =>
    `inline-flex h-8 items-center rounded-full px-3 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
      active
        ? 'bg-accent-600 text-white ring-accent-600'
        : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800'
    }`;
  return (
    <div role="group" aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
      <button type="button" aria-pressed={value === ''} className={chip(value === '')} onClick={() => onChange('')}>
        All
      </button>
      {AD_STATUSES.map((status) => (
        <button key={status} type="button" aria-pressed={value === status} className={chip(value === status)} onClick={() => onChange(status)}>
          {AD_STATUS_LABELS[status]}
        </button>
      ))}
    </div>
  );
}

function PostLine({ ad }: { ad: AdSummary }) {
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
        Published{post.publishedAt ? ` ${formatDate(post.publishedAt, 'dateTime')}` : ''} <ExternalLink aria-hidden="true" className="size-3" />
        <span className="sr-only">(opens the post on Instagram)</span>
      </a>
    );
  if (post.status === 'scheduled' || post.status === 'publishing')
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {post.status === 'publishing' ? 'Publishing now' : `Scheduled for ${formatDate(post.scheduledAt, 'dateTime')}`}
      </p>
    );
  if (post.status === 'failed') return <p className="text-xs text-red-700 dark:text-red-400">Not published: {post.error ?? 'the post failed.'}</p>;
  return null;
}

function AdRow({ ad, href }: { ad: AdSummary; href: string }) {
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
          {KIND_LABELS[ad.kind]}
          {ad.kind === 'carousel' ? ` of ${ad.itemCount}` : ''} · {ad.placements.map((p) => PLACEMENT_LABELS[p]).join(', ')}
          {ad.reviewCount > 0 ? ` · ${countOf(ad.reviewCount, 'review')}` : ''}
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
  return (
    <TitledSection
      headingId="ads-heading"
      title="Ads"
      actions={
        onNew ? (
          <NewButton size="sm" onClick={onNew}>
            New ad
          </NewButton>
        ) : null
      }
    >
      <StatusChips value={status} onChange={onStatus} />
      {list.status === 'loading' ? <RowsSkeleton label="Loading ads" thumbnail /> : null}
      {list.status === 'error' ? <LoadFailed title="The ads could not be loaded" onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        status ? (
          <EmptyState
            icon={<Megaphone aria-hidden="true" className="size-8" />}
            title={`No ads ${AD_STATUS_LABELS[status].toLowerCase()}`}
            action={
              <Button variant="secondary" onClick={() => onStatus('')}>
                Show all ads
              </Button>
            }
          >
            No ad of this project has this status right now.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<Megaphone aria-hidden="true" className="size-8" />}
            title="No ads yet"
            action={onNew ? <NewButton onClick={onNew}>New ad</NewButton> : undefined}
          >
            Turn a creative or rendered pictures into an ad, share its preview for approval, then publish it to Instagram.
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
