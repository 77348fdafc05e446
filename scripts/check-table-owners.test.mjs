// The table-owner check on small sources (`node --test scripts/check-table-owners.test.mjs`, in `npm run lint`).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { folderOf, tableOwnerFindings, valueReferences } from './check-table-owners.mjs';

const SCHEMA = `
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
export const users = sqliteTable('users', { id: text('id').primaryKey() });
export const projects = sqliteTable(
  'projects',
  { id: text('id').primaryKey() },
);
export const creations = sqliteTable('creations', { id: text('id').primaryKey() });
export const fonts = sqliteTable('brand_fonts', { id: text('id').primaryKey() });
export const nextSeq = 1;
`;

const OWNERS = `
export const TABLE_OWNERS = {
  users: 'auth',
  projects: 'projects',
  creations: 'creatives',
  brand_fonts: 'creatives/fonts',
} as const satisfies Record<string, string>;
export const READS_EVERY_TABLE = {
  'worker/features/account/export/repo.ts': 'the export reads everything of one account',
} as const;
`;

const DIRECTORIES = new Set([
  'worker/features/auth',
  'worker/features/projects',
  'worker/features/creatives',
  'worker/features/creatives/core',
  'worker/features/creatives/fonts',
  'worker/features/ads',
  'worker/features/ads/core',
  'worker/features/account/export',
  'worker/lib',
]);

function findings(modules, { schemaText = SCHEMA, ownersText = OWNERS } = {}) {
  return tableOwnerFindings({
    schemaText,
    ownersText,
    modules: new Map(Object.entries(modules)),
    isDirectory: (path) => DIRECTORIES.has(path),
    exists: (path) => DIRECTORIES.has(path) || path in modules || path === 'worker/features/account/export/repo.ts',
  });
}

