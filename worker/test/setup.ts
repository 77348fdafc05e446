import { applyD1Migrations, env } from 'cloudflare:test';
import { afterEach, inject, vi } from 'vitest';
import fc from 'fast-check';

// Property tests run from one fixed seed, so that a run passes or fails the same way every
// time (CI included). `FC_SEED=<n>` explores other cases; a failure prints its seed to replay.
fc.configureGlobal({ seed: inject('fcSeed') });

// The real migrations, applied to this test file's D1 database (idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every spy (fetch interceptors, a silenced console.error) ends with its test.
afterEach(() => vi.restoreAllMocks());
