import { LoadFailed } from '#client/components/alert.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
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
  const items = sources.status === 'ready' ? sources.data.media : [];
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      <div className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Pictures of {sources.status === 'ready' && sources.data.project ? sources.data.project.name : 'the linked project'}. Only its members can upload new
          ones.
        </p>
        {sources.status === 'error' ? <LoadFailed title="The library could not be loaded" onRetry={sources.reload} /> : null}
        {sources.status === 'loading' ? (
          <div role="status" aria-label="Loading the library" className="grid grid-cols-3 gap-3 sm:grid-cols-5">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="aspect-square" />
            ))}
          </div>
        ) : null}
        {sources.status === 'ready' && items.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">No pictures in this project yet.</p> : null}
        {items.length > 0 ? (
          <ul className="grid max-h-[50vh] grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-5">
            {items.map((item) => (
              <li key={item.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onPick(item)}
                  className="block w-full overflow-hidden rounded-lg border border-zinc-200 bg-white hover:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600 dark:border-zinc-700"
                >
                  <img src={item.image.src} alt="" className="aspect-square w-full object-cover" loading="lazy" />
                  <span className="block truncate px-2 py-1 text-xs">{item.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Dialog>
  );
}
