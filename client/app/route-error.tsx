import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClass } from '#client/components/button.tsx';

/** A screen failed to load or crashed: say so, offer a retry, keep the reference. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="app-root grid min-h-screen place-items-center p-6">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold">{notFound ? 'Page not found' : 'This screen could not be shown'}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          {notFound
            ? 'This page does not exist, or you do not have access to it.'
            : 'Something went wrong while loading it. This often happens right after an update: reloading fixes it.'}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {notFound ? null : <Button onClick={() => window.location.reload()}>Reload</Button>}
          <a className={buttonClass('secondary')} href="/dashboard">
            Go to the dashboard
          </a>
        </div>
      </div>
    </div>
  );
}
