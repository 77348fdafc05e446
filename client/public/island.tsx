import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';

/** Every hydrated island of the public pages, by name (see client/public/entry.tsx). */
export type IslandName = 'login-link' | 'auth-panel' | 'contact-form' | 'password-reset';

/**
 * Server side of an island: renders the component as its own root (so that `useId`
 * matches the browser's `hydrateRoot` with the same identifierPrefix) inside a marker
 * that the public entry script hydrates with the same JSON props. Only the worker
 * renders this component; the browser never loads it.
 */
export function Island<P extends object>({ name, id, component: Component, props }: { name: IslandName; id: string; component: ComponentType<P>; props: P }) {
  const html = renderToString(<Component {...props} />, { identifierPrefix: `${id}-` });
  return <div className="contents" data-island={name} data-island-id={id} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
