import type { BrandKit, ProjectDetail, ProjectUpdateInput } from '#common/schemas/projects.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { projectsApi } from '#client/features/projects/api.ts';
import { siteName } from '#client/features/projects/brand-choices.ts';
import { BrandReview } from '#client/features/projects/brand-review.tsx';

/** The loading and error states replace the button that started the read: focus goes to them, not to the page. */
const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};

/** What a failed read says: a refused address in the server's words, a silent site in plain ones. */
function readFailure(error: Error): string {
  if (error instanceof ApiError && error.status === 502)
    return 'The website did not answer in time, or answered with an error. Check that it opens in your browser, then try again.';
  if (error instanceof ApiError && error.status === 422) return error.message;
  return errorMessage(error, 'The website could not be read. Please try again.');
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
  skipLabel = 'Skip',
}: {
  projectId: string;
  url: string;
  base: BrandKit;
  projectName: string;
  save: (update: ProjectUpdateInput) => Promise<ProjectDetail>;
  onDone: (project: ProjectDetail | null) => void;
  skipLabel?: string;
}) {
  const read = useResource(() => projectsApi.readBrand(projectId, url), [projectId, url]);
  if (read.status === 'loading') {
    return (
      <div ref={focusOnMount} tabIndex={-1} role="status" aria-busy="true" className="space-y-3 py-2 focus:outline-none">
        <p className="text-sm break-words text-zinc-700 dark:text-zinc-300">
          Reading {siteName(url)}: looking for the logo, colours, fonts and a description. This can take a few seconds.
        </p>
        <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-accent-600 motion-reduce:animate-none" />
        </div>
      </div>
    );
  }
  if (read.status === 'error') {
    return (
      <div ref={focusOnMount} tabIndex={-1} className="space-y-4 focus:outline-none">
        <Alert tone="danger" title={`${siteName(url)} could not be read`}>
          <p className="break-words">{readFailure(read.error)}</p>
        </Alert>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onDone(null)}>
            Continue without
          </Button>
          <Button onClick={read.reload}>Try again</Button>
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
      skipLabel={skipLabel}
    />
  );
}
