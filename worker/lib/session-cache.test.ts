import { describe, expect, it } from 'vitest';
import { sha256Hex } from '#worker/lib/crypto.ts';
import type { SessionUser } from '#worker/env.ts';
import {
  cachedSession,
  forgetSession,
  forgetToken,
  forgetUser,
  rememberSession,
  SESSION_CACHE_MAX_ENTRIES,
  SESSION_CACHE_TTL_MS,
  tokenHash,
  type CachedSession,
} from '#worker/lib/session-cache.ts';

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

describe('the session cache', () => {
  const session = (n: number): CachedSession => ({
    user: { id: `user-${n % 2}` } as SessionUser,
    sessionId: `session-${n}`,
    lastSeenAt: 0,
    expiresAt: Number.MAX_SAFE_INTEGER,
    cachedAt: 1_000,
  });

  it('is bounded: beyond SESSION_CACHE_MAX_ENTRIES the oldest remembered goes first, a hit does not keep it longer', () => {
    for (let n = 0; n < SESSION_CACHE_MAX_ENTRIES; n += 1) rememberSession(`hash-${n}`, session(n));
    expect(cachedSession('hash-0', 1_000)?.sessionId).toBe('session-0');
    rememberSession('hash-new', session(SESSION_CACHE_MAX_ENTRIES));
    expect(cachedSession('hash-0', 1_000)).toBeUndefined();
    expect(cachedSession('hash-1', 1_000)?.sessionId).toBe('session-1');
    expect(cachedSession('hash-new', 1_000)?.sessionId).toBe(`session-${SESSION_CACHE_MAX_ENTRIES}`);
    // Remembered again, a token takes the newest place without pushing another out.
    rememberSession('hash-1', session(1));
    expect(cachedSession('hash-2', 1_000)?.sessionId).toBe('session-2');
  });

  it('forgets a token, a session or every session of a user, and an entry past its lifetime', () => {
    for (let n = 0; n < 6; n += 1) rememberSession(`forget-${n}`, session(n));
    forgetToken('forget-0');
    forgetSession('session-1');
    forgetUser('user-0');
    const kept = [0, 1, 2, 3, 4, 5].filter((n) => cachedSession(`forget-${n}`, 1_000) !== undefined);
    expect(kept).toEqual([3, 5]);
    expect(cachedSession('forget-3', 1_000 + SESSION_CACHE_TTL_MS + 1)).toBeUndefined();
    expect(cachedSession('forget-5', 1_000)?.sessionId).toBe('session-5');
  });
});
