import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { messages as englishCompiled } from '#common/locales/islands/compiled/en.ts';
import { messages as germanCompiled } from '#common/locales/islands/compiled/de.ts';
import { AuthForm } from '#client/public/auth/auth-form.tsx';
import LoginLink from '#client/public/auth/login-link.tsx';
import { createI18n } from '#common/i18n/setup.ts';
import { setValidationEnglish } from '#common/i18n/translate-english.ts';
import { messages as validationDe } from '#common/locales/validation/compiled/de.ts';
import { messages as validationEn } from '#common/locales/validation/compiled/en.ts';
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from '#common/schemas/auth.ts';
import { contactInput } from '#common/schemas/contact.ts';
import { messagesOf } from '#common/schemas/messages-of.ts';
import { islandFormWords, islandText } from '#client/public/island.tsx';
import { IslandTextRoot, formatMessage } from '#client/public/island-text.tsx';
import ContactForm from '#client/public/islands/contact-form.tsx';
import PasswordReset from '#client/public/islands/password-reset.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { httpMessages, setHttpMessages } from '#client/lib/http.ts';
import { messages as coreDe } from '#common/locales/core/compiled/de.ts';
import { vi } from 'vitest';

/** Issue 28: the public pages' islands in German, with the words the page hands them (no Lingui in the browser). */
function German({ children }: { children: ReactNode }) {
  return <IslandTextRoot text={islandText('de')}>{children}</IslandTextRoot>;
}

describe('the islands’ messages', () => {
  it('are plain text and named arguments only: what the islands’ small formatter reads', () => {
    for (const catalog of [englishCompiled, germanCompiled])
      for (const [id, message] of Object.entries(catalog)) {
        const tokens = typeof message === 'string' ? [message] : message;
        for (const token of tokens) if (typeof token !== 'string') expect(token, id).toHaveLength(1);
      }
  });

  it('format with their values', () => {
    expect(formatMessage(germanCompiled['auth.invited'], { inviter: 'Olivia', project: 'Acme' })).toBe('Olivia hat Sie zu „Acme“ eingeladen');
    expect(formatMessage(englishCompiled['reset.hint'], { min: 10 })).toBe('At least 10 characters.');
  });
});

describe('the islands in German', () => {
  it('the sign-in form: German labels, German links and a German form address', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <German>
        <AuthForm next="/dashboard" />
      </German>,
    );
    expect(screen.getByRole('heading', { name: 'Willkommen zurück' })).toBeTruthy();
    expect(screen.getByLabelText('E-Mail')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe('/de/password-reset');
    expect(container.querySelector('form')?.getAttribute('action')).toBe('/de/login');
    await user.click(screen.getByRole('tab', { name: 'Registrieren' }));
    expect(screen.getByRole('heading', { name: 'Kostenlos mit Adloom starten' })).toBeTruthy();
    expect(screen.getByText('Mindestens 10 Zeichen. Ein kurzer Satz ist leicht zu merken.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AGB' }).getAttribute('href')).toBe('/de/terms');
    expect(screen.getByRole('button', { name: 'Kostenloses Konto erstellen' })).toBeTruthy();
  });

  it('the sign-in form names who invited the visitor, in German', async () => {
    const token = 'tok_aaaaaaaaaaaaaaaaaaaaaaaa';
    mockApi({
      [`GET /api/invites/${token}/public`]: {
        status: 200,
        body: { projectName: 'Acme Surf', inviterName: 'Olivia Owner', email: 'sam@example.com', status: 'open' },
      },
    });
    render(
      <German>
        <AuthForm next={`/projects?invite=${token}`} />
      </German>,
    );
    expect(await screen.findByRole('heading', { name: 'Olivia Owner hat Sie zu „Acme Surf“ eingeladen' })).toBeTruthy();
    expect(screen.getByText('Erstellen Sie Ihr kostenloses Konto mit sam@example.com, um beizutreten.')).toBeTruthy();
  });

  it('the login link goes to the German sign-in page', () => {
    render(
      <German>
        <LoginLink label="Anmelden" look="nav" next="/de/pricing" />
      </German>,
    );
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/de/login?next=%2Fde%2Fpricing');
  });

  it('the contact form', () => {
    const { container } = render(
      <German>
        <ContactForm />
      </German>,
    );
    expect(screen.getByLabelText('Nachricht')).toBeTruthy();
    expect(screen.getByText('Erzählen Sie uns, woran Sie arbeiten und wie wir helfen können.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nachricht senden' })).toBeTruthy();
    expect(container.querySelector('form')?.getAttribute('action')).toBe('/de/contact');
  });

  it('the contact form, sent', () => {
    render(
      <German>
        <ContactForm sentTo="sam@example.com" />
      </German>,
    );
    expect(screen.getByText('Danke, Ihre Nachricht ist unterwegs.')).toBeTruthy();
  });

  it('the password reset, its states', () => {
    const { unmount } = render(
      <German>
        <PasswordReset token="tok" />
      </German>,
    );
    expect(screen.getByLabelText('Neues Passwort')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neues Passwort festlegen' })).toBeTruthy();
    unmount();
    render(
      <German>
        <PasswordReset state="changed" />
      </German>,
    );
    expect(screen.getByText('Ihr Passwort wurde geändert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/de/login');
  });

  it('every message the islands’ forms can write in the browser comes with the German page', () => {
    setValidationEnglish(validationEn);
    const words = islandFormWords(createI18n('de', validationDe));
    const written = [loginInput, signupInput, passwordResetRequestInput, passwordResetConfirmInput, contactInput].flatMap((schema) => [...messagesOf(schema)]);
    expect(written).toContain('Use at most 5,000 characters.');
    expect(written.filter((english) => !(english in words))).toEqual([]);
    expect(words['Use at least 10 characters.']).toBe('Verwenden Sie mindestens 10 Zeichen.');
  });

  it('the contact form checks in German before it is sent (issue 28: the server’s answer was German, the browser’s English)', async () => {
    setValidationEnglish(validationEn);
    const user = userEvent.setup();
    render(
      <IslandTextRoot text={islandText('de', createI18n('de', validationDe))}>
        <ContactForm />
      </IslandTextRoot>,
    );
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText('Geben Sie Ihren Namen ein.')).toBeTruthy();
    await user.type(screen.getByLabelText('Nachricht'), 'Hallo');
    expect(screen.getByText('Schreiben Sie mindestens 10 Zeichen, damit wir helfen können.')).toBeTruthy();
    expect(screen.queryByText('Enter your name.')).toBeNull();
  });

  it('says the request helpers’ own messages (offline) in German on a German page, and keeps the worker’s key English', async () => {
    setValidationEnglish(validationEn);
    const english = { ...httpMessages };
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const text = islandText('de', createI18n('de', { ...coreDe, ...validationDe }));
    expect(text?.messages[english.network]).toBe('Adloom ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
    render(
      <IslandTextRoot text={text}>
        <ContactForm />
      </IslandTextRoot>,
    );
    await user.type(screen.getByLabelText('Name', { exact: false }), 'Greta');
    await user.type(screen.getByLabelText('E-Mail', { exact: false }), 'greta@example.com');
    await user.type(screen.getByLabelText('Nachricht', { exact: false }), 'Hallo, ich habe eine Frage zum Tarif.');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText(/Adloom ist nicht erreichbar/)).toBeTruthy();
    setHttpMessages(english);
  });

  it('without the German words, English as before', () => {
    render(<ContactForm />);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});
