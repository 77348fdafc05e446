import { ID_PATTERN } from '#common/schemas/fields.ts';

/** Random, URL-safe, unguessable ids (PRODUCT.md §3): 16 bytes → 22 characters. */
export function newId(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A secret token (session, reset link): 32 random bytes. */
export function newToken(): string {
  return newId(32);
}

/** Standard base64 (in chunks: a whole picture does not fit in one call's arguments). */
export function base64(data: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Standard base64 back to bytes; throws on text that is not base64. */
export function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  // A plain loop: Uint8Array.from with a mapping function is ≈ 5 × slower (a renderer's pictures are megabytes).
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function base64url(data: Uint8Array): string {
  return base64(data).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const normal = value.replaceAll('-', '+').replaceAll('_', '/');
  return fromBase64(normal + '='.repeat((4 - (normal.length % 4)) % 4));
}

/** Whether a value from a URL can be an id at all (else it cannot exist: 404 without a query). */
export function looksLikeId(value: string): boolean {
  return ID_PATTERN.test(value);
}
