import type { AuthFormProps } from '#client/public/auth/auth-form.tsx';
import { Island } from '#client/public/island.tsx';
import AuthPanel from '#client/public/islands/auth-panel.tsx';
import { AuthFrame } from '#client/public/pages/auth-frame.tsx';
import { usePageText } from '#client/public/page-text.tsx';

/** `/login` loaded directly: the full page (the dialog version opens over other pages). */
export function LoginPage({ form }: { form: AuthFormProps }) {
  const { t } = usePageText();
  return (
    <AuthFrame>
      <h1 className="sr-only">{t('login.heading')}</h1>
      <Island name="auth-panel" id="auth" component={AuthPanel} props={form} />
    </AuthFrame>
  );
}
