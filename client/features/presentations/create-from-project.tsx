import { Presentation } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { Button } from '#client/components/button.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useSession } from '#client/lib/session.tsx';
import { canMakePresentations } from '#client/features/presentations/access.ts';

/**
 * "Create a presentation" on a project's page: one click makes a draft presentation for the
 * project's customer, prefilled by the server with its brand, best creatives and ads, and
 * opens it in the editor. Only for people who may make presentations and edit the project.
 * The code that creates it loads on click (the project page's chunk stays small).
 */
export function CreatePresentationButton({ project }: { project: Pick<ProjectDetail, 'id' | 'name' | 'role' | 'archived'> }) {
  const t = useT();
  const { user } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  if (!canMakePresentations(user) || project.role === 'viewer' || project.archived) return null;

  const create = async () => {
    if (pending) return;
    setPending(true);
    try {
      const { createFromProject } = await import('#client/features/presentations/from-project.ts');
      const created = await createFromProject(project, t('presentations.fromProject.taken'));
      toast({ tone: 'success', message: t('presentations.fromProject.created', { project: project.name }) });
      navigate(`/presentations?edit=${encodeURIComponent(created.id)}`);
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('presentations.new.failed')) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void create()} pending={pending} pendingLabel={t('presentations.new.creating')}>
      <Presentation aria-hidden="true" className="size-4" />
      {t('presentations.fromProject.button')}
    </Button>
  );
}
