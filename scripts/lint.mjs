// `npm run lint` (and the start of `npm test`): every static check, each reported, all run
// even when one fails: ESLint, Prettier, the import boundaries (dependency-cruiser, two
// configurations), the tables' owners (worker/db/owners.ts) and the generated binding and API client types.
// `--typecheck` (npm test) first typechecks both TypeScript programs, as `tsc -p` would, and
// hands the same programs to ESLint's type-aware rules: one build and one type check of the
// code instead of two (≈ 50 CPU-s less on this machine, docs/architecture.md#ci).
// `--part=program` runs only the typechecks and ESLint, `--part=rest` only the other checks: npm test
// runs the two parts in its two lanes (scripts/run-tests.mjs). Exits non-zero on any finding.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { root, WRANGLER_ENV } from './lib.mjs';

/** The two programs (docs/decisions/0002): workerd and browser code, and the Node tooling. */
const TSCONFIGS = ['tsconfig.json', 'tsconfig.node.json'];
const typecheck = process.argv.includes('--typecheck');
const part = process.argv.find((arg) => arg.startsWith('--part='))?.slice('--part='.length);
if (part !== undefined && part !== 'program' && part !== 'rest') throw new Error(`--part=${part}: expected program or rest`);

/** A TypeScript program for a tsconfig, with parent pointers (typescript-eslint needs them). */
function programOf(tsconfig) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, tsconfig),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    host: ts.createCompilerHost(parsed.options, true),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
}

/** tsc's diagnostics for a program, in tsc's own words (file(line,col): error TSxxxx: …). */
function typeErrors(program) {
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  return { ok: diagnostics.length === 0, output: ts.formatDiagnostics(diagnostics, host) };
}

/**
 * ESLint with zero warnings allowed; on the given programs when there are some (then without
 * ESLint's cache, which cannot hold a program in its key; the programs are built anyway).
 */
async function eslint(programs) {
  const linter = new ESLint({
    cwd: root,
    cache: !programs,
    cacheLocation: join(root, 'node_modules', '.cache', 'eslint') + '/',
    ...(programs ? { overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { project: null, programs } } } } : {}),
  });
  const results = await linter.lintFiles(['.']);
  const problems = results.reduce((n, result) => n + result.errorCount + result.warningCount, 0);
  const formatter = await linter.loadFormatter('stylish');
  return { ok: problems === 0, output: await formatter.format(results) };
}

const CHECKS = [
  ['Prettier', 'prettier', ['--check', '--log-level=warn', '.']],
  ['Import boundaries', 'depcruise', ['worker', 'client', 'common', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']],
  ['Feature cycles', 'depcruise', ['worker', '--config', '.dependency-cruiser-features.cjs', '--output-type', 'err']],
  ['Table owners (worker/db/owners.ts)', 'node', ['scripts/check-table-owners.mjs']],
  ['Table owners: the check’s own tests', 'node', ['--test', '--test-reporter=dot', 'scripts/check-table-owners.test.mjs']],
  [
    'Font fallback faces (client/styles/font-fallbacks.css, `node scripts/font-metrics.mjs`)',
    'node',
    ['--test', '--test-reporter=dot', 'scripts/font-fallbacks.test.mjs'],
  ],
  [
    "The pages' fonts (client/static/fonts/*-page-*.woff2, `node scripts/subset-page-fonts.mjs`)",
    'node',
    ['--test', '--test-reporter=dot', 'scripts/page-fonts.test.mjs'],
  ],
  ['Message catalogs (common/locales, `node scripts/i18n-compile.mjs`)', 'node', ['scripts/i18n-compile.mjs', '--check']],
  ['Message catalogs: the compiler’s own tests', 'node', ['--test', '--test-reporter=dot', 'scripts/i18n-compile.test.mjs']],
  ['Binding types (worker/bindings.d.ts, `npm run types`)', 'npm', ['run', '--silent', 'types', '--', '--check']],
  ['API client types (worker/test/api-v1-paths.ts, `npm run types:api`)', 'node', ['scripts/openapi-types.mjs', '--check']],
];

const failed = [];
function report(name, { ok, output }) {
  if (ok) {
    console.log(`✔ ${name}`);
  } else {
    failed.push(name);
    console.log(`✖ ${name}\n${output.trim()}\n`);
  }
}

if (part !== 'rest') {
  const programs = typecheck ? TSCONFIGS.map(programOf) : undefined;
  programs?.forEach((program, i) => report(`Typecheck (${TSCONFIGS[i]})`, typeErrors(program)));
  report('ESLint', await eslint(programs));
}

// The project's own tools under its own Node 22, whatever PATH the caller has.
const bin = join(root, 'node_modules', '.bin');
for (const [name, command, args] of part === 'program' ? [] : CHECKS) {
  const program = command === 'npm' ? command : command === 'node' ? process.execPath : join(bin, command);
  const result = spawnSync(program, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...WRANGLER_ENV, CI: 'true', PATH: `${bin}:${process.env.PATH}` },
  });
  report(name, { ok: result.status === 0, output: result.error ? String(result.error) : `${result.stdout}${result.stderr}` });
}
if (failed.length > 0) {
  console.error(`✖ ${failed.length} check(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
