import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { TextField } from '#client/components/field.tsx';
import { startAppI18n, startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { emailField, passwordField } from '#common/schemas/fields.ts';

/** The forms' own checks in the reader's language (issue 28): the schemas' English is the key. */
const schema = z.object({ email: emailField, password: passwordField });

function SignUp() {
  const form = useForm(schema, { email: '', password: '' });
  return (
    <form onSubmit={form.handleSubmit(async () => {})} noValidate>
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Password" {...form.field('password')} />
      <button type="submit">Send</button>
    </form>
  );
}

async function submitInvalid(ui: ReactNode) {
  const user = userEvent.setup();
  render(ui);
  await user.type(screen.getByLabelText('Email'), 'nope');
  await user.type(screen.getByLabelText('Password'), 'short');
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('useForm’s messages', () => {
  it('are German in a German workspace (the validation area loads at start)', async () => {
    const i18n = await startAppI18n('de');
    await submitInvalid(
      <I18nRoot i18n={i18n}>
        <SignUp />
      </I18nRoot>,
    );
    expect(await screen.findByText('Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.')).toBeTruthy();
    expect(screen.getByText('Verwenden Sie mindestens 10 Zeichen.')).toBeTruthy();
  });

  it('stay as the schema wrote them in an English workspace', async () => {
    const i18n = await startI18n('en');
    await submitInvalid(
      <I18nRoot i18n={i18n}>
        <SignUp />
      </I18nRoot>,
    );
    expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Use at least 10 characters.')).toBeTruthy();
  });
});
