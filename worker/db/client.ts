import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

/**
 * One drizzle instance per request (bindings are per request). Without the schema
 * option: we use the query builder, not relational queries, and building the relational
 * config on every request costs more than the query itself.
 */
export function getDb(d1: D1Database) {
  return drizzle(d1);
}

export type Db = ReturnType<typeof getDb>;

/**
 * The request's database, made on first use: most requests to cached pages, and API
 * reads served from the session cache, never touch D1.
 */
export function lazyDb(d1: D1Database): Db {
  let db: Db | undefined;
  return new Proxy({} as Db, {
    get(_target, property) {
      db ??= getDb(d1);
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
}

const dialect = new SQLiteAsyncDialect();

/**
 * A raw SQL statement for D1's own batch (drizzle's batch cannot carry raw `sql`):
 * for the ledger's conditional INSERT … SELECT and the `changes()` guard.
 */
export function rawStatement(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (db.$client as D1Database).prepare(text).bind(...params);
}

/** A drizzle query builder (select, insert, update, delete) before it runs. */
interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * Runs statements as one D1 batch (one transaction): raw statements, and drizzle queries
 * among them, so that a raw `changes()` guard can follow a query built with drizzle.
 */
export function rawBatch(db: Db, statements: (D1PreparedStatement | BuiltQuery)[]): Promise<D1Result[]> {
  const client = db.$client as D1Database;
  return client.batch(
    statements.map((statement) => {
      if (!('toSQL' in statement)) return statement;
      const { sql: text, params } = statement.toSQL();
      return client.prepare(text).bind(...params);
    }),
  );
}

/**
 * `column IN (…values)` with one bound parameter, however many values: D1 allows at most
 * 100 bound parameters per statement, which `inArray` reaches with a long list (local
 * SQLite allows far more, so tests would not notice).
 */
export function inList(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
