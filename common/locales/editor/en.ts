import type { Source } from '#common/i18n/catalog.ts';

/** The editor area's messages (decision 0032): loaded with the routes that show them (client/app/route-areas.ts), in the user's language only. */
export const en = {
  // The save indicator and the conflict notice
  'editor.save.viewOnly': 'View only',
  'editor.save.saved': 'Saved',
  'editor.save.pending': 'Unsaved changes',
  'editor.save.invalid': 'Not saved: fix the fields marked in red',
  'editor.save.saving': 'Saving…',
  'editor.save.conflict': 'Not saved: newer version exists',
  'editor.save.failed': 'Not saved',
  'editor.save.retry': 'Retry',
  'editor.conflict.title': 'A newer version exists',
  'editor.conflict.body': 'Someone else saved {what} while you were editing. Your last change is kept on this screen but not saved.',
  'editor.conflict.reload': 'Reload the newest version',

  // Undo and redo
  'editor.undo': 'Undo',
  'editor.undo.title': 'Undo (Ctrl+Z)',
  'editor.redo': 'Redo',
  'editor.redo.title': 'Redo (Ctrl+Shift+Z)',

  // The device switch and preview
  'editor.device.label': 'Preview size',
  'editor.device.desktop': 'Desktop',
  'editor.device.phone': 'Phone',
  'editor.device.frame': '{device, select, phone {{label} on a phone} other {{label} on a desktop}}',

  // The panels
  'editor.panels.show': 'Show',
  'editor.panels.edit': 'Edit',
  'editor.panels.preview': 'Preview',
  'editor.panels.properties': 'Properties',

  // Move buttons and the sortable list
  'editor.move.up': 'Move {label} up',
  'editor.move.down': 'Move {label} down',
  'editor.move.remove': 'Remove {label}',
  'editor.list.moved': '{name} moved to position {position} of {count}.',
  'editor.list.needsAttention': '· needs attention',
  'editor.list.duplicate': 'Duplicate {name}',
  'editor.list.delete': 'Delete {name}',
  'editor.list.deleted': 'Deleted “{name}”.',
  'editor.list.undo': 'Undo',
  'editor.list.drag': 'Drag to reorder',

  // The spec form's controls
  'editor.spec.pickOne': 'Pick one',
  'editor.spec.timeZone': 'Your time zone ({zone}).',
  'editor.spec.video': 'Video {id}',
  'editor.spec.change': 'Change {what}',
  'editor.spec.choose': 'Choose {what}',
  'editor.spec.remove': 'Remove',
  'editor.spec.altText': 'Alt text',
  'editor.spec.altHint': 'What the picture shows, for people who cannot see it (empty: decorative).',
  'editor.spec.buttonDefault': 'Learn more',
  'editor.spec.showButton': 'Show this button',
  'editor.spec.buttonText': 'Button text',
  'editor.spec.buttonLink': 'Button link',
  'editor.spec.buttonLinkHint': 'https://…, mailto:…, tel:…, /path or #anchor (e.g. #signup for a form block).',
  'editor.spec.add': 'Add {what}',
  'editor.spec.removeItem': 'Remove {what} {number}',
} as const satisfies Source;
