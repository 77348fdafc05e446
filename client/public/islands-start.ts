import type { ComponentType } from 'react';
import type { IslandName } from '#client/public/island.tsx';

/** Each island's component, from its own chunk. */
export type IslandLoaders = Record<IslandName, () => Promise<{ default: ComponentType<never> }>>;
/** What makes an island live (client/public/hydrate.tsx, with React): loaded with the first island. */
export type Hydrator = () => Promise<{ hydrate: (element: HTMLElement, component: ComponentType<never>) => Promise<void> }>;

/**
 * Islands that are plain links until used: the "Log in" / "Start free" links work without
 * JavaScript (they lead to /login) and only add the dialog over the page. Hydrating them at load
 * cost the site's pages most of their blocking time (React and the dialog's code parsed and run
 * on every visit: decision 0039), so they come alive on the first sign of use — the pointer over
 * them, a touch, keyboard focus — and a click that comes before is held and given to the live link.
 */
export const ON_FIRST_USE: ReadonlySet<IslandName> = new Set<IslandName>(['login-link']);
const FIRST_USE = ['pointerover', 'touchstart', 'focusin'] as const;

/** A plain left click, which the live island handles (a modified one opens the link as the browser does). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Hydrates the islands the server marked (`data-island`): those used at once (forms) now, the
 * links of ON_FIRST_USE when first used. Marks the document (`data-islands="ready"`) when every
 * island is hydrated or waiting for its use.
 */
export function startIslands(doc: Document, loaders: IslandLoaders, hydrator: Hydrator): void {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island as IslandName;
    const load = loaders[name];
    if (!load) continue;
    let live: Promise<void> | undefined;
    const start = () => (live ??= Promise.all([load(), hydrator()]).then(([module, { hydrate }]) => hydrate(element, module.default)));
    if (!ON_FIRST_USE.has(name)) {
      void start();
      continue;
    }
    for (const type of FIRST_USE) element.addEventListener(type, () => void start(), { once: true, passive: true });
    element.addEventListener(
      'click',
      (event) => {
        if (element.dataset.hydrated === 'true' || event.defaultPrevented || !plainClick(event)) return;
        const link = event.target instanceof Element ? event.target.closest('a') : null;
        if (!link) return;
        event.preventDefault();
        // Once live, the link is clicked again (its dialog opens); should its code not load, it is followed.
        start().then(
          () => link.click(),
          () => window.location.assign(link.href),
        );
      },
      { capture: true },
    );
  }
  doc.documentElement.dataset.islands = 'ready';
}
