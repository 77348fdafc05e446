import { Sparkles } from 'lucide-react';
import { buttonClass } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Logo } from '#client/components/logo.tsx';
import LoginLink from '#client/features/auth/login-link.tsx';
import { useSession } from '#client/app/session.tsx';

/** `/playground`: the creative editor for visitors (its editor arrives with creatives). */
export default function Playground() {
  const { user } = useSession();
  return (
    <div className="app-root min-h-screen">
      <header className="flex h-16 items-center justify-between border-b border-zinc-200 bg-white px-4 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900">
        <a href="/" aria-label="Adloom home">
          <Logo className="text-lg" />
        </a>
        <nav aria-label="Playground" className="flex items-center gap-2">
          {user ? (
            <a className={buttonClass('primary', 'sm')} href="/dashboard">
              Open workspace
            </a>
          ) : (
            <>
              <LoginLink label="Log in" next="/playground" look="app-nav" />
              <LoginLink label="Start free" next="/dashboard" tab="signup" look="button" />
            </>
          )}
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-4xl p-6">
        <h1 className="mb-6 text-2xl font-semibold">Playground</h1>
        <EmptyState icon={<Sparkles className="size-8" aria-hidden="true" />} title="The playground opens soon">
          Here you will pick a template, type your text, drop in an image and watch the ad render live, without an account.
        </EmptyState>
      </main>
    </div>
  );
}
