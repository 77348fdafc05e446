import { useState } from 'react';
import { useNavigate } from 'react-router';
import { projectUpdateInput, type ProjectDetail } from '#common/schemas/projects.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useForm } from '#client/lib/use-form.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';
import { ProjectLanguageField } from '#client/features/projects/language-field.tsx';

/** Project settings: details (owner renames, editors describe), the customer's language (owner), archive and delete (owner, by typing the name). */
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
  const t = useT();
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
      toast({ tone: 'success', message: saved.archived ? t('projects.settings.archivedToast') : t('projects.settings.restoredToast') });
      onClose();
    } catch (e) {
      setError(errorMessage(e, t('projects.settings.failed')));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setError(null);
    try {
      await projectsApi.remove(project.id);
      toast({ tone: 'success', message: t('projects.settings.deleted', { name: project.name }) });
      await navigate('/projects');
    } catch (e) {
      setError(errorMessage(e, t('projects.settings.deleteFailed')));
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} title={t('projects.settings.title')} onClose={onClose}>
      {project.archived ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('projects.settings.archivedText')}</p>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit(async (data) => {
            const patch = isOwner ? data : { description: data.description, website: data.website };
            onSaved(await projectsApi.update(project.id, patch));
            toast({ tone: 'success', message: t('projects.settings.saved') });
            onClose();
          })}
        >
          <FormError error={form.formError} />
          <TextField
            label={t('projects.settings.name')}
            readOnly={!isOwner}
            hint={isOwner ? undefined : t('projects.settings.nameOwnerOnly')}
            {...form.field('name')}
          />
          <TextAreaField label={t('projects.settings.description')} rows={3} {...form.field('description')} className="[&_textarea]:min-h-20" />
          <TextField label={t('projects.settings.website')} type="url" placeholder="https://" {...form.field('website')} />
          <div className="flex justify-end">
            <Button type="submit" pending={form.pending} pendingLabel={t('projects.settings.saving')}>
              {t('projects.settings.save')}
            </Button>
          </div>
        </form>
      )}
      <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <ProjectLanguageField project={project} onSaved={onSaved} />
      </div>
      {isOwner ? (
        <div className="mt-6 space-y-4 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="flex items-center justify-between gap-4">
            <div>
              <h3 className="text-sm font-semibold">{project.archived ? t('projects.settings.restoreTitle') : t('projects.settings.archiveTitle')}</h3>
              <p className="text-xs text-zinc-500">{project.archived ? t('projects.settings.restoreText') : t('projects.settings.archiveText')}</p>
            </div>
            <Button variant="secondary" size="sm" pending={busy === 'archive'} onClick={archive}>
              {project.archived ? t('projects.settings.restore') : t('projects.settings.archive')}
            </Button>
          </div>
          <div className="rounded-[var(--radius-control)] border border-red-200 p-4 dark:border-red-900">
            <h3 className="text-sm font-semibold text-red-800 dark:text-red-300">{t('projects.settings.deleteTitle')}</h3>
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t('projects.settings.deleteText', { count: project.counts.media })}</p>
            <TextField
              label={t('projects.settings.deleteConfirm', { name: project.name })}
              value={confirmName}
              onChange={(e) => setConfirmName(e.currentTarget.value)}
              className="mt-3"
            />
            <Button variant="danger" size="sm" className="mt-3" disabled={confirmName !== project.name} pending={busy === 'delete'} onClick={remove}>
              {t('projects.settings.delete')}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
