import { PageHeader } from '#client/components/page-header.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { loadProjects } from '#client/features/funnels/api.ts';
import { PagesList } from '#client/features/funnels/pages-list.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** `/pages`: the pages of all the user's funnels, with status (draft, published, changed) and their last 7 days. */
export default function Pages() {
  const t = useT();
  const projects = useResource(loadProjects, []);
  return (
    <>
      <PageHeader title={t('funnels.pages.title')} description={t('funnels.pages.description')} />
      <PagesList projects={projects.status === 'ready' ? projects.data : undefined} />
    </>
  );
}
