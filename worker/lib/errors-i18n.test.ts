import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * Validation and API messages in the reader's language (issue 28, decision 0032): a German
 * visitor gets the envelope's specific message and its `details` in German, an English one the
 * English as the code wrote it.
 */

let network = 0;
const nextIp = () => `198.51.100.${(network += 1)}`;

interface Envelope {
  error: { code: string; message: string; details?: Record<string, string[]> };
}

const signup = (headers: Record<string, string>) =>
  send('/api/auth/signup', { json: { email: 'not-an-email', password: 'short', name: '' }, headers: { 'cf-connecting-ip': nextIp(), ...headers } });

describe('the error envelope', () => {
  it('gives a German visitor German field messages', async () => {
    const response = await signup({ 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Envelope;
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual({
      email: ['Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.'],
      password: ['Verwenden Sie mindestens 10 Zeichen.'],
      name: ['Geben Sie Ihren Namen ein.'],
    });
  });

  it('follows the lang cookie, and says a specific message in German', async () => {
    const user = await createUser();
    const response = await send('/api/auth/login', {
      json: { email: user.email, password: 'not the password at all' },
      headers: { 'cf-connecting-ip': nextIp(), cookie: 'lang=de', 'accept-language': 'en' },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as Envelope;
    expect(body.error.message).toBe('E-Mail-Adresse und Passwort passen nicht zusammen. Prüfen Sie beides oder setzen Sie Ihr Passwort zurück.');
  });

  it('leaves an English visitor’s messages as they were written', async () => {
    const body = (await (await signup({ 'accept-language': 'en-GB' })).json()) as Envelope;
    expect(body.error.details).toEqual({
      email: ['Enter a valid email address, like name@example.com.'],
      password: ['Use at least 10 characters.'],
      name: ['Enter your name.'],
    });
    const login = await send('/api/auth/login', {
      json: { email: uniqueEmail(), password: 'not the password at all' },
      headers: { 'cf-connecting-ip': nextIp(), 'accept-language': 'en' },
    });
    expect(((await login.json()) as Envelope).error.message).toBe('That email and password do not match. Check them, or reset your password.');
  });
});
