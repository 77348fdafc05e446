import { describe, expect, it, vi } from 'vitest';
import { PBKDF2_ITERATIONS, hashPassword, hmacSign, hmacVerify, timingSafeEqual, verifyPassword, type WorkerdSubtleCrypto } from '#worker/lib/crypto.ts';

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
