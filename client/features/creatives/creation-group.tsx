import { Download, Layers, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { FORMAT_IDS } from '#common/creative/document.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { withoutFormat } from '#common/creative/naming.ts';
import { buttonClass } from '#client/components/button.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { DeleteIconButton } from '#client/features/creatives/creative-card.tsx';
import { formatInText, formatLabel } from '#client/features/creatives/library-words.ts';

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
  const t = useT();
  const format = useFormat();
  // The newest PNG of each format, in the product's order of formats.
  const newest = FORMAT_IDS.map((f) => items.find((i) => i.format === f)).filter((i) => i !== undefined);
  const first = items[0]!;
  // The group is named after its creative, not one of its formats ("Spring sale — story" → "Spring sale").
  const name = withoutFormat(first.name);
  const source = items.find((i) => i.creativeId !== null);
  return (
    <li
      aria-label={t('library.group.label', { name, count: newest.length })}
      className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="grid aspect-square grid-cols-2 grid-rows-2 gap-2 bg-zinc-100 p-3 dark:bg-zinc-800">
        {newest.slice(0, 4).map((item) => (
          <figure key={item.id} className="relative min-h-0 min-w-0">
            <div className="absolute inset-x-0 top-0 bottom-5 flex items-center justify-center">
              <CreationImage item={item} alt={t('library.group.imageAlt', { name: item.name, format: formatInText(t, item.format) })} />
            </div>
            <figcaption className="absolute inset-x-0 bottom-0 text-center text-[11px] leading-5 text-zinc-600 dark:text-zinc-300">
              {formatLabel(t, item.format)}
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="flex flex-1 flex-col gap-1 px-4 py-3">
        <h2 className="min-w-0 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50" title={name}>
          {name}
        </h2>
        <p className="inline-flex items-center gap-1 truncate text-xs text-zinc-500 dark:text-zinc-400">
          <Layers aria-hidden="true" className="size-3.5" /> {first.projectName} · {t('library.group.linked', { count: newest.length })}
        </p>
        <ul className="mt-1 divide-y divide-zinc-100 text-xs dark:divide-zinc-800" aria-label={t('library.group.pngsOf', { name })}>
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 py-1">
              <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300">
                {formatLabel(t, item.format)} · {t('library.group.version', { number: item.revisionNumber })} · {format.bytes(item.size)} ·{' '}
                <time dateTime={item.createdAt}>{format.date(item.createdAt)}</time>
              </span>
              <a
                href={item.downloadUrl}
                download
                className="grid size-8 shrink-0 place-items-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
                aria-label={t('library.group.downloadVersion', { name: item.name, number: item.revisionNumber })}
                title={t('library.group.downloadPng')}
              >
                <Download aria-hidden="true" className="size-4" />
              </a>
              {onDelete ? (
                <DeleteIconButton
                  name={t('library.group.nameVersion', { name: item.name, number: item.revisionNumber })}
                  onClick={() => onDelete(item)}
                  className=""
                />
              ) : null}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {source?.creativeId ? (
            <>
              <a href={`/api/creatives/${source.creativeId}/formats/zip`} download className={buttonClass('secondary', 'sm', 'px-2.5')}>
                <Download aria-hidden="true" className="size-4" />
                {t('library.group.zip')}
              </a>
              <Link
                to={`/creatives/${source.creativeId}`}
                className={buttonClass('ghost', 'sm', 'px-2.5')}
                aria-label={t('library.card.openCreativeOf', { name })}
              >
                <PenLine aria-hidden="true" className="size-4" />
                {t('library.card.openCreative')}
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
