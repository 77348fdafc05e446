// Backups of the D1 database as SQL, and restores of such a file into an empty local database.
//   npm run db:backup [-- --remote] [-- --output <file.sql>] [-- --persist-to <dir>]
//   npm run db:restore -- --input <file.sql> [--persist-to <dir>]
//   node scripts/backup.mjs order --input <dump.sql> --output <ordered.sql>   (for a remote import)
// A backup is `wrangler d1 export` (schema, data and the d1_migrations table, so a restored
// database knows its migration level). A restore runs the file with `wrangler d1 execute --file`
// into a LOCAL database that has no tables yet (a fresh --persist-to directory, or one whose
// .wrangler/state/v3/d1 was removed): it never merges into data. The production database is
// restored with D1 Time Travel instead (README → "Backups and restore").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { root, WRANGLER_ENV } from './lib.mjs';

const DATABASE = 'adloom';

/** `--name value` or `--name=value`; `true` for a bare flag. */
function option(argv, name) {
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === `--${name}`) return argv[i + 1] === undefined || argv[i + 1].startsWith('--') ? true : argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

/** node_modules' wrangler (the version the project pins), else the PATH's. */
const WRANGLER = existsSync(join(root, 'node_modules', '.bin', 'wrangler')) ? join(root, 'node_modules', '.bin', 'wrangler') : 'wrangler';

