import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The local D1 database of a `--persist-to` directory, read and written with Node's own SQLite
 * (the file wrangler's miniflare keeps: v3/d1/miniflare-D1DatabaseObject/<id>.sqlite). A test's
 * look at the database costs a millisecond this way; `wrangler d1 execute` started a wrangler
 * each time (≈ 3 s). SQLite's locks make it safe beside a running `wrangler dev`.
 */
export function localD1File(persistDir: string): string {
  const dir = join(persistDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(dir).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return join(dir, files[0]!);
}

/** Runs one statement on the local D1 database of `persistDir`: the rows of a query, [] for a write. */
export function queryLocalD1<T>(persistDir: string, sql: string): T[] {
  const db = new DatabaseSync(localD1File(persistDir));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const statement = db.prepare(sql);
    // Plain objects (node:sqlite returns them without a prototype), as wrangler's JSON did.
    if (/^\s*(SELECT|WITH|PRAGMA)\b/i.test(sql)) return statement.all().map((row) => ({ ...row }) as T);
    statement.run();
    return [];
  } finally {
    db.close();
  }
}
