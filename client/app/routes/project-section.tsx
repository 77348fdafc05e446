import { Megaphone, Palette } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useCrumbLabel } from '#client/app/crumbs.tsx';
import { ProjectTabs, useProject } from '#client/app/routes/project.tsx';

function Section({ kind }: { kind: 'creatives' | 'marketing' }) {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const name = project.status === 'ready' ? project.data.name : undefined;
  useCrumbLabel(`/projects/${projectId}`, name);
  return (
    <>
      <PageHeader title={name ?? '\u00a0'} description={kind === 'creatives' ? 'Ad designs of this project.' : 'Ads, funnels, Instagram and the publishing schedule of this project.'} />
      <ProjectTabs projectId={projectId} />
      {kind === 'creatives' ? (
        <EmptyState icon={<Palette aria-hidden="true" className="size-8" />} title="No creatives yet">
          Creatives built from this project’s brand kit will be listed here. The creative editor is not available in this version yet.
        </EmptyState>
      ) : (
        <EmptyState icon={<Megaphone aria-hidden="true" className="size-8" />} title="Nothing scheduled yet">
          Ads waiting for approval, funnels and the Instagram connection of this project will appear here once they are available.
        </EmptyState>
      )}
    </>
  );
}

export function ProjectCreatives() {
  return <Section kind="creatives" />;
}

export function ProjectMarketing() {
  return <Section kind="marketing" />;
}
