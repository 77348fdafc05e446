import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { emailOutbox } from '#worker/db/schema.ts';
import { purgeDueAccounts } from '#worker/features/account/core/service.ts';
import { sendExportNotice } from '#worker/features/account/export/service.ts';
import { createMailer } from '#worker/lib/mailer.ts';
import { deletionDue, requestDeletion, signInAgain } from '#worker/test/account-deletion.ts';
import { onlyMail, recordingMailer, speaks } from '#worker/test/emails.ts';
import { createProject, createUser, uniqueEmail } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * The account's emails in the recipient's language (issue 28): a German account gets them in
 * German (formal, German dates and plurals), an English one in English, whoever asks.
 */

let network = 0;
const nextIp = () => `203.0.113.${(network += 1)}`;
const deDay = (date: Date) => new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
const enDay = (date: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

describe('the password reset email', () => {
  it('is German for a German account and English for an English one, whatever the browser asking says', async () => {
    const anna = await speaks(await createUser({ name: 'Anna Berger' }), 'de');
    const john = await createUser({ name: 'John Smith' });
    for (const user of [anna, john]) {
      const response = await send('/api/auth/password-reset', {
        json: { email: user.email },
        headers: { 'cf-connecting-ip': nextIp(), 'accept-language': 'de' },
      });
      expect(response.status).toBe(202);
    }
    const de = await onlyMail(anna.email, 'password_reset');
    expect(de.subject).toBe('Setzen Sie Ihr Adloom-Passwort zurück');
    expect(de.textBody).toMatch(
      /^Hallo Anna Berger,\n\nJemand \(hoffentlich Sie\) hat angefordert, das Passwort Ihres Adloom-Kontos zurückzusetzen\.\nWählen Sie hier ein neues Passwort \(der Link funktioniert einmal, eine Stunde lang\):\nhttps:\/\/\S+\/password-reset\?token=\S+\n\nWenn Sie das nicht angefordert haben/,
    );
    const en = await onlyMail(john.email, 'password_reset');
    expect(en.subject).toBe('Reset your Adloom password');
    expect(en.textBody).toMatch(/^Hi John Smith,\n\nSomeone \(hopefully you\) asked to reset the password of your Adloom account\./);
  });
});

describe('the deletion emails', () => {
  it('scheduled: the date in the account’s language, and “project” counted right for 1 and 2', async () => {
    const one = await speaks(await createUser({ name: 'Eins Eder' }), 'de');
    await createProject(one, {}, 'Bäckerei Sonne');
    const two = await speaks(await createUser({ name: 'Zwei Zander' }), 'de');
    await createProject(two, {}, 'Café Mond');
    await createProject(two, {}, 'Kiosk Stern');
    const english = await createUser({ name: 'Two Taylor' });
    await createProject(english, {}, 'Moon Café');
    await createProject(english, {}, 'Star Kiosk');
    const englishOne = await createUser({ name: 'One Owens' });
    await createProject(englishOne, {}, 'Sun Bakery');

    const dates = new Map<string, Date>();
    for (const user of [one, two, english, englishOne]) {
      const response = await requestDeletion(user);
      expect(response.status).toBe(202);
      dates.set(user.id, new Date(((await response.json()) as { purgeAfter: string }).purgeAfter));
    }

    const de1 = await onlyMail(one.email, 'account_deletion_scheduled');
    const day1 = deDay(dates.get(one.id)!);
    expect(day1).toMatch(/^\d{1,2}\. [A-Za-zä]+ \d{4}$/);
    expect(de1.subject).toBe(`Ihr Adloom-Konto wird am ${day1} gelöscht`);
    expect(de1.textBody).toContain(`Hallo Eins Eder,\n\nSie haben uns gebeten, Ihr Adloom-Konto zu löschen.`);
    expect(de1.textBody).toContain(`Am ${day1} löschen wir Ihr Konto endgültig:`);
    expect(de1.textBody).toContain('- Ihr Projekt („Bäckerei Sonne“) mit seinen Medien, Creatives, Renderings, Anzeigen und Funnels;');
    expect(de1.textBody).toContain('Melden Sie sich vorher an, und nichts wird gelöscht: https://adloom.test/login');

    const de2 = await onlyMail(two.email, 'account_deletion_scheduled');
    expect(de2.textBody).toContain('- Ihre 2 Projekte („Café Mond“, „Kiosk Stern“) mit ihren Medien, Creatives, Renderings, Anzeigen und Funnels;');

    const en2 = await onlyMail(english.email, 'account_deletion_scheduled');
    expect(en2.subject).toBe(`Your Adloom account will be deleted on ${enDay(dates.get(english.id)!)}`);
    expect(en2.textBody).toContain('- your 2 projects (“Moon Café”, “Star Kiosk”) with their media, creatives, renders, ads and funnels;');
    const en1 = await onlyMail(englishOne.email, 'account_deletion_scheduled');
    expect(en1.textBody).toContain('- your project (“Sun Bakery”) with their media, creatives, renders, ads and funnels;');
  });

  it('cancelled by signing in: German for a German account', async () => {
    const user = await speaks(await createUser({ name: 'Greta Graf' }), 'de');
    expect((await requestDeletion(user)).status).toBe(202);
    await signInAgain(user);
    const mail = await onlyMail(user.email, 'account_deletion_canceled');
    expect(mail.subject).toBe('Ihr Adloom-Konto wird nicht gelöscht');
    expect(mail.textBody).toContain('Hallo Greta Graf,\n\nSie haben sich bei Adloom angemeldet, daher ist die von Ihnen beantragte Löschung');
    expect(mail.textBody).toContain('ändern Sie sofort Ihr Passwort');
  });

  it('the purge: the heir and the leaving account each in their own language', async () => {
    const leaving = await speaks(await createUser({ name: 'Dieter Dorn' }), 'de');
    const heir = await speaks(await createUser({ name: 'Hanna Heise' }), 'de');
    const englishHeir = await createUser({ name: 'Harry Hale' });
    await createProject(leaving, { editor: heir }, 'Gemeinsam');
    await createProject(leaving, { editor: englishHeir }, 'Together');
    const { day31 } = await deletionDue(leaving);
    const mailer = recordingMailer();
    // Other tests' pending accounts go in the same runs: run until none is left, as the job would.
    while ((await purgeDueAccounts(getDb(env.DB), mailer, day31)) > 0) {
      // until none is left
    }

    const toHeir = await onlyMail(heir.email, 'project_ownership_received');
    expect(toHeir.subject).toBe('Ihnen gehört jetzt „Gemeinsam“ auf Adloom');
    expect(toHeir.textBody).toContain('Hallo Hanna Heise,\n\nDie Inhaberin oder der Inhaber des Projekts „Gemeinsam“ hat das Adloom-Konto gelöscht');
    const toEnglishHeir = await onlyMail(englishHeir.email, 'project_ownership_received');
    expect(toEnglishHeir.subject).toBe('You now own “Together” on Adloom');

    // The last email's outbox copy is deleted once sent: what the mailer was given.
    const last = mailer.sent.find((mail) => mail.kind === 'account_deleted' && mail.to === leaving.email)!;
    expect(last.subject).toBe('Ihr Adloom-Konto wurde gelöscht');
    expect(last.text).toContain('Wie Sie es vor 30 Tagen beantragt haben, wurde Ihr Adloom-Konto gelöscht');
    expect(last.text).toMatch(/Projekte, die Sie geteilt haben, gehören jetzt ihren Mitgliedern: („Gemeinsam“, „Together“|„Together“, „Gemeinsam“)\./);
    expect(last.text).toContain('Dies ist die letzte E-Mail, die wir Ihnen senden.');
  });
});

describe('the data export notice', () => {
  it('says when (German date and time) and from where (the country in German)', async () => {
    const mailer = createMailer(getDb(env.DB), env);
    const at = new Date('2026-03-05T09:07:00Z');
    const [de, en] = [uniqueEmail('export-de'), uniqueEmail('export-en')];
    await sendExportNotice(mailer, { email: de, name: 'Anna', locale: 'de' }, { country: 'AT', userAgent: null }, at);
    await sendExportNotice(mailer, { email: en, name: 'John', locale: 'en' }, { country: null, userAgent: null }, at);
    const german = await onlyMail(de, 'account_export');
    expect(german.subject).toBe('Ihre Adloom-Daten wurden heruntergeladen');
    expect(german.textBody).toBe(
      [
        'Hallo Anna,',
        '',
        'Eine Kopie Ihrer Adloom-Daten (Konto, Projekte und deren Dateien) wurde am 5. März 2026 um 09:07 UTC aus Österreich heruntergeladen.',
        'Wenn Sie das waren, ist nichts zu tun.',
        'Wenn nicht, ändern Sie jetzt Ihr Passwort und melden Sie die anderen Geräte auf Ihrer Kontoseite ab.',
      ].join('\n'),
    );
    const english = await onlyMail(en, 'account_export');
    expect(english.subject).toBe('Your Adloom data was downloaded');
    expect(english.textBody).toContain('A copy of your Adloom data (account, projects and their files) was downloaded on 5 March 2026 at 09:07 UTC.');
  });

  it('a real download mails the account’s language', async () => {
    const user = await speaks(await createUser({ name: 'Emil Export' }), 'de');
    const ticket = await send('/api/me/export', { method: 'POST', cookie: user.cookie });
    expect(ticket.status).toBe(201);
    const { url } = (await ticket.json()) as { url: string };
    const zip = await send(url, { cookie: user.cookie });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    expect((await onlyMail(user.email, 'account_export')).subject).toBe('Ihre Adloom-Daten wurden heruntergeladen');
  });
});

describe('the contact form’s emails', () => {
  const write = (email: string, language: string) =>
    send('/api/contact', {
      json: { name: 'Lena Lang', email, message: 'Guten Tag,\nhaben Sie einen Agenturtarif?' },
      headers: { 'accept-language': language, 'cf-connecting-ip': nextIp() },
    });

  it('confirms in the language the sender wrote in, unless their account has one; the operator reads English', async () => {
    const visitor = uniqueEmail('contact-de');
    expect((await write(visitor, 'de-DE,de;q=0.9')).status).toBe(201);
    const confirmation = await onlyMail(visitor, 'contact_confirmation');
    expect(confirmation.subject).toBe('Wir haben Ihre Nachricht erhalten');
    expect(confirmation.textBody).toBe(
      [
        'Hallo Lena Lang,',
        '',
        'vielen Dank für Ihre Nachricht an Adloom. Wir haben sie erhalten und antworten in der Regel innerhalb eines Werktags.',
        '',
        'Ihre Nachricht:',
        '> Guten Tag,',
        '> haben Sie einen Agenturtarif?',
      ].join('\n'),
    );
    const notices = await getDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact_notification')).all();
    const notice = notices.filter((m) => m.textBody.includes(visitor));
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe('Contact form: Lena Lang');
    expect(notice[0]!.textBody).toMatch(new RegExp(`^Lena Lang <${visitor}> wrote:\\n\\nGuten Tag,\\nhaben Sie einen Agenturtarif\\?\\n\\nMessage id: \\S+$`));

    // An English account's address, written from a German browser: the account's language.
    const account = await createUser({ name: 'Lena Lang' });
    expect((await write(account.email, 'de')).status).toBe(201);
    expect((await onlyMail(account.email, 'contact_confirmation')).subject).toBe('We received your message');
  });
});
