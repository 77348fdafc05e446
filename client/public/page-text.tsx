import type { I18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { useContext } from 'react';
import { formatEuros } from '#common/format.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import { createI18n } from '#common/i18n/setup.ts';
import { messages as coreEn } from '#common/locales/core/compiled/en.ts';
import { messages as publicEn } from '#common/locales/public/compiled/en.ts';

let english: I18n | null = null;

export interface PageText {
  t: I18n['_'];
  locale: Locale;
  /** A link to one of the site's pages in the page's language: `/pricing` → `/de/pricing`. */
  href: (path: string) => string;
  /** Euro cents as a price: English as the product always wrote it (`29 €`, `39.50 €`), German through Intl (`29 €`, `39,50 €`). */
  euros: (cents: number) => string;
  /** A count with the language's grouping (2,500 / 2.500). */
  number: (value: number) => string;
}

/**
 * The public pages' words (server-rendered: the worker renders them inside Lingui's provider
 * with its instance of the page's language, worker/ssr/render.ts). Without one (component
 * tests), English. Not for islands: they are hydrated without Lingui (island-text.tsx).
 */
export function usePageText(): PageText {
  const i18n = useContext(LinguiContext)?.i18n ?? (english ??= createI18n('en', coreEn, publicEn));
  const locale = i18n.locale as Locale;
  return {
    t: i18n._.bind(i18n) as I18n['_'],
    locale,
    href: (path) => localePath(locale, path),
    euros: (cents) =>
      locale === 'en' ? formatEuros(cents) : i18n.number(cents / 100, { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 ? 2 : 0 }),
    number: (value) => i18n.number(value),
  };
}
