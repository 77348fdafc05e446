import { describe, expect, it } from 'vitest';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { deferred } from '#worker/test/held-d1.ts';

describe('settledCache', () => {
  it('keeps no pending promise: a second first use does its own work and resolves while the first is still held', async () => {
    const cache = settledCache<string, string>(10);
    const held = deferred<string>();
    const first = cache.get('k', () => held.promise);
    let firstDone = false;
    void first.then(() => (firstDone = true));
    expect(cache.size).toBe(0);
    // The second caller (another request) never waits for the first one's promise.
    const second = cache.get('k', () => Promise.resolve('from the second'));
    expect(await second).toBe('from the second');
    expect(firstDone).toBe(false);
    held.resolve('from the first');
    expect(await first).toBe('from the first');
    // Then every use gets the settled value without making it again.
    let made = 0;
    expect(
      await cache.get('k', () => {
        made += 1;
        return Promise.resolve('again');
      }),
    ).toBe('from the first');
    expect(made).toBe(0);
    expect(cache.size).toBe(1);
  });

  it('keeps no failure: the next use makes the value again', async () => {
    const cache = settledCache<string, number>(10);
    await expect(cache.get('k', () => Promise.reject(new Error('assets down')))).rejects.toThrow('assets down');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', () => Promise.resolve(7))).toBe(7);
    expect(await cache.get('k', () => Promise.resolve(8))).toBe(7);
  });

  it('is bounded: a new key beyond the limit pushes out the oldest; clear forgets all', async () => {
    const cache = settledCache<number, number>(3);
    for (const key of [1, 2, 3, 4]) await cache.get(key, () => Promise.resolve(key * 10));
    expect(cache.size).toBe(3);
    expect(await cache.get(1, () => Promise.resolve(-1))).toBe(-1);
    expect(await cache.get(4, () => Promise.resolve(-4))).toBe(40);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
