import { lazy, Suspense, useState } from 'react';
import { NewButton } from '#client/components/new-button.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { CreativeList } from '#client/features/creatives/list-creatives.tsx';
import { creatableIn, useListFilters, useProjectChoices } from '#client/features/creatives/list-filters.tsx';
import { allProjectsEmpty } from '#client/app/all-projects-empty.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

// The template picker (its previews, ≈ 3 KB gzip) loads when "New creative" is first pressed.
const TemplatePicker = lazy(() => import('#client/features/creatives/template-picker.tsx').then((m) => ({ default: m.TemplatePicker })));

/** `/creatives`: the creatives of all the user's projects, filtered as the URL says; "New creative" opens the template picker. */
export default function Creatives() {
  const t = useT();
  const projects = useProjectChoices();
  const { filters } = useListFilters();
  const [picking, setPicking] = useState(false);
  const ready = projects.status === 'ready';
  // Until the projects are known, offer to create (the picker waits for them); then only where the user may.
  const canCreate = !ready || creatableIn(projects.data).length > 0;
  const noProjects = ready && projects.data.length === 0;
  const newButton = (label: string) => <NewButton onClick={() => setPicking(true)}>{label}</NewButton>;

  return (
    <>
      <PageHeader
        title={t('library.creatives.title')}
        description={t('library.creatives.description')}
        actions={canCreate ? newButton(t('library.creatives.new')) : undefined}
      />
      <CreativeList
        projects={ready ? projects.data : undefined}
        empty={allProjectsEmpty(t, 'creatives', {
          noProjects,
          create: canCreate
            ? {
                text: t('library.creatives.emptyText'),
                action: newButton(t('library.creatives.createFirst')),
              }
            : null,
        })}
      />
      {picking ? (
        <Suspense fallback={null}>
          <TemplatePicker open onClose={() => setPicking(false)} projects={projects} defaultProjectId={filters.project} />
        </Suspense>
      ) : null}
    </>
  );
}
