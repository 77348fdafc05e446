import { useRef, type KeyboardEvent } from 'react';
import { useT } from '#client/lib/i18n-context.tsx';

export const PICTURE_SOURCES = ['library', 'photos'] as const;
export type PictureSource = (typeof PICTURE_SOURCES)[number];

/** The ids that tie a picker's tabs to its panels (`idBase` from useId). */
export const tabIdOf = (idBase: string, source: PictureSource) => `${idBase}-${source}-tab`;
export const panelIdOf = (idBase: string, source: PictureSource) => `${idBase}-${source}-panel`;

/**
 * A picture picker's two sources, the project's library and the photo source, as WAI-ARIA tabs:
 * one tab stop, arrows, Home and End move between them and select.
 */
export function PictureSourceTabs({ value, onChange, idBase }: { value: PictureSource; onChange: (source: PictureSource) => void; idBase: string }) {
  const t = useT();
  const tabs = useRef<Record<PictureSource, HTMLButtonElement | null>>({ library: null, photos: null });
  const onKeyDown = (event: KeyboardEvent) => {
    const index = PICTURE_SOURCES.indexOf(value);
    const last = PICTURE_SOURCES.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = PICTURE_SOURCES[target]!;
    onChange(next);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('photos.tabs')} className="mb-4 inline-flex rounded-[var(--radius-control)] bg-zinc-100 p-1 dark:bg-zinc-800">
      {PICTURE_SOURCES.map((source) => (
        <button
          key={source}
          ref={(element) => {
            tabs.current[source] = element;
          }}
          type="button"
          role="tab"
          id={tabIdOf(idBase, source)}
          aria-selected={value === source}
          aria-controls={panelIdOf(idBase, source)}
          tabIndex={value === source ? 0 : -1}
          onClick={() => onChange(source)}
          onKeyDown={onKeyDown}
          className={`h-8 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600 ${value === source ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400'}`}
        >
          {t(source === 'library' ? 'photos.libraryTab' : 'photos.photosTab')}
        </button>
      ))}
    </div>
  );
}
