import { useState } from 'react';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { projectsApi } from '#client/features/projects/api.ts';

/**
 * An archived project is read-only until its owner restores it (the worker refuses its
 * writes with 409): the project's screens say so once, at the top, with the way back.
 */
export function ArchivedNotice({ project, onRestored }: { project: ProjectDetail; onRestored: (project: ProjectDetail) => void }) {
  const toast = useToast();
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restore = async () => {
    setRestoring(true);
    setError(null);
    try {
      onRestored(await projectsApi.update(project.id, { archived: false }));
      toast({ tone: 'success', message: 'Project restored.' });
    } catch (e) {
      setError(errorMessage(e, 'The project could not be restored.'));
    } finally {
      setRestoring(false);
    }
  };
  return (
    <Alert tone="warning" title="Archived" className="mb-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          This project is archived, so it is read-only: its files, brand kit and creatives can be looked at but not changed.{' '}
          {project.role === 'owner' ? 'Restore it to work on it again.' : 'Only its owner can restore it.'}
        </p>
        {project.role === 'owner' ? (
          <Button variant="secondary" size="sm" pending={restoring} pendingLabel="Restoring…" onClick={() => void restore()}>
            Restore the project
          </Button>
        ) : null}
      </div>
      {error ? <p className="mt-2 text-red-700 dark:text-red-300">{error}</p> : null}
    </Alert>
  );
}
