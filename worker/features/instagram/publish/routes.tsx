import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { access } from '#worker/middleware/access.ts';
import { publicChrome } from '#worker/ssr/chrome.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { SandboxFeedPage } from '#worker/features/instagram/publish/feed-page.tsx';
import { sandboxFeed } from '#worker/features/instagram/publish/service.ts';

/** /instagram/sandbox/{accountId}: a sandbox account's published posts, newest first (public, server-rendered). */
export const sandboxFeedPages = new Hono<AppEnv>().get('/sandbox/:accountId', access('public'), async (c) => {
  const { username, posts } = await sandboxFeed(c.get('db'), c.env, c.req.param('accountId'));
  return renderPage(
    c,
    { title: `@${username} (sandbox)`, description: 'Posts published to a sandbox Instagram account.', noindex: true },
    <SandboxFeedPage chrome={publicChrome(c, { interactive: false })} username={username} posts={posts} />,
  );
});
