import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n/setup.ts';
import { matchEnglish, setValidationEnglish, translateEnglish } from '#common/i18n/translate-english.ts';
import { messages as de } from '#common/locales/validation/compiled/de.ts';
import { messages as en } from '#common/locales/validation/compiled/en.ts';
import { emailField, passwordField } from '#common/schemas/fields.ts';
import * as z from 'zod/mini';

setValidationEnglish(en);
const english = createI18n('en', en);
const german = createI18n('de', de);

/** Sample values for every argument of a compiled message: numbers for number/plural, text otherwise. */
function samples(tokens: unknown, value: number, out: Record<string, string | number> = {}): Record<string, string | number> {
  if (!Array.isArray(tokens)) return out;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    const [name, type, format] = token as [string, string?, Record<string, unknown>?];
    out[name] = type === 'number' || type === 'plural' ? value : 'Sample text';
    if (format) for (const choice of Object.values(format)) samples(choice, value, out);
  }
  return out;
}

describe('translateEnglish', () => {
  it('says an exact English message in German', () => {
    expect(translateEnglish('Enter your email address.', german)).toBe('Geben Sie Ihre E-Mail-Adresse ein.');
    expect(translateEnglish('Please correct the highlighted fields.', german)).toBe('Bitte korrigieren Sie die markierten Felder.');
  });

  it('carries a number into the German message, formatted for German', () => {
    expect(matchEnglish('Use at most 1,000 characters.')).toEqual({ id: 'validation.maxChars', values: { max: 1000 } });
    expect(translateEnglish('Use at most 80 characters.', german)).toBe('Verwenden Sie höchstens 80 Zeichen.');
    expect(translateEnglish('Use at most 1,000 characters.', german)).toBe('Verwenden Sie höchstens 1.000 Zeichen.');
    expect(translateEnglish('Too many attempts. Try again in 1 minute.', german)).toBe('Zu viele Versuche. Versuchen Sie es in 1 Minute erneut.');
    expect(translateEnglish('Too many attempts. Try again in 5 minutes.', german)).toBe('Zu viele Versuche. Versuchen Sie es in 5 Minuten erneut.');
  });

  it('reads an exact plural choice (`=1`, which Lingui compiles to the bare number)', () => {
    expect(matchEnglish('One stylesheet of the site could not be read; colours and fonts may be missing.')?.values).toEqual({ count: 1 });
    expect(translateEnglish('One stylesheet of the site could not be read; colours and fonts may be missing.', german)).toBe(
      'Ein Stylesheet der Website konnte nicht gelesen werden; Farben und Schriften fehlen eventuell.',
    );
    expect(translateEnglish('3 stylesheets of the site could not be read; colours and fonts may be missing.', german)).toBe(
      '3 Stylesheets der Website konnten nicht gelesen werden; Farben und Schriften fehlen eventuell.',
    );
  });

  it('carries text arguments', () => {
    expect(translateEnglish('The Free plan includes 3 active projects. Archive one, or upgrade for unlimited projects.', german)).toBe(
      'Der Tarif Free umfasst 3 aktive Projekte. Archivieren Sie eines oder wechseln Sie zu einem Tarif mit unbegrenzten Projekten.',
    );
  });

  it('says a text argument that is itself a message, one level deep', () => {
    const full = 'This file does not fit: 5 MB of 5 MB are used. Delete files you no longer need, or upgrade for more storage.';
    expect(translateEnglish(`The logo was found but not stored: ${full}`, german)).toBe(
      'Das Logo wurde gefunden, aber nicht gespeichert: Diese Datei passt nicht mehr: 5 MB von 5 MB sind belegt. Löschen Sie Dateien, die Sie nicht mehr brauchen, oder wechseln Sie für mehr Speicher den Tarif.',
    );
    expect(translateEnglish('This font cannot be drawn: its outlines could not be read. Upload another TTF, OTF or WOFF file.', german)).toBe(
      'Diese Schrift kann nicht gezeichnet werden: its outlines could not be read. Laden Sie eine andere TTF-, OTF- oder WOFF-Datei hoch.',
    );
  });

  it('leaves text that matches nothing unchanged, and English as it is', () => {
    expect(translateEnglish('Something nobody wrote down.', german)).toBe('Something nobody wrote down.');
    expect(translateEnglish('Use at most many characters.', german)).toBe('Use at most many characters.');
    expect(translateEnglish('Enter your email address.', english)).toBe('Enter your email address.');
    expect(translateEnglish('', german)).toBe('');
  });

  it('translates what the shared schemas actually say', () => {
    const issues = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).error?.issues.map((i) => i.message) ?? [];
    const messages = [...issues(emailField, 'nope'), ...issues(emailField, undefined), ...issues(passwordField, 'short')];
    expect(messages.map((m) => translateEnglish(m, german))).toEqual([
      'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.',
      'Geben Sie Ihre E-Mail-Adresse ein.',
      'Verwenden Sie mindestens 10 Zeichen.',
    ]);
  });

  it.each(Object.keys(en))('round-trips the English of %s', (id) => {
    for (const value of [1, 1234]) {
      const text = english._(id as never, samples(en[id], value));
      const hit = matchEnglish(text);
      expect(hit, `${id}: “${text}” matches no message`).not.toBeNull();
      expect(english._(hit!.id as never, hit!.values)).toBe(text);
      expect(translateEnglish(text, german)).toBe(german._(hit!.id as never, hit!.values));
    }
  });
});
