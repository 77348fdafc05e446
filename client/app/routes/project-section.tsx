import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { NotFound } from '#client/components/not-found.tsx';
import { ApiError } from '#client/lib/api.ts';
import type { Resource } from '#client/lib/use-resource.ts';
import { CreativeList } from '#client/features/creatives/list-creatives.tsx';
import { TemplatePicker } from '#client/features/creatives/template-picker.tsx';
import { Marketing, MarketingSkeleton } from '#client/features/ads/marketing.tsx';
import { CreatePresentationButton } from '#client/features/presentations/create-from-project.tsx';
import { useCrumbLabel } from '#client/app/crumbs.tsx';
import { ProjectTabs, useProject } from '#client/app/routes/project.tsx';

/** `/projects/{projectId}/creatives`: the project's creatives (the same list as /creatives, without the project filter); "New creative" creates in this project. */
export function ProjectCreatives() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const data = project.status === 'ready' ? project.data : undefined;
  const [picking, setPicking] = useState(false);
  useCrumbLabel(`/projects/${projectId}`, data?.name);
  // The picker takes the user's projects; here it is this one.
  const { status, reload } = project;
  const projects = useMemo(
    () =>
      data
        ? { status: 'ready' as const, data: [data] as readonly ProjectSummary[], error: undefined, reload }
        : { status: 'loading' as const, data: undefined, error: undefined, reload },
    [data, reload],
  ) satisfies Resource<readonly ProjectSummary[]>;

  if (status === 'error') {
    if (project.error instanceof ApiError && project.error.status === 404) return <NotFound />;
    return <LoadFailed title="This project could not be loaded" onRetry={reload} />;
  }
  const canCreate = data !== undefined && data.role !== 'viewer' && !data.archived;
  const newButton = (label: string) => (
    <Button onClick={() => setPicking(true)}>
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={data?.name ?? '\u00a0'}
        description="Ad designs of this project, made from templates that follow its brand kit."
        actions={canCreate ? newButton('New creative') : undefined}
      />
      <ProjectTabs projectId={projectId} />
      <CreativeList
        projectId={projectId}
        empty={
          canCreate
            ? {
                title: 'No creatives yet',
                text: 'Start from a template: it takes this project’s colours, fonts and logo, in every placement size.',
                action: newButton('Create your first creative'),
              }
            : { title: 'No creatives yet', text: 'Creatives made in this project appear here.' }
        }
      />
      <TemplatePicker open={picking} onClose={() => setPicking(false)} projects={projects} projectId={projectId} />
    </>
  );
}

/** `/projects/{projectId}/marketing`: the project's ads (review, preview links, publishing) and its Instagram connection. */
export function ProjectMarketing() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const data = project.status === 'ready' ? project.data : undefined;
  useCrumbLabel(`/projects/${projectId}`, data?.name);
  if (project.status === 'error') {
    if (project.error instanceof ApiError && project.error.status === 404) return <NotFound />;
    return <LoadFailed title="This project could not be loaded" onRetry={project.reload} />;
  }
  return (
    <>
      <PageHeader
        title={data?.name ?? '\u00a0'}
        description="Ads for approval and publishing, and the Instagram account of this project."
        actions={data ? <CreatePresentationButton project={data} /> : undefined}
      />
      <ProjectTabs projectId={projectId} />
      {data ? <Marketing project={data} /> : <MarketingSkeleton />}
    </>
  );
}
