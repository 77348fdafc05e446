import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import { sendExportNotice } from '#worker/features/account/export/service.ts';
import { createMailer, mailDate } from '#worker/lib/mailer.ts';
import { onlyMail, speaks } from '#worker/test/emails.ts';
import { createUser, uniqueEmail } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/** The account's time zone (issue 28): set at sign-up, changed with PATCH /api/me, used by the emails. */

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
type Me = { id: string; timeZone: string | null };

let network = 0;
const signUp = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  send('/api/auth/signup', {
    json: { email: uniqueEmail('zone'), password: 'correct horse battery', name: 'Zoe Zone', ...json },
    headers: { 'cf-connecting-ip': `192.0.2.${(network += 1)}`, ...headers },
  });
const zoneOf = async (id: string) => (await getDb(env.DB).select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id)).get())?.timeZone;

describe('the time zone at sign-up', () => {
  it('keeps the zone the browser sent', async () => {
    const response = await signUp({ timeZone: 'Europe/Berlin' });
    expect(response.status).toBe(201);
    const me = (await response.json()) as Me;
    expect(me.timeZone).toBe('Europe/Berlin');
    expect(await zoneOf(me.id)).toBe('Europe/Berlin');
  });

  it('leaves it unset without one, and never refuses a sign-up over a zone it does not know', async () => {
    const none = await signUp({});
    expect(none.status).toBe(201);
    expect(((await none.json()) as Me).timeZone).toBeNull();
    const unknown = await signUp({ timeZone: 'Mars/Olympus_Mons' });
    expect(unknown.status).toBe(201);
    const me = (await unknown.json()) as Me;
    expect(me.timeZone).toBeNull();
    expect(await zoneOf(me.id)).toBeNull();
  });
});

describe('PATCH /api/me { timeZone }', () => {
  it('sets the zone, which /api/me then returns', async () => {
    const user = await createUser();
    expect(((await (await send('/api/me', { cookie: user.cookie })).json()) as Me).timeZone).toBeNull();
    const saved = await send('/api/me', { method: 'PATCH', json: { timeZone: 'America/New_York' }, cookie: user.cookie });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Me).timeZone).toBe('America/New_York');
    expect(((await (await send('/api/me', { cookie: user.cookie })).json()) as Me).timeZone).toBe('America/New_York');
    // Another name of a known zone is stored as the runtime lists it.
    const alias = await send('/api/me', { method: 'PATCH', json: { timeZone: 'Etc/UTC' }, cookie: user.cookie });
    expect(((await alias.json()) as Me).timeZone).toBe('UTC');
    // null forgets it: the browser's zone is used until one is set again.
    const forgotten = await send('/api/me', { method: 'PATCH', json: { timeZone: null }, cookie: user.cookie });
    expect([forgotten.status, ((await forgotten.json()) as Me).timeZone]).toEqual([200, null]);
    expect(await zoneOf(user.id)).toBeNull();
  });

  it('refuses a zone it does not know with 422 and a clear message, in English and in German', async () => {
    const user = await createUser();
    await send('/api/me', { method: 'PATCH', json: { timeZone: 'Europe/Berlin' }, cookie: user.cookie });
    for (const timeZone of ['Mars/Olympus_Mons', '', 'x'.repeat(200), 42]) {
      const response = await send('/api/me', { method: 'PATCH', json: { timeZone }, cookie: user.cookie });
      expect(response.status).toBe(422);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details?.timeZone).toEqual(['This time zone is not known. Pick one from the list, such as Europe/Berlin.']);
    }
    await speaks(user, 'de');
    const german = (await (await send('/api/me', { method: 'PATCH', json: { timeZone: 'Berlin' }, cookie: user.cookie })).json()) as ErrorBody;
    expect(german.error.details?.timeZone).toEqual(['Diese Zeitzone ist nicht bekannt. Wählen Sie eine aus der Liste, zum Beispiel Europe/Berlin.']);
    expect(await zoneOf(user.id)).toBe('Europe/Berlin');
  });

  it('needs something to change', async () => {
    const user = await createUser();
    const response = await send('/api/me', { method: 'PATCH', json: {}, cookie: user.cookie });
    expect(response.status).toBe(422);
  });
});

describe('times in emails', () => {
  // 09:07 UTC is 10:07 in Berlin (winter time).
  const at = new Date('2026-03-05T09:07:00Z');

  it('writes a time in the recipient’s zone and names it; UTC when the account has none', async () => {
    const mailer = createMailer(getDb(env.DB), env);
    const [berlin, utc, berlinDe] = [uniqueEmail('zone-berlin'), uniqueEmail('zone-utc'), uniqueEmail('zone-berlin-de')];
    await sendExportNotice(mailer, { email: berlin, name: 'Ben', locale: 'en', timeZone: 'Europe/Berlin' }, { country: null, userAgent: null }, at);
    await sendExportNotice(mailer, { email: utc, name: 'Uma', locale: 'en', timeZone: null }, { country: null, userAgent: null }, at);
    await sendExportNotice(mailer, { email: berlinDe, name: 'Bea', locale: 'de', timeZone: 'Europe/Berlin' }, { country: null, userAgent: null }, at);
    expect((await onlyMail(berlin, 'account_export')).textBody).toContain('was downloaded on 5 March 2026 at 10:07 CET.');
    expect((await onlyMail(utc, 'account_export')).textBody).toContain('was downloaded on 5 March 2026 at 09:07 UTC.');
    expect((await onlyMail(berlinDe, 'account_export')).textBody).toContain('wurde am 5. März 2026 um 10:07 MEZ heruntergeladen.');
  });

  it('counts the day in the recipient’s zone (late evening in New York is the next day in UTC)', () => {
    const evening = new Date('2026-12-02T03:30:00Z');
    expect(mailDate('en', evening, false, 'America/New_York')).toBe('1 December 2026');
    expect(mailDate('en', evening)).toBe('2 December 2026');
    expect(mailDate('de', evening, true, 'America/New_York')).toBe('1. Dezember 2026 um 22:30 GMT-5');
    // Summer time in Berlin: the zone's name says so.
    expect(mailDate('de', new Date('2026-10-25T00:30:00Z'), true, 'Europe/Berlin')).toBe('25. Oktober 2026 um 02:30 MESZ');
    expect(mailDate('de', new Date('2026-10-25T01:30:00Z'), true, 'Europe/Berlin')).toBe('25. Oktober 2026 um 02:30 MEZ');
  });

  it('a real download mails the time in the account’s zone', async () => {
    const user = await createUser({ name: 'Emil Export' });
    await send('/api/me', { method: 'PATCH', json: { timeZone: 'Asia/Tokyo' }, cookie: user.cookie });
    const ticket = await send('/api/me/export', { method: 'POST', cookie: user.cookie });
    const { url } = (await ticket.json()) as { url: string };
    const zip = await send(url, { cookie: user.cookie });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    const mail = await onlyMail(user.email, 'account_export');
    const tokyo = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' });
    // The time is Tokyo's (to the minute the test ran) and the zone is named.
    expect(mail.textBody).toMatch(/was downloaded on \d{1,2} \w+ \d{4} at \d{2}:\d{2} GMT\+9\./);
    const [, hh] = /at (\d{2}):\d{2} GMT\+9/.exec(mail.textBody)!;
    const now = tokyo.format(new Date()).slice(0, 2);
    expect([now, String((Number(now) + 23) % 24).padStart(2, '0')]).toContain(hh);
  });
});
