import { Logo } from '#client/components/logo.tsx';
import { Island } from '#client/public/island.tsx';
import PasswordReset, { type PasswordResetProps } from '#client/public/islands/password-reset.tsx';

/** `/password-reset`: ask for a link, or set a new password with `?token=`. */
export function PasswordResetPage({ form }: { form: PasswordResetProps }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-accent-50 to-white">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <a href="/" aria-label="Adloom home" className="text-zinc-900">
          <Logo className="text-lg" />
        </a>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-lg sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{form.token ? 'Choose a new password' : 'Reset your password'}</h1>
          <p className="mt-1 mb-6 text-sm text-zinc-600">
            {form.token ? 'Pick something you do not use anywhere else.' : 'We will email you a link to choose a new one.'}
          </p>
          <Island name="password-reset" id="reset" component={PasswordReset} props={form} />
          <p className="mt-6 text-center text-sm text-zinc-600">
            Remembered it?{' '}
            <a href="/login" className="font-medium text-accent-700 hover:underline">
              Sign in
            </a>
          </p>
        </div>
      </main>
    </div>
  );
}
