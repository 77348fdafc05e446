import { useState } from 'react';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';

/**
 * An archived project is read-only until its owner restores it (the worker refuses its
 * writes with 409): the project's screens say so once, at the top, with the way back.
 */
export function ArchivedNotice({ project, onRestored }: { project: ProjectDetail; onRestored: (project: ProjectDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restore = async () => {
    setRestoring(true);
    setError(null);
    try {
      onRestored(await projectsApi.update(project.id, { archived: false }));
      toast({ tone: 'success', message: t('projects.archived.restored') });
    } catch (e) {
      setError(errorMessage(e, t('projects.archived.restoreFailed')));
    } finally {
      setRestoring(false);
    }
  };
  return (
    <Alert tone="warning" title={t('projects.archived.title')} className="mb-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          {t('projects.archived.text')} {project.role === 'owner' ? t('projects.archived.ownerHint') : t('projects.archived.otherHint')}
        </p>
        {project.role === 'owner' ? (
          <Button variant="secondary" size="sm" pending={restoring} pendingLabel={t('projects.archived.restoring')} onClick={() => void restore()}>
            {t('projects.archived.restore')}
          </Button>
        ) : null}
      </div>
      {error ? <p className="mt-2 text-red-700 dark:text-red-300">{error}</p> : null}
    </Alert>
  );
}
