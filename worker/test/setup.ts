import { env, reset } from 'cloudflare:test';
import { afterEach, inject, vi } from 'vitest';
import fc from 'fast-check';
import { forgetProjectModules } from '#common/test/fresh-modules.ts';

// The worker tests share one workerd per vitest worker (vitest.config.ts: `isolate: false`;
// starting one per file cost ≈ 15 s of CPU a file, most of the suite's time). Each file still
// starts as it would alone: with fresh instances of the project's modules and with empty
// storage (`reset` deletes every binding's data: D1, R2, the cache), then the real migrations.
// Sentry's SDK keeps its scopes and its client (the first request's DSN wins for the isolate:
// tests use several) on the global object, beside its modules, and wraps the global fetch once.
delete (globalThis as { __SENTRY__?: unknown }).__SENTRY__;
delete (globalThis as { __SENTRY_CLOUDFLARE_CLIENT__?: unknown }).__SENTRY_CLOUDFLARE_CLIENT__;
const wrapped = (globalThis.fetch as { __sentry_original__?: typeof fetch }).__sentry_original__;
if (wrapped) globalThis.fetch = wrapped;
forgetProjectModules(/\/node_modules\/@sentry\//);
await reset();
await migrate();
await emptyStorage();

/**
 * The real migrations, in order, with `applyD1Migrations`' table and rows (`d1_migrations`), sent
 * as one batch (one transaction): applied a batch each, the 25 migrations took ≈ 100 ms of every
 * file's start (28 round trips to D1), ≈ 18 s of the suite. A failing migration fails the file as before.
 */
async function migrate() {
  await env.DB.prepare(
    'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
  ).run();
  const applied = new Set((await env.DB.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map(({ name }) => name));
  const record = env.DB.prepare('INSERT INTO d1_migrations (name) VALUES (?)');
  const statements = env.TEST_MIGRATIONS.filter(({ name }) => !applied.has(name)).flatMap(({ name, queries }) => [
    ...queries.map((query) => env.DB.prepare(query)),
    record.bind(name),
  ]);
  if (statements.length > 0) await env.DB.batch(statements);
}

/**
 * `reset` alone is not enough: rows written by an earlier file were seen by a later one in a
 * clean-clone run (the housekeeping test counted another file's deleted renders). So every
 * table but the migrations' is emptied (foreign keys checked once, at the end of the batch)
 * and so is the bucket: a file starts from nothing whatever ran before it.
 */
async function emptyStorage() {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  await env.DB.batch([
    env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
    ...tables.results.map(({ name }) => env.DB.prepare(`DELETE FROM "${name.replaceAll('"', '""')}"`)),
  ]);
  for (let listed = await env.MEDIA.list(); listed.objects.length > 0; listed = await env.MEDIA.list()) {
    await env.MEDIA.delete(listed.objects.map((object) => object.key));
  }
}

// Property tests run from one fixed seed, so that a run passes or fails the same way every
// time (CI included). `FC_SEED=<n>` explores other cases; a failure prints its seed to replay.
fc.configureGlobal({ seed: inject('fcSeed') });

// Every spy (fetch interceptors, a silenced console.error) ends with its test.
afterEach(() => vi.restoreAllMocks());
