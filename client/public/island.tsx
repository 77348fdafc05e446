import type { I18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import { messages as islandsDe } from '#common/locales/islands/compiled/de.ts';
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from '#common/schemas/auth.ts';
import { contactInput } from '#common/schemas/contact.ts';
import { messagesOf } from '#common/schemas/messages-of.ts';
import { httpMessages } from '#client/lib/http.ts';
import { IslandTextRoot, type IslandText } from '#client/public/island-text.tsx';

/** Every hydrated island of the public pages, by name (see client/public/entry.tsx). */
export type IslandName = 'login-link' | 'auth-panel' | 'contact-form' | 'password-reset';

/** The schemas the islands' forms check with in the browser (useServerForm). */
const ISLAND_SCHEMAS = [loginInput, signupInput, passwordResetRequestInput, passwordResetConfirmInput, contactInput];

const formWordsCache = new WeakMap<I18n, Record<string, string>>();

/**
 * The messages the islands' forms can write in the browser, keyed by their English (the schemas
 * speak English, decision 0032), said by `i18n` (its `validation` area) through translateEnglish:
 * the islands look them up like their own ids (useForm), so no matcher and no catalog ships.
 */
export function islandFormWords(i18n: I18n): Record<string, string> {
  let words = formWordsCache.get(i18n);
  if (!words) {
    words = {};
    for (const schema of ISLAND_SCHEMAS)
      for (const english of messagesOf(schema)) {
        const said = translateEnglish(english, i18n);
        if (said !== english) words[english] = said;
      }
    // The request helpers' own messages (offline, a failure without an envelope), keyed by their English too.
    words[httpMessages.network] = i18n._('error.network');
    words[httpMessages.internal] = i18n._('error.internal');
    words[httpMessages.unexpected] = i18n._('error.unexpected');
    formWordsCache.set(i18n, words);
  }
  return words;
}

/**
 * The islands' words in a language other than English (English ships with the islands): the
 * page carries them once as data (worker/ssr/render.ts), and the entry hands them to each island;
 * with the page's instance, the forms' messages in that language too (islandFormWords).
 */
export function islandText(locale: Locale, i18n?: I18n): IslandText | undefined {
  if (locale !== 'de') return undefined;
  return { prefix: localePath('de', ''), messages: i18n ? { ...islandsDe, ...islandFormWords(i18n) } : islandsDe };
}

/**
 * Server side of an island: renders the component as its own root (so that `useId`
 * matches the browser's `hydrateRoot` with the same identifierPrefix) inside a marker
 * that the public entry script hydrates with the same JSON props, in the page's language
 * (the Lingui instance the page renders with). Only the worker renders this component;
 * the browser never loads it.
 */
export function Island<P extends object>({ name, id, component: Component, props }: { name: IslandName; id: string; component: ComponentType<P>; props: P }) {
  const i18n = useContext(LinguiContext)?.i18n;
  const locale = (i18n?.locale ?? 'en') as Locale;
  const html = renderToString(
    <IslandTextRoot text={islandText(locale, i18n)}>
      <Component {...props} />
    </IslandTextRoot>,
    { identifierPrefix: `${id}-` },
  );
  return <div className="contents" data-island={name} data-island-id={id} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
