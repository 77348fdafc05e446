import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from '#client/public/island.tsx';

/**
 * The public pages' only script (imported after the page's load event, see
 * worker/ssr/render.ts): hydrates the islands the server marked, each from its own
 * chunk, so a page loads just what it uses (content pages load nothing).
 */
const islands: Record<IslandName, () => Promise<{ default: ComponentType<never> }>> = {
  'login-link': () => import('#client/public/islands/login-link.tsx'),
  'auth-panel': () => import('#client/public/islands/auth-panel.tsx'),
  'contact-form': () => import('#client/public/islands/contact-form.tsx'),
  'password-reset': () => import('#client/public/islands/password-reset.tsx'),
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[element.dataset.island as IslandName];
  if (!load) continue;
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  void load().then(({ default: Component }) => {
    hydrateRoot(element, createElement(Component as ComponentType<object>, props), { identifierPrefix: `${element.dataset.islandId}-` });
    // Lets browser tests (and curious developers) see when an island is live.
    element.dataset.hydrated = 'true';
  });
}
