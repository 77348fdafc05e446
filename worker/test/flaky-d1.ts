/**
 * A real D1 binding whose writes fail like a database in trouble (overloaded, a lost
 * connection, a reset) a number of times, then pass: `failures` is how many write calls
 * (a statement's run/all/first/raw, or a batch holding a write) still fail; set it again at any
 * time. Reads always pass (a replica answers while the primary refuses). Its sessions
 * (`withSession`, as the app and the queue handlers open them) fail the same way.
 */
export interface FlakyD1 {
  d1: D1Database;
  /** Write calls still to fail. */
  failures: number;
  /** Write calls that failed so far. */
  readonly failed: number;
  /** Write calls that reached the real database. */
  readonly written: number;
}

const WRITE = /^\s*(insert|update|delete|replace|with)\b/i;

/** The wrappers' statements: the SQL each was prepared from, and the real statement behind it. */
interface Known {
  sql: WeakMap<object, string>;
  real: WeakMap<object, D1PreparedStatement>;
}

/**
 * A statement that calls `gate` (with whether it writes) before it runs, and is known to its
 * wrapper's batches. Plain objects, not proxies: Sentry's D1 instrumentation (SENTRY_DSN set)
 * replaces a statement's methods in place.
 */
function watched(statement: D1PreparedStatement, sql: string, gate: (isWrite: boolean) => void, known: Known): D1PreparedStatement {
  const isWrite = WRITE.test(sql);
  const wrapped = {
    bind: (...values: unknown[]) => watched(statement.bind(...values), sql, gate, known),
    run: async () => {
      gate(isWrite);
      return statement.run();
    },
    all: async () => {
      gate(isWrite);
      return statement.all();
    },
    first: async (column?: string) => {
      gate(isWrite);
      return column === undefined ? statement.first() : statement.first(column);
    },
    raw: async (options?: { columnNames?: boolean }) => {
      gate(isWrite);
      return statement.raw(options as { columnNames: true });
    },
  };
  known.sql.set(wrapped, sql);
  known.real.set(wrapped, statement);
  return wrapped as unknown as D1PreparedStatement;
}

/** A D1 binding over `real` whose statements go through `gate` and whose batches through `batch` (given the SQL of each statement); its sessions alike. */
function wrappedD1(
  real: D1Database,
  gate: (isWrite: boolean) => void,
  batch: (client: Pick<D1Database, 'prepare' | 'batch'>, statements: D1PreparedStatement[], sqls: string[]) => Promise<D1Result[]>,
): D1Database {
  const known: Known = { sql: new WeakMap(), real: new WeakMap() };
  const wrapClient = (client: Pick<D1Database, 'prepare' | 'batch'>) => ({
    prepare: (sql: string) => watched(client.prepare(sql), sql, gate, known),
    batch: (statements: D1PreparedStatement[]) =>
      batch(
        client,
        statements.map((statement) => known.real.get(statement) ?? statement),
        statements.map((statement) => known.sql.get(statement) ?? ''),
      ),
  });
  const d1 = {
    ...wrapClient(real),
    exec: (sql: string) => real.exec(sql),
    withSession(constraint?: string) {
      const session = real.withSession(constraint as D1SessionConstraint);
      return { ...wrapClient(session), getBookmark: () => session.getBookmark() };
    },
  };
  return d1 as unknown as D1Database;
}

/** `passing`: write calls that reach the database before the failures start (a database that fails right after a write). */
export function flakyD1(real: D1Database, failures: number, message = 'D1_ERROR: Network connection lost.', options: { passing?: number } = {}): FlakyD1 {
  const state = { failures, failed: 0, written: 0, passing: options.passing ?? 0 };

  /** Throws while failures remain (a write); else counts the write. */
  const gate = (isWrite: boolean) => {
    if (!isWrite) return;
    if (state.passing > 0) {
      state.passing -= 1;
    } else if (state.failures > 0) {
      state.failures -= 1;
      state.failed += 1;
      throw new Error(message);
    }
    state.written += 1;
  };

  const d1 = wrappedD1(real, gate, (client, statements, sqls) => {
    gate(sqls.some((sql) => WRITE.test(sql)));
    return client.batch(statements);
  });
  return {
    d1,
    get failures() {
      return state.failures;
    },
    set failures(value: number) {
      state.failures = value;
    },
    get failed() {
      return state.failed;
    },
    get written() {
      return state.written;
    },
  };
}

/**
 * A real D1 binding whose batches holding a statement that matches `match` fail inside the
 * database (at most `count` of them): a statement that fails is run at the batch's end, so the
 * database runs the batch's writes and then rolls them all back (a batch is one transaction),
 * as a failure in the middle of the batch would. `failed` counts them.
 */
export function failingBatches(real: D1Database, match: RegExp, count = 1) {
  const state = { left: count, failed: 0 };
  const d1 = wrappedD1(
    real,
    () => undefined,
    (client, statements, sqls) => {
      if (state.left <= 0 || !sqls.some((sql) => match.test(sql))) return client.batch(statements);
      state.left -= 1;
      state.failed += 1;
      return client.batch([...statements, client.prepare(`SELECT json('not json')`)]);
    },
  );
  return {
    d1,
    get failed() {
      return state.failed;
    },
  };
}

/** A WRITES binding that keeps what is sent (to hand to the handler with createMessageBatch), passing it on to `real` when given; `refuse` makes `send` throw like a queue in trouble. */
export function recordingQueue(real?: Queue<unknown>, options: { refuse?: boolean } = {}) {
  const sent: unknown[] = [];
  const queue = {
    async send(body: unknown, sendOptions?: QueueSendOptions) {
      if (options.refuse) throw new Error('Queue send failed: internal error');
      // As the runtime does: the body is serialised when sent (a later change to the object is not on the queue).
      sent.push(structuredClone(body));
      if (real) await real.send(body, sendOptions);
    },
    async sendBatch() {
      throw new Error('not used');
    },
  };
  return { queue: queue as unknown as Queue<unknown>, sent };
}
