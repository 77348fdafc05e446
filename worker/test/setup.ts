import { applyD1Migrations, env } from 'cloudflare:test';
import { afterEach, vi } from 'vitest';

// The real migrations, applied to this test file's D1 database (idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every spy (fetch interceptors, a silenced console.error) ends with its test.
afterEach(() => vi.restoreAllMocks());
