import { Check } from 'lucide-react';
import { AD_LIMITS } from '#common/ads.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { Thumbnail } from '#client/components/thumbnail.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { adsApi } from '#client/features/ads/api.ts';

/** The project's rendered pictures (creations), pages of them; none while `projectId` is empty. */
export function useProjectCreations(projectId: string) {
  // No project (yet): nothing to ask for.
  return usePaged((cursor) => (projectId ? adsApi.creations(projectId, cursor) : Promise.resolve({ items: [], nextCursor: null })), [projectId]);
}

/**
 * Picks pictures for an ad, in the order they are clicked (the carousel's order): a grid of
 * checkboxes, at most `max`.
 */
export function CreationPicker({
  list,
  selected,
  onChange,
  max = AD_LIMITS.carouselMax,
  disabled = false,
}: {
  list: ReturnType<typeof useProjectCreations>;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  max?: number;
  disabled?: boolean;
}) {
  const t = useT();
  if (list.status === 'loading')
    return (
      <div role="status" aria-label={t('ads.picker.loading')} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="aspect-square" />
        ))}
      </div>
    );
  if (list.status === 'error') return <LoadFailed title={t('ads.picker.loadFailed')} onRetry={list.reload} />;
  if (list.items.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.picker.none')}</p>;
  const full = selected.length >= max;
  return (
    <div>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {list.items.map((item) => {
          const position = selected.indexOf(item.id);
          const checked = position >= 0;
          return (
            <li key={item.id} className="min-w-0">
              <label
                className={`relative block aspect-square cursor-pointer overflow-hidden rounded-md bg-zinc-100 ring-2 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent-600 dark:bg-zinc-800 ${
                  checked ? 'ring-accent-600' : 'ring-transparent'
                }`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  disabled={disabled || (!checked && full)}
                  aria-label={`${item.name} (${item.width}×${item.height})`}
                  onChange={() => onChange(checked ? selected.filter((id) => id !== item.id) : [...selected, item.id])}
                />
                <Thumbnail src={item.thumbnailUrl} alt={item.name} width={item.width} height={item.height} fit="contain" className="size-full" />
                {checked ? (
                  <span className="absolute top-1 right-1 grid size-6 place-items-center rounded-full bg-accent-600 text-xs font-semibold text-white">
                    {selected.length > 1 ? position + 1 : <Check aria-hidden="true" className="size-4" />}
                  </span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
      <ShowMore list={list} className="mt-3" />
    </div>
  );
}
