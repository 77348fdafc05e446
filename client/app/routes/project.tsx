import { Globe, Settings } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useParams } from 'react-router';
import type { MediaItem } from '#common/schemas/media.ts';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { Button } from '#client/components/button.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { LoadFailedOrNotFound } from '#client/components/load-failed-or-not-found.tsx';
import { api, call } from '#client/lib/api.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { Library, useLibraryList, useMediaTags } from '#client/features/media/library.tsx';
import { ApiKeysCard } from '#client/features/api-keys/api-keys-card.tsx';
import { WebhooksCard } from '#client/features/webhooks/webhooks-card.tsx';
import { ArchivedNotice } from '#client/features/projects/archived-notice.tsx';
import { ApprovalChainCard } from '#client/features/projects/approval-chain-card.tsx';
import { BrandKitCard } from '#client/features/projects/brand-kit-card.tsx';
import { MembersCard } from '#client/features/projects/members-card.tsx';
import { SettingsDialog } from '#client/features/projects/settings-dialog.tsx';
import { useCrumbLabel } from '#client/app/crumbs.tsx';

/** What the media detail over the grid gets: the grid's items (to walk them) and ways to update them in place. */
export interface ProjectOutletContext {
  items: MediaItem[];
  onChanged: (item: MediaItem) => void;
  onDeleted: (id: string) => void;
}

/** Project tabs: the library here, creatives and marketing on their own pages. */
export function ProjectTabs({ projectId }: { projectId: string }) {
  const t = useT();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `border-b-2 px-1 pb-2 text-sm font-medium ${isActive ? 'border-accent-600 text-zinc-900 dark:text-white' : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white'}`;
  return (
    <nav aria-label={t('projects.tabs.label')} className="mb-6 flex gap-6 border-b border-zinc-200 dark:border-zinc-800">
      <NavLink to={`/projects/${projectId}/`} end className={tab}>
        {t('projects.tabs.brandAndMedia')}
      </NavLink>
      <NavLink to={`/projects/${projectId}/creatives`} className={tab}>
        {t('projects.tabs.creatives')}
      </NavLink>
      <NavLink to={`/projects/${projectId}/marketing`} className={tab}>
        {t('projects.tabs.marketing')}
      </NavLink>
    </nav>
  );
}

/** A project's page data, for the project's pages. */
export function useProject(projectId: string) {
  return useResource(() => call(api.api.projects[':projectId'].$get({ param: { projectId } })), [projectId]);
}

/**
 * `/projects/{projectId}/`: brand kit, members and the media library. The media detail
 * (`media/{objectId}`) opens over it as a child route, so the grid, its scroll and its
 * filters stay as they are underneath.
 */
export default function Project() {
  const t = useT();
  const { projectId = '' } = useParams();
  const resource = useProject(projectId);
  const [settings, setSettings] = useState(false);
  const library = useLibraryList(projectId);
  const tags = useMediaTags(projectId);
  const project = resource.status === 'ready' ? resource.data : undefined;
  const saved = (next: ProjectDetail) => resource.setData(next);
  useCrumbLabel(`/projects/${projectId}`, project?.name);

  if (resource.status === 'error') return <LoadFailedOrNotFound error={resource.error} title={t('projects.page.loadFailed')} onRetry={resource.reload} />;
  if (!project) {
    return (
      <div role="status" aria-busy="true" aria-label={t('projects.page.loading')} className="space-y-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96" />
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <Skeleton className="h-96 rounded-[var(--radius-card)]" />
          <Skeleton className="h-96 rounded-[var(--radius-card)]" />
        </div>
      </div>
    );
  }
  // An archived project is read-only for everyone until its owner restores it.
  const canEdit = project.role !== 'viewer' && !project.archived;
  return (
    <>
      <PageHeader
        title={project.name}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {project.description ? <span>{project.description}</span> : null}
            {project.website ? (
              <a
                href={project.website}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 text-accent-700 hover:underline dark:text-accent-200"
              >
                <Globe aria-hidden="true" className="size-3.5" />
                {project.website.replace(/^https?:\/\//, '')}
              </a>
            ) : null}
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800">{t('projects.role', { role: project.role })}</span>
            {project.archived ? (
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
                {t('projects.page.archived')}
              </span>
            ) : null}
          </span>
        }
        actions={
          canEdit || (project.archived && project.role === 'owner') ? (
            <Button variant="secondary" onClick={() => setSettings(true)}>
              <Settings aria-hidden="true" className="size-4" />
              {t('projects.page.settings')}
            </Button>
          ) : undefined
        }
      />
      <ProjectTabs projectId={project.id} />
      {project.archived ? <ArchivedNotice project={project} onRestored={saved} /> : null}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Library projectId={project.id} canEdit={canEdit} storage={project.storage} list={library} tags={tags} onContentChanged={resource.reload} />
        <div className="space-y-6">
          <BrandKitCard project={project} onSaved={saved} />
          <MembersCard project={project} onChanged={resource.reload} />
          <ApprovalChainCard projectId={project.id} canEdit={project.role === 'owner' && !project.archived} />
          {project.role === 'owner' ? <ApiKeysCard projectId={project.id} archived={project.archived} /> : null}
          {project.role === 'owner' ? <WebhooksCard projectId={project.id} archived={project.archived} /> : null}
        </div>
      </div>
      <SettingsDialog project={project} open={settings} onClose={() => setSettings(false)} onSaved={saved} />
      <Outlet
        context={
          {
            items: library.items,
            onChanged: (item) => {
              library.patch((i) => (i.id === item.id ? item : i));
              // Its tags may be new (or gone): the tag filter offers what the files have.
              tags.reload();
            },
            onDeleted: (id) => {
              library.patch((i) => (i.id === id ? null : i));
              tags.reload();
              resource.reload();
            },
          } satisfies ProjectOutletContext
        }
      />
    </>
  );
}
