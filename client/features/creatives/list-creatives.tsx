import { Palette } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CreativeSummary } from '#common/schemas/creatives.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { DeleteDialog } from '#client/components/delete-dialog.tsx';
import { ClearFiltersButton, EmptyList } from '#client/components/clear-filters.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { creativesApi } from '#client/features/creatives/api.ts';
import { CardGridSkeleton, CreativeCard } from '#client/features/creatives/creative-card.tsx';
import { ListFilterSelects, NameSearch, useListFilters } from '#client/features/creatives/list-filters.tsx';

export const GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4';

/**
 * Creatives as a grid of cards, filtered by status and format (and project, across
 * projects) as the URL says, with "show more" pagination and delete for editors.
 * `projectId`: one project's creatives (its page); else all of the user's projects.
 */
export function CreativeList({
  projectId,
  projects,
  empty,
}: {
  projectId?: string | undefined;
  /** For the project filter (across projects only). */
  projects?: readonly ProjectSummary[] | undefined;
  /** What an empty, unfiltered list says, and its primary action. */
  empty: { title: string; text: string; action?: ReactNode };
}) {
  const t = useT();
  const { filters, set, clear } = useListFilters();
  const { q, status, format } = filters;
  const project = projectId ? undefined : filters.project;
  const list = usePaged(
    (cursor) => {
      const query = { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(format ? { format } : {}), ...(cursor ? { cursor } : {}) };
      return projectId ? creativesApi.listOfProject(projectId, query) : creativesApi.list({ ...query, ...(project ? { projectId: project } : {}) });
    },
    [projectId, project, q, status, format],
  );
  const items = list.items;
  const filtered = Boolean(q || status || format || project);
  const [deleting, setDeleting] = useState<CreativeSummary | null>(null);

  return (
    <section aria-label={t('library.creatives.title')}>
      <NameSearch label={t('library.creatives.search')} value={q ?? ''} onSearch={(v) => set('q', v)} />
      <div className="mb-5 flex flex-wrap items-center gap-2">
        <ListFilterSelects
          filters={filters}
          set={set}
          projects={projects}
          projectName={items.find((i) => i.projectId === project)?.projectName}
          withProject={!projectId}
        />
        {filtered ? <ClearFiltersButton onClear={clear} /> : null}
      </div>

      {list.status === 'loading' ? <CardGridSkeleton label={t('library.creatives.loading')} grid={GRID} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('library.creatives.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? (
        <EmptyList
          filtered={filtered}
          icon={<Palette aria-hidden="true" className="size-8" />}
          onClear={clear}
          noMatches={q ? t('library.creatives.noMatchesNamed', { q }) : t('library.creatives.noMatches')}
          title={empty.title}
          action={empty.action}
        >
          {empty.text}
        </EmptyList>
      ) : null}
      {items.length > 0 ? (
        <ul className={GRID}>
          {items.map((item) => (
            <CreativeCard key={item.id} item={item} showProject={!projectId} onDelete={item.role === 'viewer' ? undefined : () => setDeleting(item)} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} />
      <DeleteDialog
        item={deleting}
        list={list}
        confirmLabel={t('library.creatives.deleteConfirm')}
        failure={t('library.creatives.deleteFailed')}
        remove={(item) => creativesApi.remove(item.id)}
        onClose={() => setDeleting(null)}
      >
        {t('library.creatives.deleteText', { project: deleting?.projectName ?? t('library.theProject') })}
      </DeleteDialog>
    </section>
  );
}
