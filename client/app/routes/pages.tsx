import { PageHeader } from '#client/components/page-header.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { loadProjects } from '#client/features/funnels/api.ts';
import { PagesList } from '#client/features/funnels/pages-list.tsx';

/** `/pages`: the pages of all the user's funnels, with status (draft, published, changed) and their last 7 days. */
export default function Pages() {
  const projects = useResource(loadProjects, []);
  return (
    <>
      <PageHeader title="Pages" description="Funnel pages across all your funnels, with their status and the views and leads of the last 7 days." />
      <PagesList projects={projects.status === 'ready' ? projects.data : undefined} />
    </>
  );
}
