import type { ReactNode } from 'react';
import { Logo } from '#client/components/logo.tsx';
import { usePageText } from '#client/public/page-text.tsx';

/** The focused frame of the sign-in and password pages: logo, one card, nothing else. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t, href } = usePageText();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-accent-50 to-white">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <a href={href('/')} aria-label={t('chrome.homeLabel')} className="text-zinc-900">
          <Logo className="text-lg" />
        </a>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-lg sm:p-8">{children}</div>
      </main>
    </div>
  );
}