describe('table owners', () => {
  it('reports a query of another feature’s table, by module, table and owner', () => {
    const result = findings({
      'worker/features/ads/core/repo.ts': `
        import { eq } from 'drizzle-orm';
        import { projects, users } from '#worker/db/schema.ts';
        export const owner = (db, id) => db.select({ name: users.name }).from(users).where(eq(users.id, id));
        export type ProjectRow = typeof projects.$inferSelect;
      `,
    });
    assert.deepEqual(result, ['error table-owner: worker/features/ads/core/repo.ts → users (owned by auth)']);
  });

  it('reports a deliberately wrong query against the real schema and owners: the funnels repo selecting from creatives', () => {
    const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
    const result = tableOwnerFindings({
      schemaText: read('worker/db/schema.ts'),
      ownersText: read('worker/db/owners.ts'),
      modules: new Map([
        [
          'worker/features/funnels/core/repo.ts',
          `
            import { eq } from 'drizzle-orm';
            import { creatives, funnels } from '#worker/db/schema.ts';
            export const names = (db, projectId) => db.select({ name: creatives.name }).from(creatives).where(eq(creatives.projectId, projectId));
            export const own = (db) => db.select().from(funnels);
          `,
        ],
      ]),
      isDirectory: (path) => ['worker/features/funnels', 'worker/features/funnels/core', 'worker/features/creatives'].includes(path),
      exists: () => true,
    });
    assert.deepEqual(result, ['error table-owner: worker/features/funnels/core/repo.ts → creatives (owned by creatives)']);
  });

  it('lets a feature query its own tables, and a feature’s sub-features the tables the feature owns', () => {
    const result = findings({
      'worker/features/projects/repo.ts': `import { projects } from '#worker/db/schema.ts'; export const all = (db) => db.select().from(projects);`,
      'worker/features/creatives/core/repo.ts': `import { creations } from '#worker/db/schema.ts'; export const all = (db) => db.select().from(creations);`,
      'worker/features/creatives/fonts/repo.ts': `import { fonts } from '#worker/db/schema.ts'; export const all = (db) => db.select().from(fonts);`,
    });
    assert.deepEqual(result, []);
  });

  it('keeps a sub-feature’s table to that sub-feature: its siblings and the feature’s root are refused', () => {
    const result = findings({
      'worker/features/creatives/core/repo.ts': `import { fonts as f } from '#worker/db/schema.ts'; export const all = (db) => db.select().from(f);`,
      'worker/features/creatives/helpers.ts': `import * as schema from '#worker/db/schema.ts'; export const t = schema.fonts;`,
    });
    assert.deepEqual(result, [
      'error table-owner: worker/features/creatives/core/repo.ts → brand_fonts (owned by creatives/fonts)',
      'error table-owner: worker/features/creatives/helpers.ts → brand_fonts (owned by creatives/fonts)',
    ]);
  });

  it('counts a namespace import’s tables and re-exports, not type-only imports, types, or names that are not tables', () => {
    const result = findings({
      'worker/features/ads/core/repo.ts': `
        import * as schema from '#worker/db/schema.ts';
        import type { users } from '#worker/db/schema.ts';
        import { type creations, nextSeq } from '#worker/db/schema.ts';
        export type U = typeof users.$inferSelect;
        export type C = typeof creations.$inferSelect;
        export const n = nextSeq;
        export const all = (db) => db.select().from(schema.projects);
      `,
      'worker/features/ads/core/tables.ts': `export { users } from '#worker/db/schema.ts';`,
      'worker/features/ads/core/types.ts': `import type * as schema from '#worker/db/schema.ts'; export type P = typeof schema.projects;`,
    });
    assert.deepEqual(result, [
      'error table-owner: worker/features/ads/core/repo.ts → projects (owned by projects)',
      'error table-owner: worker/features/ads/core/tables.ts → users (owned by auth)',
    ]);
  });

  it('skips tests, test helpers, the reliability fuzz and the allow-list', () => {
    const query = `import { users } from '#worker/db/schema.ts'; export const all = (db) => db.select().from(users);`;
    const result = findings({
      'worker/features/ads/core/ads.test.ts': query,
      'worker/test/factories.ts': query,
      'worker/reliability/world.ts': query,
      'worker/features/account/export/repo.ts': query,
    });
    assert.deepEqual(result, []);
  });

  it('reports a table without an owner, an owner of no table, and owners or allowed modules that do not exist', () => {
    const ownersText = `
      export const TABLE_OWNERS = { users: 'auth', projects: 'projects', creations: 'creative', brand_fonts: 'creatives/fonts', leads: 'funnels' } as const;
      export const READS_EVERY_TABLE = { 'worker/features/admin/repo.ts': 'gone' } as const;
    `;
    assert.deepEqual(findings({}, { ownersText: ownersText.replace("users: 'auth', ", '') }), [
      'error table-owner: users has no owner in worker/db/owners.ts',
      'error table-owner: creations is owned by creative, which is no feature folder nor module of worker/',
      'error table-owner: worker/db/owners.ts names leads, which is no table of worker/db/schema.ts',
      'error table-owner: worker/db/owners.ts allows worker/features/admin/repo.ts, which does not exist',
    ]);
  });

  it('resolves the schema by a relative path too', () => {
    assert.deepEqual([...valueReferences('worker/lib/audit.ts', `import { users } from '../db/schema.ts'; export const t = users;`)], ['users']);
  });

  it('maps a module to its feature, sub-feature, lib module or top-level folder', () => {
    const isDirectory = (path) => DIRECTORIES.has(path);
    assert.equal(folderOf('worker/features/ads/core/repo.ts', isDirectory), 'ads/core');
    assert.equal(folderOf('worker/features/projects/repo.ts', isDirectory), 'projects');
    assert.equal(folderOf('worker/lib/mailer.ts', isDirectory), 'lib/mailer');
    assert.equal(folderOf('worker/jobs/index.ts', isDirectory), 'jobs');
    assert.equal(folderOf('worker/app.ts', isDirectory), 'app');
  });
});
