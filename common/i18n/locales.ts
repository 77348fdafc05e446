/**
 * The languages Adloom speaks (issue 28, decision 0032). English is the source language and the
 * fallback; every message exists in each language (a missing German key is a type error).
 */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** What the language switcher shows: each language in its own words. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/**
 * The locale `Intl` formats with: British English (day before month, as the product always wrote
 * dates) and German as in Germany (1.234,56 €, 30.11.2026).
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', de: 'de-DE' };

/** The cookie that remembers a signed-out visitor's choice (and mirrors a signed-in user's setting). */
export const LOCALE_COOKIE = 'lang';
