import { base64url, fromBase64, fromBase64url } from '#worker/lib/ids.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';

/**
 * PBKDF2-SHA256 with 100,000 iterations (PRODUCT.md §4.1). Workers' WebCrypto refuses
 * more than 100,000 iterations per call in production, so this is also the ceiling.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const PBKDF2_MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const encoder = new TextEncoder();

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (iterations > PBKDF2_MAX_ITERATIONS) throw new Error('PBKDF2 iteration count above the Workers limit');
  const key = await crypto.subtle.importKey('raw', encoder.encode(password.normalize('NFKC')), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** Returns `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${base64url(salt)}$${base64url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationsText);
  if (scheme !== 'pbkdf2-sha256' || !Number.isInteger(iterations) || !saltText || !hashText) return false;
  const actual = await pbkdf2(password, fromBase64url(saltText), iterations);
  return timingSafeEqual(actual, fromBase64url(hashText));
}

/** A hash with the real cost, for timing parity when no account matches. */
export const DUMMY_PASSWORD_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/**
 * Whether two byte strings are equal, in constant time (workerd's `crypto.subtle.timingSafeEqual`).
 * That one throws on different lengths; callers compare values whose length is no secret
 * (a digest, a derived key of fixed size), so a different length is simply unequal.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && (crypto.subtle as WorkerdSubtleCrypto).timingSafeEqual(a, b);
}

/** workerd's Web Crypto extension (@cloudflare/workers-types has it; the DOM's SubtleCrypto type, which wins here, does not). */
export type WorkerdSubtleCrypto = SubtleCrypto & { timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean };

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of some bytes (a digest, a signature). */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  let hex = '';
  for (const byte of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) hex += HEX[byte];
  return hex;
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
}

/**
 * HMAC keys imported in this isolate, by secret (a handful: the session secret, the Instagram app
 * secret): importing one cost as much as the signature itself, on every signed-in request (the
 * D1 bookmark cookie) and every signed media URL. Non-extractable; only settled keys are kept.
 */
const hmacKeys = settledCache<string, CryptoKey>(8);

function hmacKey(secret: string): Promise<CryptoKey> {
  return hmacKeys.get(secret, () => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
}

/** HMAC-SHA256 of a message, as raw bytes. */
async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message)));
}

export async function hmacSign(secret: string, message: string): Promise<string> {
  return base64url(await hmacSha256(secret, message));
}

export async function hmacVerify(secret: string, message: string, signature: string): Promise<boolean> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64url(signature);
  } catch {
    return false;
  }
  return crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, encoder.encode(message));
}

/** A secret sealed with AES-256-GCM: `v1.<iv>.<ciphertext+tag>` (base64url), and the id of the key that sealed it. */
export interface Sealed {
  sealed: string;
  keyId: string;
}

const IV_BYTES = 12;

async function aesKey(keyBase64: string): Promise<{ key: CryptoKey; keyId: string }> {
  const raw = fromBase64(keyBase64);
  if (raw.byteLength !== 32) throw new Error('The encryption key must be 32 bytes');
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { key, keyId: toHex(await crypto.subtle.digest('SHA-256', raw)).slice(0, 8) };
}

/** The id stored beside sealed values: the first 8 hex digits of the key's SHA-256 (never the key). */
export async function encryptionKeyId(keyBase64: string): Promise<string> {
  return (await aesKey(keyBase64)).keyId;
}

/**
 * Seals `plaintext` with AES-256-GCM under a 32-byte base64 key (TOKEN_ENCRYPTION_KEY), with
 * a fresh random 12-byte IV every time. `context` (e.g. the row's id) is bound as additional
 * data: a sealed value copied to another row does not open there.
 */
export async function sealSecret(keyBase64: string, plaintext: string, context = ''): Promise<Sealed> {
  const { key, keyId } = await aesKey(keyBase64);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key, encoder.encode(plaintext));
  return { sealed: `v1.${base64url(iv)}.${base64url(new Uint8Array(data))}`, keyId };
}

/** Opens what sealSecret sealed; throws when the key id differs (rotated key), the value was altered, or the context differs. */
export async function unsealSecret(keyBase64: string, value: Sealed, context = ''): Promise<string> {
  const { key, keyId } = await aesKey(keyBase64);
  if (value.keyId !== keyId) throw new Error(`Sealed with key ${value.keyId}, the current key is ${keyId}`);
  const [version, ivText, dataText, ...rest] = value.sealed.split('.');
  if (version !== 'v1' || !ivText || !dataText || rest.length > 0) throw new Error('Not a sealed value');
  const iv = fromBase64url(ivText);
  if (iv.byteLength !== IV_BYTES) throw new Error('Not a sealed value');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key, fromBase64url(dataText));
  return new TextDecoder().decode(plain);
}
