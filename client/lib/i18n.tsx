import type { I18n, Messages } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { useContext, type ReactNode } from 'react';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import { createI18n } from '#common/i18n/setup.ts';

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

/** The app's instance with the core catalog (and any others named) in `locale`. */
export async function startI18n(locale: Locale, areas: Area[] = []): Promise<I18n> {
  const loaded = await Promise.all(['core', ...areas].map((area) => catalogLoader(area, locale)()));
  return createI18n(locale, ...loaded.map((m) => m.messages));
}

const loadedAreas = new WeakMap<I18n, Set<string>>();

/** Loads an area's catalog into the instance in its current language (once); what a route awaits before it renders. */
export async function loadArea(i18n: I18n, area: Area): Promise<void> {
  const locale = i18n.locale as Locale;
  const seen = loadedAreas.get(i18n) ?? new Set();
  loadedAreas.set(i18n, seen);
  if (seen.has(`${locale}:${area}`)) return;
  const { messages } = await catalogLoader(area, locale)();
  i18n.load(locale, messages);
  seen.add(`${locale}:${area}`);
}

/** Switches the app to another language: its catalogs for the areas already loaded, then every screen re-renders. */
export async function switchLocale(i18n: I18n, locale: Locale): Promise<void> {
  const areas = new Set(['core', ...[...(loadedAreas.get(i18n) ?? [])].map((key) => key.split(':')[1]!)]);
  const loaded = await Promise.all([...areas].map((area) => catalogLoader(area, locale)()));
  for (const { messages } of loaded) i18n.load(locale, messages);
  for (const area of areas) loadedAreas.get(i18n)?.add(`${locale}:${area}`);
  i18n.activate(locale, INTL_LOCALES[locale]);
  document.documentElement.lang = locale;
}

export function I18nRoot({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

let testFallback: I18n | null = null;
/** Component tests rendered without the provider read English (client/test/setup.ts sets it). */
export function setTestFallbackI18n(i18n: I18n): void {
  testFallback = i18n;
}

/** The message function of the current language: `t('nav.projects')`, `t('shell.credits', { count })`. Re-renders on a switch. */
export function useT(): I18n['_'] {
  const context = useContext(LinguiContext);
  if (context) return context._ as I18n['_'];
  if (!testFallback) throw new Error('useT() needs the I18nRoot above it.');
  return testFallback._.bind(testFallback);
}

/** The instance itself (its locale for Intl formatting). */
export function useI18n(): I18n {
  const context = useContext(LinguiContext);
  const i18n = context?.i18n ?? testFallback;
  if (!i18n) throw new Error('useI18n() needs the I18nRoot above it.');
  return i18n;
}
