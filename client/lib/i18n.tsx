import type { I18n, Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SayEnglish, testFallbackI18n } from '#client/lib/i18n-context.tsx';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import { createI18n } from '#common/i18n/setup.ts';
import { setHttpMessages } from '#client/lib/http.ts';

/**
 * The workspace's messages (decision 0032): one Lingui instance for the app, with the `core`
 * catalog loaded before the first render and a screen's own catalog loaded with its route, each
 * in the user's language only (a chunk per area and language: import.meta.glob below).
 */
const CATALOGS = import.meta.glob<{ messages: Messages }>('/common/locales/*/compiled/*.ts');

export type Area = string;

function catalogLoader(area: Area, locale: Locale) {
  const load = CATALOGS[`/common/locales/${area}/compiled/${locale}.ts`];
  if (!load) throw new Error(`No “${area}” messages in ${locale}.`);
  return load;
}

/** The public islands' words in a language (the workspace's sign-in dialog reads them: client/app/shell.tsx). */
export async function islandMessages(locale: Locale): Promise<Messages> {
  return (await catalogLoader('islands', locale)()).messages;
}

/** The app's instance with the core catalog (and any others named) in `locale`. */
export async function startI18n(locale: Locale, areas: Area[] = []): Promise<I18n> {
  const loaded = await Promise.all(['core', ...areas].map((area) => catalogLoader(area, locale)()));
  return createI18n(locale, ...loaded.map((m) => m.messages));
}

/** The areas loaded into each instance, all in its current language (a switch reloads them all). */
const loadedAreas = new WeakMap<I18n, Set<Area>>();

function areasOf(i18n: I18n): Set<Area> {
  let areas = loadedAreas.get(i18n);
  if (!areas) loadedAreas.set(i18n, (areas = new Set()));
  return areas;
}

/** Loads an area's catalog into the instance in its current language (once); what a route awaits before it renders. */
export async function loadArea(i18n: I18n, area: Area): Promise<void> {
  const areas = areasOf(i18n);
  if (area === 'core' || areas.has(area)) return;
  const locale = i18n.locale as Locale;
  const { messages } = await catalogLoader(area, locale)();
  // The language may have switched while this one loaded: the switch then loads the area itself.
  if (i18n.locale !== locale) return loadArea(i18n, area);
  i18n.load(locale, messages);
  areas.add(area);
}

/**
 * Validation and API messages (decision 0032): the schemas speak English, the key. In another
 * language the workspace loads the `validation` area, and its English (the matchers'
 * source, common/i18n/translate-english.ts) alongside; English needs neither.
 */
async function withValidation(i18n: I18n, locale: Locale): Promise<void> {
  if (locale === 'en') return;
  areasOf(i18n).add('validation');
  // The matcher comes with the area: English sessions never download it.
  const [{ messages }, matcher] = await Promise.all([catalogLoader('validation', 'en')(), import('#common/i18n/translate-english.ts')]);
  matcher.setValidationEnglish(messages);
  translateEnglish = matcher.translateEnglish;
}

/** The matcher once a language other than English loaded the validation area (withValidation). */
let translateEnglish: ((text: string, i18n: I18n) => string) | null = null;

/**
 * The workspace's root: Lingui's provider, and the schemas' English said through the validation
 * area once it is there (useSayEnglish). The worker and the tests use I18nRoot
 * (client/lib/i18n-root.tsx), which imports the matcher; the workspace loads it with the area.
 */
export function AppI18nRoot({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const say = useMemo(() => (text: string) => (i18n.locale !== 'en' && translateEnglish ? translateEnglish(text, i18n) : text), [i18n]);
  return (
    <I18nProvider i18n={i18n}>
      <SayEnglish.Provider value={say}>{children}</SayEnglish.Provider>
    </I18nProvider>
  );
}

/** Switches the app to another language: its catalogs for the areas already loaded, then every screen re-renders. */
export async function switchLocale(i18n: I18n, locale: Locale): Promise<void> {
  if (locale !== 'en' && !areasOf(i18n).has('validation')) await withValidation(i18n, locale);
  const areas = ['core', ...areasOf(i18n)];
  const loaded = await Promise.all(areas.map((area) => catalogLoader(area, locale)()));
  for (const { messages } of loaded) i18n.load(locale, messages);
  i18n.activate(locale, INTL_LOCALES[locale]);
  document.documentElement.lang = locale;
  sayHttpMessages(i18n);
}

/** The request helpers' own messages (client/lib/http.ts) in the app's language. */
function sayHttpMessages(i18n: I18n): void {
  setHttpMessages({
    network: i18n._('error.network'),
    internal: i18n._('error.internal'),
    unexpected: i18n._('error.unexpected'),
    uploadFailed: i18n._('upload.failedRetry'),
    uploadInterrupted: i18n._('upload.interrupted'),
    previewFailed: i18n._('upload.previewFailed'),
    withReference: (message, reference) => i18n._('error.withReference', { message, reference }),
  });
}

let app: Promise<I18n> | null = null;

/** Starts the workspace's instance in the user's language (client/app/main.tsx, once). */
export function startAppI18n(locale: Locale): Promise<I18n> {
  app = (async () => {
    const i18n = await startI18n(locale, locale === 'en' ? [] : ['validation']);
    await withValidation(i18n, locale);
    sayHttpMessages(i18n);
    return i18n;
  })();
  return app;
}

/**
 * Loads the areas a route shows into the workspace's instance, alongside the route's module
 * (client/app/router.tsx). Nothing to load when the app has not started one (component tests
 * read every catalog in English through the test fallback).
 */
export async function loadRouteAreas(areas: readonly Area[]): Promise<void> {
  if (!app) return;
  const i18n = await app;
  await Promise.all(areas.map((area) => loadArea(i18n, area)));
}

const contentInstances = new Map<Locale, Promise<I18n>>();
const readyContent = new Map<Locale, I18n>();

function contentI18n(locale: Locale): Promise<I18n> {
  let pending = contentInstances.get(locale);
  if (!pending) {
    pending = startI18n(locale, ['content']).then((i18n) => (readyContent.set(locale, i18n), i18n));
    contentInstances.set(locale, pending);
    // A failed load (offline) may be tried again by the next preview.
    pending.catch(() => contentInstances.delete(locale));
  }
  return pending;
}

/**
 * A customer's content in its own language inside the workspace (a funnel page's preview in
 * German while the author works in English): its own instance with the core and content
 * catalogs of `locale`, loaded once per language; nothing is shown until they are there.
 */
export function ContentLanguage({ locale, children }: { locale: Locale; children: ReactNode }) {
  const initial = () => readyContent.get(locale) ?? (locale === 'en' ? testFallbackI18n() : null);
  const [i18n, setI18n] = useState<I18n | null>(initial);
  useEffect(() => {
    if (i18n?.locale === locale) return;
    let live = true;
    void contentI18n(locale).then((loaded) => live && setI18n(loaded));
    return () => {
      live = false;
    };
  }, [locale, i18n]);
  if (!i18n || i18n.locale !== locale) return null;
  return <AppI18nRoot i18n={i18n}>{children}</AppI18nRoot>;
}

export { setTestFallbackI18n, useI18n, useT } from '#client/lib/i18n-context.tsx';
