import { Download, Image as ImageIcon, Megaphone, PenLine, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FORMATS } from '#common/creative/document.ts';
import { formatBytes, formatDate } from '#common/format.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { DeleteDialog } from '#client/components/delete-dialog.tsx';
import { ClearFiltersButton, EmptyList } from '#client/components/clear-filters.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { creativesApi } from '#client/features/creatives/api.ts';
import { CardGridSkeleton, DeleteIconButton } from '#client/features/creatives/creative-card.tsx';
import { CreationGroupCard, CreationImage, groupCreations } from '#client/features/creatives/creation-group.tsx';
import { GRID } from '#client/features/creatives/list-creatives.tsx';
import { FORMAT_OPTIONS, FilterSelect, NameSearch, STATUS_OPTIONS, projectOptions, useListFilters } from '#client/features/creatives/list-filters.tsx';

function CreationCard({ item, onDelete }: { item: CreationItem; onDelete?: (() => void) | undefined }) {
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
          {item.projectName} · {FORMATS[item.format].label} · {formatBytes(item.size)}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Rendered <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time> · version {item.revisionNumber}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <a href={item.downloadUrl} download className={buttonClass('secondary', 'sm', 'px-2.5')} aria-label={`Download ${item.name}`}>
            <Download aria-hidden="true" className="size-4" />
            Download
          </a>
          {item.role !== 'viewer' ? (
            <Link
              to={`/projects/${item.projectId}/marketing?creations=${item.id}`}
              className={buttonClass('ghost', 'sm', 'px-2.5')}
              aria-label={`Use in an ad: ${item.name}`}
            >
              <Megaphone aria-hidden="true" className="size-4" />
              Use in an ad
            </Link>
          ) : null}
          {item.creativeId ? (
            <Link to={`/creatives/${item.creativeId}`} className={buttonClass('ghost', 'sm', 'px-2.5')} aria-label={`Open creative for ${item.name}`}>
              <PenLine aria-hidden="true" className="size-4" />
              Open creative
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
    <section aria-label="Creations">
      <NameSearch label="Search creations" value={q ?? ''} onSearch={(v) => set('q', v)} />
      <div className="mb-5 flex flex-wrap items-center gap-2">
        <FilterSelect
          label="Project"
          value={project}
          allLabel="All projects"
          options={projectOptions(projects, project, items.find((i) => i.projectId === project)?.projectName)}
          onChange={(v) => set('project', v)}
        />
        <FilterSelect label="Status" value={status} allLabel="All statuses" options={STATUS_OPTIONS} onChange={(v) => set('status', v)} />
        <FilterSelect label="Format" value={format} allLabel="All formats" options={FORMAT_OPTIONS} onChange={(v) => set('format', v)} />
        {creative ? (
          <span className="inline-flex h-9 items-center gap-1 rounded-full bg-accent-50 pr-1 pl-3 text-sm text-accent-800 dark:bg-accent-800/30 dark:text-accent-100">
            Renders of one creative
            <button
              type="button"
              aria-label="Show the renders of every creative"
              className="grid size-7 place-items-center rounded-full hover:bg-accent-100 dark:hover:bg-accent-800/50"
              onClick={() => set('creative', '')}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </span>
        ) : null}
        {filtered ? <ClearFiltersButton onClear={clear} /> : null}
      </div>

      {list.status === 'loading' ? <CardGridSkeleton label="Loading creations" grid={GRID} withActions /> : null}
      {list.status === 'error' ? <LoadFailed title="Your creations could not be loaded" onRetry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? (
        <EmptyList
          filtered={filtered}
          icon={<ImageIcon aria-hidden="true" className="size-8" />}
          onClear={clear}
          noMatches={q ? `No rendered PNGs named like “${q}” match these filters.` : 'No rendered PNGs match these filters.'}
          title="Nothing rendered yet"
          action={
            <Link to="/creatives" className={buttonClass('primary')}>
              Go to creatives
            </Link>
          }
        >
          Render a creative to PNG in the editor and it appears here, ready to download or use in an ad.
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
        confirmLabel="Delete PNG"
        failure="The PNG could not be deleted. Try again."
        remove={(item) => creativesApi.removeCreation(item.id)}
        onClose={() => setDeleting(null)}
      >
        The PNG goes from Creations for everyone in {deleting?.projectName ?? 'the project'}, and its download links stop working. The creative it was rendered
        from stays; you can render it again.
      </DeleteDialog>
    </section>
  );
}
