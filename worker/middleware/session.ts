import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { authenticate } from '#worker/features/auth/service.ts';
import { clearSessionCookie, readSessionToken, writeSessionCookie } from '#worker/lib/session-cookie.ts';

/** Resolves the session cookie to `c.get('user')` (a D1 read only when a cookie is present). */
export async function resolveSession(c: Context<AppEnv>): Promise<void> {
  const token = readSessionToken(c);
  if (!token || c.get('user')) return;
  const auth = await authenticate(c.get('db'), token);
  if (auth) {
    c.set('user', auth.user);
    c.set('sessionId', auth.sessionId);
    if (auth.slid) writeSessionCookie(c, token);
  } else {
    clearSessionCookie(c);
  }
}
