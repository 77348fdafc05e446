import { applyD1Migrations, env } from 'cloudflare:test';

// The real migrations, applied to this test file's D1 database (idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
