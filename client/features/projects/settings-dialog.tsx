import { useState } from 'react';
import { useNavigate } from 'react-router';
import { projectUpdateInput, type ProjectDetail } from '#common/schemas/projects.ts';
import { countOf } from '#common/plural.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useForm } from '#client/lib/use-form.ts';
import { projectsApi } from '#client/features/projects/api.ts';

/** Project settings: details (owner renames, editors describe), archive and delete (owner, by typing the name). */
export function SettingsDialog({
  project,
  open,
  onClose,
  onSaved,
}: {
  project: ProjectDetail;
  open: boolean;
  onClose: () => void;
  onSaved: (project: ProjectDetail) => void;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const isOwner = project.role === 'owner';
  const form = useForm(projectUpdateInput, { name: project.name, description: project.description, website: project.website ?? '' });
  const [confirmName, setConfirmName] = useState('');
  const [busy, setBusy] = useState<'archive' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const archive = async () => {
    setBusy('archive');
    setError(null);
    try {
      const saved = await projectsApi.update(project.id, { archived: !project.archived });
      onSaved(saved);
      toast({ tone: 'success', message: saved.archived ? 'Project archived. It keeps its files.' : 'Project restored.' });
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'That did not work.'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setError(null);
    try {
      await projectsApi.remove(project.id);
      toast({ tone: 'success', message: `“${project.name}” was deleted.` });
      await navigate('/projects');
    } catch (e) {
      setError(errorMessage(e, 'The project could not be deleted.'));
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} title="Project settings" onClose={onClose}>
      {project.archived ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The project is archived: restore it to change its name, description or website.</p>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit(async (data) => {
            const patch = isOwner ? data : { description: data.description, website: data.website };
            onSaved(await projectsApi.update(project.id, patch));
            toast({ tone: 'success', message: 'Project saved.' });
            onClose();
          })}
        >
          <FormError error={form.formError} />
          <TextField label="Name" readOnly={!isOwner} hint={isOwner ? undefined : 'Only the owner can rename the project.'} {...form.field('name')} />
          <TextAreaField label="Description" rows={3} {...form.field('description')} className="[&_textarea]:min-h-20" />
          <TextField label="Website" type="url" placeholder="https://" {...form.field('website')} />
          <div className="flex justify-end">
            <Button type="submit" pending={form.pending} pendingLabel="Saving…">
              Save
            </Button>
          </div>
        </form>
      )}
      {isOwner ? (
        <div className="mt-6 space-y-4 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="flex items-center justify-between gap-4">
            <div>
              <h3 className="text-sm font-semibold">{project.archived ? 'Restore the project' : 'Archive the project'}</h3>
              <p className="text-xs text-zinc-500">
                {project.archived ? 'It counts towards your plan’s active projects again.' : 'It stays with its files but leaves your active projects.'}
              </p>
            </div>
            <Button variant="secondary" size="sm" pending={busy === 'archive'} onClick={archive}>
              {project.archived ? 'Restore' : 'Archive'}
            </Button>
          </div>
          <div className="rounded-[var(--radius-control)] border border-red-200 p-4 dark:border-red-900">
            <h3 className="text-sm font-semibold text-red-800 dark:text-red-300">Delete the project</h3>
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
              Its brand kit, media library ({countOf(project.counts.media, 'file')}), members and invitations go with it. It can be restored by support for 30
              days.
            </p>
            <TextField
              label={`Type “${project.name}” to confirm`}
              value={confirmName}
              onChange={(e) => setConfirmName(e.currentTarget.value)}
              className="mt-3"
            />
            <Button variant="danger" size="sm" className="mt-3" disabled={confirmName !== project.name} pending={busy === 'delete'} onClick={remove}>
              Delete project
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
