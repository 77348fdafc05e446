/**
 * A per-isolate cache of at most `maxEntries` values (and at most `maxWeight` of their
 * weight, when `weigh` is given): reading a key makes it the newest, a new key beyond either
 * bound pushes out the least recently used. Synchronous: for values made from what a request
 * has already read (a parsed document, a rendered page), never for pending promises
 * (settled-cache.ts).
 */
export interface Lru<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
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
    set(key, value) {
      remove(key);
      const own = weigh(value);
      if (own > maxWeight || maxEntries < 1) return;
      while (values.size > 0 && (values.size >= maxEntries || weight + own > maxWeight)) remove(values.keys().next().value as K);
      values.set(key, value);
      weight += own;
    },
    delete: remove,
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
