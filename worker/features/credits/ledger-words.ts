import type { I18n } from '@lingui/core';
import { CREDIT_PACKS, isPlanId, PLANS } from '#common/plans.ts';

/**
 * What a credit-ledger row is about (issue 28), stored as a code and its values (JSON in the
 * `description` column, no migration) and worded when shown, in the reader's language: the
 * credits screen, the admin's view, the data export. Rows written before this keep their English
 * text; the fixed English texts of those are recognised and worded too, the others stay English.
 */
export type LedgerNote =
  | { code: 'planMonthly'; plan: string }
  | { code: 'expired' }
  | { code: 'packBought'; credits: number }
  | { code: 'packRefunded' }
  | { code: 'render'; name: string }
  | { code: 'renderAgain'; name: string }
  | { code: 'renderFailed'; name: string }
  | { code: 'renderInterrupted' }
  | { code: 'variations'; count: number; name: string }
  | { code: 'variationsFailed'; name: string }
  | { code: 'variationsUndrawn'; failed: number; count: number; name: string }
  | { code: 'variationsInterrupted' }
  | { code: 'variationsPartInterrupted'; missing: number; drafts: number }
  | { code: 'aiCopy' }
  | { code: 'aiCopyFailed' }
  | { code: 'adminAdjust'; reason: string };

const CODES = new Set<LedgerNote['code']>([
  'planMonthly',
  'expired',
  'packBought',
  'packRefunded',
  'render',
  'renderAgain',
  'renderFailed',
  'renderInterrupted',
  'variations',
  'variationsFailed',
  'variationsUndrawn',
  'variationsInterrupted',
  'variationsPartInterrupted',
  'aiCopy',
  'aiCopyFailed',
  'adminAdjust',
]);

/** The stored form of a note: `{"code":…,…}`. */
export function ledgerNote(note: LedgerNote): string {
  return JSON.stringify(note);
}

/** The English texts rows were stored with before the codes, for those that name nothing. */
const OLD_TEXTS: Record<string, LedgerNote> = {
  'Unused monthly credits expired': { code: 'expired' },
  'Pack refunded: its credits were withdrawn': { code: 'packRefunded' },
  'Render interrupted: refunded': { code: 'renderInterrupted' },
  'Variations interrupted: refunded': { code: 'variationsInterrupted' },
  'AI copy suggestions': { code: 'aiCopy' },
  'AI copy suggestions failed: refunded': { code: 'aiCopyFailed' },
};

function noteOf(stored: string): LedgerNote | undefined {
  if (stored.startsWith('{"code":')) {
    try {
      const parsed = JSON.parse(stored) as unknown;
      if (typeof parsed === 'object' && parsed !== null && CODES.has((parsed as { code: LedgerNote['code'] }).code)) return parsed as LedgerNote;
    } catch {
      return undefined;
    }
  }
  return OLD_TEXTS[stored];
}

/** A ledger row's description in the reader's language (an older row's own text when it has no code). */
export function ledgerText(stored: string, i18n: I18n): string {
  const note = noteOf(stored);
  if (!note) return stored;
  switch (note.code) {
    case 'planMonthly':
      return i18n._('ledger.planMonthly', { plan: note.plan });
    case 'packBought':
      return i18n._('ledger.packBought', { credits: note.credits });
    case 'render':
      return i18n._('ledger.render', { name: note.name });
    case 'renderAgain':
      return i18n._('ledger.renderAgain', { name: note.name });
    case 'renderFailed':
      return i18n._('ledger.renderFailed', { name: note.name });
    case 'variations':
      return i18n._('ledger.variations', { count: note.count, name: note.name });
    case 'variationsFailed':
      return i18n._('ledger.variationsFailed', { name: note.name });
    case 'variationsUndrawn':
      return i18n._('ledger.variationsUndrawn', { failed: note.failed, count: note.count, name: note.name });
    case 'variationsPartInterrupted':
      return i18n._('ledger.variationsPartInterrupted', { missing: note.missing, drafts: note.drafts });
    case 'adminAdjust':
      return i18n._('ledger.adminAdjust', { reason: note.reason });
    case 'expired':
      return i18n._('ledger.expired');
    case 'packRefunded':
      return i18n._('ledger.packRefunded');
    case 'renderInterrupted':
      return i18n._('ledger.renderInterrupted');
    case 'variationsInterrupted':
      return i18n._('ledger.variationsInterrupted');
    case 'aiCopy':
      return i18n._('ledger.aiCopy');
    case 'aiCopyFailed':
      return i18n._('ledger.aiCopyFailed');
  }
}

/** How a purchase is named in the billing history and at the checkout, in the reader's language: "Pro plan (monthly)", "500 credits". */
export function checkoutItemText(kind: 'plan' | 'pack', id: string, i18n: I18n): string {
  if (kind === 'plan') return isPlanId(id) ? i18n._('ledger.checkoutPlan', { plan: PLANS[id].name }) : id;
  const pack = CREDIT_PACKS.find((p) => p.id === id);
  return pack ? i18n._('ledger.checkoutPack', { credits: pack.credits }) : id;
}
