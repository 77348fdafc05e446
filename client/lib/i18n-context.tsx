import type { I18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { createContext, useCallback, useContext } from 'react';

/**
 * The i18n context of everything React renders (decision 0032): the workspace under its app
 * instance (client/lib/i18n.tsx loads its catalogs), the worker's server-rendered pages under
 * `i18nFor(locale)`. This module loads nothing, so the worker can import it.
 */

/**
 * What says a schema's English message under an instance: I18nRoot (client/lib/i18n-root.tsx, its
 * own module so that the matcher never reaches the islands' bundle) provides it.
 */
export const SayEnglish = createContext<((text: string) => string) | null>(null);

/**
 * Says a schema's English message in the reader's language (decision 0033): under an instance
 * (the workspace, the server's pages) through its `validation` area; in a public island through
 * the island's words (the server gives a German page the forms' messages keyed by their English);
 * text that is no English message (already said, or the screen's own words) comes back unchanged.
 * The field components say their `error` with it, so a screen that checks with a schema itself shows German.
 */
export function useSayEnglish(): (text: string) => string {
  // Read so that a language switch renders the callers again.
  const lingui = useContext(LinguiContext);
  const say = useContext(SayEnglish);
  const island = useContext(IslandWords);
  return useCallback((text: string) => (lingui && say ? say(text) : island ? island(text as never) : text), [lingui, say, island]);
}

/**
 * Where no Lingui instance is, the message function the shared components read through `useT`:
 * the public pages' islands, which ship no Lingui (client/public/island-text.tsx provides the few
 * words their components need — a dialog's Close, an error's reference — from the islands' catalog).
 */
export const IslandWords = createContext<I18n['_'] | null>(null);

let testFallback: I18n | null = null;
let testFallbackT: I18n['_'] | null = null;
/** Component tests rendered without the provider read English (client/test/setup.ts sets it). */
export function setTestFallbackI18n(i18n: I18n): void {
  testFallback = i18n;
  // One function for every render, as the provider's is: hooks list it among their dependencies.
  testFallbackT = i18n._.bind(i18n);
}

/** The tests' English instance, when set (a preview in English needs nothing loaded there). */
export function testFallbackI18n(): I18n | null {
  return testFallback;
}

/** The message function of the current language: `t('nav.projects')`, `t('shell.credits', { count })`. Re-renders on a switch. */
export function useT(): I18n['_'] {
  const context = useContext(LinguiContext);
  const island = useContext(IslandWords);
  if (context) return context._ as I18n['_'];
  if (island) return island;
  if (!testFallbackT) throw new Error('useT() needs the I18nRoot above it.');
  return testFallbackT;
}

/** The instance itself (its locale for Intl formatting). */
export function useI18n(): I18n {
  const context = useContext(LinguiContext);
  const i18n = context?.i18n ?? testFallback;
  if (!i18n) throw new Error('useI18n() needs the I18nRoot above it.');
  return i18n;
}
