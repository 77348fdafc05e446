import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';

/** Content-Security-Policy for HTML: scripts only with this response's nonce. */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Security headers on every response (PRODUCT.md §5; issue #2 point 6). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  const type = headers.get('content-type') ?? '';
  if (type.startsWith('text/html')) headers.set('Content-Security-Policy', pageCsp(c.var.nonce));
  else if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
  headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
});
