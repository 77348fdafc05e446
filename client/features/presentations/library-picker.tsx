import { LoadFailed } from '#client/components/alert.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { LibraryGrid, LibraryLoading } from '#client/components/media-picker.tsx';
import { Thumbnail, TILE } from '#client/components/thumbnail.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { Resource } from '#client/lib/use-resource.ts';
import type { PresentationSources, ResolvedImage } from '#client/features/presentations/model.ts';

export interface LibraryImage {
  id: string;
  name: string;
  image: ResolvedImage;
}

/**
 * The linked project's pictures as the presentation's API lists them (signed URLs), for someone
 * who may edit the presentation but is not a member of its project (an admin helping an author):
 * pick only, no upload (members get the project library's picker with its uploader).
 */
export function LibraryPicker({
  open,
  title,
  sources,
  onClose,
  onPick,
}: {
  open: boolean;
  title: string;
  sources: Resource<PresentationSources>;
  onClose: () => void;
  onPick: (item: LibraryImage) => void;
}) {
  const t = useT();
  const items = sources.status === 'ready' ? sources.data.media : [];
  const project = sources.status === 'ready' ? sources.data.project : null;
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      <div className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {project ? t('presentations.library.intro', { project: project.name }) : t('presentations.library.introNone')}
        </p>
        {sources.status === 'error' ? <LoadFailed title={t('presentations.library.loadFailed')} onRetry={sources.reload} /> : null}
        {sources.status === 'loading' ? <LibraryLoading /> : null}
        {sources.status === 'ready' && items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('presentations.library.empty')}</p>
        ) : null}
        {items.length > 0 ? (
          <LibraryGrid items={items} onPick={onPick} picture={(item) => <Thumbnail {...item.image} alt={item.name} className={TILE} />} />
        ) : null}
      </div>
    </Dialog>
  );
}
