import { describe, expect, it } from 'vitest';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { SESSION_CACHE_TTL_MS, tokenHash } from '#worker/lib/session-cache.ts';

describe('tokenHash', () => {
  it('is the token’s SHA-256, kept or made again after the cache’s lifetime, each token its own', async () => {
    const now = Date.now();
    const first = await tokenHash('token-one', now);
    expect(first).toBe(await sha256Hex('token-one'));
    expect(await tokenHash('token-one', now + 1_000)).toBe(first);
    expect(await tokenHash('token-one', now + SESSION_CACHE_TTL_MS + 1)).toBe(first);
    expect(await tokenHash('token-two', now)).toBe(await sha256Hex('token-two'));
    expect(await tokenHash('token-two', now)).not.toBe(first);
  });
});
