import { useState } from 'react';
import { useNavigate } from 'react-router';
import { projectCreateInput, type ProjectDetail } from '#common/schemas/projects.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';
import { BrandReader } from '#client/features/projects/brand-reader.tsx';

/**
 * New project: name (required), description and website; a full plan explains itself. With a
 * website, the project is created first and its site is then read for a brand kit the user
 * reviews (the review step); without one, or once reviewed, the project opens. For someone
 * without a project yet (`first`), it is the guided start's "Add your first customer".
 */
export function CreateProjectDialog({ open, onClose, first = false }: { open: boolean; onClose: () => void; first?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useForm(projectCreateInput, { name: '', description: '', website: '' });
  const planLimit = form.formError?.code === 'plan_limit_reached';
  // The project just created, while its website is read and reviewed.
  const [created, setCreated] = useState<ProjectDetail | null>(null);

  const openProject = async (project: ProjectDetail) => {
    setCreated(null);
    onClose();
    await navigate(`/projects/${project.id}/`);
  };

  if (created?.website) {
    return (
      // Closing the review keeps the project as it is (nothing but the logo is saved) and opens it.
      <Dialog open={open} title={t('projects.create.brandTitle', { name: created.name })} onClose={() => void openProject(created)} wide>
        <BrandReader
          projectId={created.id}
          url={created.website}
          base={created.brandKit}
          projectName={created.name}
          save={(update) => projectsApi.update(created.id, update)}
          onDone={(saved) => {
            if (saved) toast({ tone: 'success', message: t('projects.create.brandSaved') });
            void openProject(saved ?? created);
          }}
        />
      </Dialog>
    );
  }

  return (
    <Dialog open={open} title={first ? t('projects.create.titleFirst') : t('projects.create.title')} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(async (data) => {
          const project = await projectsApi.create(data);
          if (project.website) setCreated(project);
          else await openProject(project);
        })}
      >
        <FormError error={form.formError}>
          {planLimit ? (
            <a className="font-medium underline" href="/pricing">
              {t('projects.create.seePlans')}
            </a>
          ) : null}
        </FormError>
        <TextField label={t('projects.create.name')} placeholder={t('projects.create.namePlaceholder')} required data-autofocus {...form.field('name')} />
        <TextAreaField
          label={t('projects.create.description')}
          rows={3}
          hint={t('projects.create.descriptionHint')}
          {...form.field('description')}
          className="[&_textarea]:min-h-20"
        />
        <TextField label={t('projects.create.website')} type="url" placeholder="https://" hint={t('projects.create.websiteHint')} {...form.field('website')} />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {t('projects.create.cancel')}
          </Button>
          <Button type="submit" pending={form.pending} pendingLabel={t('projects.create.pending')}>
            {t('projects.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
