import { Download } from 'lucide-react';
import { Link } from 'react-router';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { formatBytes } from '#common/format.ts';
import { buttonClass } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';

/** What a render made: the PNG, its size and version, and where it went. */
export function RenderResultDialog({ creation, free, onClose }: { creation: CreationItem | null; free: boolean; onClose: () => void }) {
  return (
    <Dialog open={creation !== null} title={free ? 'Already rendered' : 'Rendered'} onClose={onClose} wide>
      {creation ? (
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_16rem]">
          <div className="grid place-items-center rounded-lg bg-zinc-100 p-3 dark:bg-zinc-800">
            <img
              src={creation.url}
              alt={`Rendered PNG of ${creation.name}`}
              width={creation.width}
              height={creation.height}
              className="max-h-[60vh] w-auto rounded shadow"
            />
          </div>
          <div className="space-y-3 text-sm">
            <p>{free ? 'This version was rendered before, so no credit was used.' : `1 credit was used. The PNG is in your creations.`}</p>
            <dl className="grid grid-cols-2 gap-1 text-zinc-600 dark:text-zinc-400">
              <dt>Size</dt>
              <dd>
                {creation.width} × {creation.height}
              </dd>
              <dt>File</dt>
              <dd>{formatBytes(creation.size)}</dd>
              <dt>Version</dt>
              <dd>{creation.revisionNumber}</dd>
            </dl>
            <div className="flex flex-col gap-2">
              <a href={creation.downloadUrl} download className={buttonClass('primary', 'md')}>
                <Download className="size-4" aria-hidden="true" /> Download PNG
              </a>
              <Link to="/creations" className={buttonClass('secondary', 'md')}>
                Open creations
              </Link>
            </div>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
