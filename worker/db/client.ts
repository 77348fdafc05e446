import type { SQL } from 'drizzle-orm';
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

/** Runs raw statements as one D1 batch (one transaction). */
export function rawBatch(db: Db, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  return (db.$client as D1Database).batch(statements);
}
