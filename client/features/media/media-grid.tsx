import { Check, Film, Image as ImageIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { MediaItem } from '#common/schemas/media.ts';
import { PhotoCredit } from '#client/components/photo-credit.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { formatDuration } from '#client/features/media/format.ts';

/**
 * The library as a grid of previews. A tile opens the media detail over the grid (its
 * own URL); the checkbox selects it for deleting several at once.
 */
export function MediaGrid({
  items,
  projectId,
  selected,
  onToggle,
  selectable,
}: {
  items: MediaItem[];
  projectId: string;
  selected: Set<string>;
  onToggle: (id: string) => void;
  selectable: boolean;
}) {
  const t = useT();
  const { search } = useLocation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {items.map((item) => {
        const isSelected = selected.has(item.id);
        return (
          <li key={item.id} className="group relative">
            <Link
              to={{ pathname: `/projects/${projectId}/media/${item.id}`, search }}
              state={{ fromGrid: true }}
              className={`block overflow-hidden rounded-[var(--radius-card)] border bg-white shadow-sm transition hover:shadow-md dark:bg-zinc-900 ${
                isSelected ? 'border-accent-600 ring-2 ring-accent-600' : 'border-zinc-200 dark:border-zinc-800'
              }`}
            >
              <div className="relative aspect-square bg-zinc-100 dark:bg-zinc-800">
                {item.thumbnailUrl ? (
                  <img src={item.thumbnailUrl} alt={item.alt || item.name} loading="lazy" decoding="async" className="size-full object-cover" />
                ) : (
                  <div className="grid size-full place-items-center text-zinc-400">
                    {item.kind === 'video' ? <Film aria-hidden="true" className="size-8" /> : <ImageIcon aria-hidden="true" className="size-8" />}
                  </div>
                )}
                {item.kind === 'video' ? (
                  <span className="absolute right-2 bottom-2 rounded bg-zinc-950/70 px-1.5 py-0.5 text-xs font-medium text-white">
                    {item.durationMs !== null ? formatDuration(item.durationMs) : t('media.grid.video')}
                  </span>
                ) : null}
              </div>
              <div className="px-3 py-2">
                <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{item.name}</p>
                <p className="truncate text-xs text-zinc-500">
                  {item.attribution ? (
                    <PhotoCredit attribution={item.attribution} plain />
                  ) : item.tags.length ? (
                    item.tags.join(', ')
                  ) : item.width ? (
                    `${item.width} × ${item.height}`
                  ) : (
                    '\u00a0'
                  )}
                </p>
              </div>
            </Link>
            {selectable ? (
              <label
                className={`absolute top-2 left-2 grid size-6 cursor-pointer place-items-center rounded-md border bg-white/90 shadow-sm focus-within:ring-2 focus-within:ring-accent-600 dark:bg-zinc-900/90 ${
                  isSelected
                    ? 'border-accent-600 opacity-100'
                    : 'border-zinc-300 opacity-0 group-hover:opacity-100 focus-within:opacity-100 dark:border-zinc-600'
                } ${selected.size > 0 ? 'opacity-100' : ''}`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={isSelected}
                  onChange={() => onToggle(item.id)}
                  aria-label={t('media.grid.select', { name: item.name })}
                />
                {isSelected ? <Check aria-hidden="true" className="size-4 text-accent-700" /> : null}
              </label>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
