import type { Context } from 'hono';
import { isbot } from 'isbot';
import { safeSameOriginPath } from '#common/safe-path.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { localePath, splitLocalePath } from '#common/i18n/paths.ts';
import type { AppEnv } from '#worker/env.ts';
import { visitorLocale } from '#worker/lib/i18n.ts';

/**
 * Which language the public site speaks to whom (issue 28, decision 0032): a page's address
 * says its language (`/de/…`); only the home page `/` guesses, for a visitor who has not chosen.
 */

/** What the English home page's answer depends on besides its address (caches must keep them apart). */
export const HOME_VARY = 'Accept-Language, Cookie';

/**
 * Where `/` sends a visitor whose language is another (the switcher's `lang` cookie, else the
 * browser's Accept-Language): that language's home page; null to stay. Never a crawler (it
 * must see the English `x-default`), never someone signed in (their workspace is a link away),
 * never another page (a German browser reading `/pricing` asked for that page).
 */
export function homeRedirect(input: { locale: Locale; signedIn: boolean; userAgent: string | undefined }): string | null {
  if (input.signedIn || input.locale === DEFAULT_LOCALE) return null;
  if (isbot(input.userAgent ?? '')) return null;
  return localePath(input.locale, '/');
}

export function homeRedirectFor(c: Context<AppEnv>, signedIn: boolean): string | null {
  return homeRedirect({ locale: visitorLocale(c), signedIn, userAgent: c.req.header('user-agent') });
}

/** The switcher's destination: a same-site path (else the language's home page), moved into the language chosen. */
export function switchTarget(locale: Locale, next: string | undefined): string {
  const home = localePath(locale, '/');
  const path = safeSameOriginPath(next, home);
  const url = new URL(path, 'https://adloom.invalid');
  const { path: page } = splitLocalePath(url.pathname);
  // Checked again once moved: `/de//evil.com` is same-site, but without its prefix it is `//evil.com`.
  return safeSameOriginPath(localePath(locale, page) + url.search + url.hash, home);
}
