import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration to /migrations from the schema.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});
