import { PageHeader } from '#client/components/page-header.tsx';
import { CreationsGallery } from '#client/features/creatives/creations-gallery.tsx';
import { useProjectChoices } from '#client/features/creatives/list-filters.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** `/creations`: every PNG rendered in the user's projects, to download, trace back to its creative, or delete. */
export default function Creations() {
  const t = useT();
  const projects = useProjectChoices();
  return (
    <>
      <PageHeader title={t('library.creations.title')} description={t('library.creations.description')} />
      <CreationsGallery projects={projects.status === 'ready' ? projects.data : undefined} />
    </>
  );
}
