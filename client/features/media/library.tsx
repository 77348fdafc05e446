import { Search, Trash2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MediaItem } from '#common/schemas/media.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { Uploader } from '#client/components/media-uploader.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged, type Paged } from '#client/lib/use-paged.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { mediaApi } from '#client/features/media/api.ts';
import { MediaGrid } from '#client/features/media/media-grid.tsx';

/** The library's filters, kept in the URL so that the media detail over the grid and a reload keep them. */
function filtersOf(params: URLSearchParams): { type: 'image' | 'video' | undefined; tag: string | undefined; q: string } {
  const type = params.get('type');
  return { type: type === 'image' || type === 'video' ? type : undefined, tag: params.get('tag') ?? undefined, q: params.get('q') ?? '' };
}

/** The project's media, filtered as the URL says; owned by the project page (the detail modal walks it too). */
export function useLibraryList(projectId: string): Paged<MediaItem> {
  const [params] = useSearchParams();
  const { type, tag, q } = filtersOf(params);
  return usePaged(
    (cursor) => mediaApi.list(projectId, { ...(type ? { type } : {}), ...(tag ? { tag } : {}), ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) }),
    [projectId, type, tag, q],
  );
}

/** The project's tags with their counts, for the tag filter; the project page reloads them when a file's tags change. */
export function useMediaTags(projectId: string) {
  return useResource(() => mediaApi.tags(projectId), [projectId], { keepStale: true });
}

export type MediaTags = ReturnType<typeof useMediaTags>;

const control = 'h-9 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/**
 * The media library of a project: upload, filter by type and tag, search, select and
 * delete several, and "show more" pagination. Filters live in the URL so that the media
 * detail (opened over the grid) and a reload keep them.
 */
export function Library({
  projectId,
  canEdit,
  storage,
  list,
  tags,
  onContentChanged,
}: {
  projectId: string;
  canEdit: boolean;
  storage: { usedBytes: number; limitBytes: number };
  list: Paged<MediaItem>;
  /** Tags change with uploads, edits and deletions, not with the filters. */
  tags: MediaTags;
  /** Files were added or removed: the project's counts and storage changed. */
  onContentChanged: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const { type, tag, q } = filtersOf(params);
  const [search, setSearch] = useState(q);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const items = list.items;
  const changed = () => {
    list.reload();
    tags.reload();
    onContentChanged();
  };

  // Search as you type, a moment after the last key.
  const applySearch = useEffectEvent((value: string) => {
    if (value === q) return;
    const next = new URLSearchParams(params);
    if (value) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true });
  });
  useEffect(() => {
    const timer = setTimeout(() => applySearch(search), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const setFilter = (key: 'type' | 'tag', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const filtered = Boolean(type || tag || q);

  return (
    <section aria-labelledby="library-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="library-title" className="text-base font-semibold">
            {t('media.library.title')}
          </h2>
          <p className="text-xs text-zinc-500">
            {t('media.library.storage', { used: format.bytes(storage.usedBytes), limit: format.bytes(storage.limitBytes) })}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <label className="relative w-full sm:w-auto">
            <span className="sr-only">{t('media.library.searchLabel')}</span>
            <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-zinc-400" />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              placeholder={t('media.library.searchPlaceholder')}
              className={`${control} w-full pl-8 sm:w-56`}
            />
          </label>
          <select
            aria-label={t('media.library.type')}
            className={`${control} min-w-0`}
            value={type ?? ''}
            onChange={(e) => setFilter('type', e.currentTarget.value)}
          >
            <option value="">{t('media.library.allTypes')}</option>
            <option value="image">{t('media.library.images')}</option>
            <option value="video">{t('media.library.videos')}</option>
          </select>
          <select
            aria-label={t('media.library.tag')}
            className={`${control} min-w-0 flex-1 sm:max-w-56 sm:flex-none`}
            value={tag ?? ''}
            onChange={(e) => setFilter('tag', e.currentTarget.value)}
          >
            <option value="">{t('media.library.allTags')}</option>
            {tags.status === 'ready'
              ? tags.data.items.map((entry) => (
                  <option key={entry.tag} value={entry.tag}>
                    {t('media.library.tagOption', { tag: entry.tag, count: entry.count })}
                  </option>
                ))
              : null}
          </select>
        </div>
      </div>

      {canEdit ? <Uploader projectId={projectId} onUploaded={changed} /> : null}

      {selected.size > 0 ? (
        <div className="sticky top-16 z-10 flex items-center justify-between gap-3 rounded-[var(--radius-control)] border border-accent-200 bg-accent-50 px-4 py-2 text-sm dark:border-accent-800 dark:bg-accent-800/30">
          <span>{t('media.library.selected', { count: selected.size })}</span>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
              {t('media.library.clear')}
            </Button>
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('media.library.delete')}
            </Button>
          </div>
        </div>
      ) : null}
      <MessageAlert message={refusal} tone="warning" title={t('media.library.keptTitle')} />

      {list.status === 'loading' ? (
        <div
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
          role="status"
          aria-busy="true"
          aria-label={t('media.library.loading')}
        >
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/5] rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : null}
      {list.status === 'error' ? <LoadFailed title={t('media.library.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? (
        filtered ? (
          <EmptyState
            title={t('media.library.noMatchTitle')}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  setParams({}, { replace: true });
                }}
              >
                {t('media.library.clearFilters')}
              </Button>
            }
          >
            {t('media.library.noMatchText')}
          </EmptyState>
        ) : (
          <EmptyState title={t('media.library.emptyTitle')}>{canEdit ? t('media.library.emptyText') : t('media.library.emptyViewerText')}</EmptyState>
        )
      ) : null}
      {items.length > 0 ? (
        <MediaGrid
          items={items}
          projectId={projectId}
          selected={selected}
          selectable={canEdit}
          onToggle={(id) =>
            setSelected((current) => {
              const next = new Set(current);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
        />
      ) : null}
      <ShowMore list={list} className="" />
      <ConfirmDialog
        open={confirming}
        title={t('media.library.deleteTitle', { count: selected.size })}
        confirmLabel={t('media.library.delete')}
        pending={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setDeleting(true);
          setRefusal(null);
          try {
            const result = await mediaApi.removeMany(projectId, [...selected]);
            if (result.deleted.length) toast({ tone: 'success', message: t('media.library.deleted', { count: result.deleted.length }) });
            if (result.refused.length)
              setRefusal(result.refused.map((r) => t('media.library.stillUsed', { name: r.name, places: r.usedBy.join('; ') })).join(' '));
            setSelected(new Set());
            changed();
          } catch (e) {
            toast({ tone: 'error', message: errorMessage(e, t('media.library.deleteFailed')) });
          } finally {
            setDeleting(false);
            setConfirming(false);
          }
        }}
      >
        {t('media.library.deleteText')}
      </ConfirmDialog>
    </section>
  );
}
