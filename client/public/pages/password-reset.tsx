import { Island } from '#client/public/island.tsx';
import PasswordReset, { type PasswordResetProps } from '#client/public/islands/password-reset.tsx';
import { AuthFrame } from '#client/public/pages/auth-frame.tsx';

/** `/password-reset`: ask for a link, or set a new password with `?token=`. */
export function PasswordResetPage({ form }: { form: PasswordResetProps }) {
  return (
    <AuthFrame>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{form.token ? 'Choose a new password' : 'Reset your password'}</h1>
      <p className="mt-1 mb-6 text-sm text-zinc-600">
        {form.token ? 'Pick something you do not use anywhere else.' : 'We will email you a link to choose a new one.'}
      </p>
      <Island name="password-reset" id="reset" component={PasswordReset} props={form} />
      {/* Only beside the request form: a reset link's form ends on its own "Sign in" button (issue 27: two links). */}
      {form.token || form.state === 'changed' ? null : (
        <p className="mt-6 text-center text-sm text-zinc-600">
          Remembered it?{' '}
          <a href="/login" className="font-medium text-accent-700 hover:underline">
            Sign in
          </a>
        </p>
      )}
    </AuthFrame>
  );
}
