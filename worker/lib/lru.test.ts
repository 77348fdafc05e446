import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lru } from '#worker/lib/lru.ts';

/** The rule, written plainly: a list of entries, the least recently used first. */
function model(maxEntries: number, maxWeight: number) {
  let entries: [string, number][] = [];
  const total = () => entries.reduce((sum, [, v]) => sum + v, 0);
  return {
    get(key: string) {
      const found = entries.find(([k]) => k === key);
      if (found) entries = [...entries.filter(([k]) => k !== key), found];
      return found?.[1];
    },
    set(key: string, value: number) {
      entries = entries.filter(([k]) => k !== key);
      if (value > maxWeight || maxEntries < 1) return;
      while (entries.length > 0 && (entries.length >= maxEntries || total() + value > maxWeight)) entries.shift();
      entries.push([key, value]);
    },
    keys: () => entries.map(([k]) => k),
    total,
  };
}

describe('lru', () => {
  it('keeps what the plain rule keeps, within both bounds, for any sequence of reads and writes', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('get' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
      fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), value: fc.integer({ min: 0, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 20 }), fc.array(op, { maxLength: 60 }), (maxEntries, maxWeight, ops) => {
        const cache = lru<string, number>(maxEntries, { maxWeight, weigh: (v) => v });
        const plain = model(maxEntries, maxWeight);
        for (const o of ops) {
          if (o.kind === 'get') expect(cache.get(o.key)).toBe(plain.get(o.key));
          else {
            cache.set(o.key, o.value);
            plain.set(o.key, o.value);
          }
          expect(cache.size).toBe(plain.keys().length);
          expect(cache.size).toBeLessThanOrEqual(maxEntries);
          expect(cache.weight).toBe(plain.total());
          expect(cache.weight).toBeLessThanOrEqual(maxWeight);
        }
      }),
      { seed: 3044, numRuns: 300 },
    );
  });

  it('pushes out the least recently read, not the oldest written', () => {
    const cache = lru<string, string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    cache.delete('a');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('peeks without making a key the newest, and forgets what deleteWhere picks, its weight with it', () => {
    const cache = lru<string, number>(2, { weigh: (v) => v });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.peek('a')).toBe(1);
    expect(cache.has('a')).toBe(true);
    cache.set('c', 3);
    // Only peeked, 'a' was still the least recently used.
    expect([cache.has('a'), cache.peek('b'), cache.peek('c')]).toEqual([false, 2, 3]);
    expect(cache.peek('a')).toBeUndefined();
    cache.deleteWhere((value, key) => value === 3 || key === 'nothing');
    expect([cache.size, cache.weight, cache.has('b'), cache.has('c')]).toEqual([1, 2, true, false]);
  });
});
