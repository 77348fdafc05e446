import { Download } from 'lucide-react';
import { Link } from 'react-router';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { buttonClass } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { CREDIT_COSTS } from '#common/plans.ts';

/** What a render made: the PNG, its size and version, and where it went. */
export function RenderResultDialog({ creation, free, onClose }: { creation: CreationItem | null; free: boolean; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  return (
    <Dialog open={creation !== null} title={t(free ? 'creativeEditor.render.alreadyRendered' : 'creativeEditor.render.rendered')} onClose={onClose} wide>
      {creation ? (
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_16rem]">
          <div className="grid place-items-center rounded-lg bg-zinc-100 p-3 dark:bg-zinc-800">
            <img
              src={creation.url}
              alt={t('creativeEditor.renderedPngOf', { name: creation.name })}
              width={creation.width}
              height={creation.height}
              className="max-h-[60vh] w-auto rounded shadow"
            />
          </div>
          <div className="space-y-3 text-sm">
            <p>{free ? t('creativeEditor.render.freeNote') : t('creativeEditor.render.paidNote', { count: CREDIT_COSTS.render })}</p>
            <dl className="grid grid-cols-2 gap-1 text-zinc-600 dark:text-zinc-400">
              <dt>{t('creativeEditor.render.size')}</dt>
              <dd>
                {creation.width} × {creation.height}
              </dd>
              <dt>{t('creativeEditor.render.file')}</dt>
              <dd>{format.bytes(creation.size)}</dd>
              <dt>{t('creativeEditor.render.version')}</dt>
              <dd>{creation.revisionNumber}</dd>
            </dl>
            <div className="flex flex-col gap-2">
              <a href={creation.downloadUrl} download className={buttonClass('primary', 'md')}>
                <Download className="size-4" aria-hidden="true" /> {t('creativeEditor.downloadPng')}
              </a>
              <Link to="/creations" className={buttonClass('secondary', 'md')}>
                {t('creativeEditor.openCreations')}
              </Link>
            </div>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
