import { Download, Layers, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { FORMAT_IDS, FORMATS } from '#common/creative/document.ts';
import { formatBytes, formatDate } from '#common/format.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { withoutFormat } from '#common/creative/naming.ts';
import { countOf } from '#common/plural.ts';
import { buttonClass } from '#client/components/button.tsx';
import { DeleteIconButton } from '#client/features/creatives/creative-card.tsx';

/**
 * The creations gallery groups linked formats (issue 14, point 5): the PNGs of creatives that
 * share a link group are one card, at the place of the group's newest PNG.
 */
export type GalleryEntry = { kind: 'one'; item: CreationItem } | { kind: 'group'; linkGroup: string; items: CreationItem[] };

/** The loaded creations (newest first) as cards: one per PNG, one per link group (its PNGs newest first). */
export function groupCreations(items: readonly CreationItem[]): GalleryEntry[] {
  const entries: GalleryEntry[] = [];
  const groups = new Map<string, CreationItem[]>();
  for (const item of items) {
    const key = item.linkGroup ? `${item.projectId}:${item.linkGroup}` : null;
    if (!key) {
      entries.push({ kind: 'one', item });
      continue;
    }
    const members = groups.get(key);
    if (members) members.push(item);
    else {
      const fresh = [item];
      groups.set(key, fresh);
      entries.push({ kind: 'group', linkGroup: item.linkGroup!, items: fresh });
    }
  }
  // A group of one PNG (its copies not rendered yet) is an ordinary card.
  return entries.map((e) => (e.kind === 'group' && e.items.length === 1 ? { kind: 'one', item: e.items[0]! } : e));
}

/** A rendered PNG at its own size, shrunk to fit its frame (the gallery's cards, one or four to a card). */
export function CreationImage({ item, alt }: { item: CreationItem; alt: string }) {
  return (
    <img
      src={item.url}
      alt={alt}
      width={item.width}
      height={item.height}
      loading="lazy"
      decoding="async"
      className="h-auto max-h-full w-auto max-w-full rounded-sm shadow-sm ring-1 ring-zinc-900/5"
    />
  );
}

export function CreationGroupCard({ items, onDelete }: { items: CreationItem[]; onDelete?: ((item: CreationItem) => void) | undefined }) {
  // The newest PNG of each format, in the product's order of formats.
  const newest = FORMAT_IDS.map((f) => items.find((i) => i.format === f)).filter((i) => i !== undefined);
  const first = items[0]!;
  // The group is named after its creative, not one of its formats ("Spring sale — story" → "Spring sale").
  const name = withoutFormat(first.name);
  const source = items.find((i) => i.creativeId !== null);
  return (
    <li
      aria-label={`${name}: ${countOf(newest.length, 'format')}`}
      className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="grid aspect-square grid-cols-2 grid-rows-2 gap-2 bg-zinc-100 p-3 dark:bg-zinc-800">
        {newest.slice(0, 4).map((item) => (
          <figure key={item.id} className="relative min-h-0 min-w-0">
            <div className="absolute inset-x-0 top-0 bottom-5 flex items-center justify-center">
              <CreationImage item={item} alt={`${item.name}, ${FORMATS[item.format].label.toLowerCase()}`} />
            </div>
            <figcaption className="absolute inset-x-0 bottom-0 text-center text-[11px] leading-5 text-zinc-600 dark:text-zinc-300">
              {FORMATS[item.format].label}
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="flex flex-1 flex-col gap-1 px-4 py-3">
        <h2 className="min-w-0 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50" title={name}>
          {name}
        </h2>
        <p className="inline-flex items-center gap-1 truncate text-xs text-zinc-500 dark:text-zinc-400">
          <Layers aria-hidden="true" className="size-3.5" /> {first.projectName} · {newest.length} linked formats
        </p>
        <ul className="mt-1 divide-y divide-zinc-100 text-xs dark:divide-zinc-800" aria-label={`PNGs of ${name}`}>
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 py-1">
              <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300">
                {FORMATS[item.format].label} · v{item.revisionNumber} · {formatBytes(item.size)} ·{' '}
                <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              </span>
              <a
                href={item.downloadUrl}
                download
                className="grid size-8 shrink-0 place-items-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
                aria-label={`Download ${item.name}, version ${item.revisionNumber}`}
                title="Download PNG"
              >
                <Download aria-hidden="true" className="size-4" />
              </a>
              {onDelete ? <DeleteIconButton name={`${item.name}, version ${item.revisionNumber}`} onClick={() => onDelete(item)} className="" /> : null}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {source?.creativeId ? (
            <>
              <a href={`/api/creatives/${source.creativeId}/formats/zip`} download className={buttonClass('secondary', 'sm', 'px-2.5')}>
                <Download aria-hidden="true" className="size-4" />
                ZIP of all formats
              </a>
              <Link to={`/creatives/${source.creativeId}`} className={buttonClass('ghost', 'sm', 'px-2.5')} aria-label={`Open creative for ${name}`}>
                <PenLine aria-hidden="true" className="size-4" />
                Open creative
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
