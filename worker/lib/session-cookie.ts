import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'adloom_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** http://localhost (and 127.0.0.1) is the one place a session cookie may lack Secure. */
export function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** `HttpOnly; Secure; SameSite=Lax`, 30 days (renewed while used). */
export function writeSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: !isLoopbackHttp(c.req.url),
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !isLoopbackHttp(c.req.url), httpOnly: true, sameSite: 'Lax' });
}
