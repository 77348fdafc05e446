import { LoadFailed } from '#client/components/alert.tsx';
import { NotFound } from '#client/components/not-found.tsx';
import { ApiError } from '#client/lib/http.ts';

/**
 * What a screen for one record shows when the record could not be loaded: the 404 page when
 * the API says it does not exist (or is not the user's), so that a retry is not offered for
 * what no retry fixes; else what failed, and a way to try again.
 */
export function LoadFailedOrNotFound({ error, title, onRetry }: { error: Error; title: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  return <LoadFailed title={title} onRetry={onRetry} />;
}
