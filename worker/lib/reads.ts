import type { BatchItem } from 'drizzle-orm/batch';
import { getDb, type Db } from '#worker/db/client.ts';
import { asJsonRows, batchResultMapper } from '#worker/db/row-mapping.ts';

type Statement = BatchItem<'sqlite'>;

/** A statement, or a function that builds it: a read built only for its `finish` (readOnce) never calls it. */
type Lazy<S extends Statement> = S | (() => S);
type Built<L> = L extends () => infer S ? S : L;

function built<S extends Statement>(statement: Lazy<S>): S {
  return typeof statement === 'function' ? (statement as () => S)() : statement;
}

/**
 * A read a feature's service describes without running it: its statements (drizzle query
 * builders) and how their results become the value its API answers with. The service's own
 * function runs it (`run`); a screen that shows several features at once (the dashboard)
 * combines the reads of their services and runs them all as one D1 batch: one round trip,
 * and every figure computed by the same code as on its detail screen. A statement given as a
 * function is built on first use of `statements`: a read built once (`readOnce`) is made
 * again per request only for its `finish`, which then builds no SQL at all.
 */
export interface Read<T> {
  /** How many statements it has, known without building them. */
  readonly size: number;
  readonly statements: readonly Statement[];
  /** The value, from the results of `statements` (same order and length). */
  finish(results: readonly unknown[]): T;
}

/** A read whose `size` statements `build` makes on first use. */
function lazyRead<T>(size: number, build: () => readonly Statement[], finish: (results: readonly unknown[]) => T): Read<T> {
  let statements: readonly Statement[] | undefined;
  return {
    size,
    get statements() {
      return (statements ??= build());
    },
    finish,
  };
}

/** A read of one statement (or the function that builds it). */
export function read<L extends Lazy<Statement>, T>(statement: L, finish: (result: Built<L>['_']['result']) => T): Read<T> {
  return lazyRead(
    1,
    () => [built(statement as Lazy<Statement>)],
    (results) => finish(results[0] as Built<L>['_']['result']),
  );
}

/** A read of several statements run together (a write among them runs in the same batch, first if listed first). */
export function readAll<const L extends readonly Lazy<Statement>[], T>(
  statements: L,
  finish: (results: { [K in keyof L]: Built<L[K]>['_']['result'] }) => T,
): Read<T> {
  return lazyRead(
    statements.length,
    () => statements.map((statement) => built(statement)),
    (results) => finish(results as { [K in keyof L]: Built<L[K]>['_']['result'] }),
  );
}

/** Whether the statement finds any row (an "is there one yet" of the dashboard's first steps). */
export function hasRows<L extends Lazy<Statement>>(statement: L): Read<boolean> {
  return read(statement, (rows) => Array.isArray(rows) && rows.length > 0);
}

/** A value that needs no query (an empty list of ids). */
export function constant<T>(value: T): Read<T> {
  return { size: 0, statements: [], finish: () => value };
}

/** The same statements, another value from them. */
export function mapRead<T, U>(inner: Read<T>, map: (value: T) => U): Read<U> {
  return lazyRead(
    inner.size,
    () => inner.statements,
    (results) => map(inner.finish(results)),
  );
}

