import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FORMAT_IDS, FORMATS, type FormatId } from '#common/creative/document.ts';
import { TEMPLATES, buildTemplate } from '#common/creative/templates.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { api, ApiError, call } from '#client/lib/api.ts';
import type { Resource } from '#client/lib/use-resource.ts';
import { FittedPreview } from '#client/features/creatives/creative-card.tsx';
import { control, creatableIn } from '#client/features/creatives/list-filters.tsx';

/** A radio drawn as a card: the native input (arrow keys move within the group) stays, visually hidden. */
const option = (checked: boolean) =>
  `relative flex cursor-pointer rounded-[var(--radius-control)] border bg-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 dark:bg-zinc-900 ${
    checked ? 'border-accent-600 ring-1 ring-accent-600' : 'border-zinc-300 hover:border-zinc-400 dark:border-zinc-700 dark:hover:border-zinc-500'
  }`;

function FormatShape({ format }: { format: FormatId }) {
  const { width, height } = FORMATS[format];
  const scale = 28 / Math.max(width, height);
  return (
    <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center">
      <span
        className="block rounded-[3px] border-2 border-current text-zinc-400"
        style={{ width: Math.round(width * scale), height: Math.round(height * scale) }}
      />
    </span>
  );
}

/**
 * "New creative": the project (unless given), a format and a template, each template drawn
 * live with the project's brand kit in the chosen format. Create opens the new creative.
 */
