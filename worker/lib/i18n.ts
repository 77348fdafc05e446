import type { I18n } from '@lingui/core';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { detectFromCookie, detectFromHeader } from 'hono/language';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from '#common/i18n/locales.ts';
import { createI18n } from '#common/i18n/setup.ts';
import { setValidationEnglish } from '#common/i18n/translate-english.ts';
import { messages as calendarDe } from '#common/locales/calendar/compiled/de.ts';
import { messages as calendarEn } from '#common/locales/calendar/compiled/en.ts';
import { messages as contentDe } from '#common/locales/content/compiled/de.ts';
import { messages as contentEn } from '#common/locales/content/compiled/en.ts';
import { messages as coreDe } from '#common/locales/core/compiled/de.ts';
import { messages as coreEn } from '#common/locales/core/compiled/en.ts';
import { messages as emailDe } from '#common/locales/email/compiled/de.ts';
import { messages as emailEn } from '#common/locales/email/compiled/en.ts';
import { messages as previewDe } from '#common/locales/preview/compiled/de.ts';
import { messages as previewEn } from '#common/locales/preview/compiled/en.ts';
import { messages as publicDe } from '#common/locales/public/compiled/de.ts';
import { messages as publicEn } from '#common/locales/public/compiled/en.ts';
import { messages as validationDe } from '#common/locales/validation/compiled/de.ts';
import { messages as validationEn } from '#common/locales/validation/compiled/en.ts';
import type { AppEnv } from '#worker/env.ts';
import { isLoopbackHttp } from '#worker/lib/session-cookie.ts';

/** Hono's language detector (`hono/language`), for the `lang` cookie and then Accept-Language. */
const DETECTOR = {
  order: ['cookie', 'header'],
  lookupQueryString: 'lang',
  lookupCookie: LOCALE_COOKIE,
  lookupFromHeaderKey: 'accept-language',
  lookupFromPathIndex: 0,
  caches: false,
  ignoreCase: true,
  fallbackLanguage: DEFAULT_LOCALE,
  supportedLanguages: [...LOCALES],
} satisfies Parameters<typeof detectFromCookie>[1];

/**
 * A signed-out visitor's language: the switcher's cookie, else the browser's Accept-Language
 * (`de-AT` counts as German), else English. Signed in, the account's setting wins (`localeOf`).
 */
export function visitorLocale(c: Context<AppEnv>): Locale {
  return (detectFromCookie(c, DETECTOR) ?? detectFromHeader(c, DETECTOR) ?? DEFAULT_LOCALE) as Locale;
}

/** The request's language: the signed-in user's setting, else the visitor's. */
export function localeOf(c: Context<AppEnv>): Locale {
  return c.get('user')?.locale ?? visitorLocale(c);
}

/**
 * One Lingui instance per language for the isolate's life, made on first use and never
 * re-activated: every request reads from the instance of its own language, so requests in
 * different languages can run at once without sharing a mutable locale (decision 0032).
 */
setValidationEnglish(validationEn);

const INSTANCES = new Map<Locale, I18n>();
const CATALOGS: Record<Locale, () => I18n> = {
  en: () => createI18n('en', coreEn, contentEn, emailEn, publicEn, previewEn, validationEn, calendarEn),
  de: () => createI18n('de', coreDe, contentDe, emailDe, publicDe, previewDe, validationDe, calendarDe),
};

export function i18nFor(locale: Locale): I18n {
  let instance = INSTANCES.get(locale);
  if (!instance) INSTANCES.set(locale, (instance = CATALOGS[locale]()));
  return instance;
}

/** Remembers a language for this browser (the switcher, the account setting): a year, every path. */
export function writeLocaleCookie(c: Context<AppEnv>, locale: Locale): void {
  setCookie(c, LOCALE_COOKIE, locale, { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax', secure: !isLoopbackHttp(c.req.url), httpOnly: true });
}
