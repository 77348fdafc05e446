import { Palette } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CreativeSummary } from '#common/schemas/creatives.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { usePaged } from '#client/lib/use-paged.ts';
import { creativesApi } from '#client/features/creatives/api.ts';
import { CardGridSkeleton, CreativeCard } from '#client/features/creatives/creative-card.tsx';
import { FORMAT_OPTIONS, FilterSelect, STATUS_OPTIONS, projectOptions, useListFilters } from '#client/features/creatives/list-filters.tsx';

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
  const toast = useToast();
  const { filters, set, clear } = useListFilters();
  const { status, format } = filters;
  const project = projectId ? undefined : filters.project;
  const list = usePaged(
    (cursor) => {
      const query = { ...(status ? { status } : {}), ...(format ? { format } : {}), ...(cursor ? { cursor } : {}) };
      return projectId ? creativesApi.listOfProject(projectId, query) : creativesApi.list({ ...query, ...(project ? { projectId: project } : {}) });
    },
    [projectId, project, status, format],
  );
  const items = list.items;
  const filtered = Boolean(status || format || project);
  const [deleting, setDeleting] = useState<CreativeSummary | null>(null);
  const [pending, setPending] = useState(false);

  return (
    <section aria-label="Creatives">
      <div className="mb-5 flex flex-wrap items-center gap-2">
        {projectId ? null : (
          <FilterSelect
            label="Project"
            value={project}
            allLabel="All projects"
            options={projectOptions(projects, project, items.find((i) => i.projectId === project)?.projectName)}
            onChange={(v) => set('project', v)}
          />
        )}
        <FilterSelect label="Status" value={status} allLabel="All statuses" options={STATUS_OPTIONS} onChange={(v) => set('status', v)} />
        <FilterSelect label="Format" value={format} allLabel="All formats" options={FORMAT_OPTIONS} onChange={(v) => set('format', v)} />
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={clear}>
            Clear filters
          </Button>
        ) : null}
      </div>

      {list.status === 'loading' ? <CardGridSkeleton label="Loading creatives" grid={GRID} /> : null}
      {list.status === 'error' ? <LoadFailed title="The creatives could not be loaded" onRetry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<Palette aria-hidden="true" className="size-8" />}
            title="Nothing matches"
            action={
              <Button variant="secondary" onClick={clear}>
                Clear filters
              </Button>
            }
          >
            No creatives match these filters.
          </EmptyState>
        ) : (
          <EmptyState icon={<Palette aria-hidden="true" className="size-8" />} title={empty.title} action={empty.action}>
            {empty.text}
          </EmptyState>
        )
      ) : null}
      {items.length > 0 ? (
        <ul className={GRID}>
          {items.map((item) => (
            <CreativeCard key={item.id} item={item} showProject={!projectId} onDelete={item.role === 'viewer' ? undefined : () => setDeleting(item)} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete creative"
        pending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          setPending(true);
          try {
            await creativesApi.remove(deleting.id);
            list.patch((i) => (i.id === deleting.id ? null : i));
            toast({ tone: 'success', message: `“${deleting.name}” was deleted.` });
          } catch (e) {
            toast({ tone: 'error', message: errorMessage(e, 'The creative could not be deleted. Try again.') });
          } finally {
            setPending(false);
            setDeleting(null);
          }
        }}
      >
        The creative and its version history go for everyone in {deleting?.projectName ?? 'the project'}. PNGs already rendered from it stay in Creations.
      </ConfirmDialog>
    </section>
  );
}
