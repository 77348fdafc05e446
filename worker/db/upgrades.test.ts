import { applyD1Migrations, env } from 'cloudflare:test';
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import * as schema from '#worker/db/schema.ts';
import { runBillingJobs } from '#worker/jobs/index.ts';
import { hashPassword } from '#worker/lib/crypto.ts';
import { FIXTURES, PASSWORD, USERS, type UpgradeCheck } from '#worker/test/upgrade-fixtures.ts';
import { cookieFrom, nextAddress, send } from '#worker/test/http.ts';

/**
 * Upgrades with data in them (issue 15 point 6): a second, empty D1 database (UPGRADE_DB,
 * vitest.config.ts) is migrated one file at a time; after each file the rows of that level
 * (worker/test/upgrade-fixtures.ts) go in, written with that moment's columns, and every table
 * keeps its rows through each later migration. At the end today's code reads every level's
 * rows back through the API, the jobs and the common/ schemas.
 */
const migrations = env.TEST_MIGRATIONS;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const db = () => env.UPGRADE_DB;

async function tables(): Promise<string[]> {
  const { results } = await db()
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name`,
    )
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tables()) {
    counts[table] = (await db().prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>())!.n;
  }
  return counts;
}

/** What each migration step did to the row counts of the tables that existed before it. */
const lost: { migration: string; table: string; before: number; after: number }[] = [];
const cookies = new Map<string, string>();

describe('upgrades keep data (a fixture per migration level)', () => {
  beforeAll(async () => {
    const now = Date.now();
    const hash = await hashPassword(PASSWORD);
    for (let level = 0; level < migrations.length; level += 1) {
      const before = await rowCounts();
      await applyD1Migrations(db(), migrations.slice(0, level + 1));
      const after = await rowCounts();
      for (const [table, count] of Object.entries(before)) {
        if (after[table] !== count) lost.push({ migration: migrations[level]!.name, table, before: count, after: after[table] ?? -1 });
      }
      const fixture = FIXTURES[migrations[level]!.name];
      const rows = fixture?.rows({ now, hash }) ?? [];
      // A level with no rows of its own (an index only) is checked on the rows before it.
      if (rows.length > 0) await db().batch(rows.map((statement) => db().prepare(statement)));
    }
  });

  it('every migration has a fixture, and every fixture a migration', () => {
    const names = migrations.map((m) => m.name);
    expect(names.length).toBeGreaterThanOrEqual(15);
    expect(Object.keys(FIXTURES).sort()).toEqual([...names].sort());
  });

  it('no migration step drops or adds rows in a table that existed before it', () => {
    expect(lost).toEqual([]);
  });

  it('the upgraded database has the schema of a fresh one (same tables, columns and indexes)', async () => {
    const shape = async (d1: D1Database) =>
      (
        await d1
          .prepare(
            `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY type, name`,
          )
          .all()
      ).results;
    expect(await shape(db())).toEqual(await shape(env.DB));
  });

  it('every table of worker/db/schema.ts reads back with all its columns', async () => {
    const drizzle = getDb(db());
    const read: Record<string, number> = {};
    for (const table of Object.values(schema)) {
      if (!is(table, SQLiteTable)) continue;
      read[getTableName(table)] = (await drizzle.select().from(table)).length;
    }
    expect(Object.keys(read).length).toBeGreaterThan(40);
    // Every table the fixtures fill is non-empty (a level's rows were not lost on the way).
    expect(Object.entries(read).filter(([, n]) => n === 0)).toEqual([]);
  });

  const upgrade: UpgradeCheck = {
    async login(who) {
      const user = USERS[who];
      const response = await send('/api/auth/login', {
        json: { email: user.email, password: PASSWORD },
        headers: { 'cf-connecting-ip': nextAddress() },
        env: { DB: db() },
      });
      const cookie = cookieFrom(response);
      if (cookie) cookies.set(who, cookie);
      return response;
    },
    async get(path, as = 'owner') {
      if (!cookies.has(as)) await upgrade.login(as);
      // A browser's user agent: public pages answer crawlers with a short preview.
      const headers = { 'cf-connecting-ip': nextAddress(), 'user-agent': BROWSER };
      return send(path, { cookie: cookies.get(as), headers, env: { DB: db() } });
    },
    async json<T>(path: string, as: keyof typeof USERS = 'owner') {
      const response = await upgrade.get(path, as);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} as ${as}: ${response.status} ${text.slice(0, 400)}`);
      return JSON.parse(text) as T;
    },
    async query<T>(sql: string) {
      return (await db().prepare(sql).all<T>()).results;
    },
    jobs: { billing: (now) => runBillingJobs({ DB: db() }, now) },
  };

  it.each(Object.keys(FIXTURES).sort())('the rows written at %s are read by today’s code', async (name) => {
    await FIXTURES[name]!.check(upgrade);
  });
});
