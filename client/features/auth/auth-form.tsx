import { useState, type KeyboardEvent } from 'react';
import { loginInput, signupInput } from '#common/schemas/auth.ts';
import { PASSWORD_MIN } from '#common/schemas/fields.ts';
import { FormError } from '#client/components/form-error.tsx';
import { Button } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { api, call } from '#client/lib/api.ts';
import { useForm } from '#client/lib/use-form.ts';

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

function SignInForm({ next, initialValues, initialFormError }: Pick<AuthFormProps, 'next' | 'initialValues' | 'initialFormError'>) {
  const form = useForm(loginInput, { email: initialValues?.email ?? '', password: '' });
  const error = form.formError ?? (initialFormError ? { message: initialFormError } : null);
  return (
    <form
      method="post"
      action="/login"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(async (data) => {
        await call(api.api.auth.login.$post({ json: data }));
        go(next);
      })}
    >
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="next" value={next} />
      <FormError error={error} />
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
}: Pick<AuthFormProps, 'next' | 'initialValues' | 'initialErrors' | 'initialFormError'>) {
  const form = useForm(signupInput, { name: initialValues?.name ?? '', email: initialValues?.email ?? '', password: '' });
  const error = form.formError ?? (initialFormError ? { message: initialFormError } : null);
  const field = (name: string) => {
    const props = form.field(name);
    return { ...props, error: props.error ?? initialErrors?.[name] };
  };
  return (
    <form
      method="post"
      action="/login"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(async (data) => {
        await call(api.api.auth.signup.$post({ json: data }));
        go(next);
      })}
    >
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="next" value={next} />
      <FormError error={error} />
      <TextField label="Your name" autoComplete="name" required data-autofocus {...field('name')} />
      <TextField label="Work email" type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters. A short sentence is easy to remember.`}
        {...field('password')}
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

/** Sign in and sign up in two tabs: the /login page and the login dialog share it. */
export function AuthForm({ initialTab = 'signin', next, initialValues, initialErrors, initialFormError, headingId }: AuthFormProps) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
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
  return (
    <div>
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-zinc-900">
        {tab === 'signin' ? 'Welcome back' : 'Start free with Adloom'}
      </h2>
      <p className="mt-1 text-sm text-zinc-600">{tab === 'signin' ? 'Sign in to your workspace.' : '25 credits every month, no card needed.'}</p>
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
          <SignInForm next={next} initialValues={initialValues} initialFormError={initialTab === 'signin' ? initialFormError : undefined} />
        ) : (
          <SignUpForm
            next={next}
            initialValues={initialValues}
            initialErrors={initialTab === 'signup' ? initialErrors : undefined}
            initialFormError={initialTab === 'signup' ? initialFormError : undefined}
          />
        )}
      </div>
    </div>
  );
}
