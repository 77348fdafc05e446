import { Download, Image as ImageIcon, Megaphone, PenLine, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CreationItem } from '#common/schemas/creatives.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { DeleteDialog } from '#client/components/delete-dialog.tsx';
import { ClearFiltersButton, EmptyList } from '#client/components/clear-filters.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { creativesApi } from '#client/features/creatives/api.ts';
import { CardGridSkeleton, DeleteIconButton } from '#client/features/creatives/creative-card.tsx';
import { CreationGroupCard, CreationImage, groupCreations } from '#client/features/creatives/creation-group.tsx';
import { GRID } from '#client/features/creatives/list-creatives.tsx';
import { ListFilterSelects, NameSearch, useListFilters } from '#client/features/creatives/list-filters.tsx';
import { formatLabel } from '#client/features/creatives/library-words.ts';

function CreationCard({ item, onDelete }: { item: CreationItem; onDelete?: (() => void) | undefined }) {
  const t = useT();
  const format = useFormat();
  return (
    <li className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="relative aspect-square bg-zinc-100 dark:bg-zinc-800">
        <div className="absolute inset-4 flex items-center justify-center">
          <CreationImage item={item} alt={item.name} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 px-4 py-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50" title={item.name}>
            {item.name}
          </h2>
          {onDelete ? <DeleteIconButton name={item.name} onClick={onDelete} className="-my-1.5 -mr-2" /> : null}
        </div>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {item.projectName} · {formatLabel(t, item.format)} · {format.bytes(item.size)}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('library.creation.rendered')} <time dateTime={item.createdAt}>{format.date(item.createdAt)}</time> ·{' '}
          {t('library.creation.version', { number: item.revisionNumber })}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <a
            href={item.downloadUrl}
            download
            className={buttonClass('secondary', 'sm', 'px-2.5')}
            aria-label={t('library.creation.downloadOf', { name: item.name })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('library.creation.download')}
          </a>
          {item.role !== 'viewer' ? (
            <Link
              to={`/projects/${item.projectId}/marketing?creations=${item.id}`}
              className={buttonClass('ghost', 'sm', 'px-2.5')}
              aria-label={t('library.card.useInAdOf', { name: item.name })}
            >
              <Megaphone aria-hidden="true" className="size-4" />
              {t('library.card.useInAd')}
            </Link>
          ) : null}
          {item.creativeId ? (
            <Link
              to={`/creatives/${item.creativeId}`}
              className={buttonClass('ghost', 'sm', 'px-2.5')}
              aria-label={t('library.card.openCreativeOf', { name: item.name })}
            >
              <PenLine aria-hidden="true" className="size-4" />
              {t('library.card.openCreative')}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * Everything rendered across the user's projects: filter by project and format (in the
 * URL; `?creative=` narrows to one creative's renders), download, open the source
 * creative, delete (editors and owners).
 */
export function CreationsGallery({ projects }: { projects: readonly ProjectSummary[] | undefined }) {
  const t = useT();
  const { filters, set, clear } = useListFilters();
  const { q, project, status, format, creative } = filters;
  const list = usePaged(
    (cursor) =>
      creativesApi.creations({
        ...(q ? { q } : {}),
        ...(project ? { projectId: project } : {}),
        ...(status ? { status } : {}),
        ...(format ? { format } : {}),
        ...(creative ? { creativeId: creative } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    [q, project, status, format, creative],
  );
  const items = list.items;
  const filtered = Boolean(q || project || status || format || creative);
  const [deleting, setDeleting] = useState<CreationItem | null>(null);

  return (
    <section aria-label={t('library.creations.title')}>
      <NameSearch label={t('library.creations.search')} value={q ?? ''} onSearch={(v) => set('q', v)} />
      <div className="mb-5 flex flex-wrap items-center gap-2">
        <ListFilterSelects filters={filters} set={set} projects={projects} projectName={items.find((i) => i.projectId === project)?.projectName} withProject />
        {creative ? (
          <span className="inline-flex h-9 items-center gap-1 rounded-full bg-accent-50 pr-1 pl-3 text-sm text-accent-800 dark:bg-accent-800/30 dark:text-accent-100">
            {t('library.creations.ofOneCreative')}
            <button
              type="button"
              aria-label={t('library.creations.ofEveryCreative')}
              className="grid size-7 place-items-center rounded-full hover:bg-accent-100 dark:hover:bg-accent-800/50"
              onClick={() => set('creative', '')}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </span>
        ) : null}
        {filtered ? <ClearFiltersButton onClear={clear} /> : null}
      </div>

      {list.status === 'loading' ? <CardGridSkeleton label={t('library.creations.loading')} grid={GRID} withActions /> : null}
      {list.status === 'error' ? <LoadFailed title={t('library.creations.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? (
        <EmptyList
          filtered={filtered}
          icon={<ImageIcon aria-hidden="true" className="size-8" />}
          onClear={clear}
          noMatches={q ? t('library.creations.noMatchesNamed', { q }) : t('library.creations.noMatches')}
          title={t('library.creations.emptyTitle')}
          action={
            <Link to="/creatives" className={buttonClass('primary')}>
              {t('library.creations.toCreatives')}
            </Link>
          }
        >
          {t('library.creations.emptyText')}
        </EmptyList>
      ) : null}
      {items.length > 0 ? (
        <ul className={GRID}>
          {groupCreations(items).map((entry) =>
            entry.kind === 'group' ? (
              <CreationGroupCard
                key={`group:${entry.linkGroup}`}
                items={entry.items}
                onDelete={entry.items[0]!.role === 'viewer' ? undefined : (item) => setDeleting(item)}
              />
            ) : (
              <CreationCard key={entry.item.id} item={entry.item} onDelete={entry.item.role === 'viewer' ? undefined : () => setDeleting(entry.item)} />
            ),
          )}
        </ul>
      ) : null}
      <ShowMore list={list} />
      <DeleteDialog
        item={deleting}
        list={list}
        confirmLabel={t('library.creations.deleteConfirm')}
        failure={t('library.creations.deleteFailed')}
        remove={(item) => creativesApi.removeCreation(item.id)}
        onClose={() => setDeleting(null)}
      >
        {t('library.creations.deleteText', { project: deleting?.projectName ?? t('library.theProject') })}
      </DeleteDialog>
    </section>
  );
}
