import { drizzle } from 'drizzle-orm/d1';
import * as schema from '#worker/db/schema.ts';

/** One drizzle instance per request (bindings are per request). */
export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;
