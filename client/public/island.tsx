import { LinguiContext } from '@lingui/react';
import { useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import { messages as islandsDe } from '#common/locales/islands/compiled/de.ts';
import { IslandTextRoot, type IslandText } from '#client/public/island-text.tsx';

/** Every hydrated island of the public pages, by name (see client/public/entry.tsx). */
export type IslandName = 'login-link' | 'auth-panel' | 'contact-form' | 'password-reset';

/**
 * The islands' words in a language other than English (English ships with the islands): the
 * page carries them once as data (worker/ssr/render.ts), and the entry hands them to each island.
 */
export function islandText(locale: Locale): IslandText | undefined {
  return locale === 'de' ? { prefix: localePath('de', ''), messages: islandsDe } : undefined;
}

/**
 * Server side of an island: renders the component as its own root (so that `useId`
 * matches the browser's `hydrateRoot` with the same identifierPrefix) inside a marker
 * that the public entry script hydrates with the same JSON props, in the page's language
 * (the Lingui instance the page renders with). Only the worker renders this component;
 * the browser never loads it.
 */
export function Island<P extends object>({ name, id, component: Component, props }: { name: IslandName; id: string; component: ComponentType<P>; props: P }) {
  const locale = (useContext(LinguiContext)?.i18n.locale ?? 'en') as Locale;
  const html = renderToString(
    <IslandTextRoot text={islandText(locale)}>
      <Component {...props} />
    </IslandTextRoot>,
    { identifierPrefix: `${id}-` },
  );
  return <div className="contents" data-island={name} data-island-id={id} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
