import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { recordReview } from '#worker/features/ads/core/service.ts';
import { notifyMembers } from '#worker/features/funnels/leads/service.ts';
import { markBroken } from '#worker/features/instagram/connection/service.ts';
import { createMailer } from '#worker/lib/mailer.ts';
import { newId } from '#worker/lib/ids.ts';
import { creation, newAd, review, rowOf, submit } from '#worker/test/ads.ts';
import { db, team } from '#worker/test/creatives.ts';
import { mailsTo, onlyMail, speaks } from '#worker/test/emails.ts';
import { createProject, createUser, uniqueEmail } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { configured, connectReal } from '#worker/test/instagram-connection.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';

/**
 * The emails about projects in the recipient's language (issue 28): members by their account's
 * language; an invitee by their account's when the address has one, else the inviter's; the
 * author of a presentation by theirs (not the visitor's who asks).
 */

const inviteTo = (from: { cookie: string }, projectId: string, email: string, role: 'editor' | 'viewer') =>
  send(`/api/projects/${projectId}/members`, { json: { email, role }, cookie: from.cookie });

describe('the project invitation', () => {
  it('a new address gets the inviter’s language; an address with an account gets the account’s', async () => {
    const inviter = await speaks(await createUser({ name: 'Ines Imhof' }), 'de');
    const project = await createProject(inviter, {}, 'Bäckerei Sonne');
    const stranger = uniqueEmail('invitee');
    const englishAccount = await createUser({ name: 'Eve English' });
    expect((await inviteTo(inviter, project.id, stranger, 'editor')).status).toBe(201);
    expect((await inviteTo(inviter, project.id, englishAccount.email, 'viewer')).status).toBe(201);

    const german = await onlyMail(stranger, 'project_invite');
    expect(german.subject).toBe('Ines Imhof hat Sie zu „Bäckerei Sonne“ auf Adloom eingeladen');
    expect(german.textBody).toMatch(
      new RegExp(
        [
          '^Ines Imhof hat Sie eingeladen, dem Projekt „Bäckerei Sonne“ auf Adloom mit Bearbeitungsrecht beizutreten\\.',
          '',
          'Nehmen Sie die Einladung hier an \\(der Link funktioniert einmal, 7 Tage lang\\):',
          'https://\\S+/projects\\?invite=\\S+',
          '',
          `Noch kein Konto\\? Registrieren Sie sich mit dieser Adresse \\(${stranger.replaceAll('.', '\\.')}\\), und die Einladung wartet auf Sie\\.$`,
        ].join('\\n'),
      ),
    );
    const english = await onlyMail(englishAccount.email, 'project_invite');
    expect(english.subject).toBe('Ines Imhof invited you to “Bäckerei Sonne” on Adloom');
    expect(english.textBody).toContain('Ines Imhof invited you to join the project “Bäckerei Sonne” on Adloom as a viewer.');

    // The other way round: an English inviter, a German account.
    const sam = await createUser({ name: 'Sam Sender' });
    const theirs = await createProject(sam, {}, 'Moon Café');
    const gerda = await speaks(await createUser({ name: 'Gerda Gast' }), 'de');
    expect((await inviteTo(sam, theirs.id, gerda.email, 'viewer')).status).toBe(201);
    const toGerda = await onlyMail(gerda.email, 'project_invite');
    expect(toGerda.subject).toBe('Sam Sender hat Sie zu „Moon Café“ auf Adloom eingeladen');
    expect(toGerda.textBody).toContain('mit Leserecht beizutreten.');
  });
});

describe('the new lead email', () => {
  it('each member in their language', async () => {
    const owner = await speaks(await createUser({ name: 'Olga Ost' }), 'de');
    const editor = await createUser({ name: 'Ed English' });
    const project = await createProject(owner, { editor }, 'Bäckerei Sonne');
    const funnel = { id: newId(), projectId: project.id, title: 'Frühlingsaktion', locale: 'de' as const };
    await notifyMembers(db(), createMailer(db(), env), { funnel, pageTitle: 'Angebot', link: `${ORIGIN}/p/spring/offer` });
    const german = await onlyMail(owner.email, 'funnel_lead');
    expect(german.subject).toBe('Neuer Lead auf „Angebot“ von „Frühlingsaktion“');
    expect(german.textBody).toBe(
      [
        'Hallo Olga Ost,',
        '',
        'Es gibt einen neuen Lead auf „Angebot“ des Funnels „Frühlingsaktion“.',
        '',
        'Sie finden ihn mit den anderen Leads des Funnels in Adloom:',
        `${ORIGIN}/funnels/${funnel.id}?tab=leads`,
        '',
        'Zum Schutz der Menschen, die Ihre Formulare ausfüllen, wiederholt diese E-Mail nicht, was sie eingegeben haben.',
        '',
        'Sie erhalten diese E-Mail, weil der Funnel neue Leads meldet. Ein Mitglied mit Bearbeitungsrecht kann das auf der Seite des Funnels abschalten.',
      ].join('\n'),
    );
    const english = await onlyMail(editor.email, 'funnel_lead');
    expect(english.subject).toBe('New lead on “Angebot” of “Frühlingsaktion”');
    expect(english.textBody).toContain('Hi Ed English,\n\nThere is a new lead on “Angebot” of the funnel “Frühlingsaktion”.');
  });
});

