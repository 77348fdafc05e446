import type { en as account } from '#common/locales/account/en.ts';
import type { en as admin } from '#common/locales/admin/en.ts';
import type { en as ads } from '#common/locales/ads/en.ts';
import type { en as batches } from '#common/locales/batches/en.ts';
import type { en as calendar } from '#common/locales/calendar/en.ts';
import type { en as content } from '#common/locales/content/en.ts';
import type { en as core } from '#common/locales/core/en.ts';
import type { en as creatives } from '#common/locales/creatives/en.ts';
import type { en as dashboard } from '#common/locales/dashboard/en.ts';
import type { en as editor } from '#common/locales/editor/en.ts';
import type { en as email } from '#common/locales/email/en.ts';
import type { en as funnels } from '#common/locales/funnels/en.ts';
import type { en as library } from '#common/locales/library/en.ts';
import type { en as media } from '#common/locales/media/en.ts';
import type { en as presentations } from '#common/locales/presentations/en.ts';
import type { en as preview } from '#common/locales/preview/en.ts';
import type { en as projects } from '#common/locales/projects/en.ts';
import type { en as publicSite } from '#common/locales/public/en.ts';
import type { en as validation } from '#common/locales/validation/en.ts';

/**
 * Every message id of every area, for Lingui's typed ids: `i18n._('nav.projects')` checks that
 * the id exists in English (and so, through `Translation`, in every language). Types only.
 * A new area is added here (and, when the worker renders it, to worker/lib/i18n.ts).
 */
export type MessageIds =
  | keyof typeof account
  | keyof typeof admin
  | keyof typeof ads
  | keyof typeof batches
  | keyof typeof calendar
  | keyof typeof content
  | keyof typeof core
  | keyof typeof creatives
  | keyof typeof dashboard
  | keyof typeof editor
  | keyof typeof email
  | keyof typeof funnels
  | keyof typeof library
  | keyof typeof media
  | keyof typeof presentations
  | keyof typeof preview
  | keyof typeof projects
  | keyof typeof publicSite
  | keyof typeof validation;

declare module '@lingui/core' {
  interface Register {
    messageIds: MessageIds;
  }
}
