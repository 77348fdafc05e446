import { useState } from 'react';
import { passwordResetConfirmInput, passwordResetRequestInput } from '#common/schemas/auth.ts';
import { PASSWORD_MIN } from '#common/schemas/fields.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { fetchJson } from '#client/lib/http.ts';
import { useServerForm } from '#client/lib/use-form.ts';
import { useIslandText } from '#client/public/island-text.tsx';

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
  const { t, href } = useIslandText();
  if (sentTo) {
    return (
      <Alert tone="success" title={t('reset.inbox')}>
        {t('reset.sentBefore')} <strong>{sentTo}</strong>
        {t('reset.sentAfter')}
      </Alert>
    );
  }
  return (
    <form
      {...form.formProps(href('/password-reset'), 'space-y-4', async (data) => {
        await fetchJson('/api/auth/password-reset', { method: 'POST', json: data });
        setSentTo(data.email);
      })}
    >
      <FormError error={form.error} />
      <TextField label={t('reset.email')} type="email" autoComplete="email" required {...form.field('email')} />
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel={t('reset.sending')}>
        {t('reset.send')}
      </Button>
    </form>
  );
}

function ConfirmForm({ token, initialErrors, initialFormError }: { token: string } & Pick<PasswordResetProps, 'initialErrors' | 'initialFormError'>) {
  const [done, setDone] = useState(false);
  const form = useServerForm(passwordResetConfirmInput, { token, password: '' }, { initialErrors, initialFormError });
  const { t, href } = useIslandText();
  if (done) return <Changed />;
  return (
    <form
      {...form.formProps(href('/password-reset'), 'space-y-4', async (data) => {
        await fetchJson('/api/auth/password-reset/confirm', { method: 'POST', json: data });
        setDone(true);
      })}
    >
      <input type="hidden" name="token" value={token} />
      <FormError error={form.error}>
        <a className="font-medium underline" href={href('/password-reset')}>
          {t('reset.askNew')}
        </a>
      </FormError>
      <TextField
        label={t('reset.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('reset.hint', { min: PASSWORD_MIN })}
        {...form.field('password')}
      />
      <Button type="submit" className="w-full" size="lg" pending={form.pending} pendingLabel={t('reset.saving')}>
        {t('reset.set')}
      </Button>
    </form>
  );
}

function Changed() {
  const { t, href } = useIslandText();
  return (
    <div className="space-y-4">
      <Alert tone="success" title={t('reset.changed')}>
        {t('reset.changedText')}
      </Alert>
      <a href={href('/login')} className={buttonClass('primary', 'lg', 'w-full')}>
        {t('reset.signIn')}
      </a>
    </div>
  );
}

/** /password-reset: ask for a link, or (with ?token=) choose the new password. */
export default function PasswordReset({ token, state, initialErrors, initialFormError }: PasswordResetProps) {
  const { t } = useIslandText();
  if (state === 'changed') return <Changed />;
  if (state === 'requested') {
    return (
      <Alert tone="success" title={t('reset.inbox')}>
        {t('reset.requested')}
      </Alert>
    );
  }
  if (state === 'expired') {
    return (
      <div className="space-y-6">
        <Alert tone="warning" title={t('reset.expired')}>
          {t('reset.expiredText')}
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
