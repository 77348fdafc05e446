import { useNavigate } from 'react-router';
import { projectCreateInput } from '#common/schemas/projects.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { projectsApi } from '#client/features/projects/api.ts';

/** New project: name (required), description and website; a full plan explains itself. */
export function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm(projectCreateInput, { name: '', description: '', website: '' });
  const planLimit = form.formError?.code === 'plan_limit_reached';
  return (
    <Dialog open={open} title="New project" onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(async (data) => {
          const project = await projectsApi.create(data);
          onClose();
          await navigate(`/projects/${project.id}/`);
        })}
      >
        <FormError error={form.formError}>
          {planLimit ? (
            <a className="font-medium underline" href="/pricing">
              See plans
            </a>
          ) : null}
        </FormError>
        <TextField label="Name" placeholder="The customer or campaign" required data-autofocus {...form.field('name')} />
        <TextAreaField
          label="Description"
          rows={3}
          hint="Optional. What this project is about."
          {...form.field('description')}
          className="[&_textarea]:min-h-20"
        />
        <TextField label="Website" type="url" placeholder="https://" hint="Optional." {...form.field('website')} />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={form.pending} pendingLabel="Creating…">
            Create project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
