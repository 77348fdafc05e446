import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
import { access } from '#worker/middleware/access.ts';
import { publicChrome } from '#worker/ssr/chrome.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { SandboxFeedPage } from '#worker/features/instagram/publish/feed-page.tsx';
import { sandboxFeed } from '#worker/features/instagram/publish/service.ts';

/** /instagram/sandbox/{accountId}: a sandbox account's published posts, newest first (public, server-rendered). */
export const sandboxFeedPages = new Hono<AppEnv>().get('/sandbox/:accountId', access('public'), async (c) => {
  const { username, posts } = await sandboxFeed(c.get('db'), c.env, c.req.param().accountId);
  const locale = localeOf(c);
  const i18n = i18nFor(locale);
  return renderPage(
    c,
    { title: i18n._('instagram.feed.title', { username }), description: i18n._('instagram.feed.description'), noindex: true, locale },
    <SandboxFeedPage chrome={publicChrome(c, { interactive: false })} username={username} posts={posts} />,
  );
});
