import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_TEXT_ID, IslandTextRoot, type IslandText } from '#client/public/island-text.tsx';

/** The islands' words when the page is not in English (the server wrote them beside the islands): read once. */
let text: { value: IslandText | undefined } | undefined;

/**
 * Makes one island live: its component hydrated over the server's markup with the JSON props
 * the server wrote, in the page's language. Loaded with the first island that comes alive
 * (client/public/islands-start.ts), so a page whose islands wait for their use loads no React.
 * Resolves after a turn of the event loop, when React has hydrated it.
 */
export function hydrate(element: HTMLElement, Component: ComponentType<never>): Promise<void> {
  if (!text) {
    const data = document.getElementById(ISLAND_TEXT_ID)?.textContent;
    text = { value: data ? (JSON.parse(data) as IslandText) : undefined };
  }
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const island = createElement(IslandTextRoot, { text: text.value, children: createElement(Component as ComponentType<object>, props) });
  hydrateRoot(element, island, { identifierPrefix: `${element.dataset.islandId}-` });
  // Lets browser tests (and curious developers) see when an island is live.
  element.dataset.hydrated = 'true';
  return new Promise((resolve) => setTimeout(resolve, 0));
}
