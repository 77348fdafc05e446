import { useState } from 'react';
import { passwordResetConfirmInput, passwordResetRequestInput } from '#common/schemas/auth.ts';
import { PASSWORD_MIN } from '#common/schemas/fields.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { fetchJson } from '#client/lib/http.ts';
import { useServerForm } from '#client/lib/use-form.ts';

export interface PasswordResetProps {
  /** Present when the visitor came from the emailed link. */
  token?: string;
  /** Outcome of a no-JavaScript submission; `expired`: the link is used up or too old. */
  state?: 'requested' | 'changed' | 'expired';
  initialErrors?: Record<string, string>;
  initialFormError?: string;
}

function RequestForm({ initialErrors, initialFormError }: Pick<PasswordResetProps, 'initialErrors' | 'initialFormError'>) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useServerForm(passwordResetRequestInput, { email: '' }, { initialErrors, initialFormError });
  if (sentTo) {
    return (
      <Alert tone="success" title="Check your inbox">
        If an account exists for <strong>{sentTo}</strong>, a link to choose a new password is on its way. It works once, for one hour.
      </Alert>
    );
  }
  return (
    <form
      {...form.formProps('/password-reset', 'space-y-4', async (data) => {
        await fetchJson('/api/auth/password-reset', { method: 'POST', json: data });
        setSentTo(data.email);
      })}
    >
      <FormError error={form.error} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel="Sending…">
        Send reset link
      </Button>
    </form>
  );
}

function ConfirmForm({ token, initialErrors, initialFormError }: { token: string } & Pick<PasswordResetProps, 'initialErrors' | 'initialFormError'>) {
  const [done, setDone] = useState(false);
  const form = useServerForm(passwordResetConfirmInput, { token, password: '' }, { initialErrors, initialFormError });
  if (done) return <Changed />;
  return (
    <form
      {...form.formProps('/password-reset', 'space-y-4', async (data) => {
        await fetchJson('/api/auth/password-reset/confirm', { method: 'POST', json: data });
        setDone(true);
      })}
    >
      <input type="hidden" name="token" value={token} />
      <FormError error={form.error}>
        <a className="font-medium underline" href="/password-reset">
          Ask for a new link
        </a>
      </FormError>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...form.field('password')}
      />
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel="Saving…">
        Set new password
      </Button>
    </form>
  );
}

function Changed() {
  return (
    <div className="space-y-4">
      <Alert tone="success" title="Your password is changed">
        For your safety every device was signed out. Sign in with the new password.
      </Alert>
      <a href="/login" className={buttonClass('primary', 'lg', 'w-full')}>
        Sign in
      </a>
    </div>
  );
}

/** /password-reset: ask for a link, or (with ?token=) choose the new password. */
export default function PasswordReset({ token, state, initialErrors, initialFormError }: PasswordResetProps) {
  if (state === 'changed') return <Changed />;
  if (state === 'requested') {
    return (
      <Alert tone="success" title="Check your inbox">
        If an account exists for that address, a link to choose a new password is on its way. It works once, for one hour.
      </Alert>
    );
  }
  if (state === 'expired') {
    return (
      <div className="space-y-6">
        <Alert tone="warning" title="This link has expired or was already used">
          A reset link works once, for one hour. Ask for a new one here.
        </Alert>
        <RequestForm />
      </div>
    );
  }
  return token ? (
    <ConfirmForm token={token} initialErrors={initialErrors} initialFormError={initialFormError} />
  ) : (
    <RequestForm initialErrors={initialErrors} initialFormError={initialFormError} />
  );
}
