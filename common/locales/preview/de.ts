import type { Translation } from '#common/i18n/catalog.ts';
import type { en } from '#common/locales/preview/en.ts';

export const de: Translation<typeof en> = {
  'preview.page.label': 'Anzeigenvorschau',
  'preview.page.version': 'Version {revision}',
  'preview.page.status':
    '{status, select, draft {Entwurf} in_review {In Freigabe} approved {Freigegeben} changes_requested {Änderungen angefordert} scheduled {Geplant} published {Veröffentlicht} failed {Fehlgeschlagen} other {—}}',
  'preview.page.placement':
    '{placement, select, instagram_feed {Instagram-Feed} instagram_story {Instagram-Story} instagram_reels {Instagram-Reels} facebook_feed {Facebook-Feed} other {—}}',
  'preview.page.safeZones': 'Sichere Bereiche von Storys und Reels zeigen',
  'preview.page.pictureAlt': '{name}, Bild {position} von {count}',
  'preview.page.sharedWith': 'Geteilt mit',
  'preview.page.approximations': 'die Mock-ups zeigen jede Plattform annähernd',

  'preview.reviews.title': 'Freigabe',
  'preview.reviews.empty': 'Noch keine Rückmeldungen. Geben Sie die Anzeige frei, fordern Sie Änderungen an oder kommentieren Sie unten.',
  'preview.reviews.emptyCommentOnly': 'Noch keine Rückmeldungen. Kommentieren Sie unten.',
  'preview.reviews.team': 'Team',
  'preview.reviews.decision': '{decision, select, approve {Freigegeben} request_changes {Änderungen angefordert} other {Kommentiert}}',
  'preview.reviews.version': 'Version {revision}',
  'preview.reviews.date': '{date} UTC',
  'preview.reviews.sent':
    '{decision, select, approve {Vielen Dank – Ihre Freigabe wurde an das Team gesendet.} request_changes {Vielen Dank – Ihre Änderungswünsche wurden an das Team gesendet.} other {Vielen Dank – Ihr Kommentar wurde an das Team gesendet.}}',

  'preview.form.title': 'Ihre Rückmeldung zu Version {revision}',
  'preview.form.intro': 'Das Team erhält Ihre Rückmeldung per E-Mail. Es ändert sich nichts, bevor Sie auf eine Schaltfläche klicken.',
  'preview.form.reviewAs': 'Sie antworten als',
  'preview.form.roleOf': '{role, select, owner {Inhaber} editor {Bearbeiter} other {Betrachter}} dieses Projekts.',
  'preview.form.viewerNote': 'Betrachter kommentieren; die Anzeige freigeben oder Änderungen anfordern können ihre Bearbeiter und ihr Inhaber.',
  'preview.form.name': 'Ihr Name',
  'preview.form.email': 'E-Mail',
  'preview.form.emailHint': '(optional, für Antworten)',
  'preview.form.comment': 'Kommentar',
  'preview.form.commentHint': '(nötig, wenn Sie Änderungen anfordern)',
  'preview.form.honeypot': 'Dieses Feld leer lassen',
  'preview.form.approve': 'Freigeben',
  'preview.form.requestChanges': 'Änderungen anfordern',
  'preview.form.commentOnly': 'Nur kommentieren',
  'preview.form.commentButton': 'Kommentieren',

  'preview.error.fix': 'Bitte korrigieren Sie die markierten Felder.',
  'preview.error.viewerOnly':
    'Betrachter dieses Projekts können seine Anzeigen kommentieren; freigeben oder Änderungen anfordern können seine Bearbeiter und sein Inhaber.',
  'preview.error.archived':
    'Das Projekt dieser Anzeige ist archiviert, daher sind keine Rückmeldungen mehr möglich. Wenden Sie sich an das Team, das Ihnen den Link geschickt hat.',
  'preview.error.tooMany': 'Zu viele Versuche. Versuchen Sie es in {minutes, plural, one {# Minute} other {# Minuten}} erneut.',
  'preview.error.full':
    'Diese Anzeige hat so viele Rückmeldungen erhalten, wie sie aufnehmen kann. Wenden Sie sich an das Team, das Ihnen den Link geschickt hat.',
  'preview.error.unreadable': 'Das Formular konnte nicht gelesen werden. Bitte senden Sie es erneut.',
  'preview.pins.title': 'Kommentare am Bild',
  'preview.pins.hint': 'Klicken Sie auf eine Stelle des Bildes oder markieren Sie Wörter des Textes, um dort einen Kommentar anzuheften.',
  'preview.pins.noScript': 'Einen Kommentar an eine Stelle zu heften, braucht JavaScript; ohne nutzen Sie das Formular für Rückmeldungen unten.',
  'preview.pins.empty': 'Noch keine angehefteten Kommentare.',
  'preview.pins.caption': 'Text',
  'preview.pins.picture': 'Bild {position, number}',
  'preview.pins.pinLabel': 'Kommentar {number, number}',
  'preview.pins.earlier': 'Zu einer früheren Version ({revision, number})',
  'preview.pins.resolvedBy': 'Erledigt von {name}',
  'preview.pins.resolve': 'Erledigt',
  'preview.pins.reopen': 'Wieder öffnen',
  'preview.pins.reply': 'Antworten',
  'preview.pins.replyButton': 'Antwort senden',
  'preview.pins.newTitle': 'Kommentar anheften',
  'preview.pins.newOnPicture': 'Auf Bild {position}, beim neuen Punkt.',
  'preview.pins.newOnPhrase': 'An den Wörtern „{phrase}“.',
  'preview.pins.comment': 'Kommentar',
  'preview.pins.submit': 'Kommentar anheften',
  'preview.pins.cancel': 'Abbrechen',
  'preview.pins.gone': 'Der Text sagt das nicht mehr.',
  'preview.pins.linkReviewer': 'die Person mit dem Link',

  // The review board (/board/{token}): every ad waiting for the customer
  'preview.board.label': 'Freigabeseite',
  'preview.board.metaTitle': '{project} – Freigabeseite',
  'preview.board.metaDescription': 'Anzeigen von {project}, die auf Freigabe warten.',
  'preview.board.title': 'Anzeigen, die auf Ihre Freigabe warten',
  'preview.board.count':
    '{count, plural, =0 {Gerade wartet nichts auf Ihre Freigabe. Das Team schickt Ihnen die nächsten Anzeigen, sobald sie fertig sind.} one {# Anzeige wartet auf Sie, die neueste zuerst.} other {# Anzeigen warten auf Sie, die neuesten zuerst.}}',
  'preview.board.reviewer': 'Sie antworten als',
  'preview.board.reviewerHint': 'Ihr Name steht bei jeder Rückmeldung, die Sie von dieser Seite senden; dieses Gerät merkt ihn sich für diese Freigabeseite.',
  'preview.board.emailHint': '(optional: Ihre Freigabe zählt für die Stufe, die diese Adresse nennt)',
  'preview.board.level': 'wartet auf „{level}“',
  'preview.board.otherPlacements': '{count, plural, one {# weitere Platzierung zeigen} other {# weitere Platzierungen zeigen}}',
  'preview.board.thread': '{count, plural, =0 {Noch keine Rückmeldungen} one {# Rückmeldung bisher} other {# Rückmeldungen bisher, die neuesten:}}',
  'preview.board.message': 'Nachricht an das Team',
  'preview.board.approveOne': 'Freigeben',
  'preview.board.changesOne': 'Änderungen anfordern',
  'preview.board.selectedHint': 'Kreuzen Sie die Anzeigen an, mit denen Sie zufrieden sind, um alle auf einmal freizugeben.',
  'preview.board.approveSelected': 'Ausgewählte freigeben',
  'preview.board.done.title': 'Vielen Dank – das Team wurde benachrichtigt.',
  'preview.board.done.approved': '{count, plural, one {# Anzeige freigegeben.} other {# Anzeigen freigegeben.}}',
  'preview.board.done.changes': '{count, plural, one {Änderungen an # Anzeige angefordert.} other {Änderungen an # Anzeigen angefordert.}}',
  'preview.board.done.comments':
    '{count, plural, one {# Rückmeldung als Kommentar gespeichert: Diese Anzeige wartet auf eine andere Person.} other {# Rückmeldungen als Kommentare gespeichert: Diese Anzeigen warten auf andere Personen.}}',
  'preview.board.done.skipped':
    '{count, plural, one {# Anzeige übersprungen: Sie wartet nicht mehr auf dieser Seite.} other {# Anzeigen übersprungen: Sie warten nicht mehr auf dieser Seite.}}',
};
