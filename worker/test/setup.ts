import { afterEach, inject, vi } from 'vitest';

// The worker tests share one workerd per vitest worker (vitest.config.ts: `isolate: false`;
// starting one per file cost ≈ 15 s of CPU a file, most of the suite's time). Each file still
// starts as it would alone: with its own module instances (helpers and caches keep no state from
// the file before) and with empty storage (`reset` deletes every binding's data: D1, R2, the
// cache), then the real migrations.
vi.resetModules();
const { applyD1Migrations, env, reset } = await import('cloudflare:test');
const { default: fc } = await import('fast-check');
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Property tests run from one fixed seed, so that a run passes or fails the same way every
// time (CI included). `FC_SEED=<n>` explores other cases; a failure prints its seed to replay.
fc.configureGlobal({ seed: inject('fcSeed') });

// Every spy (fetch interceptors, a silenced console.error) ends with its test.
afterEach(() => vi.restoreAllMocks());
