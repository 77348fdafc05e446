import type { Translation } from '#common/i18n/catalog.ts';
import type { en } from '#common/locales/funnels/en.ts';

export const de: Translation<typeof en> = {};
