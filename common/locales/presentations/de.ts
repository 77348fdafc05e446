import type { Translation } from '#common/i18n/catalog.ts';
import type { en } from '#common/locales/presentations/en.ts';

export const de: Translation<typeof en> = {};
