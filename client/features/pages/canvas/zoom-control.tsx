import { useT } from '#client/lib/i18n-context.tsx';

/** The preview's zoom: fit the room, or a fixed share of the real size. */
export type Zoom = 'fit' | 0.5 | 0.75 | 1;
export const ZOOMS: readonly Zoom[] = ['fit', 0.5, 0.75, 1];

/** Fit / 50 % / 75 % / 100 %: toggle buttons, one pressed. */
export function ZoomControl({ zoom, onChange }: { zoom: Zoom; onChange: (zoom: Zoom) => void }) {
  const t = useT();
  return (
    <div role="group" aria-label={t('funnels.canvas.zoom')} className="inline-flex rounded-lg bg-zinc-200/70 p-0.5 dark:bg-zinc-800">
      {ZOOMS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={zoom === value}
          onClick={() => onChange(value)}
          className={`inline-flex h-8 items-center rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600 ${
            zoom === value
              ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white'
              : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white'
          }`}
        >
          {value === 'fit' ? t('funnels.canvas.zoomFit') : t('funnels.canvas.zoomPercent', { percent: value * 100 })}
        </button>
      ))}
    </div>
  );
}
