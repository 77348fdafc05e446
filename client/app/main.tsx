import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from '#client/components/toast.tsx';
import { readBoot } from '#client/app/boot.ts';
import { CrumbProvider } from '#client/app/crumbs.tsx';
import { createRouter } from '#client/app/router.tsx';
import { SessionProvider } from '#client/app/session.tsx';

const boot = readBoot();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider initialUser={boot.user}>
      <ToastProvider>
        <CrumbProvider>
          <RouterProvider router={router} />
        </CrumbProvider>
      </ToastProvider>
    </SessionProvider>
  </StrictMode>,
);

// Error reporting loads after the first render, only when configured (it weighs ~35 KB).
if (boot.sentryDsn) {
  const dsn = boot.sentryDsn;
  const start = () => void import('#client/lib/sentry.ts').then((m) => m.initSentry(dsn));
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1000);
}
