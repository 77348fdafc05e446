import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClass } from '#client/components/button.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** A screen failed to load or crashed: say so, offer a retry, keep the reference. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  return (
    <div className="app-root grid min-h-screen place-items-center p-6">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold">{notFound ? t('notFound.title') : t('routeError.title')}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{notFound ? t('notFound.text') : t('routeError.text')}</p>
        <div className="mt-6 flex justify-center gap-3">
          {notFound ? null : <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>}
          <a className={buttonClass('secondary')} href="/dashboard">
            {t('notFound.toDashboard')}
          </a>
        </div>
      </div>
    </div>
  );
}
