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

const CLOSED_INVITE: Record<'accepted' | 'expired' | 'revoked', string> = {
  accepted: 'This invitation was already used',
  expired: 'This invitation has expired',
  revoked: 'This invitation was withdrawn',
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
  return (
    <form
      {...form.formProps('/login', 'space-y-4', async (data) => {
        const signedIn = await authApi.login(data);
        // Signing in during the deletion grace period cancelled it: the account page says so (decision 0023).
        go('deletionCanceled' in signedIn && signedIn.deletionCanceled ? '/account?deletion=canceled' : next);
      })}
    >
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="next" value={next} />
      <FormError error={form.error} />
      <TextField label="Email" type="email" autoComplete="email" required data-autofocus {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
      <div className="flex items-center justify-between gap-4">
        <a href="/password-reset" className="text-sm font-medium text-accent-700 hover:text-accent-800 hover:underline">
          Forgot your password?
        </a>
      </div>
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel="Signing in…">
        Sign in
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
  return (
    <form
      {...form.formProps('/login', 'space-y-4', async (data) => {
        await authApi.signup(data);
        go(next);
      })}
    >
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="next" value={next} />
      <FormError error={form.error} />
      <TextField label="Your name" autoComplete="name" required data-autofocus {...form.field('name')} />
      <TextField label="Work email" type="email" autoComplete="email" required {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters. A short sentence is easy to remember.`}
        {...form.field('password')}
      />
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel="Creating your account…">
        Create free account
      </Button>
      <p className="text-center text-xs text-zinc-500">
        By creating an account you agree to the{' '}
        <a className="underline" href="/terms">
          terms
        </a>{' '}
        and the{' '}
        <a className="underline" href="/privacy">
          privacy policy
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
  const tabs: { id: AuthTab; label: string }[] = [
    { id: 'signin', label: 'Sign in' },
    { id: 'signup', label: 'Create account' },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const other: AuthTab = tab === 'signin' ? 'signup' : 'signin';
    setTab(other);
    (event.currentTarget.parentElement?.querySelector(`[data-tab="${other}"]`) as HTMLElement | null)?.focus();
  };
  const heading = open
    ? `${open.inviterName ?? 'Someone'} invited you to “${open.projectName}”`
    : token && invite.status === 'loading'
      ? 'You are invited to Adloom'
      : tab === 'signin'
        ? 'Welcome back'
        : 'Start free with Adloom';
  const intro = open?.email
    ? tab === 'signin'
      ? `Sign in with ${open.email} to join.`
      : `Create your free account with ${open.email} to join.`
    : tab === 'signin'
      ? 'Sign in to your workspace.'
      : '25 credits every month, no card needed.';
  return (
    <div>
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-zinc-900">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-zinc-600">{intro}</p>
      {preview && preview.status !== 'open' ? (
        <Alert tone="warning" title={CLOSED_INVITE[preview.status]} className="mt-4">
          Ask {preview.inviterName ?? 'the project’s owner'} for a new one if you still need access to “{preview.projectName}”.
        </Alert>
      ) : null}
      {invite.status === 'error' ? (
        <Alert tone="warning" title="This invitation link does not work" className="mt-4">
          {invite.error instanceof ApiError ? invite.error.message : 'Please ask for a new invitation.'}
        </Alert>
      ) : null}
      <div role="tablist" aria-label="Sign in or create an account" className="mt-6 grid grid-cols-2 rounded-[var(--radius-control)] bg-zinc-100 p-1">
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
