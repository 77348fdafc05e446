import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '#common/errors.ts';
import { LOCALES } from '#common/i18n/locales.ts';
import { en } from '#common/locales/core/en.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const messageOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('plural rules in both languages', () => {
  it.each([
    [0, 'credits', 'Credits'],
    [1, 'credit', 'Credit'],
    [2, 'credits', 'Credits'],
    [5, 'credits', 'Credits'],
    [21, 'credits', 'Credits'],
  ])('%i → “%s” / “%s”', (count, english, german) => {
    expect(i18nFor('en')._('shell.credits', { count })).toBe(english);
    expect(i18nFor('de')._('shell.credits', { count })).toBe(german);
  });

  it('gives every error code a message in every language (German ones differ from English)', () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      expect(i18nFor('en')._(`error.${code}`)).toBe(en[`error.${code}`]);
      expect(i18nFor('de')._(`error.${code}`)).not.toBe(en[`error.${code}`]);
    }
    expect(LOCALES).toEqual(['en', 'de']);
  });
});

describe('the request’s language', () => {
  const notFound = (headers: Record<string, string>, cookie?: string) => send('/api/nothing-here', { headers, ...(cookie ? { cookie } : {}) });

  it('follows Accept-Language (a regional German is German; an unknown language falls back to English)', async () => {
    expect(await messageOf(await notFound({ 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' }))).toBe('Das haben wir nicht gefunden.');
    expect(await messageOf(await notFound({ 'accept-language': 'fr-FR,fr;q=0.9' }))).toBe('We could not find that.');
    expect(await messageOf(await notFound({ 'accept-language': 'fr;q=0.9,de;q=0.8' }))).toBe('Das haben wir nicht gefunden.');
    expect(await messageOf(await notFound({ 'accept-language': 'de;q=0,en' }))).toBe('We could not find that.');
    expect(await messageOf(await notFound({}))).toBe('We could not find that.');
  });

  it('prefers the switcher’s cookie to the browser’s header, and ignores a cookie it does not know', async () => {
    expect(await messageOf(await notFound({ 'accept-language': 'en' }, 'lang=de'))).toBe('Das haben wir nicht gefunden.');
    expect(await messageOf(await notFound({ 'accept-language': 'de' }, 'lang=en'))).toBe('We could not find that.');
    expect(await messageOf(await notFound({ 'accept-language': 'de' }, 'lang=xx'))).toBe('Das haben wir nicht gefunden.');
  });

  it('answers 20 concurrent requests, half in each language, each in its own', async () => {
    const languages = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'de' : 'en'));
    const messages = await Promise.all(languages.map(async (lang) => messageOf(await notFound({ 'accept-language': lang }))));
    expect(messages).toEqual(languages.map((lang) => (lang === 'de' ? 'Das haben wir nicht gefunden.' : 'We could not find that.')));
  });

  it('says a code’s default message in the language (a form with fields to fix)', async () => {
    const response = await send('/api/auth/signup', { json: { email: 'not an address' }, headers: { 'accept-language': 'de' } });
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe('Einige Felder brauchen Ihre Aufmerksamkeit.');
  });
});

describe('the account’s language', () => {
  it('starts as the language the visitor signed up in', async () => {
    const response = await send('/api/auth/signup', {
      json: { email: `de-${crypto.randomUUID()}@example.com`, password: 'correct horse battery', name: 'Dana' },
      headers: { 'accept-language': 'de-DE,de;q=0.9', 'cf-connecting-ip': '198.51.100.251' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ locale: 'de' });
    const english = await createUser();
    expect(await (await send('/api/me', { cookie: english.cookie })).json()).toMatchObject({ locale: 'en' });
  });

  it('is changed in the account (and remembered by the browser), and then wins over the browser’s header', async () => {
    const user = await createUser();
    const saved = await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: user.cookie });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ locale: 'de', name: user.name });
    expect(saved.headers.get('set-cookie')).toMatch(/^lang=de; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    const error = await send('/api/projects/proj_doesnotexist00', { cookie: user.cookie, headers: { 'accept-language': 'en' } });
    expect(await messageOf(error)).toBe('Das haben wir nicht gefunden.');
    // The name alone still works, and the language stays.
    expect(await (await send('/api/me', { method: 'PATCH', json: { name: 'Renamed' }, cookie: user.cookie })).json()).toMatchObject({
      name: 'Renamed',
      locale: 'de',
    });
  });

  it('refuses a language Adloom does not speak, and an empty change', async () => {
    const user = await createUser();
    const french = await send('/api/me', { method: 'PATCH', json: { locale: 'fr' }, cookie: user.cookie });
    expect(french.status).toBe(422);
    expect(await french.json()).toMatchObject({ error: { details: { locale: ['Pick English or German.'] } } });
    expect((await send('/api/me', { method: 'PATCH', json: {}, cookie: user.cookie })).status).toBe(422);
    expect(await (await send('/api/me', { cookie: user.cookie })).json()).toMatchObject({ locale: 'en' });
  });

  it('sets the workspace page’s language and preloads its messages', async () => {
    const user = await createUser();
    await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: user.cookie });
    const html = await (await send('/dashboard', { cookie: user.cookie, headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('"locale":"de"');
  });
});
