import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { themeFromBrandKit } from '#common/schemas/blocks-theme.ts';
import { FUNNEL_LIMITS, slugify } from '#common/schemas/funnels.ts';
import type { FunnelTemplateId } from '#common/templates/pages/ids.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { firstFieldError, focusFirstError, useFormSubmission } from '#client/lib/use-form-submission.ts';
import { funnelsApi, type FunnelDetail } from '#client/features/funnels/api.ts';
import { nameError, nameRules } from '#client/features/funnels/name-rules.ts';
import { selectClass } from '#client/features/funnels/select-class.ts';
import { TemplatePicker } from '#client/features/funnels/template-picker.tsx';
import type { PreviewBrand } from '#client/features/funnels/template-preview.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

const TITLE_MAX = FUNNEL_LIMITS.title;

/** How a template looks for the project: the theme its brand kit gives a new funnel, its language, name and logo. */
function brandOf(project: ProjectSummary): PreviewBrand {
  const logoId = project.brandKit.logoMediaId;
  return {
    theme: themeFromBrandKit(project.brandKit),
    locale: project.locale ?? 'en',
    projectName: project.name,
    logo: logoId && project.logoUrl ? { mediaId: logoId, url: project.logoUrl } : null,
  };
}

/** New funnel: the project it belongs to, its title, and its name (the address, with its rules shown as you type). */
export function NewFunnelDialog({
  open,
  projects,
  defaultProjectId,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** Projects the user may create a funnel in (editor or owner, not archived). */
  projects: readonly ProjectSummary[];
  defaultProjectId?: string | undefined;
  onClose: () => void;
  onCreated: (funnel: FunnelDetail) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} title={t('funnels.new.title')} onClose={onClose} wide>
      <NewFunnelForm projects={projects} defaultProjectId={defaultProjectId} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function NewFunnelForm({
  projects,
  defaultProjectId,
  onClose,
  onCreated,
}: {
  projects: readonly ProjectSummary[];
  defaultProjectId?: string | undefined;
  onClose: () => void;
  onCreated: (funnel: FunnelDetail) => void;
}) {
  const t = useT();
  const id = useId();
  const initialProject = projects.find((p) => p.id === defaultProjectId)?.id ?? (projects.length === 1 ? projects[0]!.id : '');
  const [projectId, setProjectId] = useState(initialProject);
  const [template, setTemplate] = useState<FunnelTemplateId | null>(null);
  const project = projects.find((p) => p.id === projectId);
  const [title, setTitle] = useState('');
  const [name, setName] = useState('');
  // The name follows the title until the user types one of their own.
  const [nameEdited, setNameEdited] = useState(false);
  const [errors, setErrors] = useState<{ projectId?: string | undefined; title?: string | undefined; name?: string | undefined }>({});
  const { pending, formError, setFormError, send } = useFormSubmission();
  const [nameTouched, setNameTouched] = useState(false);
  const rules = nameRules(t, name);

  const check = () => ({
    projectId: projectId ? undefined : t('funnels.new.pickProject'),
    title: !title.trim() ? t('funnels.new.titleMissing') : title.trim().length > TITLE_MAX ? t('funnels.new.titleLong', { max: TITLE_MAX }) : undefined,
    name: nameError(t, name),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const found = check();
    setErrors(found);
    setNameTouched(true);
    setFormError(null);
    if (focusFirstError(form, found, ['projectId', 'title', 'name'])) return;
    await send(
      async () => onCreated(await funnelsApi.create(projectId, { name, title: title.trim(), ...(template ? { template } : {}) })),
      t('funnels.new.failed'),
      (error) => {
        const server = firstFieldError(error, ['name', 'title']);
        if (!server) return false;
        setErrors({ [server.field]: server.message });
        if (server.field === 'name') form.querySelector<HTMLElement>('[name="name"]')?.focus();
        return true;
      },
    );
  };

  // The picker stands before the form, not in it: its preview draws the template's own form (forms do not nest).
  return (
    <div className="space-y-4">
      {project ? (
        <div className="space-y-2">
          <TemplatePicker kind="funnel" value={template} onChange={setTemplate} brand={brandOf(project)} />
          {template ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('funnels.templates.funnelNote')}</p> : null}
        </div>
      ) : null}
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <FormError error={formError} />
        <div>
          <label htmlFor={`${id}-project`} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('funnels.new.project')}
          </label>
          <select
            id={`${id}-project`}
            name="projectId"
            value={projectId}
            aria-invalid={errors.projectId ? true : undefined}
            aria-describedby={errors.projectId ? `${id}-project-error` : undefined}
            onChange={(e) => {
              setProjectId(e.currentTarget.value);
              setErrors((x) => ({ ...x, projectId: undefined }));
            }}
            className={`${selectClass} ${errors.projectId ? 'border-red-500' : 'border-zinc-300 dark:border-zinc-700'}`}
          >
            <SelectOptions empty={t('funnels.new.projectEmpty')} options={projects.map((p) => ({ value: p.id, label: p.name }))} />
          </select>
          {errors.projectId ? (
            <p id={`${id}-project-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {errors.projectId}
            </p>
          ) : null}
        </div>
        <TextField
          label={t('funnels.new.titleLabel')}
          name="title"
          hint={t('funnels.new.titleHint')}
          maxLength={TITLE_MAX + 20}
          value={title}
          error={errors.title}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setTitle(next);
            if (!nameEdited) setName(slugify(next));
            if (errors.title) setErrors((x) => ({ ...x, title: undefined }));
          }}
        />
        <div>
          <TextField
            label={t('funnels.new.name')}
            name="name"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={name}
            error={errors.name}
            hint={name ? t('funnels.new.nameHint', { name }) : t('funnels.new.nameHintEmpty')}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setName(next);
              setNameEdited(next !== '');
              setNameTouched(true);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
          <ul aria-label={t('funnels.new.rules')} className="mt-2 space-y-1 text-xs">
            {rules.map((rule) => {
              const shown = nameTouched || name !== '';
              const state = !shown ? 'pending' : rule.ok ? 'ok' : 'broken';
              return (
                <li
                  key={rule.label}
                  className={`flex items-center gap-1.5 ${state === 'ok' ? 'text-emerald-700 dark:text-emerald-400' : state === 'broken' ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
                >
                  {state === 'ok' ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
                  <span>
                    {rule.label}
                    <span className="sr-only">{state === 'ok' ? t('funnels.new.met') : state === 'broken' ? t('funnels.new.notMet') : ''}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <DialogFormActions onCancel={onClose} pending={pending} pendingLabel={t('funnels.new.creating')}>
          {t('funnels.new.create')}
        </DialogFormActions>
      </form>
    </div>
  );
}
