import { and, Column, getTableName, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * What queries run on: the D1 binding itself, or a D1 session of it (the Sessions API, for
 * read replication: docs/decisions/0022-read-replication-and-placement.md). drizzle's D1
 * driver only calls `prepare` and `batch`, which a session has too.
 */
export type D1Client = D1Database | D1DatabaseSession;

/**
 * One drizzle instance per request (bindings are per request). Without the schema
 * option: we use the query builder, not relational queries, and building the relational
 * config on every request costs more than the query itself.
 */
export function getDb(d1: D1Client) {
  return drizzle(d1 as D1Database);
}

export type Db = ReturnType<typeof getDb>;

/**
 * A database whose queries all run in one session that starts at the primary: the latest
 * data first, then any replica at least as fresh. For scheduled jobs (and anything else
 * outside a request) that must not act on a replica's older view.
 */
export function primaryDb(d1: D1Database): Db {
  return getDb(d1.withSession('first-primary'));
}

/**
 * The request's database, made on first use: most requests to cached pages, and API
 * reads served from the session cache, never touch D1 (and so never open a D1 session).
 */
export function lazyDb(open: () => D1Client): Db {
  let db: Db | undefined;
  return new Proxy({} as Db, {
    get(_target, property) {
      db ??= getDb(open());
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
}

/** What a query built once runs as: drizzle's prepared query (its SQL text, its placeholders, its row mapping). */
interface PreparedGet<R> {
  get(values: Record<string, unknown>): Promise<R | undefined>;
}

/**
 * A query whose SQL text and row mapping drizzle builds once per isolate (with `sql.placeholder`
 * for its values), run with each request's own client (a D1 session). drizzle builds a
 * query's SQL on every call, which on the hot paths cost more CPU than the rest of the query
 * (docs/decisions/0037-database-floor.md). The prepared query's statement is a stand-in that
 * prepares the text on the client of the call that binds it: drizzle binds it synchronously as
 * `get` starts, so the client set around that call is the one it runs on; a bind outside a
 * call fails loudly rather than running on another request's client.
 */
export function preparedOnce<R>(build: (db: Db) => { prepare(): unknown }): (db: Db, values: Record<string, unknown>) => Promise<R | undefined> {
  let current: D1Client | undefined;
  let prepared: PreparedGet<R> | undefined;
  const standIn = {
    prepare: (text: string) => ({
      bind(...params: unknown[]) {
        if (!current) throw new Error('preparedOnce: bound outside its call');
        return current.prepare(text).bind(...params);
      },
    }),
  };
  return (db, values) => {
    prepared ??= build(getDb(standIn as unknown as D1Database)).prepare() as PreparedGet<R>;
    current = db.$client as D1Client;
    try {
      return prepared.get(values);
    } finally {
      current = undefined;
    }
  };
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
 * 100 bound parameters per statement, which `inArray` reaches with a long list (a page of
 * 100 ids plus one more condition answered 500; the local D1 enforces the same limit).
 * ESLint refuses `inArray` in the worker, so every list goes through here.
 */
export function inList(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/**
 * `text` inside `column`, case-insensitively. instr(), not LIKE: D1 refuses a LIKE pattern over
 * 50 bytes, and instr() needs no escaping (%, _ and \ are plain characters). SQLite's lower()
 * folds only ASCII: the text lowered in JavaScript (every script) finds "Crème" by "CRÈME", the
 * text lowered like the column finds "CRÈME" by itself.
 */
export function containsText(column: AnyColumn | SQL, text: string): SQL {
  return sql`(instr(lower(${column}), ${text.toLowerCase()}) > 0 OR instr(lower(${column}), lower(${text})) > 0)`;
}

/** What a query fragment of another feature compares with: a column of the caller's query, a value, or an expression (a subquery). */
export type Operand = AnyColumn | SQL | string;

/**
 * An operand inside a correlated subquery built by the table's owner (a feature's scope
 * builders: `memberRole(creatives.projectId, userId)`): a column named with its table, since
 * in the select fields of a one-table query drizzle writes columns unqualified ("id"), which
 * inside the subquery would name the subquery's own column; a string as a bound parameter;
 * an expression as it is.
 */
export function operand(value: Operand): SQL {
  if (typeof value === 'string') return sql`${value}`;
  if (is(value, Column)) return sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}`;
  return value;
}

/**
 * A column of the row whose primary key `id` is `id`, as a correlated subquery (null when there
 * is no such row): a field of another feature's row inside the caller's statement, built by
 * the table's owner (`userField(media.uploadedBy, 'name')`). For tables keyed by `id`.
 */
export function fieldById<C extends AnyColumn>(column: C, id: Operand): SQL<C['_']['data'] | null> {
  const table = getTableName(column.table);
  const row = sql.identifier(`${table}_by_id`);
  return sql`(SELECT ${row}.${sql.identifier(column.name)} FROM ${sql.identifier(table)} ${row} WHERE ${row}.id = ${operand(id)})`.mapWith(column);
}

/** A `fieldById` of a row that exists (a foreign key keeps it: a member's account, an ad's picture), typed without null. */
export function ofExistingRow<T>(field: SQL<T | null>): SQL<T> {
  return field as SQL<T>;
}

/**
 * The row of `table` where all `conditions` hold (the first one; undefined without one): the
 * lookup by a key and its parent that every repo writes. The repo passes its own table.
 */
export function rowWhere<T extends SQLiteTable>(db: Db, table: T, ...conditions: SQL[]) {
  return db
    .select()
    .from(table)
    .where(and(...conditions))
    .get();
}
