import { useId, type ReactElement } from 'react';
import { SHAPES, type ShapeKind } from '#common/creative/document.ts';
import { Dialog } from '#client/components/dialog.tsx';
import { arrowPoints } from '#client/creative/vector.tsx';
import { IconGrid } from '#client/features/creatives/icon-grid.tsx';
import type { IconEntry } from '#client/features/creatives/icon-search.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** A small picture of each shape, drawn like the canvas draws it. */
const SHAPE_PREVIEW: Record<ShapeKind, ReactElement> = {
  rect: <rect x={2} y={6} width={28} height={20} rx={3} fill="currentColor" />,
  ellipse: <ellipse cx={16} cy={16} rx={12} ry={12} fill="currentColor" />,
  line: <rect x={2} y={15} width={28} height={2.5} fill="currentColor" />,
  arrow: (
    <g transform="translate(2 8)">
      <polygon points={arrowPoints(28, 16, 2.5)} fill="currentColor" />
    </g>
  ),
};

/**
 * The Elements picker of the add-layer menu: shapes and lines, and the searchable icon set.
 * `iconsOnly` is the panel's "Change icon" (the shapes would not replace an icon).
 */
export interface ElementsPickerProps {
  open: boolean;
  iconsOnly?: boolean;
  onClose: () => void;
  onShape: (shape: ShapeKind) => void;
  onIcon: (icon: IconEntry) => void;
}

export function ElementsPicker({ open, iconsOnly = false, onClose, onShape, onIcon }: ElementsPickerProps) {
  const t = useT();
  const id = useId();
  return (
    <Dialog open={open} title={t(iconsOnly ? 'creativeEditor.elements.changeTitle' : 'creativeEditor.elements.title')} onClose={onClose}>
      {!iconsOnly ? (
        <section aria-labelledby={`${id}-shapes`}>
          <h3 id={`${id}-shapes`} className="mb-2 text-sm font-semibold">
            {t('creativeEditor.elements.shapes')}
          </h3>
          <ul className="grid grid-cols-4 gap-2">
            {SHAPES.map((shape) => (
              <li key={shape}>
                <button
                  type="button"
                  onClick={() => onShape(shape)}
                  className="flex w-full flex-col items-center gap-1 rounded-lg border border-zinc-200 p-2 text-xs hover:border-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-700"
                >
                  <svg viewBox="0 0 32 32" className="size-8 text-zinc-700 dark:text-zinc-200" aria-hidden="true">
                    {SHAPE_PREVIEW[shape]}
                  </svg>
                  <span>{t('creativeEditor.elements.shape', { shape })}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby={`${id}-icons`} className={iconsOnly ? '' : 'mt-5'}>
        <h3 id={`${id}-icons`} className="mb-2 text-sm font-semibold">
          {t('creativeEditor.elements.icons')}
        </h3>
        <IconGrid onPick={onIcon} />
      </section>
    </Dialog>
  );
}
