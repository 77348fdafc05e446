import { base64url } from '#worker/lib/ids.ts';

const ID_BYTES = 28;
/** Randomness drawn for this many requests at once: one call into the runtime's generator instead of one per request (decision 0037). */
const POOLED = 64;
let pool = new Uint8Array(0);
let offset = 0;

/**
 * A short reference id for the request (echoed as X-Request-Id, shown on error pages,
 * tagged on Sentry reports) and a CSP nonce: 28 bytes of the cryptographic generator for
 * both, each byte used once. Drawn in requests only (workerd refuses randomness at startup).
 */
export function newRequestIds(): { requestId: string; nonce: string } {
  if (offset + ID_BYTES > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(ID_BYTES * POOLED));
    offset = 0;
  }
  const random = pool.subarray(offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return { requestId: base64url(random.subarray(0, 12)), nonce: base64url(random.subarray(12)) };
}
