import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';

/**
 * A Lingui instance for one language with the given compiled catalogs (decision 0032). The
 * worker makes one per language and never activates another on it (so concurrent requests in
 * other languages cannot change it); the client makes one and loads route catalogs into it.
 * Numbers, dates and plurals format with `Intl` in the language's locale (en-GB, de-DE).
 */
export function createI18n(locale: Locale, ...catalogs: Messages[]): I18n {
  return setupI18n({ locale, locales: INTL_LOCALES[locale], messages: { [locale]: Object.assign({}, ...catalogs) as Messages } });
}
