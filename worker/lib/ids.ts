import { ID_PATTERN } from '#common/schemas/fields.ts';

/** Random, URL-safe, unguessable ids (PRODUCT.md §3): 16 bytes → 22 characters. */
export function newId(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A secret token (session, reset link): 32 random bytes. */
export function newToken(): string {
  return newId(32);
}

export function base64url(data: Uint8Array): string {
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const normal = value.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether a value from a URL can be an id at all (else it cannot exist: 404 without a query). */
export function looksLikeId(value: string): boolean {
  return ID_PATTERN.test(value);
}
