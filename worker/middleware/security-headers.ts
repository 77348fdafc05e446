/** Every directive but script-src, shared by the two page policies. */
const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "style-src 'self'",
  // The photo source's previews are shown from the providers' image hosts, as their terms ask (hotlinking; worker/features/photos).
  "img-src 'self' data: blob: https://images.unsplash.com https://images.pexels.com",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Content-Security-Policy for HTML with scripts: only those carrying this response's nonce. */
export function pageCsp(nonce: string): string {
  return `script-src 'nonce-${nonce}' 'strict-dynamic'; ${PAGE_DIRECTIVES}`;
}

/** For pages that ship no JavaScript at all (the content pages): no script may run. */
export const NO_SCRIPT_CSP = `script-src 'none'; ${PAGE_DIRECTIVES}`;

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Security headers on every response (PRODUCT.md §5; issue #2 point 6). */
export function applySecurityHeaders(headers: Headers, nonce: string): void {
  if (!headers.has('Content-Security-Policy')) {
    headers.set('Content-Security-Policy', (headers.get('content-type') ?? '').startsWith('text/html') ? pageCsp(nonce) : API_CSP);
  }
  headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  // A route may relax it: the funnel pages (worker/features/funnels/edge/service.ts, decision 0039).
  if (!headers.has('Cross-Origin-Opener-Policy')) headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
}
