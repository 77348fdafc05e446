import type { Translation } from '#common/i18n/catalog.ts';
import type { en } from '#common/locales/email/en.ts';

export const de: Translation<typeof en> = {
  'email.greeting': 'Hallo {name},',
  'email.quoted': '„{name}“',
  'email.passwordReset.subject': 'Setzen Sie Ihr Adloom-Passwort zurück',
  'email.passwordReset.asked': 'Jemand (hoffentlich Sie) hat angefordert, das Passwort Ihres Adloom-Kontos zurückzusetzen.',
  'email.passwordReset.choose': 'Wählen Sie hier ein neues Passwort (der Link funktioniert einmal, eine Stunde lang):',
  'email.passwordReset.ignore': 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
  'email.deletionCanceled.subject': 'Ihr Adloom-Konto wird nicht gelöscht',
  'email.deletionCanceled.signedIn':
    'Sie haben sich bei Adloom angemeldet, daher ist die von Ihnen beantragte Löschung Ihres Kontos aufgehoben: Ihr Konto, Ihre Projekte und Dateien bleiben, wie sie sind.',
  'email.deletionCanceled.instagram':
    'Die Instagram-Verbindungen wurden mit Ihrem Löschantrag beendet; verbinden Sie sie bei Bedarf auf der Marketing-Seite des Projekts erneut.',
  'email.deletionCanceled.notYou':
    'Wenn Sie sich nicht gerade selbst angemeldet haben, ändern Sie sofort Ihr Passwort und melden Sie die anderen Geräte auf Ihrer Kontoseite ab.',
  'email.deletionScheduled.subject': 'Ihr Adloom-Konto wird am {date} gelöscht',
  'email.deletionScheduled.asked':
    'Sie haben uns gebeten, Ihr Adloom-Konto zu löschen. Sie wurden überall abgemeldet, und Ihre Instagram-Verbindungen wurden beendet.',
  'email.deletionScheduled.on': 'Am {date} löschen wir Ihr Konto endgültig:',
  'email.deletionScheduled.alone':
    '- {count, plural, one {Ihr Projekt ({names}) mit seinen} other {Ihre # Projekte ({names}) mit ihren}} Medien, Creatives, Renderings, Anzeigen und Funnels;',
  'email.deletionScheduled.personal': '- Ihre persönlichen Daten;',
  'email.deletionScheduled.shared':
    '- Projekte, die Sie mit anderen teilen ({names}), bleiben bei ihnen: Sie gehen an das am längsten beteiligte Mitglied mit Bearbeitungsrecht (sonst mit Leserecht) über.',
  'email.deletionScheduled.records': '- Zahlungs- und Credit-Belege werden ohne Ihren Namen aufbewahrt, wie es das Handels- und Steuerrecht verlangt.',
  'email.deletionScheduled.changed': 'Sie haben es sich anders überlegt? Melden Sie sich vorher an, und nichts wird gelöscht: {link}',
  'email.deletionScheduled.copy':
    'Möchten Sie vorher eine Kopie Ihrer Daten? Melden Sie sich an, laden Sie sie auf Ihrer Kontoseite herunter und beantragen Sie die Löschung dann erneut.',
  'email.ownershipReceived.subject': 'Ihnen gehört jetzt „{project}“ auf Adloom',
  'email.ownershipReceived.body':
    'Die Inhaberin oder der Inhaber des Projekts „{project}“ hat das Adloom-Konto gelöscht, und Sie sind das am längsten beteiligte Mitglied, daher gehört das Projekt jetzt Ihnen: Über seine Mitglieder, seine Löschung und seine Instagram-Verbindung entscheiden nun Sie.',
  'email.ownershipReceived.archived':
    'Es ist archiviert, weil Ihr Tarif keinen freien Projektplatz hat: Archivieren Sie ein anderes Projekt oder wechseln Sie den Tarif, und stellen Sie es dann wieder her.',
  'email.accountDeleted.subject': 'Ihr Adloom-Konto wurde gelöscht',
  'email.accountDeleted.body':
    'Wie Sie es vor 30 Tagen beantragt haben, wurde Ihr Adloom-Konto gelöscht, mit Ihren persönlichen Daten und den Projekten, in denen nur Sie waren (deren Dateien werden innerhalb von Minuten aus dem Speicher entfernt).',
  'email.accountDeleted.shared': 'Projekte, die Sie geteilt haben, gehören jetzt ihren Mitgliedern: {names}.',
  'email.accountDeleted.last':
    'Zahlungs- und Credit-Belege werden für die Buchhaltung ohne Ihren Namen aufbewahrt. Dies ist die letzte E-Mail, die wir Ihnen senden.',
  'email.export.subject': 'Ihre Adloom-Daten wurden heruntergeladen',
  'email.export.downloaded': 'Eine Kopie Ihrer Adloom-Daten (Konto, Projekte und deren Dateien) wurde am {time} heruntergeladen.',
  'email.export.downloadedFrom': 'Eine Kopie Ihrer Adloom-Daten (Konto, Projekte und deren Dateien) wurde am {time} aus {country} heruntergeladen.',
  'email.export.you': 'Wenn Sie das waren, ist nichts zu tun.',
  'email.export.notYou': 'Wenn nicht, ändern Sie jetzt Ihr Passwort und melden Sie die anderen Geräte auf Ihrer Kontoseite ab.',
  'email.invite.subject': '{inviter} hat Sie zu „{project}“ auf Adloom eingeladen',
  'email.invite.body':
    '{inviter} hat Sie eingeladen, dem Projekt „{project}“ auf Adloom {role, select, editor {mit Bearbeitungsrecht} other {mit Leserecht}} beizutreten.',
  'email.invite.accept': 'Nehmen Sie die Einladung hier an (der Link funktioniert einmal, 7 Tage lang):',
  'email.invite.noAccount': 'Noch kein Konto? Registrieren Sie sich mit dieser Adresse ({email}), und die Einladung wartet auf Sie.',
  'email.lead.subject': 'Neuer Lead auf „{page}“ von „{funnel}“',
  'email.lead.body': 'Es gibt einen neuen Lead auf „{page}“ des Funnels „{funnel}“.',
  'email.lead.link': 'Sie finden ihn mit den anderen Leads des Funnels in Adloom:',
  'email.lead.noLink': 'Sie finden ihn in Adloom auf der Seite des Funnels unter Leads.',
  'email.lead.privacy': 'Zum Schutz der Menschen, die Ihre Formulare ausfüllen, wiederholt diese E-Mail nicht, was sie eingegeben haben.',
  'email.lead.why':
    'Sie erhalten diese E-Mail, weil der Funnel neue Leads meldet. Ein Mitglied mit Bearbeitungsrecht kann das auf der Seite des Funnels abschalten.',
  'email.contact.subject': 'Wir haben Ihre Nachricht erhalten',
  'email.contact.thanks': 'vielen Dank für Ihre Nachricht an Adloom. Wir haben sie erhalten und antworten in der Regel innerhalb eines Werktags.',
  'email.contact.yours': 'Ihre Nachricht:',
  'email.contactNotice.subject': 'Kontaktformular: {name}',
  'email.contactNotice.wrote': '{name} <{email}> schrieb:',
  'email.contactNotice.id': 'Nachrichten-ID: {id}',
  'email.instagramBroken.yourProject': 'Ihr Projekt',
  'email.instagramBroken.subject': 'Instagram für {project} muss neu verbunden werden',
  'email.instagramBroken.body': 'das Instagram-Konto @{username} des Projekts „{project}“ kann von Adloom nicht mehr verwendet werden:',
  'email.instagramBroken.scheduled':
    'Geplante Beiträge dieses Projekts werden erst veröffentlicht, wenn Sie das Konto auf der Marketing-Seite des Projekts erneut verbinden.',
  'email.approval.subject': '„{ad}“ wartet auf Ihre Freigabe ({level})',
  'email.approval.body':
    'Die Anzeige „{ad}“ wartet auf die Freigabe der Stufe „{level}“ ({position} von {count}), und Sie sind einer ihrer Freigebenden. Geben Sie sie frei oder fordern Sie Änderungen an; eine Freigabe bringt sie weiter.',
  'email.approval.see': 'Die Anzeige ansehen und prüfen:',
  'email.review.subject':
    '{decision, select, approve {{reviewer} hat „{ad}“ freigegeben} request_changes {{reviewer} hat Änderungen an „{ad}“ angefordert} other {{reviewer} hat „{ad}“ kommentiert}}',
  'email.review.body':
    '{reviewer}{via, select, preview { (über einen geteilten Link)} other {}} hat {decision, select, approve {die Anzeige „{ad}“ (Version {revision}) freigegeben} request_changes {Änderungen an der Anzeige „{ad}“ (Version {revision}) angefordert} other {die Anzeige „{ad}“ (Version {revision}) kommentiert}}.',
  'email.review.see': 'Die Anzeige und ihre Rückmeldungen finden Sie hier:',
  'email.boardReview.subject': '{reviewer} hat {count, plural, one {# Anzeige} other {# Anzeigen}} von „{project}“ geprüft',
  'email.boardReview.body': '{reviewer} hat diese Anzeigen über die Freigabeseite geprüft:',
  'email.boardReview.item': '– „{ad}“: {decision, select, approve {freigegeben} request_changes {Änderungen angefordert} other {kommentiert}}',
  'email.boardReview.see': 'Die Anzeigen und ihre Rückmeldungen finden Sie hier:',
  'email.webhookDisabled.subject': 'Ein Webhook von {project} wurde ausgeschaltet',
  'email.webhookDisabled.body':
    'Adloom konnte dem Webhook-Endpunkt {url} des Projekts „{project}“ 24 Stunden lang keine Ereignisse zustellen und hat ihn deshalb ausgeschaltet.',
  'email.webhookDisabled.fix':
    'Prüfen Sie, ob die Adresse mit einem 2xx-Status antwortet, und schalten Sie den Endpunkt dann in den Einstellungen des Projekts wieder ein:',
  'email.presentationTalk.accessSubject': '{name} bittet um Zugang zu Ihrer Präsentation für {customer}',
  'email.presentationTalk.interestSubject': '{name} ist interessiert: Ihre Präsentation für {customer}',
  'email.presentationTalk.accessWrote': '{name} <{email}> bittet um Zugang zu Ihrer Präsentation für {customer}.',
  'email.presentationTalk.interestWrote':
    '{name} <{email}> hat bei Ihrer Präsentation für {customer} „Ich bin interessiert“ geantwortet. Antworten Sie an diese Adresse.',
  'email.presentationTalk.grant': 'Geben Sie {name} mit einem Klick einen eigenen Link (er öffnet sie ohne Passwort):',
  'email.presentationTalk.grantExpired': 'Machen Sie sie mit einem Klick wieder 30 Tage lang erreichbar und geben Sie {name} einen eigenen Link:',
  'email.presentationTalk.workspace': 'Alle Anfragen und Besuche finden Sie im Arbeitsbereich:',
  'email.presentationTalk.grantedSubject': 'Ihr Link zur Präsentation für {customer}',
  'email.presentationTalk.granted': '{author} hat Ihnen Zugang zur Präsentation für {customer} gegeben. Ihr eigener Link:',
  'email.presentationTalk.personal': 'Der Link gehört Ihnen: Bitte geben Sie ihn nicht weiter.',
};
