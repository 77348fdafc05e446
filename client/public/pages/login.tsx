import { Logo } from '#client/components/logo.tsx';
import type { AuthFormProps } from '#client/features/auth/auth-form.tsx';
import { Island } from '#client/public/island.tsx';
import AuthPanel from '#client/public/islands/auth-panel.tsx';

/** `/login` loaded directly: the full page (the dialog version opens over other pages). */
export function LoginPage({ form }: { form: AuthFormProps }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-accent-50 to-white">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <a href="/" aria-label="Adloom home" className="text-zinc-900">
          <Logo className="text-lg" />
        </a>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-lg sm:p-8">
          <h1 className="sr-only">Sign in to Adloom</h1>
          <Island name="auth-panel" id="auth" component={AuthPanel} props={form} />
        </div>
      </main>
    </div>
  );
}