describe('asking for a new link to an expired presentation', () => {
  it('goes to the author in the author’s language, with the German date, whatever the visitor speaks', async () => {
    const author = await speaks(await createAgencyUser('Paula Prahl'), 'de');
    const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z', customerName: 'Zahnarzt Hell' });
    const asked = await send(`/presents/${p.slug}/ask`, {
      form: { name: 'Alice Asker', email: 'alice@customer.example', message: 'Could I see it again?' },
      headers: { 'cf-connecting-ip': '198.51.100.77', 'accept-language': 'en' },
    });
    expect(asked.status).toBe(200);
    const mail = await onlyMail(author.email, 'presentation_access_requested');
    expect(mail.subject).toBe('Alice Asker bittet um Zugang zu Ihrer Präsentation für Zahnarzt Hell');
    expect(mail.textBody).toContain('Hallo Paula Prahl,');
    expect(mail.textBody).toContain('Alice Asker <alice@customer.example> bittet um Zugang zu Ihrer Präsentation für Zahnarzt Hell.');
    expect(mail.textBody).toContain('Machen Sie sie mit einem Klick wieder 30 Tage lang erreichbar und geben Sie Alice Asker einen eigenen Link:');
    expect(mail.textBody).toContain(`Alle Anfragen und Besuche finden Sie im Arbeitsbereich:\n${ORIGIN}/presentations?edit=${p.id}`);
  });
});

describe('the broken Instagram connection email', () => {
  it('each owner in their language', async () => {
    const owner = await speaks(await createUser({ name: 'Otto Ohm' }), 'de');
    const project = await createProject(owner, {}, 'Kaffee Nord');
    const row = await connectReal(owner, project.id, undefined, 'kaffee.nord');
    await markBroken(db(), configured, row.id, 'Connect the account again.');
    const mail = await onlyMail(owner.email, 'instagram_broken');
    expect(mail.subject).toBe('Instagram für Kaffee Nord muss neu verbunden werden');
    expect(mail.textBody).toContain(
      'Hallo Otto Ohm,\n\ndas Instagram-Konto @kaffee.nord des Projekts „Kaffee Nord“ kann von Adloom nicht mehr verwendet werden:',
    );
    expect(mail.textBody).toContain('Geplante Beiträge dieses Projekts werden erst veröffentlicht');
  });
});

describe('the ad review email', () => {
  it('each other member in their language, for every decision and for a reviewer of the preview link', async () => {
    const t = await team();
    await speaks(t.editor, 'de');
    const c1 = await creation(t.project.id, t.owner);
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Frühling' });
    expect((await submit(t.editor, ad.id)).status).toBe(200);
    expect((await review(t.owner, ad.id, { decision: 'request_changes', comment: 'Das Logo größer, bitte.' })).status).toBe(201);
    await recordReview(db(), createMailer(db(), env), (await rowOf(ad.id))!, {
      decision: 'approve',
      comment: '',
      reviewerName: 'Carla Kundin',
      reviewerEmail: null,
      userId: null,
      role: null,
      revision: 1,
      origin: ORIGIN,
    });
    expect((await review(t.owner, ad.id, { decision: 'comment', comment: 'Danke!' })).status).toBe(201);

    const [changes, approved, comment] = await mailsTo(t.editor.email, 'ad_review');
    expect(changes!.subject).toBe('Olivia Owner hat Änderungen an „Frühling“ angefordert');
    expect(changes!.textBody).toBe(
      [
        'Hallo Ed Editor,',
        '',
        'Olivia Owner hat Änderungen an der Anzeige „Frühling“ (Version 1) angefordert.',
        '',
        'Das Logo größer, bitte.',
        '',
        'Die Anzeige und ihre Rückmeldungen finden Sie hier:',
        `${ORIGIN}/projects/${t.project.id}/marketing`,
      ].join('\n'),
    );
    expect(approved!.subject).toBe('Carla Kundin hat „Frühling“ freigegeben');
    expect(approved!.textBody).toContain('Carla Kundin (über einen geteilten Link) hat die Anzeige „Frühling“ (Version 1) freigegeben.');
    expect(comment!.subject).toBe('Olivia Owner hat „Frühling“ kommentiert');

    const [en1, en2, en3] = await mailsTo(t.viewer.email, 'ad_review');
    expect(en1!.subject).toBe('Olivia Owner requested changes to “Frühling”');
    expect(en1!.textBody).toContain('Olivia Owner requested changes to the ad “Frühling” (version 1).');
    expect(en2!.subject).toBe('Carla Kundin approved “Frühling”');
    expect(en2!.textBody).toContain('Carla Kundin (through a shared link) approved the ad “Frühling” (version 1).');
    expect(en3!.textBody).toContain('Olivia Owner commented on the ad “Frühling” (version 1).');
  });
});
