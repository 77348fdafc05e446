import type { Translation } from '#common/i18n/catalog.ts';
import type { en } from '#common/locales/editor/en.ts';

export const de: Translation<typeof en> = {
  'editor.save.viewOnly': 'Nur ansehen',
  'editor.save.saved': 'Gespeichert',
  'editor.save.pending': 'Ungespeicherte Änderungen',
  'editor.save.invalid': 'Nicht gespeichert: Bitte die rot markierten Felder korrigieren',
  'editor.save.saving': 'Wird gespeichert …',
  'editor.save.conflict': 'Nicht gespeichert: Es gibt eine neuere Version',
  'editor.save.failed': 'Nicht gespeichert',
  'editor.save.retry': 'Erneut versuchen',
  'editor.conflict.title': 'Es gibt eine neuere Version',
  'editor.conflict.body':
    'Jemand anderes hat {what} gespeichert, während Sie bearbeitet haben. Ihre letzte Änderung bleibt auf diesem Bildschirm, wird aber nicht gespeichert.',
  'editor.conflict.reload': 'Neueste Version laden',

  'editor.undo': 'Rückgängig',
  'editor.undo.title': 'Rückgängig (Strg+Z)',
  'editor.redo': 'Wiederholen',
  'editor.redo.title': 'Wiederholen (Strg+Umschalt+Z)',

  'editor.device.label': 'Vorschaugröße',
  'editor.device.desktop': 'Desktop',
  'editor.device.phone': 'Smartphone',
  'editor.device.frame': '{device, select, phone {{label} auf einem Smartphone} other {{label} auf einem Desktop}}',

  'editor.panels.show': 'Anzeigen',
  'editor.panels.edit': 'Bearbeiten',
  'editor.panels.preview': 'Vorschau',
  'editor.panels.properties': 'Eigenschaften',

  'editor.move.up': '{label} nach oben',
  'editor.move.down': '{label} nach unten',
  'editor.move.remove': '{label} entfernen',
  'editor.list.moved': '{name} an Position {position} von {count} verschoben.',
  'editor.list.needsAttention': '· bitte prüfen',
  'editor.list.duplicate': '{name} duplizieren',
  'editor.list.delete': '{name} löschen',
  'editor.list.deleted': '„{name}“ gelöscht.',
  'editor.list.undo': 'Rückgängig',
  'editor.list.drag': 'Zum Verschieben ziehen',

  'editor.spec.pickOne': 'Bitte wählen',
  'editor.spec.timeZone': 'Ihre Zeitzone ({zone}).',
  'editor.spec.video': 'Video {id}',
  'editor.spec.change': '{what} ändern',
  'editor.spec.choose': '{what} wählen',
  'editor.spec.remove': 'Entfernen',
  'editor.spec.altText': 'Alternativtext',
  'editor.spec.altHint': 'Was das Bild zeigt, für Menschen, die es nicht sehen können (leer: dekorativ).',
  'editor.spec.buttonDefault': 'Mehr erfahren',
  'editor.spec.showButton': 'Diesen Button anzeigen',
  'editor.spec.buttonText': 'Button-Text',
  'editor.spec.buttonLink': 'Button-Link',
  'editor.spec.buttonLinkHint': 'https://…, mailto:…, tel:…, /pfad oder #anker (z. B. #signup für einen Formularblock).',
  'editor.spec.add': '{what} hinzufügen',
  'editor.spec.removeItem': '{what} {number} entfernen',
};
