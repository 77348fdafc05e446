/**
 * A per-isolate cache of at most `maxEntries` values (and at most `maxWeight` of their
 * weight, when `weigh` is given): reading a key makes it the newest, a new key beyond either
 * bound pushes out the least recently used. Synchronous: for values made from what a request
 * has already read (a parsed document, a rendered page), never for pending promises
 * (settled-cache.ts builds on it for those). `peek` reads without making the key the newest:
 * a cache read only that way pushes out the oldest written (settled-cache.ts, session-cache.ts).
 * The one way this worker bounds what an isolate keeps.
 */
export interface Lru<K, V> {
  get(key: K): V | undefined;
  /** The value of `key` without making it the newest. */
  peek(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Forgets every entry `match` picks. */
  deleteWhere(match: (value: V, key: K) => boolean): void;
  clear(): void;
  readonly size: number;
  /** The sum of the kept values' weights (0 without `weigh`). */
  readonly weight: number;
}

export function lru<K, V>(maxEntries: number, options: { maxWeight?: number; weigh?: (value: V) => number } = {}): Lru<K, V> {
  const values = new Map<K, V>();
  const weigh = options.weigh ?? (() => 0);
  const maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  let weight = 0;
  const remove = (key: K) => {
    if (!values.has(key)) return;
    weight -= weigh(values.get(key) as V);
    values.delete(key);
  };
  return {
    get(key) {
      if (!values.has(key)) return undefined;
      const value = values.get(key) as V;
      // The newest last: Map keeps insertion order, so the first key is the least recently used.
      values.delete(key);
      values.set(key, value);
      return value;
    },
    peek: (key) => values.get(key),
    has: (key) => values.has(key),
    set(key, value) {
      remove(key);
      const own = weigh(value);
      if (own > maxWeight || maxEntries < 1) return;
      while (values.size > 0 && (values.size >= maxEntries || weight + own > maxWeight)) remove(values.keys().next().value as K);
      values.set(key, value);
      weight += own;
    },
    delete: remove,
    deleteWhere(match) {
      for (const [key, value] of values) if (match(value, key)) remove(key);
    },
    clear() {
      values.clear();
      weight = 0;
    },
    get size() {
      return values.size;
    },
    get weight() {
      return weight;
    },
  };
}
