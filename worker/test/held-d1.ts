/** A promise and its resolve, to let a test decide when something settles. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A real D1 binding whose queries wait at a seam the test opens (`release`). */
export interface HeldD1 {
  d1: D1Database;
  /** Resolves when the first held call has arrived. */
  reached: Promise<void>;
  /** Calls that arrived (held or passed on). */
  readonly calls: number;
  /** Lets every held call (and every later one) through to the real binding. */
  release(): void;
}

/**
 * The test database with a seam in front of it: with `hold: 'batch'` only `batch()` waits
 * (single queries go straight through), with `hold: 'all'` every statement's run/all/first/raw
 * waits too. The real D1 does the work once released: nothing is faked but the timing.
 */
export function heldD1(real: D1Database, hold: 'batch' | 'all'): HeldD1 {
  const reached = deferred();
  const gate = deferred();
  let calls = 0;
  const wait = async () => {
    calls += 1;
    reached.resolve();
    await gate.promise;
  };
  const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const holdStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const held = new Proxy(statement, {
      get(target, property) {
        if (property === 'bind') return (...values: unknown[]) => holdStatement(target.bind(...values));
        if (property === 'run' || property === 'all' || property === 'first' || property === 'raw')
          return async (...args: unknown[]) => {
            await wait();
            return (target[property] as (...a: unknown[]) => unknown).apply(target, args);
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    unwrapped.set(held, statement);
    return held;
  };
  const d1 = {
    prepare(query: string) {
      const statement = real.prepare(query);
      return hold === 'batch' ? statement : holdStatement(statement);
    },
    async batch(statements: D1PreparedStatement[]) {
      await wait();
      return real.batch(statements.map((statement) => unwrapped.get(statement) ?? statement));
    },
  };
  return {
    d1: d1 as unknown as D1Database,
    reached: reached.promise,
    get calls() {
      return calls;
    },
    release: () => gate.resolve(),
  };
}