export function TemplatePicker({
  open,
  onClose,
  projects,
  projectId,
  defaultProjectId,
}: {
  open: boolean;
  onClose: () => void;
  /** The user's projects; those they may create in (editor or owner, not archived) are offered. */
  projects: Resource<readonly ProjectSummary[]>;
  /** Create in this project: no project choice. */
  projectId?: string | undefined;
  /** The project chosen at first (e.g. the one the list is filtered to). */
  defaultProjectId?: string | undefined;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const [chosenProject, setChosenProject] = useState<string | undefined>();
  const [format, setFormat] = useState<FormatId>('square');
  const [template, setTemplate] = useState<string>(TEMPLATES[0]!.id);
  const [pending, setPending] = useState(false);
  const submitting = useRef(false);
  const [error, setError] = useState<ApiError | null>(null);

  // Opened again: the last attempt's refusal is not shown (state adjusted while rendering, not in an effect).
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (open) setError(null);
  }

  const candidates = projects.status === 'ready' ? creatableIn(projects.data) : [];
  const pick = (id: string | undefined) => candidates.find((p) => p.id === id);
  const given = projectId && projects.status === 'ready' ? projects.data.find((p) => p.id === projectId && p.role !== 'viewer') : undefined;
  const project = projectId ? given : (pick(chosenProject) ?? pick(defaultProjectId) ?? candidates[0]);

  const close = () => {
    if (!pending) onClose();
  };

  const create = async () => {
    if (!project || submitting.current) return;
    submitting.current = true;
    setPending(true);
    setError(null);
    try {
      const creative = await call(api.api.projects[':projectId'].creatives.$post({ param: { projectId: project.id }, json: { template, format } }));
      onClose();
      void navigate(`/creatives/${creative.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError('internal', 'The creative could not be created. Try again.', 0));
    } finally {
      submitting.current = false;
      setPending(false);
    }
  };

  let body;
  if (projects.status === 'loading') {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading your projects" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-square" />
        ))}
      </div>
    );
  } else if (projects.status === 'error') {
    body = <LoadFailed title="Your projects could not be loaded" onRetry={projects.reload} />;
  } else if (!project) {
    body = (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {projectId
          ? 'You can view this project’s creatives but not create them: ask an owner to make you an editor.'
          : 'Creatives are made in a project where you are an editor or owner. Create a project first.'}
      </p>
    );
  } else {
    body = (
      <Choices
        project={project}
        projects={projectId ? undefined : candidates}
        onProject={setChosenProject}
        format={format}
        onFormat={setFormat}
        template={template}
        onTemplate={setTemplate}
      />
    );
  }

  return (
    <ModalDialog open={open} onClose={close} labelledBy={titleId} className="w-[min(60rem,calc(100vw-2rem))] p-0">
      {open ? (
        <form
          noValidate
          className="flex max-h-[calc(100dvh-3rem)] flex-col"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <div className="relative border-b border-zinc-200 px-6 py-4 dark:border-zinc-800">
            <CloseButton onClose={close} />
            <h2 id={titleId} className="pr-10 text-lg font-semibold">
              New creative
            </h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {project
                ? `Pick a format and a template; it takes the brand kit of ${project.name}. You can change everything in the editor.`
                : 'Pick a format and a template to start from.'}
            </p>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
            <fieldset disabled={pending} className="min-w-0">
              {body}
            </fieldset>
          </div>
          <div className="space-y-3 border-t border-zinc-200 px-6 py-4 dark:border-zinc-800">
            <FormError error={error} />
            <div className="flex justify-end gap-3">
              <Button variant="secondary" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" pending={pending} pendingLabel="Creating…" disabled={!project}>
                Create creative
              </Button>
            </div>
          </div>
        </form>
      ) : null}
    </ModalDialog>
  );
}

function Choices({
  project,
  projects,
  onProject,
  format,
  onFormat,
  template,
  onTemplate,
}: {
  project: ProjectSummary;
  /** Projects to choose from; undefined when the project is given. */
  projects: readonly ProjectSummary[] | undefined;
  onProject: (id: string) => void;
  format: FormatId;
  onFormat: (format: FormatId) => void;
  template: string;
  onTemplate: (id: string) => void;
}) {
  const id = useId();
  const projectFieldId = `${id}-project`;
  const brand = project.brandKit;
  const images = useMemo(() => (brand.logoMediaId && project.logoUrl ? { [brand.logoMediaId]: project.logoUrl } : {}), [brand.logoMediaId, project.logoUrl]);
  const docs = useMemo(() => TEMPLATES.map((t) => ({ template: t, doc: buildTemplate(t.id, { brand, format }) })), [brand, format]);
  return (
    <div className="space-y-6">
      {projects ? (
        <div>
          <label htmlFor={projectFieldId} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Project
          </label>
          <select
            id={projectFieldId}
            data-autofocus
            className={`${control} w-full sm:w-80`}
            value={project.id}
            onChange={(e) => onProject(e.currentTarget.value)}
          >
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Format</legend>
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
          {FORMAT_IDS.map((id) => (
            <label key={id} className={`${option(format === id)} items-center gap-3 px-3 py-2.5`}>
              <input
                type="radio"
                name="format"
                value={id}
                checked={format === id}
                onChange={() => onFormat(id)}
                className="sr-only"
                {...(projects || id !== format ? {} : { 'data-autofocus': true })}
              />
              <FormatShape format={id} />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{FORMATS[id].label}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{FORMATS[id].hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Template</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {docs.map(({ template: t, doc }) => (
            <label key={t.id} className={`${option(template === t.id)} flex-col overflow-hidden`}>
              <input
                type="radio"
                name="template"
                value={t.id}
                checked={template === t.id}
                onChange={() => onTemplate(t.id)}
                className="sr-only"
                aria-labelledby={`${id}-${t.id}-name`}
                aria-describedby={`${id}-${t.id}-text`}
              />
              <span aria-hidden="true" className="relative block h-44 bg-zinc-100 dark:bg-zinc-800">
                <FittedPreview doc={doc} images={images} label={t.name} className="absolute inset-3" />
              </span>
              <span className="block px-3 py-2">
                <span id={`${id}-${t.id}-name`} className="block text-sm font-medium">
                  {t.name}
                </span>
                <span id={`${id}-${t.id}-text`} className="block text-xs text-zinc-500 dark:text-zinc-400">
                  {t.description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
