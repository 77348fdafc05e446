import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';

/**
 * The public site's addresses by language (decision 0032): English at the root (`/pricing`),
 * another language under its prefix with the same slugs (`/de/pricing`, `/de` for the home page).
 */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The language a public path is in and the path without its prefix: `/de/pricing` → de, `/pricing`. */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  if (path === '/de' || path.startsWith('/de/')) return { locale: 'de', path: path.slice(3) || '/' };
  return { locale: DEFAULT_LOCALE, path };
}
