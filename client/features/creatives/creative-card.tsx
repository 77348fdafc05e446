import { Megaphone, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import type { CreativeSummary } from '#common/schemas/creatives.ts';
import { StatusBadge } from '#client/components/badge.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { CreativePreview } from '#client/creative/preview.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { formatLabel } from '#client/features/creatives/library-words.ts';

/**
 * A creative drawn as large as fits its box, whatever its format, and redrawn when the box
 * resizes. The box must be sized by its parent (e.g. `absolute inset-3`), not by the preview.
 */
export function FittedPreview({
  doc,
  images,
  label,
  className = '',
}: {
  doc: CreativeDocument;
  images: Readonly<Record<string, string | undefined>>;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setBox((current) => (current && current.width === width && current.height === height ? current : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const size = FORMATS[doc.format];
  const width = box ? Math.floor(Math.min(box.width, (box.height * size.width) / size.height)) : 0;
  return (
    <div ref={ref} className={`flex items-center justify-center ${className}`}>
      {width > 0 ? <CreativePreview doc={doc} images={images} width={width} label={label} className="rounded-sm shadow-sm ring-1 ring-zinc-900/5" /> : null}
    </div>
  );
}

/** A creative in a grid: its preview, name, status, format, project and last change; the whole card opens it. */
export function CreativeCard({ item, showProject, onDelete }: { item: CreativeSummary; showProject: boolean; onDelete?: (() => void) | undefined }) {
  const t = useT();
  const format = useFormat();
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-white shadow-sm transition hover:border-accent-200 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent-600 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900">
      <div className="relative aspect-square bg-zinc-100 dark:bg-zinc-800">
        <FittedPreview doc={item.document} images={item.images} label={t('library.card.preview', { name: item.name })} className="absolute inset-4" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 px-4 py-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            {/* The link covers the card (after:), so that the card opens the creative and Delete stays a separate button. */}
            <Link
              to={`/creatives/${item.id}`}
              className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] group-hover:text-accent-700 focus-visible:outline-none dark:group-hover:text-accent-200"
            >
              {item.name}
            </Link>
          </h2>
          <StatusBadge status={item.status} />
        </div>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {showProject ? `${item.projectName} · ` : ''}
          {formatLabel(t, item.format)}
        </p>
        <div className="mt-auto flex h-8 items-center justify-between gap-2">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {t('library.card.updated')} <time dateTime={item.updatedAt}>{format.date(item.updatedAt)}</time>
          </p>
          {onDelete ? (
            <div className="relative z-10 -mr-2 flex items-center">
              <Link
                to={`/projects/${item.projectId}/marketing?creative=${item.id}`}
                aria-label={t('library.card.useInAdOf', { name: item.name })}
                title={t('library.card.useInAd')}
                className="grid size-8 shrink-0 place-items-center rounded-md text-zinc-500 hover:bg-accent-50 hover:text-accent-700 dark:hover:bg-accent-800/30 dark:hover:text-accent-200"
              >
                <Megaphone aria-hidden="true" className="size-4" />
              </Link>
              <DeleteIconButton name={item.name} onClick={onDelete} className="" />
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The trash button in the corner of a card (creatives and creations). */
export function DeleteIconButton({ name, onClick, className }: { name: string; onClick: () => void; className: string }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('library.card.deleteOf', { name })}
      title={t('library.card.delete')}
      className={`${className} grid size-8 shrink-0 place-items-center rounded-md text-zinc-500 hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-900/30 dark:hover:text-red-300`}
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The loading state of a card grid: placeholders of the cards' shape. */
export function CardGridSkeleton({ label, grid, withActions = false }: { label: string; grid: string; withActions?: boolean }) {
  return (
    <div className={grid} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <Skeleton className="aspect-square rounded-none" />
          <div className="space-y-2 px-4 py-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
            {withActions ? <Skeleton className="mt-3 h-8 w-28" /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}
