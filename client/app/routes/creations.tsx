import { PageHeader } from '#client/components/page-header.tsx';
import { CreationsGallery } from '#client/features/creatives/creations-gallery.tsx';
import { useProjectChoices } from '#client/features/creatives/list-filters.tsx';

/** `/creations`: every PNG rendered in the user's projects, to download, trace back to its creative, or delete. */
export default function Creations() {
  const projects = useProjectChoices();
  return (
    <>
      <PageHeader title="Creations" description="Everything you rendered, ready to download or use in an ad." />
      <CreationsGallery projects={projects.status === 'ready' ? projects.data : undefined} />
    </>
  );
}
