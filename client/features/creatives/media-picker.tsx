import { useId, useState } from 'react';
import type { MediaItem } from '#common/schemas/media.ts';
import { Dialog } from '#client/components/dialog.tsx';
import { LoadFailed } from '#client/components/alert.tsx';
import { Uploader } from '#client/components/media-uploader.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { listProjectMedia } from '#client/lib/media-library.ts';
import { startMediaDrag } from '#client/features/creatives/picture-drop.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { PhotoCredit } from '#client/components/photo-credit.tsx';
import { PhotoSearch } from '#client/components/photo-search.tsx';
import { panelIdOf, PictureSourceTabs, tabIdOf, type PictureSource } from '#client/components/picture-source-tabs.tsx';

/** Pick an image of the project's library, upload one, or find a photo (the "Photos" tab: the photo source). */
export function MediaPicker({
  projectId,
  open,
  title,
  onClose,
  onPick,
  onDragPicture,
}: {
  projectId: string;
  open: boolean;
  title: string;
  onClose: () => void;
  onPick: (item: MediaItem) => void;
  /** A tile is being dragged (onto a frame of the canvas): the dialog makes way. */
  onDragPicture?: () => void;
}) {
  const t = useT();
  const [tab, setTab] = useState<PictureSource>('library');
  const ids = useId();
  const images = useResource(
    () => (open && tab === 'library' ? listProjectMedia(projectId, 'image') : Promise.resolve({ items: [], nextCursor: null })),
    [open, projectId, tab],
  );
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      <PictureSourceTabs value={tab} onChange={setTab} idBase={ids} />
      {tab === 'photos' ? (
        <div role="tabpanel" id={panelIdOf(ids, 'photos')} aria-labelledby={tabIdOf(ids, 'photos')}>
          <PhotoSearch projectId={projectId} onImported={onPick} />
        </div>
      ) : null}
      <div role="tabpanel" id={panelIdOf(ids, 'library')} aria-labelledby={tabIdOf(ids, 'library')} hidden={tab !== 'library'} className="space-y-4">
        <Uploader projectId={projectId} onUploaded={(item) => item.kind === 'image' && onPick(item)} />
        {images.status === 'error' ? <LoadFailed title={t('creativeEditor.media.loadFailed')} onRetry={images.reload} /> : null}
        {images.status === 'loading' ? (
          <p role="status" className="text-sm text-zinc-500">
            {t('creativeEditor.media.loading')}
          </p>
        ) : null}
        {images.status === 'ready' && images.data.items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('creativeEditor.media.empty')}</p>
        ) : null}
        <ul className="grid max-h-[50vh] grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-5">
          {images.status === 'ready'
            ? images.data.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onPick(item)}
                    draggable
                    title={t('creativeEditor.media.tileHint')}
                    onDragStart={(event) => {
                      startMediaDrag(event, item);
                      // The modal makes the page inert: it closes once the drag has begun (not during dragstart, which would cancel it).
                      if (onDragPicture) setTimeout(onDragPicture, 0);
                    }}
                    className="block w-full overflow-hidden rounded-lg border border-zinc-200 bg-white hover:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600 dark:border-zinc-700"
                  >
                    <img src={item.thumbnailUrl ?? item.fileUrl} alt={item.alt || item.name} className="aspect-square w-full object-cover" loading="lazy" />
                    <span className="block truncate px-2 py-1 text-xs">{item.name}</span>
                  </button>
                  {item.attribution ? (
                    <PhotoCredit attribution={item.attribution} className="mt-1 block truncate text-xs text-zinc-600 dark:text-zinc-400" />
                  ) : null}
                </li>
              ))
            : null}
        </ul>
      </div>
    </Dialog>
  );
}
