import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from '#client/components/toast.tsx';
import { AppI18nRoot, startAppI18n } from '#client/lib/i18n.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import { readBoot } from '#client/app/boot.ts';
import { CrumbProvider } from '#client/app/crumbs.tsx';
import { createRouter, whenInitialized } from '#client/app/router.tsx';

const boot = readBoot();
// Started before the router, whose first route loads its messages into this instance.
const i18nReady = startAppI18n(boot.locale);
const router = createRouter();

// The server's HTML already shows a skeleton of the shell. React takes over once the first
// screen's module has loaded, so the shell is mounted once: a fallback shell swapped for the
// real one would remount the header and close a menu opened in between.
// The core messages in the user's language load alongside (the worker preloads their chunk).
void Promise.all([i18nReady, whenInitialized(router)]).then(([i18n]) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppI18nRoot i18n={i18n}>
        <SessionProvider initialUser={boot.user}>
          <ToastProvider>
            <CrumbProvider>
              <RouterProvider router={router} />
            </CrumbProvider>
          </ToastProvider>
        </SessionProvider>
      </AppI18nRoot>
    </StrictMode>,
  ),
);

// Error reporting loads after the first render, only when configured (it weighs ~35 KB).
if (boot.sentryDsn) {
  const dsn = boot.sentryDsn;
  const start = () => void import('#client/lib/sentry.ts').then((m) => m.initSentry(dsn));
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1000);
}
