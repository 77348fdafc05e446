import { useId, useState, type FormEvent } from 'react';
import { slugify } from '#common/schemas/funnels.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { firstFieldError, focusFirstError, useFormSubmission } from '#client/lib/use-form-submission.ts';
import { presentationsApi } from '#client/features/presentations/api.ts';
import type { PresentationSummary } from '#client/features/presentations/model.ts';
import { CUSTOMER_MAX, customerError, SLUG_MAX, slugError } from '#client/features/presentations/rules.ts';

const selectClass =
  'block h-10 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 sm:text-sm';

/**
 * New presentation: the customer it is for and its address (`/presents/{slug}`, following the
 * customer's name until edited); optionally a project whose brand, best creatives and ads fill it.
 */
export function NewPresentationDialog({
  open,
  projects,
  defaultProjectId,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** Projects it may be prefilled from (the user is an editor or owner); none: the field is not shown. */
  projects: readonly Pick<ProjectSummary, 'id' | 'name'>[];
  defaultProjectId?: string | undefined;
  onClose: () => void;
  onCreated: (presentation: PresentationSummary) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} title={t('presentations.list.new')} onClose={onClose}>
      <NewPresentationForm projects={projects} defaultProjectId={defaultProjectId} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

type Errors = { customerName?: string | undefined; slug?: string | undefined };

function NewPresentationForm({
  projects,
  defaultProjectId,
  onClose,
  onCreated,
}: {
  projects: readonly Pick<ProjectSummary, 'id' | 'name'>[];
  defaultProjectId?: string | undefined;
  onClose: () => void;
  onCreated: (presentation: PresentationSummary) => void;
}) {
  const t = useT();
  const id = useId();
  const initialProject = projects.find((p) => p.id === defaultProjectId);
  const [projectId, setProjectId] = useState(initialProject?.id ?? '');
  const [customerName, setCustomerName] = useState(initialProject?.name ?? '');
  const [slug, setSlug] = useState(initialProject ? slugify(initialProject.name, SLUG_MAX) : '');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const { pending, formError, setFormError, send } = useFormSubmission();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const address = slug.trim().toLowerCase();
    const found: Errors = { customerName: customerError(t, customerName), slug: slugError(t, address) };
    setErrors(found);
    setFormError(null);
    if (focusFirstError(form, found, ['customerName', 'slug'])) return;
    await send(
      async () =>
        onCreated(await presentationsApi.create({ slug: address, customerName: customerName.trim(), ...(projectId ? { fromProjectId: projectId } : {}) })),
      t('presentations.new.failed'),
      (error) => {
        const server = firstFieldError(error, ['slug', 'customerName']);
        if (!server) return false;
        setErrors({ [server.field]: server.message });
        form.querySelector<HTMLElement>(`[name="${server.field}"]`)?.focus();
        return true;
      },
    );
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <FormError error={formError} />
      {projects.length > 0 ? (
        <div>
          <label htmlFor={`${id}-project`} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('presentations.new.project')}
          </label>
          <select
            id={`${id}-project`}
            name="projectId"
            value={projectId}
            aria-describedby={`${id}-project-hint`}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setProjectId(next);
              const project = projects.find((p) => p.id === next);
              if (project && !customerName.trim()) {
                setCustomerName(project.name);
                if (!slugEdited) setSlug(slugify(project.name, SLUG_MAX));
              }
            }}
            className={selectClass}
          >
            <SelectOptions empty={t('presentations.new.projectNone')} options={projects.map((p) => ({ value: p.id, label: p.name }))} />
          </select>
          <p id={`${id}-project-hint`} className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">
            {t('presentations.new.projectHint')}
          </p>
        </div>
      ) : null}
      <TextField
        label={t('presentations.new.customer')}
        name="customerName"
        hint={t('presentations.new.customerHint')}
        maxLength={CUSTOMER_MAX + 20}
        value={customerName}
        error={errors.customerName}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setCustomerName(next);
          if (!slugEdited) setSlug(slugify(next, SLUG_MAX));
          if (errors.customerName) setErrors((x) => ({ ...x, customerName: undefined }));
        }}
      />
      <TextField
        label={t('presentations.new.address')}
        name="slug"
        autoComplete="off"
        spellCheck={false}
        maxLength={SLUG_MAX + 16}
        value={slug}
        error={errors.slug}
        hint={slug ? t('presentations.new.addressShared', { slug }) : t('presentations.new.addressHint')}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setSlug(next);
          setSlugEdited(next !== '');
          setErrors((x) => ({ ...x, slug: undefined }));
        }}
      />
      <DialogFormActions onCancel={onClose} pending={pending} pendingLabel={t('presentations.new.creating')}>
        {t('presentations.new.create')}
      </DialogFormActions>
    </form>
  );
}
