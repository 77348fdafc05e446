import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setValidationEnglish } from '#common/i18n/translate-english.ts';
import { messages as validationEnglish } from '#common/locales/validation/compiled/en.ts';
import { Labelled } from '#client/components/editor/field-controls.tsx';
import { TextField } from '#client/components/field.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';

/**
 * A screen that checks with a shared schema itself (not through useForm) passes the schema's
 * English issue to the field: the field says it in the workspace's language (decision 0032).
 */
describe('a field’s message', () => {
  const fields = (
    <>
      <TextField label="Name" error="Give the creative a name." />
      <TextField label="Eins" error="This account has 1 credit: you can take at most 1." />
      <TextField label="Viele" error="This account has 1,234 credits: you can take at most 1234." />
      <TextField label="Eigene Worte" error="Bitte prüfen." />
      <Labelled label="Adresse" error="Use 3–64 lower-case letters, digits and hyphens (not at the start or end).">
        {(id, describedBy) => <input id={id} aria-describedby={describedBy} />}
      </Labelled>
    </>
  );

  it('is said in German in a German workspace (a count of 1 and of many), the screen’s own words as they are', async () => {
    setValidationEnglish(validationEnglish);
    render(<I18nRoot i18n={await startI18n('de', ['validation'])}>{fields}</I18nRoot>);
    expect(screen.getByText('Geben Sie dem Creative einen Namen.')).toBeTruthy();
    expect(screen.getByText('Dieses Konto hat 1 Credit: Sie können höchstens 1 abziehen.')).toBeTruthy();
    expect(screen.getByText('Dieses Konto hat 1.234 Credits: Sie können höchstens 1.234 abziehen.')).toBeTruthy();
    expect(screen.getByText('Bitte prüfen.')).toBeTruthy();
    expect(screen.getByText('Verwenden Sie 3–64 Kleinbuchstaben, Ziffern und Bindestriche (nicht am Anfang oder Ende).')).toBeTruthy();
  });

  it('stays as the schema wrote it in English', async () => {
    setValidationEnglish(validationEnglish);
    render(<I18nRoot i18n={await startI18n('en')}>{fields}</I18nRoot>);
    expect(screen.getByText('Give the creative a name.')).toBeTruthy();
    expect(screen.getByText('This account has 1 credit: you can take at most 1.')).toBeTruthy();
  });
});
