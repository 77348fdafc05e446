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

export function flakyD1(real: D1Database, failures: number, message = 'D1_ERROR: Network connection lost.'): FlakyD1 {
  const state = { failures, failed: 0, written: 0 };
  const statementSql = new WeakMap<object, string>();
  const unwrapped = new WeakMap<object, D1PreparedStatement>();

  /** Throws while failures remain (a write); else counts the write. */
  const gate = (isWrite: boolean) => {
    if (!isWrite) return;
    if (state.failures > 0) {
      state.failures -= 1;
      state.failed += 1;
      throw new Error(message);
    }
    state.written += 1;
  };

  // Plain objects, not proxies: Sentry's D1 instrumentation (SENTRY_DSN set) replaces a statement's methods in place.
  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const isWrite = WRITE.test(sql);
    const wrapped = {
      bind: (...values: unknown[]) => wrapStatement(statement.bind(...values), sql),
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
    statementSql.set(wrapped, sql);
    unwrapped.set(wrapped, statement);
    return wrapped as unknown as D1PreparedStatement;
  };

  const wrapClient = (client: Pick<D1Database, 'prepare' | 'batch'>) => ({
    prepare: (sql: string) => wrapStatement(client.prepare(sql), sql),
    async batch(statements: D1PreparedStatement[]) {
      gate(statements.some((statement) => WRITE.test(statementSql.get(statement) ?? '')));
      return client.batch(statements.map((statement) => unwrapped.get(statement) ?? statement));
    },
  });

  const d1 = {
    ...wrapClient(real),
    exec: (sql: string) => real.exec(sql),
    withSession(constraint?: string) {
      const session = real.withSession(constraint as D1SessionConstraint);
      return { ...wrapClient(session), getBookmark: () => session.getBookmark() };
    },
  };
  return {
    d1: d1 as unknown as D1Database,
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
