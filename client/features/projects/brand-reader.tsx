import type { BrandKit, ProjectDetail, ProjectUpdateInput } from '#common/schemas/projects.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';
import { siteName } from '#client/features/projects/brand-choices.ts';
import { BrandReview } from '#client/features/projects/brand-review.tsx';

/** The loading and error states replace the button that started the read: focus goes to them, not to the page. */
const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};

/** What a failed read says: a refused address in the server's words, a silent site in plain ones. */
function readFailure(t: ReturnType<typeof useT>, error: Error): string {
  if (error instanceof ApiError && error.status === 502) return t('projects.brandRead.noAnswer');
  if (error instanceof ApiError && error.status === 422) return error.message;
  return errorMessage(error, t('projects.brandRead.failed'));
}

/**
 * Reads `url` into a brand-kit proposal (a few seconds: the worker fetches the page, its
 * styles and the logo) and then shows the review. A failed read offers "Try again" and
 * "Continue without"; `onDone` gets the saved project, or null when nothing was saved.
 */
export function BrandReader({
  projectId,
  url,
  base,
  projectName,
  save,
  onDone,
  skipLabel,
}: {
  projectId: string;
  url: string;
  base: BrandKit;
  projectName: string;
  save: (update: ProjectUpdateInput) => Promise<ProjectDetail>;
  onDone: (project: ProjectDetail | null) => void;
  skipLabel?: string;
}) {
  const t = useT();
  const read = useResource(() => projectsApi.readBrand(projectId, url), [projectId, url]);
  if (read.status === 'loading') {
    return (
      <div ref={focusOnMount} tabIndex={-1} role="status" aria-busy="true" className="space-y-3 py-2 focus:outline-none">
        <p className="text-sm break-words text-zinc-700 dark:text-zinc-300">{t('projects.brandRead.reading', { site: siteName(url) })}</p>
        <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-accent-600 motion-reduce:animate-none" />
        </div>
      </div>
    );
  }
  if (read.status === 'error') {
    return (
      <div ref={focusOnMount} tabIndex={-1} className="space-y-4 focus:outline-none">
        <Alert tone="danger" title={t('projects.brandRead.failedTitle', { site: siteName(url) })}>
          <p className="break-words">{readFailure(t, read.error)}</p>
        </Alert>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onDone(null)}>
            {t('projects.brandRead.continueWithout')}
          </Button>
          <Button onClick={read.reload}>{t('projects.brandRead.tryAgain')}</Button>
        </div>
      </div>
    );
  }
  return (
    <BrandReview
      proposal={read.data}
      base={base}
      projectName={projectName}
      save={async (update) => onDone(await save(update))}
      onSkip={() => onDone(null)}
      skipLabel={skipLabel ?? t('projects.brandRead.skip')}
    />
  );
}