function wrangler(args, options = {}) {
  const result = spawnSync(WRANGLER, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...WRANGLER_ENV, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * `wrangler d1 export --local` reads the state beside its configuration file and has no
 * --persist-to: for another directory, a throwaway configuration whose .wrangler/state is a
 * link to it.
 */
function configFor(persistTo) {
  if (!persistTo) return { args: [], cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'adloom-backup-'));
  const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  const d1 = toml.match(/\[\[d1_databases\]\][\s\S]*?(?=\n\[)/);
  if (!d1) throw new Error('wrangler.toml has no [[d1_databases]] section');
  writeFileSync(
    join(dir, 'wrangler.toml'),
    `name = "adloom-backup"\ncompatibility_date = "2026-10-01"\n\n${d1[0].replace(/migrations_dir = "([^"]+)"/, (_, m) => `migrations_dir = "${join(root, m)}"`)}\n`,
  );
  mkdirSync(join(dir, '.wrangler'));
  symlinkSync(resolve(persistTo), join(dir, '.wrangler', 'state'), 'dir');
  return { args: ['--config', join(dir, 'wrangler.toml')], cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Exports the local (or with `remote`, the production) database to `output`; returns the path. */
export function exportDatabase({ remote = false, output, persistTo } = {}) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(output ?? join(root, '.wrangler', 'backups', `${DATABASE}-${remote ? 'remote' : 'local'}-${stamp}.sql`));
  mkdirSync(dirname(file), { recursive: true });
  if (remote && persistTo) throw new Error('--persist-to is for the local database only');
  const config = configFor(remote ? undefined : persistTo);
  try {
    wrangler(['d1', 'export', DATABASE, remote ? '--remote' : '--local', `--output=${file}`, ...config.args]);
  } finally {
    config.cleanup();
  }
  if (statSync(file).size === 0) throw new Error(`The export ${file} is empty`);
  return file;
}

/** The names of the tables of the local database (SQLite's and Cloudflare's own left out). */
export function localTables(persistTo) {
  const out = wrangler([
    'd1',
    'execute',
    DATABASE,
    '--local',
    '--json',
    '--command',
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ...(persistTo ? [`--persist-to=${persistTo}`] : []),
  ]);
  return JSON.parse(out)[0].results.map((row) => row.name);
}

/** Splits SQL into statements at the semicolons outside strings, quoted names and comments. */
export function splitStatements(sql) {
  const statements = [];
  let start = 0;
  for (let i = 0; i < sql.length; i += 1) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === '`') {
      // A quote ends at the next lone quote of its kind ('' inside a string is an escaped quote).
      for (i += 1; i < sql.length; i += 1) {
        if (sql[i] === ch) {
          if (sql[i + 1] === ch) i += 1;
          else break;
        }
      }
    } else if (ch === '[') {
      i = sql.indexOf(']', i);
      if (i < 0) i = sql.length;
    } else if (ch === '-' && sql[i + 1] === '-') {
      i = sql.indexOf('\n', i);
      if (i < 0) i = sql.length;
    } else if (ch === '/' && sql[i + 1] === '*') {
      i = sql.indexOf('*/', i + 2);
      i = i < 0 ? sql.length : i + 1;
    } else if (ch === ';') {
      const statement = sql.slice(start, i).trim();
      if (statement) statements.push(statement);
      start = i + 1;
    }
  }
  const rest = sql.slice(start).trim();
  if (rest) statements.push(rest);
  return statements;
}

/**
 * A dump in an order D1 can run: `wrangler d1 export` writes each table's rows right after its
 * CREATE TABLE, so a row whose foreign key names a table created later fails with "no such
 * table: main.…" (cloudflare/workers-sdk#5683, #9349). Pragmas first, then every table, then
 * every row in the dump's order (foreign keys are deferred to the end), then indexes, views and
 * triggers.
 */
export function orderDump(sql) {
  const rank = (statement) => {
    const head = statement
      .replace(/^(\s|--[^\n]*\n)*/, '')
      .slice(0, 40)
      .toUpperCase();
    if (head.startsWith('PRAGMA')) return 0;
    if (head.startsWith('CREATE TABLE')) return 1;
    // Rows, and the sqlite_sequence bookkeeping (DELETE then INSERT) in its own order.
    if (/^(INSERT|DELETE|UPDATE|REPLACE)\b/.test(head)) return 2;
    return 3;
  };
  const statements = splitStatements(sql).map((statement, index) => ({ statement, index, rank: rank(statement) }));
  statements.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return statements.map(({ statement }) => `${statement};`).join('\n');
}

/** Runs a backup file into an empty local database; refuses one that has tables. */
export function restoreDatabase({ input, persistTo }) {
  if (!input) throw new Error('Name the backup: --input <file.sql>');
  const file = resolve(input);
  statSync(file);
  const existing = localTables(persistTo);
  if (existing.length > 0) {
    throw new Error(
      `The local database already has ${existing.length} tables (${existing.slice(0, 3).join(', ')}…): restore into an empty one (a new --persist-to directory, or remove ${persistTo ? join(persistTo, 'v3', 'd1') : '.wrangler/state/v3/d1'} first).`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'adloom-restore-'));
  try {
    const ordered = join(dir, 'ordered.sql');
    writeFileSync(ordered, orderDump(readFileSync(file, 'utf8')));
    wrangler(['d1', 'execute', DATABASE, '--local', '--yes', `--file=${ordered}`, ...(persistTo ? [`--persist-to=${persistTo}`] : [])]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return localTables(persistTo);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...argv] = process.argv.slice(2);
  const persistTo = option(argv, 'persist-to');
  try {
    if (command === 'export') {
      const file = exportDatabase({ remote: option(argv, 'remote') === true, output: option(argv, 'output'), persistTo });
      console.log(`✔ Backup written to ${file}`);
    } else if (command === 'restore') {
      const tables = restoreDatabase({ input: option(argv, 'input'), persistTo });
      console.log(`✔ Restored ${tables.length} tables into the local database${persistTo ? ` in ${persistTo}` : ''}`);
    } else if (command === 'order') {
      const input = option(argv, 'input');
      const output = option(argv, 'output');
      if (typeof input !== 'string' || typeof output !== 'string')
        throw new Error('Usage: node scripts/backup.mjs order --input <dump.sql> --output <ordered.sql>');
      writeFileSync(output, orderDump(readFileSync(input, 'utf8')));
      console.log(`✔ ${output}: the dump in an order D1 can run (tables, then rows, then indexes)`);
    } else {
      console.error(
        'Usage: node scripts/backup.mjs export [--remote] [--output <file.sql>] [--persist-to <dir>]\n       node scripts/backup.mjs restore --input <file.sql> [--persist-to <dir>]\n       node scripts/backup.mjs order --input <dump.sql> --output <ordered.sql>',
      );
      process.exit(2);
    }
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
