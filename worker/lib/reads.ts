import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '#worker/db/client.ts';

type Statement = BatchItem<'sqlite'>;

/**
 * A read a feature's service describes without running it: its statements (drizzle query
 * builders) and how their results become the value its API answers with. The service's own
 * function runs it (`run`); a screen that shows several features at once (the dashboard)
 * combines the reads of their services and runs them all as one D1 batch: one round trip,
 * and every figure computed by the same code as on its detail screen.
 */
export interface Read<T> {
  readonly statements: readonly Statement[];
  /** The value, from the results of `statements` (same order and length). */
  finish(results: readonly unknown[]): T;
}

/** A read of one statement. */
export function read<S extends Statement, T>(statement: S, finish: (result: S['_']['result']) => T): Read<T> {
  return { statements: [statement], finish: (results) => finish(results[0] as S['_']['result']) };
}

/** A read of several statements run together (a write among them runs in the same batch, first if listed first). */
export function readAll<const S extends readonly Statement[], T>(statements: S, finish: (results: { [K in keyof S]: S[K]['_']['result'] }) => T): Read<T> {
  return { statements, finish: (results) => finish(results as { [K in keyof S]: S[K]['_']['result'] }) };
}

/** Whether the statement finds any row (an "is there one yet" of the dashboard's first steps). */
export function hasRows<S extends Statement>(statement: S): Read<boolean> {
  return read(statement, (rows) => Array.isArray(rows) && rows.length > 0);
}

/** A value that needs no query (an empty list of ids). */
export function constant<T>(value: T): Read<T> {
  return { statements: [], finish: () => value };
}

/** The same statements, another value from them. */
export function mapRead<T, U>(inner: Read<T>, map: (value: T) => U): Read<U> {
  return { statements: inner.statements, finish: (results) => map(inner.finish(results)) };
}

type Values<R extends Record<string, Read<unknown>>> = { [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/** Several reads as one: their statements one after another, their values by name. */
export function combine<R extends Record<string, Read<unknown>>>(reads: R): Read<Values<R>> {
  const entries = Object.entries(reads);
  return {
    statements: entries.flatMap(([, r]) => r.statements),
    finish(results) {
      const values: Record<string, unknown> = {};
      let offset = 0;
      for (const [name, r] of entries) {
        values[name] = r.finish(results.slice(offset, offset + r.statements.length));
        offset += r.statements.length;
      }
      return values as Values<R>;
    },
  };
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

/**
 * drizzle's `db.batch`, except that every SELECT reads from a subquery. D1's batch answers
 * rows as objects, which drizzle turns back into columns by key: two columns of the same
 * name (a creation's and its project's `name`) collapse into one and every later field
 * shifts. Selected from a subquery, SQLite names the second one `name:1`, so each column
 * keeps its key, in order. (Column names must not look like integers: JavaScript puts such
 * keys first. drizzle names every column it selects after the column or the expression.)
 */
async function batch(db: Db, statements: readonly Statement[]): Promise<unknown[]> {
  const client = db.$client as D1Database;
  const prepared = statements.map((statement) => (statement as unknown as { _prepare(): Prepared })._prepare());
  const results = await client.batch(
    prepared.map((query) => {
      const { sql, params } = query.getQuery();
      return client.prepare(/^\s*select\b/i.test(sql) ? `SELECT * FROM (${sql})` : sql).bind(...params);
    }),
  );
  return results.map((result, i) => prepared[i]!.mapResult(result, true));
}
