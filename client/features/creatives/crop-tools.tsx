import { Check, Crop, Minus, Plus, X } from 'lucide-react';
import { useT } from '#client/lib/i18n-context.tsx';

const TOOL =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none dark:text-zinc-300 dark:hover:bg-zinc-800';
const BAR =
  'absolute bottom-3 left-3 z-30 flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white/95 p-0.5 shadow-sm dark:border-zinc-700 dark:bg-zinc-900/95';

/**
 * The crop's tools, floating in the canvas's corner (the zoom's is the other): "Crop" for the
 * one selected picture; while cropping, scale the picture down and up, cancel, done (their
 * words hidden on a phone, where the bar shares the width with the zoom's).
 */
export interface CropToolsProps {
  cropping: boolean;
  canCrop: boolean;
  onStart: () => void;
  onScale: (factor: number) => void;
  onDone: () => void;
  onCancel: () => void;
}

export function CropTools({ cropping, canCrop, onStart, onScale, onDone, onCancel }: CropToolsProps) {
  const t = useT();
  if (!cropping) {
    return canCrop ? (
      <div className={BAR}>
        <button type="button" className={TOOL} onClick={onStart}>
          <Crop className="size-4" aria-hidden="true" />
          {t('creativeEditor.crop.start')}
        </button>
      </div>
    ) : null;
  }
  return (
    <div role="group" aria-label={t('creativeEditor.crop.tools')} className={BAR}>
      <button
        type="button"
        className={TOOL}
        aria-label={t('creativeEditor.crop.zoomOut')}
        title={t('creativeEditor.crop.zoomOut')}
        onClick={() => onScale(1 / 1.1)}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <button type="button" className={TOOL} aria-label={t('creativeEditor.crop.zoomIn')} title={t('creativeEditor.crop.zoomIn')} onClick={() => onScale(1.1)}>
        <Plus className="size-4" aria-hidden="true" />
      </button>
      <button type="button" className={TOOL} title={t('creativeEditor.crop.cancel')} onClick={onCancel}>
        <X className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('creativeEditor.crop.cancel')}</span>
      </button>
      <button
        type="button"
        className={`${TOOL} bg-accent-600 text-white hover:bg-accent-700 dark:text-white dark:hover:bg-accent-700`}
        title={t('creativeEditor.crop.done')}
        onClick={onDone}
      >
        <Check className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t('creativeEditor.crop.done')}</span>
      </button>
    </div>
  );
}
