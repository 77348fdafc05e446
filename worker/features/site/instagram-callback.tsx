import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { MessagePage } from '#client/public/pages/status.tsx';
import { publicChrome } from '#worker/ssr/chrome.ts';

/**
 * GET /callback/instagram: where Instagram Login returns. Connecting Instagram is not
 * built yet, so no OAuth state can be valid: the page says so (400) instead of a 404.
 */
export const instagramCallbackRoutes = new Hono<AppEnv>().get('/', access('public'), async (c) => {
  const page = await renderPage(
    c,
    { title: 'Instagram connection', description: 'Connecting an Instagram account.', noindex: true },
    <MessagePage
      chrome={publicChrome(c, { interactive: false })}
      code="Instagram"
      title="This connection link is not valid"
      text="Links back from Instagram work once, for ten minutes. Start connecting Instagram again from your project’s marketing page."
    />,
  );
  return new Response(page.body, { status: 400, headers: page.headers });
});
