import { lru } from '#worker/lib/lru.ts';

/**
 * A per-isolate cache that keeps only settled values, never a pending promise.
 *
 * A module-level cache outlives the request that fills it. In workerd a promise that one
 * request's I/O settles (a D1 query, an assets or R2 fetch, an RPC call) settles in that
 * request's context: another request that awaits it while it is pending has its continuation
 * cancelled, or never resumed, once the first request ends ("A promise was resolved or
 * rejected from a different request context", docs/decisions/0025-fuzzing-abuse-and-load.md).
 * So a miss makes the value in the caller's own request, and only the result is kept:
 * concurrent first uses each make it (duplicates at cold start are cheap, and every value
 * cached this way is the same whoever makes it), a failure is not kept.
 */
export interface SettledCache<K, V> {
  /** The kept value of `key`, else `make()`'s result once it has settled (then kept). */
  get(key: K, make: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
}

/** A cache of at most `maxEntries` values; a new key beyond that pushes out the oldest (an lru read with `peek`). */
export function settledCache<K, V>(maxEntries: number): SettledCache<K, V> {
  const values = lru<K, V>(maxEntries);
  return {
    async get(key, make) {
      if (values.has(key)) return values.peek(key) as V;
      const value = await make();
      values.set(key, value);
      return value;
    },
    clear: () => values.clear(),
    get size() {
      return values.size;
    },
  };
}
