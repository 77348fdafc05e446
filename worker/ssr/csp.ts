import { settledCache } from '#worker/lib/settled-cache.ts';

/**
 * The Content-Security-Policy of the public pages that are complete HTML with no script of
 * their own but one inline script allowed by its hash (the funnel pages, the presentations'
 * public side): their HTML is cached, so no per-response nonce; their <style> elements are
 * allowed by hash too.
 */

const encoder = new TextEncoder();

/** CSP hashes of recent inline elements (a theme's <style> is the same on every render). Bounded: the two public renderers' 200 each. */
const hashes = settledCache<string, string>(400);

/** The CSP source that allows exactly this inline <style> or <script> content: `'sha256-…'`. */
export function sha256Source(content: string): Promise<string> {
  return hashes.get(content, async () => {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(content));
    return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  });
}

/**
 * The policy of a page: no script but `script` (a hash source, or `'none'`), the page's own
 * <style> elements by hash, everything else from this origin; `extra` directives (media,
 * frames) come after connect-src.
 */
export async function inlinePageCsp(html: string, script: string, extra: readonly string[] = []): Promise<string> {
  const styles = await Promise.all([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256Source(m[1]!)));
  return [
    `script-src ${script}`,
    "default-src 'self'",
    `style-src 'self'${styles.length ? ` ${[...new Set(styles)].join(' ')}` : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ...extra,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