type Values<R extends Record<string, Read<unknown>>> = { [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/** Several reads as one: their statements one after another, their values by name. */
export function combine<R extends Record<string, Read<unknown>>>(reads: R): Read<Values<R>> {
  const entries = Object.entries(reads);
  return lazyRead(
    entries.reduce((sum, [, r]) => sum + r.size, 0),
    () => entries.flatMap(([, r]) => r.statements),
    (results) => {
      const values: Record<string, unknown> = {};
      let offset = 0;
      for (const [name, r] of entries) {
        values[name] = r.finish(results.slice(offset, offset + r.size));
        offset += r.size;
      }
      return values as Values<R>;
    },
  );
}

/** Runs a read in one round trip: a single statement as it is, several as one D1 batch. */
export async function run<T>(db: Db, r: Read<T>): Promise<T> {
  const [first, ...rest] = r.statements;
  if (!first) return r.finish([]);
  // A query builder is a promise of its result (drizzle's QueryPromise): awaited, it runs alone.
  if (rest.length === 0) return r.finish([await (first as unknown as PromiseLike<unknown>)]);
  return r.finish(await batch(db, r.statements));
}

/** What drizzle's own `db.batch` uses of a query builder (drizzle-orm/d1/session.js). */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

function prepare(statement: Statement): Prepared {
  return (statement as unknown as { _prepare(): Prepared })._prepare();
}

/**
 * The text D1's batch runs for a statement: every SELECT reads from a subquery. D1's batch
 * answers rows as objects, which drizzle turns back into columns by key: two columns of the
 * same name (a creation's and its project's `name`) collapse into one and every later field
 * shifts. Selected from a subquery, SQLite names the second one `name:1`, so each column
 * keeps its key, in order. (Column names must not look like integers: JavaScript puts such
 * keys first. drizzle names every column it selects after the column or the expression.)
 */
function batchText(sql: string): string {
  return /^\s*select\b/i.test(sql) ? `SELECT * FROM (${sql})` : sql;
}

/** drizzle's `db.batch`, with every SELECT read from a subquery (`batchText`). */
async function batch(db: Db, statements: readonly Statement[]): Promise<unknown[]> {
  const client = db.$client as D1Database;
  const prepared = statements.map(prepare);
  const results = await client.batch(
    prepared.map((query) => {
      const { sql, params } = query.getQuery();
      return client.prepare(batchText(sql)).bind(...params);
    }),
  );
  return results.map((result, i) => prepared[i]!.mapResult(result, true));
}

/** A statement's parameter in a read built once: the same on every run, or the request's value of that name. */
type Slot = { constant: unknown } | { value: string };

interface Shape {
  texts: string[];
  slots: Slot[][];
  /** Each statement's results to rows, as drizzle maps them (row-mapping.ts). */
  mappers: ((result: unknown) => unknown)[];
}

/** Where drizzle builds statements that never run: `_prepare` asks the client for a statement, which only a run would bind. */
const buildOnly = { prepare: () => ({}) } as unknown as D1Database;

/**
 * Builds `build`'s statements with each sentinel input and tells each parameter apart: equal in
 * both, a constant; else the one of `valuesOf`'s values that matches it under both sentinels.
 * A parameter that differs and matches none (a value computed from the input in a way
 * `valuesOf` does not name) fails loudly, as does SQL text that depends on the input.
 */
function shapeOf<I>(build: (db: Db, input: I) => Read<unknown>, sentinels: readonly [I, I], valuesOf: (input: I) => Record<string, unknown>): Shape {
  const [a, b] = sentinels.map((input) => build(getDb(buildOnly), input).statements.map(prepare)) as [Prepared[], Prepared[]];
  const [valuesA, valuesB] = sentinels.map(valuesOf) as [Record<string, unknown>, Record<string, unknown>];
  if (b.length !== a.length) throw new Error('readOnce: the number of statements depends on the input');
  const sizes = sentinels.map((input) => build(getDb(buildOnly), input).size);
  if (sizes[0] !== a.length || sizes[1] !== b.length) throw new Error('readOnce: a read’s size is not its number of statements');
  const texts: string[] = [];
  const mappers: Shape['mappers'] = [];
  const slots = a.map((statement, i) => {
    const queryA = statement.getQuery();
    const queryB = b[i]?.getQuery();
    if (queryA.sql !== queryB?.sql || queryA.params.length !== queryB.params.length)
      throw new Error(`readOnce: statement ${i} is not the same SQL for every input`);
    // A SELECT answers one JSON value (decision 0037: D1's client made an object of every row); a write as it is.
    const asJson = asJsonRows(statement, queryA.sql);
    texts.push(asJson?.text ?? batchText(queryA.sql));
    mappers.push(asJson?.mapper ?? batchResultMapper(statement));
    return queryA.params.map((param, j): Slot => {
      if (Object.is(param, queryB.params[j])) return { constant: param };
      const name = Object.keys(valuesA).find((key) => Object.is(valuesA[key], param) && Object.is(valuesB[key], queryB.params[j]));
      if (name === undefined) throw new Error(`readOnce: parameter ${j} of statement ${i} is computed from the input in a way no value names`);
      return { value: name };
    });
  });
  return { texts, slots, mappers };
}

/**
 * A database whose query builders build nothing: every method of a builder answers the builder
 * again. A read built on it keeps only its `finish` (and the number of its statements), which
 * is what a read built once needs per call; building real builders was a seventh of the
 * dashboard's CPU. Not a promise (no `then`): such a statement cannot run by mistake.
 */
const nothingBuilt: Db = (() => {
  const chain: object = new Proxy(() => chain, {
    get: (_target, property) => (property === 'then' ? undefined : chain),
    apply: () => chain,
  });
  return chain as unknown as Db;
})();

/**
 * A read whose SQL drizzle builds once per isolate (decision 0037: building a batch's SQL cost
 * more CPU than running it). `build` is the read's own function; it is built with two sentinel
 * inputs (chosen to differ in every value the statements use), and on each call its
 * statements run with the values `valuesOf` gives for the call's input (the user's id, the
 * instant and what is computed from it); the read built for the call on a database that builds
 * nothing maps the results (its `finish`). One `readOnce` per shape of SQL: an input that
 * changes which statements a read has (a plan with presentations) needs its own.
 */
export function readOnce<I, T>(build: (db: Db, input: I) => Read<T>, sentinels: readonly [I, I], valuesOf: (input: I) => Record<string, unknown>) {
  let shape: Shape | undefined;
  return async (db: Db, input: I): Promise<T> => {
    shape ??= shapeOf(build, sentinels, valuesOf);
    const { texts, slots, mappers } = shape;
    const finish = build(nothingBuilt, input);
    if (finish.size !== texts.length) throw new Error('readOnce: the number of statements depends on the input');
    const values = valuesOf(input);
    const client = db.$client as D1Database;
    const results = await client.batch(
      texts.map((text, i) => client.prepare(text).bind(...slots[i]!.map((slot) => ('value' in slot ? values[slot.value] : slot.constant)))),
    );
    return finish.finish(results.map((result, i) => mappers[i]!(result)));
  };
}
