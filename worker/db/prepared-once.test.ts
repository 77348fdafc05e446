import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, preparedOnce } from '#worker/db/client.ts';

/** env.DB, noting each statement it prepares under `name`. */
function namedClient(name: string, log: string[]): D1Database {
  return {
    prepare: (text: string) => {
      log.push(`${name}: ${text}`);
      return env.DB.prepare(text);
    },
    batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
  } as unknown as D1Database;
}

describe('a query built once per isolate (preparedOnce)', () => {
  const query = preparedOnce<{ n: number; label: string }>((db) =>
    db.select({ n: sql<number>`${sql.placeholder('n')} + 1`.mapWith(Number), label: sql<string>`${sql.placeholder('label')}` }).from(sql`(SELECT 1)`),
  );

  it('runs each call on its own client with its own values, the SQL built once', async () => {
    const log: string[] = [];
    const [a, b] = await Promise.all([
      query(getDb(namedClient('a', log)), { n: 1, label: 'first' }),
      query(getDb(namedClient('b', log)), { n: 41, label: 'second' }),
    ]);
    expect(a).toEqual({ n: 2, label: 'first' });
    expect(b).toEqual({ n: 42, label: 'second' });
    expect(log.map((line) => line.split(':')[0])).toEqual(['a', 'b']);
    expect(new Set(log.map((line) => line.slice(3))).size).toBe(1);
  });

  it('answers undefined when no row matches', async () => {
    const none = preparedOnce<{ one: number }>((db) =>
      db
        .select({ one: sql<number>`1` })
        .from(sql`(SELECT 1 AS x)`)
        .where(sql`x = ${sql.placeholder('x')}`),
    );
    expect(await none(getDb(env.DB), { x: 2 })).toBeUndefined();
    expect(await none(getDb(env.DB), { x: 1 })).toEqual({ one: 1 });
  });
});
