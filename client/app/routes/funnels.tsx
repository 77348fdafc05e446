import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ID_PATTERN } from '#common/schemas/fields.ts';
import { NewButton } from '#client/components/new-button.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { creatableIn, funnelsApi, loadProjects } from '#client/features/funnels/api.ts';
import { FunnelList } from '#client/features/funnels/funnel-list.tsx';
import { NewFunnelDialog } from '#client/features/funnels/new-funnel-dialog.tsx';
import { ProjectFilter } from '#client/features/funnels/project-filter.tsx';
import { allProjectsEmpty } from '#client/app/all-projects-empty.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** `/funnels`: the funnels of all the user's projects with a week of views and leads; "New funnel" asks for the project. */
export default function Funnels() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('project');
  const project = raw && ID_PATTERN.test(raw) ? raw : undefined;
  const setProject = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('project', value);
    else next.delete('project');
    setParams(next, { replace: true });
  };
  const projects = useResource(loadProjects, []);
  const list = usePaged((cursor) => funnelsApi.list(project, cursor), [project]);
  // `?new=1` (from a project's marketing page) opens the dialog at once.
  const [creating, setCreating] = useState(params.get('new') === '1');
  const ready = projects.status === 'ready';
  const creatable = ready ? creatableIn(projects.data) : [];
  const canCreate = ready && creatable.length > 0;
  const noProjects = ready && projects.data.length === 0;
  const newButton = (label: string) => <NewButton onClick={() => setCreating(true)}>{label}</NewButton>;

  return (
    <>
      <PageHeader
        title={t('funnels.list.title')}
        description={t('funnels.list.description')}
        actions={canCreate ? newButton(t('funnels.list.new')) : undefined}
      />
      {ready && projects.data.length > 1 ? (
        <div className="mb-5">
          <ProjectFilter projects={projects.data} value={project} onChange={setProject} />
        </div>
      ) : null}
      <FunnelList
        list={list}
        showProject={!project}
        filtered={Boolean(project)}
        onClearFilter={() => setProject('')}
        empty={allProjectsEmpty(t, 'funnels', {
          noProjects,
          create: canCreate
            ? {
                text: t('funnels.list.emptyText'),
                action: newButton(t('funnels.list.createFirst')),
              }
            : null,
        })}
      />
      {canCreate ? (
        <NewFunnelDialog
          key={String(creating)}
          open={creating}
          projects={creatable}
          defaultProjectId={project}
          onClose={() => {
            setCreating(false);
            if (params.has('new')) {
              const next = new URLSearchParams(params);
              next.delete('new');
              setParams(next, { replace: true });
            }
          }}
          onCreated={(funnel) => {
            setCreating(false);
            toast({ tone: 'success', message: t('funnels.list.created', { title: funnel.title }) });
            navigate(`/funnels/${funnel.id}`);
          }}
        />
      ) : null}
    </>
  );
}
