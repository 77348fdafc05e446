import { startIslands, type IslandLoaders } from '#client/public/islands-start.ts';

/**
 * The public pages' only script (imported after the page's load event, see
 * worker/ssr/render.ts): hydrates the islands the server marked, each from its own
 * chunk, so a page loads just what it uses (content pages load nothing), and the login
 * links only when first used (islands-start.ts).
 */
const islands: IslandLoaders = {
  'login-link': () => import('#client/public/islands/login-link.tsx'),
  'auth-panel': () => import('#client/public/islands/auth-panel.tsx'),
  'contact-form': () => import('#client/public/islands/contact-form.tsx'),
  'password-reset': () => import('#client/public/islands/password-reset.tsx'),
};

startIslands(document, islands, () => import('#client/public/hydrate.tsx'));
