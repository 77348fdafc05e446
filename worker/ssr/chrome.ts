import type { Context } from 'hono';
import type { PublicChrome } from '#client/public/layout.tsx';
import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { splitLocalePath } from '#common/i18n/paths.ts';
import type { AppEnv } from '#worker/env.ts';
import { OPERATOR_VARS } from '#worker/lib/operator.ts';
import { localeOf } from '#worker/lib/i18n.ts';
import { readSessionToken } from '#worker/lib/session-cookie.ts';

/**
 * The public header's state. "Signed in" is read from the cookie's presence only, so
 * public pages cost no database read; a stale cookie just leads to /login.
 */
export function publicChrome(c: Context<AppEnv>, options: { interactive: boolean; loginNext?: string }): PublicChrome {
  return {
    interactive: options.interactive,
    signedIn: c.get('user') !== null || readSessionToken(c) !== undefined,
    loginNext: options.loginNext ?? '/dashboard',
    path: c.req.path,
  };
}

/** Everything a static public page's HTML depends on, as its cache key. */
export function staticPageKey(c: Context<AppEnv>, chrome: PublicChrome): string {
  return [chrome.path, chrome.signedIn, chrome.interactive, chrome.loginNext, ...OPERATOR_VARS.map((name) => c.env[name])].join('|');
}

/** The language of a public page: its address's (`/de/…` German, else English). */
export function pageLocale(c: Context<AppEnv>): Locale {
  return splitLocalePath(c.req.path).locale;
}

/** The language of an error page: its address's prefix (`/de/…`), else the request's (the account's, the visitor's). */
export function errorPageLocale(c: Context<AppEnv>): Locale {
  return splitLocalePath(c.req.path).locale === DEFAULT_LOCALE ? localeOf(c) : pageLocale(c);
}
