import { useId, useState, type ReactNode } from 'react';
import type { MediaItem } from '#common/schemas/media.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { Uploader } from '#client/components/media-uploader.tsx';
import { Thumbnail, TILE } from '#client/components/thumbnail.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { listProjectMedia } from '#client/lib/media-library.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { PhotoSearch } from '#client/components/photo-search.tsx';
import { panelIdOf, PictureSourceTabs, tabIdOf, type PictureSource } from '#client/components/picture-source-tabs.tsx';

/** A library loading in a picker: the grid's first tiles as skeletons. */
export function LibraryLoading() {
  const t = useT();
  return (
    <div role="status" aria-label={t('library.loading')} className="grid grid-cols-3 gap-3 sm:grid-cols-5">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="aspect-square" />
      ))}
    </div>
  );
}

/** A picker's grid of pictures: each tile is a button (the picture, its name) that picks it. */
export function LibraryGrid<T extends { id: string; name: string }>({
  items,
  onPick,
  picture,
}: {
  items: readonly T[];
  onPick: (item: T) => void;
  picture: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid max-h-[50vh] grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-5">
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          <button
            type="button"
            aria-label={item.name}
            onClick={() => onPick(item)}
            className="block w-full overflow-hidden rounded-lg border border-zinc-200 bg-white hover:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600 dark:border-zinc-700"
          >
            {picture(item)}
            <span className="block truncate px-2 py-1 text-xs">{item.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Picks an image from the project's library, or uploads one (which is then picked). */
export function MediaPicker({
  projectId,
  open,
  kind,
  title,
  onClose,
  onPick,
}: {
  projectId: string;
  open: boolean;
  kind: 'image' | 'video';
  title: string;
  onClose: () => void;
  onPick: (item: MediaItem) => void;
}) {
  const t = useT();
  // Pictures may also come from the photo source (the "Photos" tab); videos only from the library.
  const [source, setSource] = useState<PictureSource>('library');
  const tab = kind === 'image' ? source : 'library';
  const ids = useId();
  const images = useResource(
    () => (open && tab === 'library' ? listProjectMedia(projectId, kind) : Promise.resolve({ items: [], nextCursor: null })),
    [open, projectId, kind, tab],
  );
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      {kind === 'image' ? <PictureSourceTabs value={tab} onChange={setSource} idBase={ids} /> : null}
      {tab === 'photos' ? (
        <div role="tabpanel" id={panelIdOf(ids, 'photos')} aria-labelledby={tabIdOf(ids, 'photos')}>
          <PhotoSearch projectId={projectId} onImported={onPick} />
        </div>
      ) : null}
      <div
        hidden={tab !== 'library'}
        className="space-y-4"
        {...(kind === 'image' ? { role: 'tabpanel', id: panelIdOf(ids, 'library'), 'aria-labelledby': tabIdOf(ids, 'library') } : {})}
      >
        <Uploader projectId={projectId} onUploaded={(item) => item.kind === kind && onPick(item)} />
        {images.status === 'error' ? <LoadFailed title={t('library.loadFailed')} onRetry={images.reload} /> : null}
        {images.status === 'loading' ? <LibraryLoading /> : null}
        {images.status === 'ready' && images.data.items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.empty', { kind })}</p>
        ) : null}
        {images.status === 'ready' && images.data.items.length > 0 ? (
          <LibraryGrid
            items={images.data.items}
            onPick={onPick}
            picture={(item) =>
              item.thumbnailUrl || item.kind === 'image' ? (
                <Thumbnail
                  src={item.thumbnailUrl ?? item.fileUrl}
                  alt={item.alt || item.name}
                  width={item.width ?? 1}
                  height={item.height ?? 1}
                  className={TILE}
                />
              ) : (
                <span className="grid aspect-square w-full place-items-center bg-zinc-100 text-xs text-zinc-500 dark:bg-zinc-800">{t('library.video')}</span>
              )
            }
          />
        ) : null}
      </div>
    </Dialog>
  );
}
