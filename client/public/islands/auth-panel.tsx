import { AuthForm, type AuthFormProps } from '#client/public/auth/auth-form.tsx';

/** The full /login page's form (sign in / create account tabs). */
export default function AuthPanel(props: AuthFormProps) {
  return <AuthForm {...props} />;
}
