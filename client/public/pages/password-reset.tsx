import { Island } from '#client/public/island.tsx';
import PasswordReset, { type PasswordResetProps } from '#client/public/islands/password-reset.tsx';
import { AuthFrame } from '#client/public/pages/auth-frame.tsx';
import { usePageText } from '#client/public/page-text.tsx';

/** `/password-reset`: ask for a link, or set a new password with `?token=`. */
export function PasswordResetPage({ form }: { form: PasswordResetProps }) {
  const { t, href } = usePageText();
  return (
    <AuthFrame>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{form.token ? t('reset.choose') : t('reset.title')}</h1>
      <p className="mt-1 mb-6 text-sm text-zinc-600">{form.token ? t('reset.chooseLead') : t('reset.lead')}</p>
      <Island name="password-reset" id="reset" component={PasswordReset} props={form} />
      {/* Only beside the request form: a reset link's form ends on its own "Sign in" button (issue 27: two links). */}
      {form.token || form.state === 'changed' ? null : (
        <p className="mt-6 text-center text-sm text-zinc-600">
          {t('reset.remembered')}{' '}
          <a href={href('/login')} className="font-medium text-accent-700 hover:underline">
            {t('reset.signIn')}
          </a>
        </p>
      )}
    </AuthFrame>
  );
}
