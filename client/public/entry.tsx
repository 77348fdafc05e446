import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from '#client/public/island.tsx';
import { ISLAND_TEXT_ID, IslandTextRoot, type IslandText } from '#client/public/island-text.tsx';

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

// The islands' words when the page is not in English (the server wrote them beside the islands).
const textData = document.getElementById(ISLAND_TEXT_ID)?.textContent;
const text = textData ? (JSON.parse(textData) as IslandText) : undefined;

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[element.dataset.island as IslandName];
  if (!load) continue;
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  void load().then(({ default: Component }) => {
    const island = createElement(IslandTextRoot, { text, children: createElement(Component as ComponentType<object>, props) });
    hydrateRoot(element, island, { identifierPrefix: `${element.dataset.islandId}-` });
    // Lets browser tests (and curious developers) see when an island is live.
    element.dataset.hydrated = 'true';
  });
}
