import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { AD_LIMITS } from '#common/ads.ts';
import type { AppEnv } from '#worker/env.ts';
import { isLoopbackHttp } from '#worker/lib/session-cookie.ts';

/**
 * A visitor's name and address on the review pages without an account (the review board, the
 * preview link), remembered on their device for that kind of page only, so that every form of it
 * is filled in after the first: asked once, not once per form.
 */
export interface ReviewerScope {
  cookie: string;
  path: string;
}

export const BOARD_REVIEWER: ReviewerScope = { cookie: 'adloom_board_reviewer', path: '/board' };
export const PREVIEW_REVIEWER: ReviewerScope = { cookie: 'adloom_preview_reviewer', path: '/preview' };

const REMEMBERED_DAYS = 180;

export interface Reviewer {
  name: string;
  email: string;
}

/** The remembered reviewer (anything unreadable is forgotten). */
export function rememberedReviewer(c: Context<AppEnv>, scope: ReviewerScope): Reviewer {
  try {
    const value: unknown = JSON.parse(getCookie(c, scope.cookie) ?? '{}');
    const { name, email } = (value ?? {}) as { name?: unknown; email?: unknown };
    return {
      name: typeof name === 'string' ? name.slice(0, AD_LIMITS.reviewerName) : '',
      email: typeof email === 'string' ? email.slice(0, 254) : '',
    };
  } catch {
    return { name: '', email: '' };
  }
}

/** Remembers the reviewer on this device for the scope's pages. */
export function rememberReviewer(c: Context<AppEnv>, scope: ReviewerScope, reviewer: Reviewer): void {
  setCookie(c, scope.cookie, JSON.stringify(reviewer), {
    httpOnly: true,
    secure: !isLoopbackHttp(c.req.url),
    sameSite: 'lax',
    path: scope.path,
    maxAge: REMEMBERED_DAYS * 24 * 60 * 60,
  });
}
