import { describe, expect, it, vi } from 'vitest';
import {
  PBKDF2_ITERATIONS,
  encryptionKeyId,
  hashPassword,
  hmacSign,
  hmacVerify,
  sealSecret,
  timingSafeEqual,
  unsealSecret,
  verifyPassword,
  type WorkerdSubtleCrypto,
} from '#worker/lib/crypto.ts';
import { base64, base64url, fromBase64, fromBase64url } from '#worker/lib/ids.ts';

const subtle = crypto.subtle as WorkerdSubtleCrypto;

describe('password hashing', () => {
  it('never asks WebCrypto for more than 100,000 PBKDF2 iterations per call (the Workers limit)', async () => {
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');
    const stored = await hashPassword('correct horse battery');
    await verifyPassword('correct horse battery', stored);
    await verifyPassword('wrong horse battery', stored);
    expect(deriveBits).toHaveBeenCalledTimes(3);
    for (const [params] of deriveBits.mock.calls) {
      const { name, iterations, hash } = params as Pbkdf2Params;
      expect(name).toBe('PBKDF2');
      expect(hash).toBe('SHA-256');
      expect(iterations).toBeLessThanOrEqual(100_000);
      expect(iterations).toBe(PBKDF2_ITERATIONS);
    }
  });

  it('refuses a stored hash that would need more than the limit', async () => {
    const stored = await hashPassword('correct horse battery');
    const inflated = stored.replace('$100000$', '$200000$');
    await expect(verifyPassword('correct horse battery', inflated)).rejects.toThrow(/iteration/);
  });

  it('salts per hash and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
  });

  it('compares the derived key with workerd’s constant-time crypto.subtle.timingSafeEqual', async () => {
    const stored = await hashPassword('correct horse battery');
    const compare = vi.spyOn(subtle, 'timingSafeEqual');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('wrong horse battery', stored)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(2);
  });

  it('refuses a stored hash of another length instead of throwing', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect(await verifyPassword('correct horse battery', [scheme, iterations, salt, hash!.slice(0, 22)].join('$'))).toBe(false);
    expect(await verifyPassword('correct horse battery', [scheme, iterations, salt, `${hash}${hash}`].join('$'))).toBe(false);
  });

  it('signs and verifies HMACs', async () => {
    const signature = await hmacSign('secret', 'message');
    expect(await hmacVerify('secret', 'message', signature)).toBe(true);
    expect(await hmacVerify('secret', 'message!', signature)).toBe(false);
    expect(await hmacVerify('other', 'message', signature)).toBe(false);
    expect(await hmacVerify('secret', 'message', '%%%')).toBe(false);
  });
});

describe('timingSafeEqual', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('is true only for the same bytes', () => {
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
    expect(timingSafeEqual(bytes(), bytes())).toBe(true);
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 4))).toBe(false);
    expect(timingSafeEqual(bytes(0, 2, 3), bytes(1, 2, 3))).toBe(false);
  });

  it('is false, not an exception, for different lengths (workerd’s throws on them)', () => {
    expect(() => subtle.timingSafeEqual(bytes(1, 2), bytes(1, 2, 3))).toThrow();
    expect(timingSafeEqual(bytes(1, 2), bytes(1, 2, 3))).toBe(false);
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2))).toBe(false);
    expect(timingSafeEqual(bytes(), bytes(0))).toBe(false);
  });

  it('is workerd’s constant-time comparison, not a loop of our own', () => {
    const compare = vi.spyOn(subtle, 'timingSafeEqual');
    timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 3));
    expect(compare).toHaveBeenCalledTimes(1);
  });
});

describe('sealing secrets (AES-256-GCM)', () => {
  const KEY = base64(new Uint8Array(32).map((_, i) => i + 1));
  const OTHER_KEY = base64(new Uint8Array(32).map((_, i) => 255 - i));

  it('opens what it sealed, with a fresh 12-byte IV every time', async () => {
    const a = await sealSecret(KEY, 'IGAAlong-token', 'instagram:p1');
    const b = await sealSecret(KEY, 'IGAAlong-token', 'instagram:p1');
    expect(a.sealed).not.toBe(b.sealed);
    const [version, iv, data] = a.sealed.split('.');
    expect(version).toBe('v1');
    expect(fromBase64url(iv!).byteLength).toBe(12);
    expect(iv).not.toBe(b.sealed.split('.')[1]);
    expect(fromBase64url(data!).byteLength).toBe('IGAAlong-token'.length + 16);
    expect(a.sealed).not.toContain('IGAA');
    expect(await unsealSecret(KEY, a, 'instagram:p1')).toBe('IGAAlong-token');
    expect(await unsealSecret(KEY, b, 'instagram:p1')).toBe('IGAAlong-token');
  });

  it('stores the key id: the first 8 hex digits of the key’s SHA-256, never the key', async () => {
    const { keyId } = await sealSecret(KEY, 'x');
    const digest = await crypto.subtle.digest('SHA-256', fromBase64(KEY));
    expect(keyId).toBe(
      [...new Uint8Array(digest)]
        .map((byte) => byte.toString(16).padStart(2, '0'))
        .join('')
        .slice(0, 8),
    );
    expect(await encryptionKeyId(KEY)).toBe(keyId);
    expect(await encryptionKeyId(OTHER_KEY)).not.toBe(keyId);
  });

  it('refuses an altered value, another key, another context and garbage', async () => {
    const value = await sealSecret(KEY, 'IGAAlong-token', 'instagram:p1');
    const [version, iv, data] = value.sealed.split('.') as [string, string, string];
    const bytes = fromBase64url(data);
    bytes[0] = bytes[0]! ^ 1;
    await expect(unsealSecret(KEY, { ...value, sealed: `${version}.${iv}.${base64url(bytes)}` }, 'instagram:p1')).rejects.toThrow();
    const otherIv = base64url(new Uint8Array(12));
    await expect(unsealSecret(KEY, { ...value, sealed: `${version}.${otherIv}.${data}` }, 'instagram:p1')).rejects.toThrow();
    await expect(unsealSecret(KEY, value, 'instagram:p2')).rejects.toThrow();
    await expect(unsealSecret(OTHER_KEY, value, 'instagram:p1')).rejects.toThrow(/key/);
    await expect(unsealSecret(OTHER_KEY, { ...value, keyId: await encryptionKeyId(OTHER_KEY) }, 'instagram:p1')).rejects.toThrow();
    for (const sealed of ['', 'v1', 'v2.a.b', `v1.${iv}`, `v1.${iv}.${data}.x`, 'v1.AAAA.AAAA']) {
      await expect(unsealSecret(KEY, { ...value, sealed }, 'instagram:p1')).rejects.toThrow();
    }
    await expect(sealSecret(base64(new Uint8Array(16)), 'x')).rejects.toThrow(/32 bytes/);
  });
});
