import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FORMAT_IDS, FORMATS, type FormatId } from '#common/creative/document.ts';
import type { TemplateCategory } from '#common/creative/templates.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { ApiError } from '#client/lib/http.ts';
import type { Resource } from '#client/lib/use-resource.ts';
import { listProjectMedia } from '#client/lib/media-library.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { creativesApi } from '#client/features/creatives/api.ts';
import { formatHint, formatLabel } from '#client/features/creatives/library-words.ts';
import { control, creatableIn } from '#client/features/creatives/list-filters.tsx';

/** The gallery (the templates and their live previews) loads with the open picker, not with the creatives pages. */
const TemplateGallery = lazy(() => import('#client/features/creatives/template-gallery.tsx'));

/** The template chosen at first: the first of TEMPLATES (template-picker.test.tsx checks). */
export const FIRST_TEMPLATE = 'bold-headline';

/** Pictures the renderer draws (not AVIF or GIF animations): what a template's picture frame may take. */
const DRAWABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

interface Picture {
  id: string;
  url: string;
}

/**
 * The project's latest picture (not its logo), for the templates' picture frames: the previews
 * show the brand's own photo and the new creative starts with it. None (or a failed load): the
 * frames stay empty. Undefined while it loads (the gallery waits rather than redraw every preview).
 */
function useLatestPicture(project: ProjectSummary | undefined, open: boolean): Picture | null | undefined {
  const projectId = project?.id;
  const logo = project?.brandKit.logoMediaId ?? null;
  const [found, setFound] = useState<{ key: string; picture: Picture | null } | null>(null);
  const key = `${projectId}:${logo}`;
  useEffect(() => {
    if (!open || !projectId) return;
    let live = true;
    listProjectMedia(projectId, 'image', 6)
      .then((page) => {
        const item = page.items.find((m) => m.id !== logo && DRAWABLE.has(m.mime.toLowerCase()));
        if (live) setFound({ key, picture: item ? { id: item.id, url: item.thumbnailUrl ?? item.fileUrl } : null });
      })
      .catch(() => {
        if (live) setFound({ key, picture: null });
      });
    return () => {
      live = false;
    };
  }, [open, projectId, logo, key]);
  return found?.key === key ? found.picture : undefined;
}

function GallerySkeleton() {
  const t = useT();
  return (
    <div role="status" aria-busy="true" aria-label={t('library.picker.loadingTemplates')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-52" />
      ))}
    </div>
  );
}

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
  const t = useT();
  const titleId = useId();
  const navigate = useNavigate();
  const [chosenProject, setChosenProject] = useState<string | undefined>();
  const [format, setFormat] = useState<FormatId>('square');
  const [template, setTemplate] = useState<string>(FIRST_TEMPLATE);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<TemplateCategory | null>(null);
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
  const picture = useLatestPicture(project, open);

  const close = () => {
    if (!pending) onClose();
  };

  const create = async () => {
    if (!project || submitting.current) return;
    submitting.current = true;
    setPending(true);
    setError(null);
    try {
      // With the project's picture the document is the template as previewed (the worker checks the picture is the project's).
      const json = picture
        ? {
            template,
            format,
            document: (await import('#common/creative/templates.ts')).buildTemplate(template, {
              brand: project.brandKit,
              format,
              imageMediaId: picture.id,
              locale: project.locale,
            }),
          }
        : { template, format };
      const creative = await creativesApi.create(project.id, json);
      onClose();
      void navigate(`/creatives/${creative.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError('internal', t('library.picker.createFailed'), 0));
    } finally {
      submitting.current = false;
      setPending(false);
    }
  };

  let body;
  if (projects.status === 'loading') {
    body = (
      <div role="status" aria-busy="true" aria-label={t('library.picker.loadingProjects')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-square" />
        ))}
      </div>
    );
  } else if (projects.status === 'error') {
    body = <LoadFailed title={t('library.picker.projectsFailed')} onRetry={projects.reload} />;
  } else if (!project) {
    body = <p className="text-sm text-zinc-600 dark:text-zinc-400">{projectId ? t('library.picker.viewerOnly') : t('library.picker.noProject')}</p>;
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
        picture={picture}
        query={query}
        onQuery={setQuery}
        category={category}
        onCategory={setCategory}
      />
    );
  }

  return (
    <ModalDialog open={open} onClose={close} labelledBy={titleId} className="w-[min(72rem,calc(100vw-2rem))] p-0">
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
              {t('library.picker.title')}
            </h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {project
                ? t(picture ? 'library.picker.introWithPicture' : 'library.picker.intro', { project: project.name })
                : t('library.picker.introNoProject')}
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
                {t('library.picker.cancel')}
              </Button>
              <Button type="submit" pending={pending} pendingLabel={t('library.picker.creating')} disabled={!project}>
                {t('library.picker.create')}
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
  picture,
  query,
  onQuery,
  category,
  onCategory,
}: {
  project: ProjectSummary;
  /** Projects to choose from; undefined when the project is given. */
  projects: readonly ProjectSummary[] | undefined;
  onProject: (id: string) => void;
  format: FormatId;
  onFormat: (format: FormatId) => void;
  template: string;
  onTemplate: (id: string) => void;
  picture: Picture | null | undefined;
  query: string;
  onQuery: (query: string) => void;
  category: TemplateCategory | null;
  onCategory: (category: TemplateCategory | null) => void;
}) {
  const t = useT();
  const id = useId();
  const projectFieldId = `${id}-project`;
  const brand = project.brandKit;
  const images = useMemo(() => {
    const map: Record<string, string> = {};
    if (brand.logoMediaId && project.logoUrl) map[brand.logoMediaId] = project.logoUrl;
    if (picture) map[picture.id] = picture.url;
    return map;
  }, [brand.logoMediaId, project.logoUrl, picture]);
  return (
    <div className="space-y-6">
      {projects ? (
        <div>
          <label htmlFor={projectFieldId} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('library.picker.project')}
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
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('library.picker.format')}</legend>
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
                <span className="block text-sm font-medium">{formatLabel(t, id)}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{formatHint(t, id)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {picture === undefined ? (
        <GallerySkeleton />
      ) : (
        <Suspense fallback={<GallerySkeleton />}>
          <TemplateGallery
            brand={brand}
            locale={project.locale}
            images={images}
            pictureId={picture?.id ?? null}
            format={format}
            template={template}
            onTemplate={onTemplate}
            query={query}
            onQuery={onQuery}
            category={category}
            onCategory={onCategory}
          />
        </Suspense>
      )}
    </div>
  );
}
