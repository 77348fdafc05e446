import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WRANGLER_ENV } from '../scripts/lib.mjs';
import { queryLocalD1 } from './d1.ts';

/**
 * The local backup round trip (README → "Backups and restore"): a database migrated (a copy of
 * the one e2e/global-setup.ts migrated with wrangler, before its seed) and filled in a temporary
 * --persist-to directory is exported by `npm run db:backup` (scripts/backup.mjs,
 * `wrangler d1 export`), restored by `npm run db:restore` into another, empty directory, and the
 * two hold the same tables, row counts and rows. Runs wrangler only (no browser, no server).
 */
const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'adloom-backup-test-'));
const source = join(work, 'source');
const target = join(work, 'target');
const backup = join(work, 'backup.sql');
const env = { ...process.env, ...WRANGLER_ENV, CI: 'true' };

function run(command: string, args: string[]) {
  return spawnSync(command, args, { cwd: root, encoding: 'utf8', env });
}

function wrangler(args: string[]): string {
  const result = run(join(root, 'node_modules', '.bin', 'wrangler'), args);
  if (result.status !== 0) throw new Error(`wrangler ${args.slice(0, 4).join(' ')} failed:\n${result.stderr}\n${result.stdout.slice(0, 2000)}`);
  return result.stdout;
}

/** What a database holds, read from its file (e2e/d1.ts): the checks cost no wrangler start each. */
function query<T>(persistTo: string, sql: string): T[] {
  return queryLocalD1<T>(persistTo, sql);
}

/** Every table with its row count, in one query (scalar subqueries: D1 allows few compound SELECT terms). */
function counts(persistTo: string): Record<string, number> {
  const tables = query<{ name: string }>(
    persistTo,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  );
  return query<Record<string, number>>(persistTo, `SELECT ${tables.map(({ name }) => `(SELECT count(*) FROM "${name}") AS "${name}"`).join(', ')}`)[0]!;
}

const NOW = 1_795_500_000_000;
/** A few rows with the awkward values a dump must carry: quotes, newlines, unicode, JSON, NULLs, large integers. */
const SEED = `
INSERT INTO users (id, email, name, password_hash, role, plan, affiliate_code, created_at, updated_at) VALUES
  ('backup_user_0000000001', 'zoe@backup.example.com', 'Zoë O''Brien', 'pbkdf2-sha256$100000$c2FsdA$aGFzaA', 'user', 'pro', 'bkup000001', ${NOW}, ${NOW}),
  ('backup_user_0000000002', 'li@backup.example.com', '李 雷', 'pbkdf2-sha256$100000$c2FsdA$aGFzaA', 'admin', 'free', 'bkup000002', ${NOW}, ${NOW});
INSERT INTO projects (id, name, description, website, brand_kit, created_at, updated_at) VALUES
  ('backup_project_000001', 'Café "Nord"', 'Line one
line two; with a semicolon -- and dashes', NULL, '{"logoMediaId":null,"colors":["#1f3a5f"],"headingFont":"inter","bodyFont":"inter","tone":"It''s 🌊"}', ${NOW}, ${NOW});
INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ('backup_project_000001', 'backup_user_0000000001', 'owner', ${NOW}, ${NOW});
INSERT INTO media (id, project_id, uploaded_by, kind, mime, name, size, sha256, width, height, alt, tags, r2_key, focal_x, focal_y, created_at, updated_at) VALUES
  ('backup_media_00000001', 'backup_project_000001', 'backup_user_0000000001', 'image', 'image/png', 'a.png', 9007199254740991, '${'a'.repeat(64)}', 10, 10, '', '["x","y"]', 'media/backup_project_000001/backup_media_00000001', 33.5, 66.25, ${NOW}, ${NOW});
INSERT INTO credit_ledger (id, user_id, kind, operation_key, description, monthly_delta, purchased_delta, seq, created_at) VALUES
  ('backup_ledger_00000001', 'backup_user_0000000001', 'grant', 'backup:1', 'Monthly credits', 25, 0, 1, ${NOW});
`;

describe('backups: export the local database and restore it into an empty one', () => {
  beforeAll(() => {
    cpSync(inject('migratedDir'), source, { recursive: true });
    writeFileSync(join(work, 'seed.sql'), SEED);
    wrangler(['d1', 'execute', 'DB', '--local', '--yes', `--persist-to=${source}`, `--file=${join(work, 'seed.sql')}`]);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('npm run db:backup writes the schema, the data and the migration level as SQL', () => {
    const result = run('node', ['scripts/backup.mjs', 'export', '--persist-to', source, '--output', backup]);
    expect(result.status, result.stderr).toBe(0);
    const sql = readFileSync(backup, 'utf8');
    expect(sql).toContain('CREATE TABLE');
    expect(sql).toMatch(/INSERT INTO "?d1_migrations"?/);
    expect(sql).toContain('backup_user_0000000001');
  });

  it('npm run db:restore brings back every table with the same row counts and rows', () => {
    const result = run('node', ['scripts/backup.mjs', 'restore', '--persist-to', target, '--input', backup]);
    expect(result.status, result.stderr).toBe(0);
    const before = counts(source);
    expect(Object.keys(before).length).toBeGreaterThan(40);
    expect(before).toMatchObject({ users: 2, projects: 1, media: 1, credit_ledger: 1 });
    expect(counts(target)).toEqual(before);
    for (const sql of [
      'SELECT * FROM users ORDER BY id',
      'SELECT * FROM projects',
      'SELECT * FROM media',
      'SELECT * FROM credit_ledger',
      'SELECT name FROM d1_migrations ORDER BY id',
    ]) {
      expect(query(target, sql)).toEqual(query(source, sql));
    }
    expect(query<{ name: string }>(target, "SELECT name FROM users WHERE id = 'backup_user_0000000001'")[0]!.name).toBe("Zoë O'Brien");
  });

  it('the restored database is at its migration level: applying the migrations finds nothing to do', () => {
    expect(wrangler(['d1', 'migrations', 'list', 'DB', '--local', `--persist-to=${target}`])).toMatch(/No migrations to apply/i);
  });

  it('db:restore refuses a database that already has tables (it never merges into data)', () => {
    const result = run('node', ['scripts/backup.mjs', 'restore', '--persist-to', target, '--input', backup]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('already has');
    expect(counts(target)).toEqual(counts(source));
  });
});
