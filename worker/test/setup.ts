import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterEach, inject, vi } from 'vitest';
import fc from 'fast-check';

/** vitest's per-worker module graph (internal: `__vitest_worker__.evaluatedModules`), as far as it is read here. */
type ModuleGraph = { idToModuleMap: Map<string, { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> }> };

/**
 * Forgets the project's own modules and the dependencies that keep state (Sentry's client
 * drops an event that repeats the one before), so that the next file imports fresh instances:
 * helpers and caches keep nothing from the file before. vi.resetModules() would do it for every
 * module, re-evaluating ≈ 3,000 dependency modules a file (≈ 1 s each time). Falls back to it
 * where the graph is not found.
 */
function forgetProjectModules(): void {
  const graph = (globalThis as { __vitest_worker__?: { evaluatedModules?: ModuleGraph } }).__vitest_worker__?.evaluatedModules;
  if (!(graph?.idToModuleMap instanceof Map)) return void vi.resetModules();
  // Sentry's SDK keeps its scopes and its client (the first request's DSN wins for the isolate:
  // tests use several) on the global object, beside its modules, and wraps the global fetch once.
  delete (globalThis as { __SENTRY__?: unknown }).__SENTRY__;
  delete (globalThis as { __SENTRY_CLOUDFLARE_CLIENT__?: unknown }).__SENTRY_CLOUDFLARE_CLIENT__;
  const original = (globalThis.fetch as { __sentry_original__?: typeof fetch }).__sentry_original__;
  if (original) globalThis.fetch = original;
  for (const [id, node] of graph.idToModuleMap) {
    if (!id.startsWith(ROOT) || (id.includes('/node_modules/') && !STATEFUL.test(id))) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}
const ROOT = new URL('../../', import.meta.url).pathname;
const STATEFUL = /\/node_modules\/@sentry\//;

// The worker tests share one workerd per vitest worker (vitest.config.ts: `isolate: false`;
// starting one per file cost ≈ 15 s of CPU a file, most of the suite's time). Each file still
// starts as it would alone: with fresh instances of the project's modules and with empty
// storage (`reset` deletes every binding's data: D1, R2, the cache), then the real migrations.
forgetProjectModules();
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Property tests run from one fixed seed, so that a run passes or fails the same way every
// time (CI included). `FC_SEED=<n>` explores other cases; a failure prints its seed to replay.
fc.configureGlobal({ seed: inject('fcSeed') });

// Every spy (fetch interceptors, a silenced console.error) ends with its test.
afterEach(() => vi.restoreAllMocks());
