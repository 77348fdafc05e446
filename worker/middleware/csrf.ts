import type { Context } from 'hono';
import { AppError } from '#worker/lib/errors.ts';
import { SESSION_COOKIE } from '#worker/lib/session-cookie.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Callers that carry no session and prove themselves by signature instead, and the public API
 * (`/api/v1`: a bearer API key, never the session cookie, so a cross-site request has nothing to ride on).
 */
const SIGNED_CALLBACKS = [/^\/api\/webhooks\//, /^\/api\/instagram\/(deauthorize|data-deletion)$/, /^\/api\/v1\//];

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * The cross-site rule (PRODUCT.md §5): a non-GET request must not come from another
 * origin; when it carries the session cookie it must prove it is same-origin
 * (`Origin`, or `Sec-Fetch-Site: same-origin`). Otherwise 403 `forbidden`.
 */
export function assertSameSite(c: Context): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const url = new URL(c.req.url);
  if (SIGNED_CALLBACKS.some((pattern) => pattern.test(url.pathname))) return;

  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  const withSession = hasSessionCookie(c.req.header('cookie'));

  let allowed: boolean;
  if (origin !== undefined) allowed = origin === url.origin;
  else if (site !== undefined) allowed = site === 'same-origin' || (site === 'none' && !withSession);
  else allowed = !withSession;

  if (!allowed) throw new AppError('forbidden', 'Cross-site requests are not allowed.');
}
