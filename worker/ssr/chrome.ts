import type { Context } from 'hono';
import type { PublicChrome } from '#client/public/layout.tsx';
import type { AppEnv } from '#worker/env.ts';
import { OPERATOR_VARS } from '#worker/lib/operator.ts';
import { readSessionToken } from '#worker/lib/session-cookie.ts';

/**
 * The public header's state. "Signed in" is read from the cookie's presence only, so
 * public pages cost no database read; a stale cookie just leads to /login.
 */
export function publicChrome(c: Context<AppEnv>, options: { interactive: boolean; loginNext?: string }): PublicChrome {
  return {
    interactive: options.interactive,
    signedIn: c.get('user') !== null || readSessionToken(c) !== undefined,
    loginNext: options.loginNext ?? '/dashboard',
    path: c.req.path,
  };
}

/** Everything a static public page's HTML depends on, as its cache key. */
export function staticPageKey(c: Context<AppEnv>, chrome: PublicChrome): string {
  return [chrome.path, chrome.signedIn, chrome.interactive, chrome.loginNext, ...OPERATOR_VARS.map((name) => c.env[name])].join('|');
}
