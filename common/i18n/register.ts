import type { en as content } from '#common/locales/content/en.ts';
import type { en as core } from '#common/locales/core/en.ts';
import type { en as email } from '#common/locales/email/en.ts';
import type { en as publicSite } from '#common/locales/public/en.ts';

/**
 * Every message id of every area, for Lingui's typed ids: `i18n._('nav.projects')` checks that
 * the id exists in English (and so, through `Translation`, in every language). Types only.
 */
export type MessageIds = keyof typeof core | keyof typeof content | keyof typeof email | keyof typeof publicSite;

declare module '@lingui/core' {
  interface Register {
    messageIds: MessageIds;
  }
}
