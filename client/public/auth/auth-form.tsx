import { useState, type KeyboardEvent } from 'react';
import { loginInput, signupInput } from '#common/schemas/auth.ts';
import { PASSWORD_MIN } from '#common/schemas/fields.ts';
import { Alert } from '#client/components/alert.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { Button } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { ApiError } from '#client/lib/http.ts';
import { useServerForm } from '#client/lib/use-form.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { authApi } from '#client/public/auth/api.ts';
import { useIslandText, type IslandMessageId } from '#client/public/island-text.tsx';

export type AuthTab = 'signin' | 'signup';

export interface AuthFormProps {
  initialTab?: AuthTab;
  /** Where to go after signing in (already checked to be a same-origin path). */
  next: string;
  /** From a no-JavaScript submission the server answered with errors. */
  initialValues?: Record<string, string>;
  initialErrors?: Record<string, string>;
  initialFormError?: string;
  /** Headline level: the full page uses h1, the dialog labels itself. */
  headingId?: string;
}

function go(next: string) {
  window.location.assign(next);
}

/** The invitation token when `next` is an invitation link (/projects?invite=…), else null. */
function inviteTokenOf(next: string): string | null {
  const url = new URL(next, 'https://adloom.invalid');
  const token = url.pathname === '/projects' ? url.searchParams.get('invite') : null;
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/** The invitation's public preview (who invited which address to what), for a visitor who is not signed in. */
function useInvite(token: string | null) {
  return useResource(() => (token ? authApi.invitePreview(token) : Promise.resolve(null)), [token]);
}

const CLOSED_INVITE: Record<'accepted' | 'expired' | 'revoked', IslandMessageId> = {
  accepted: 'auth.closed.accepted',
  expired: 'auth.closed.expired',
  revoked: 'auth.closed.revoked',
};

/** Fills in the invited address once it is known, unless the visitor typed one already. */
function useSuggestedEmail(form: { suggest: (name: string, value: string) => void }, email: string | undefined) {
  const [suggested, setSuggested] = useState<string | undefined>(undefined);
  if (email && email !== suggested) {
    setSuggested(email);
    form.suggest('email', email);
  }
}

function SignInForm({
  next,
  initialValues,
  initialFormError,
  invitedEmail,
}: Pick<AuthFormProps, 'next' | 'initialValues' | 'initialFormError'> & { invitedEmail?: string | undefined }) {
  const form = useServerForm(loginInput, { email: initialValues?.email ?? '', password: '' }, { initialFormError });
  useSuggestedEmail(form, invitedEmail);
  const { t, href } = useIslandText();
  return (
    <form
      {...form.formProps(href('/login'), 'space-y-4', async (data) => {
        const signedIn = await authApi.login(data);
        // Signing in during the deletion grace period cancelled it: the account page says so (decision 0023).
        go('deletionCanceled' in signedIn && signedIn.deletionCanceled ? '/account?deletion=canceled' : next);
      })}
    >
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="next" value={next} />
      <FormError error={form.error} />
      <TextField label={t('auth.email')} type="email" autoComplete="email" required data-autofocus {...form.field('email')} />
      <TextField label={t('auth.password')} type="password" autoComplete="current-password" required {...form.field('password')} />
      <div className="flex items-center justify-between gap-4">
        <a href={href('/password-reset')} className="text-sm font-medium text-accent-700 hover:text-accent-800 hover:underline">
          {t('auth.forgot')}
        </a>
      </div>
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel={t('auth.signingIn')}>
        {t('auth.signIn')}
      </Button>
    </form>
  );
}

function SignUpForm({
  next,
  initialValues,
  initialErrors,
  initialFormError,
  invitedEmail,
}: Pick<AuthFormProps, 'next' | 'initialValues' | 'initialErrors' | 'initialFormError'> & { invitedEmail?: string | undefined }) {
  const form = useServerForm(
    signupInput,
    { name: initialValues?.name ?? '', email: initialValues?.email ?? '', password: '' },
    { initialErrors, initialFormError },
  );
  useSuggestedEmail(form, invitedEmail);
  const { t, href, locale } = useIslandText();
  return (
    <form
      {...form.formProps(href('/login'), 'space-y-4', async (data) => {
        // The browser's time zone becomes the account's (issue 28); the server drops one it does not know.
        await authApi.signup({ ...data, locale, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
        go(next);
      })}
    >
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="next" value={next} />
      <FormError error={form.error} />
      <TextField label={t('auth.name')} autoComplete="name" required data-autofocus {...form.field('name')} />
      <TextField label={t('auth.workEmail')} type="email" autoComplete="email" required {...form.field('email')} />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint', { min: PASSWORD_MIN })}
        {...form.field('password')}
      />
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel={t('auth.creating')}>
        {t('auth.create')}
      </Button>
      <p className="text-center text-xs text-zinc-500">
        {t('auth.agreeBefore')}{' '}
        <a className="underline" href={href('/terms')}>
          {t('auth.agreeTerms')}
        </a>{' '}
        {t('auth.agreeAnd')}{' '}
        <a className="underline" href={href('/privacy')}>
          {t('auth.agreePrivacy')}
        </a>
        .
      </p>
    </form>
  );
}

/**
 * Sign in and sign up in two tabs: the /login page and the login dialog share it. When
 * `next` is an invitation link, it says who invited the visitor to what, starts on sign-up
 * (a newcomer's case) and fills in the invited address.
 */
export function AuthForm({ initialTab = 'signin', next, initialValues, initialErrors, initialFormError, headingId }: AuthFormProps) {
  const token = inviteTokenOf(next);
  // A form the server answered with errors stays on its tab; a fresh invitation starts on sign-up.
  const [tab, setTab] = useState<AuthTab>(token && !initialFormError ? 'signup' : initialTab);
  const invite = useInvite(token);
  const preview = invite.status === 'ready' ? invite.data : null;
  const open = preview?.status === 'open' ? preview : null;
  const { t } = useIslandText();
  const tabs: { id: AuthTab; label: string }[] = [
    { id: 'signin', label: t('auth.tab.signin') },
    { id: 'signup', label: t('auth.tab.signup') },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const other: AuthTab = tab === 'signin' ? 'signup' : 'signin';
    setTab(other);
    (event.currentTarget.parentElement?.querySelector(`[data-tab="${other}"]`) as HTMLElement | null)?.focus();
  };
  const heading = open
    ? t('auth.invited', { inviter: open.inviterName ?? t('auth.someone'), project: open.projectName })
    : token && invite.status === 'loading'
      ? t('auth.invitedLoading')
      : tab === 'signin'
        ? t('auth.welcome')
        : t('auth.startFree');
  const intro = open?.email
    ? tab === 'signin'
      ? t('auth.signInToJoin', { email: open.email })
      : t('auth.signUpToJoin', { email: open.email })
    : tab === 'signin'
      ? t('auth.signInIntro')
      : t('auth.signUpIntro');
  return (
    <div>
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-zinc-900">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-zinc-600">{intro}</p>
      {preview && preview.status !== 'open' ? (
        <Alert tone="warning" title={t(CLOSED_INVITE[preview.status])} className="mt-4">
          {t('auth.closed.text', { inviter: preview.inviterName ?? t('auth.closed.owner'), project: preview.projectName })}
        </Alert>
      ) : null}
      {invite.status === 'error' ? (
        <Alert tone="warning" title={t('auth.broken')} className="mt-4">
          {invite.error instanceof ApiError ? invite.error.message : t('auth.brokenText')}
        </Alert>
      ) : null}
      <div role="tablist" aria-label={t('auth.tabs')} className="mt-6 grid grid-cols-2 rounded-[var(--radius-control)] bg-zinc-100 p-1">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            data-tab={t.id}
            id={`auth-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`auth-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onKeyDown={onKeyDown}
            onClick={() => setTab(t.id)}
            className={`h-9 rounded-md text-sm font-medium transition-colors ${tab === t.id ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-600 hover:text-zinc-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`} className="mt-6">
        {tab === 'signin' ? (
          <SignInForm
            next={next}
            initialValues={initialValues}
            initialFormError={initialTab === 'signin' ? initialFormError : undefined}
            invitedEmail={open?.email ?? undefined}
          />
        ) : (
          <SignUpForm
            next={next}
            initialValues={initialValues}
            initialErrors={initialTab === 'signup' ? initialErrors : undefined}
            initialFormError={initialTab === 'signup' ? initialFormError : undefined}
            invitedEmail={open?.email ?? undefined}
          />
        )}
      </div>
    </div>
  );
}
