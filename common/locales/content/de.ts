import type { Translation } from '#common/i18n/catalog.ts';
import type { en } from '#common/locales/content/en.ts';

export const de: Translation<typeof en> = {
  'content.countdown.days': 'Tage',
  'content.countdown.hours': 'Stunden',
  'content.countdown.minutes': 'Minuten',
  'content.countdown.ends': 'Endet am {date} UTC',
  'content.countdown.ended': 'Dieses Angebot ist abgelaufen.',
  'content.form.choose': 'Bitte wählen …',
  'content.form.fix': '{count, plural, one {Bitte korrigieren Sie das markierte Feld.} other {Bitte korrigieren Sie die markierten Felder.}}',
  'content.form.honeypot': 'Dieses Feld bitte leer lassen',
  'content.form.sending': 'Wird gesendet …',
  'content.lead.fill': 'Bitte füllen Sie „{label}“ aus.',
  'content.lead.text': 'Bitte geben Sie hier Text ein.',
  'content.lead.max': 'Bitte höchstens {max} Zeichen.',
  'content.lead.emailLong': 'Diese E-Mail-Adresse ist zu lang.',
  'content.lead.email': 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  'content.lead.emailInvalid': 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.',
  'content.lead.phone': 'Bitte geben Sie Ihre Telefonnummer ein.',
  'content.lead.phoneInvalid': 'Bitte geben Sie eine gültige Telefonnummer ein, z. B. +49 30 1234567.',
  'content.lead.pick': 'Bitte wählen Sie eine der Optionen.',
  'content.lead.tick': 'Bitte setzen Sie das Häkchen, um fortzufahren.',
  'content.lead.tooMany':
    '{minutes, plural, one {Zu viele Versuche. Bitte versuchen Sie es in # Minute erneut.} other {Zu viele Versuche. Bitte versuchen Sie es in # Minuten erneut.}}',

  // Die 404-Seite des Funnels
  'content.notFound.title': 'Seite nicht gefunden',
  'content.notFound.description': 'Diese Seite existiert nicht.',
  'content.notFound.heading': 'Diese Seite existiert nicht',
  'content.notFound.body': 'Vielleicht ist der Link falsch geschrieben, oder die Seite ist nicht mehr veröffentlicht.',
  'content.notFound.home': 'Zur Startseite',

  'content.footer': 'Fußzeile',
  'content.image.missing': 'Bild nicht gefunden',
  'content.image.none': 'Noch kein Bild',
  'content.video.pickFile': 'Video aus der Mediathek wählen',
  'content.video.pasteLink': 'YouTube- oder Vimeo-Link einfügen',
  'content.video.download': 'Video herunterladen: {title}',
  'content.video.play': 'Video{title} auf {provider} abspielen',
  'content.testimonials.rated': 'Mit {rating} von 5 bewertet',
};
