import { Buffer } from 'node:buffer';

/**
 * Base64 for the renderer's pictures through workerd's native `Buffer` (issue 29, point 8). A
 * stored picture becomes a data URL and the cut reads it back (picture-cut.ts, render-prep.ts):
 * `#worker/lib/ids.ts` does that with a loop of `charCodeAt` and a spread of `fromCharCode`, which
 * in a fresh isolate runs unoptimised — ≈ 15 ms of a first render's profile for a 1600 × 1200 JPEG.
 * The same strings and bytes as ids.ts (a test holds them equal), `fromBase64` refusing what
 * `atob` refuses among what a data URL holds: characters outside the alphabet, misplaced padding.
 */
export function toBase64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

const CANONICAL = /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Base64 (padded, or without padding) back to bytes; throws on text that is not base64. */
export function fromBase64(value: string): Uint8Array {
  if (value.length % 4 === 1 || (value.endsWith('=') && value.length % 4 !== 0) || !CANONICAL.test(value)) throw new Error('not base64');
  const bytes = Buffer.from(value, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
