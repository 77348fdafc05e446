import { base64url } from '#worker/lib/ids.ts';

/**
 * A short reference id for the request (echoed as X-Request-Id, shown on error pages,
 * tagged on Sentry reports) and a CSP nonce: one draw of randomness for both.
 */
export function newRequestIds(): { requestId: string; nonce: string } {
  const random = crypto.getRandomValues(new Uint8Array(28));
  return { requestId: base64url(random.subarray(0, 12)), nonce: base64url(random.subarray(12)) };
}
