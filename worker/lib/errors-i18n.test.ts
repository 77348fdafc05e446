import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import { createCreative, setCredits } from '#worker/test/creatives.ts';
import { createProject, createUser, uniqueEmail, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser } from '#worker/test/presentations.ts';

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

/**
 * The gaps issue 28 closed (admin, billing, presentations, creatives): a German account reads
 * the schemas' and the services' English in German, an English one as it was written.
 */
describe('the messages of the admin, billing, presentations and creatives, in both languages', () => {
  const speaking = async (user: TestUser, locale: 'en' | 'de') => {
    await getDb(env.DB).update(users).set({ locale }).where(eq(users.id, user.id));
    return user;
  };
  const errorOf = async (response: Response) => ((await response.json()) as Envelope).error;

  it('an admin’s refused credit adjustment: the schema’s details, and the service’s count of credits (1 and many)', async () => {
    for (const [locale, zero, reason, one, many] of [
      [
        'de',
        'Geben Sie eine Zahl ungleich 0 ein.',
        'Geben Sie an, warum Sie die Credits anpassen (mindestens 3 Zeichen).',
        'Dieses Konto hat 1 Credit: Sie können höchstens 1 abziehen.',
        'Dieses Konto hat 1.234 Credits: Sie können höchstens 1.234 abziehen.',
      ],
      [
        'en',
        'Enter a number other than 0.',
        'Say why you adjust the credits (at least 3 characters).',
        'This account has 1 credit: you can take at most 1.',
        'This account has 1,234 credits: you can take at most 1234.',
      ],
    ] as const) {
      const admin = await speaking(await createUser({ role: 'admin' }), locale);
      const user = await createUser();
      const path = `/api/admin/users/${user.id}/credits`;
      const refused = await errorOf(await send(path, { json: { amount: 0, reason: '' }, cookie: admin.cookie }));
      expect(refused.details).toEqual({ amount: [zero], reason: [reason] });
      await setCredits(user, 1);
      const takeOne = await errorOf(await send(path, { json: { amount: -5, reason: 'Refund' }, cookie: admin.cookie }));
      expect([takeOne.message, takeOne.details]).toEqual([one, { amount: [one] }]);
      await setCredits(user, 1234);
      expect((await errorOf(await send(path, { json: { amount: -5000, reason: 'Refund' }, cookie: admin.cookie }))).message).toBe(many);
    }
  });

  it('a checkout without a choice, a presentation with a bad address, a creative that cannot change its status', async () => {
    for (const [locale, buy, slug, status] of [
      [
        'de',
        'Wählen Sie, was Sie kaufen möchten.',
        'Verwenden Sie 3–64 Kleinbuchstaben, Ziffern und Bindestriche (nicht am Anfang oder Ende).',
        'Ein Creative im Status Entwurf kann nicht in den Status Freigegeben wechseln.',
      ],
      [
        'en',
        'Choose what to buy.',
        'Use 3–64 lower-case letters, digits and hyphens (not at the start or end).',
        'A creative that is draft cannot become approved.',
      ],
    ] as const) {
      const author = await speaking(await createAgencyUser(), locale);
      expect((await errorOf(await send('/api/billing/checkout', { json: { kind: 'pack', id: '' }, cookie: author.cookie }))).details).toEqual({ id: [buy] });
      const presentation = await send('/api/presentations', { json: { slug: '-pitch-', customerName: 'Northwind' }, cookie: author.cookie });
      expect(presentation.status).toBe(422);
      expect((await errorOf(presentation)).details).toEqual({ slug: [slug] });
      const project = await createProject(author);
      const creative = await createCreative(author, project.id);
      const moved = await send(`/api/creatives/${creative.id}`, { method: 'PATCH', json: { status: 'approved' }, cookie: author.cookie });
      expect(moved.status).toBe(409);
      expect((await errorOf(moved)).message).toBe(status);
    }
  });
});
