import * as Sentry from '@sentry/react';

/** Browser error reporting through our own /monitoring tunnel (no third-party request). */
export function initSentry(dsn: string): void {
  Sentry.init({
    dsn,
    tunnel: '/monitoring',
    tracesSampleRate: 0,
  });
}
