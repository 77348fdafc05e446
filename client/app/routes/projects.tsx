import { Folder, Image as ImageIcon, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { PLANS } from '#common/plans.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { NewButton } from '#client/components/new-button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { api, call } from '#client/lib/api.ts';
import { usePaged } from '#client/lib/use-paged.ts';
import { useUser } from '#client/lib/session.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { CreateProjectDialog } from '#client/features/projects/create-project-dialog.tsx';
import { InviteBanner } from '#client/features/projects/invite-banner.tsx';

function ProjectCard({ project }: { project: ProjectSummary }) {
  const t = useT();
  const swatches = project.brandKit.colors.slice(0, 5);
  return (
    <Link
      to={`/projects/${project.id}/`}
      className="group flex flex-col rounded-[var(--radius-card)] border border-zinc-200 bg-white p-5 shadow-sm transition hover:border-accent-200 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center gap-3">
        {project.logoUrl ? (
          <img src={project.logoUrl} alt="" className="size-11 rounded-lg border border-zinc-200 bg-white object-contain dark:border-zinc-700" />
        ) : (
          <div className="grid size-11 place-items-center rounded-lg bg-accent-50 text-lg font-semibold text-accent-700 dark:bg-accent-800/30 dark:text-accent-100">
            {project.name.charAt(0).toUpperCase()}
          </div>
        )}
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-zinc-900 group-hover:text-accent-700 dark:text-zinc-50">{project.name}</h2>
          <p className="text-xs text-zinc-500">{t('projects.role', { role: project.role })}</p>
        </div>
      </div>
      {project.description ? <p className="mt-3 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{project.description}</p> : null}
      <div className="mt-auto flex items-center justify-between pt-4 text-xs text-zinc-500">
        <span className="flex items-center gap-3">
          <span className="inline-flex items-center gap-1">
            <ImageIcon aria-hidden="true" className="size-3.5" /> {t('projects.card.files', { count: project.counts.media })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden="true" className="size-3.5" /> {t('projects.card.members', { count: project.counts.members })}
          </span>
        </span>
        {swatches.length ? (
          <span className="flex -space-x-1" aria-label={t('projects.card.brandColors')}>
            {swatches.map((color) => (
              <span key={color} className="size-4 rounded-full border-2 border-white dark:border-zinc-900" style={{ backgroundColor: color }} />
            ))}
          </span>
        ) : null}
      </div>
    </Link>
  );
}

/** `/projects`: the user's projects as cards, active or archived; create; accept an invitation. */
export default function Projects() {
  const t = useT();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const archived = params.get('view') === 'archived';
  const invite = params.get('invite');
  // `?new=1` (the dashboard's first step) opens the dialog at once.
  const [creating, setCreating] = useState(() => params.get('new') === '1');
  const list = usePaged(
    (cursor) => call(api.api.projects.$get({ query: { ...(cursor ? { cursor } : {}), ...(archived ? { archived: '1' as const } : {}) } })),
    [archived],
  );
  const items = list.items;
  const limit = PLANS[user.plan.id].maxProjects;

  return (
    <>
      {invite ? (
        <InviteBanner
          token={invite}
          onDone={() => {
            params.delete('invite');
            setParams(params, { replace: true });
          }}
        />
      ) : null}
      <PageHeader
        title={t('projects.list.title')}
        description={limit === null ? t('projects.list.descriptionUnlimited') : t('projects.list.descriptionLimit', { plan: user.plan.name, limit })}
        actions={<NewButton onClick={() => setCreating(true)}>{t('projects.list.new')}</NewButton>}
      />
      <div role="tablist" aria-label={t('projects.list.tabs')} className="mb-5 inline-flex rounded-[var(--radius-control)] bg-zinc-100 p-1 dark:bg-zinc-800">
        {[
          { id: 'active', label: t('projects.list.active') },
          { id: 'archived', label: t('projects.list.archived') },
        ].map((tab) => {
          const selected = (tab.id === 'archived') === archived;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => setParams(tab.id === 'archived' ? { view: 'archived' } : {})}
              className={`h-8 rounded-md px-3 text-sm font-medium ${selected ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400'}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {list.status === 'loading' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-busy="true" aria-label={t('projects.list.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 rounded-[var(--radius-card)]" />
          ))}
        </div>
      ) : null}
      {list.status === 'error' ? <LoadFailed title={t('projects.list.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? (
        <EmptyState
          icon={<Folder aria-hidden="true" className="size-8" />}
          title={archived ? t('projects.list.emptyArchivedTitle') : t('projects.list.emptyTitle')}
          action={archived ? undefined : <Button onClick={() => setCreating(true)}>{t('projects.list.createFirst')}</Button>}
        >
          {archived ? t('projects.list.emptyArchivedText') : t('projects.list.emptyText')}
        </EmptyState>
      ) : null}
      {items.length > 0 ? (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </div>
          <ShowMore list={list} />
        </>
      ) : null}
      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} first={!archived && list.status === 'ready' && items.length === 0} />
    </>
  );
}
