// `npm test` under Node 22: build the client, then two lanes side by side — the worker tests
// (workerd: one vitest worker, about one core) and, on the other core, the static checks
// (typecheck, then every check of `npm run lint`) followed by the client component tests
// (happy-dom) — and, once both are done, the browser tests (chromium against wrangler dev,
// which take both cores). Each suite is its own vitest run: wrangler dev starts only when the
// browser tests do, and the client tests never share a process with the worker tests (that
// made later worker files 5–15 s slower). The side lane's output is printed once the worker
// lane's is done, so that two reports never interleave; with `--outputFile.json=<file>` the
// runs' JSON reports are merged into <file>.
// `npm test -- --project worker` (or client, e2e) runs one suite; only e2e needs Chromium.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CHROMIUM_INSTALL_HINT, chromiumPath, root, run } from './lib.mjs';

const args = process.argv.slice(2);

/** The values of vitest's `--project <pattern>` / `--project=<pattern>` options, and the other arguments. */
function splitProjectFilters(argv) {
  const filters = [];
  const rest = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--project' && argv[i + 1] !== undefined) filters.push(argv[(i += 1)]);
    else if (argv[i].startsWith('--project=')) filters.push(argv[i].slice('--project='.length));
    else rest.push(argv[i]);
  }
  return { filters, rest };
}

/** Whether vitest runs the project `name` under these filters: none means all; `*` wildcards, `!` excludes (as vitest matches them). */
function selects(filters, name) {
  if (filters.length === 0) return true;
  const matches = (pattern) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
      'i',
    ).test(name);
  const included = filters.some((filter) => (filter.startsWith('!') ? !matches(filter.slice(1)) : matches(filter)));
  const excluded = filters.some((filter) => filter.startsWith('!') && matches(filter.slice(1)));
  return included && !excluded;
}

const { filters, rest } = splitProjectFilters(args);
const runsE2e = selects(filters, 'e2e');
const OUTPUT_JSON = '--outputFile.json=';
const outputJson = rest.find((arg) => arg.startsWith(OUTPUT_JSON))?.slice(OUTPUT_JSON.length);

/** vitest's arguments for one project: its own JSON report beside the requested one, and no failure when a file filter leaves it nothing. */
function vitestArgs(project) {
  const own = rest.map((arg) => (outputJson && arg.startsWith(OUTPUT_JSON) ? `${OUTPUT_JSON}${outputJson}.${project}` : arg));
  return ['run', '--project', project, '--passWithNoTests', ...own];
}

/** Runs a command; resolves with its status, its output (kept unless `show`) and seconds. */
function start(command, commandArgs, { show = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: show ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // Kept output keeps its colours when it will be shown on a terminal.
      env: { ...process.env, CI: process.env.CI ?? 'true', ...(show || !process.stdout.isTTY ? {} : { FORCE_COLOR: '1' }) },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${output}${String(error)}`, seconds: 0 }));
    child.on('close', (status) => resolve({ status: status ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** The static checks: the typecheck, then every check of `npm run lint` (which reports each one itself). */
async function staticChecks() {
  const steps = [
    ['Typecheck (tsconfig.json)', 'tsc', ['-p', 'tsconfig.json']],
    ['Typecheck (tsconfig.node.json)', 'tsc', ['-p', 'tsconfig.node.json']],
    ['Lint (npm run lint: ESLint, Prettier, import boundaries, binding types)', 'node', ['scripts/lint.mjs']],
  ];
  const results = [];
  for (const [name, command, commandArgs] of steps) results.push({ name, ...(await start(command, commandArgs)) });
  return results;
}

/**
 * The side lane: the static checks, then the client tests (their output kept for later) while
 * the browser tests' server starts (e2e/server.ts: migrations, seed, wrangler dev: ≈ 30 s).
 */
async function sideLane() {
  const checks = await staticChecks();
  const server = runsE2e ? import('../e2e/server.ts').then(({ startE2eServer }) => startE2eServer()) : undefined;
  // Awaited below, beside the client tests: a failed start must not be an unhandled rejection meanwhile.
  server?.catch(() => undefined);
  const client = selects(filters, 'client') ? await start('vitest', vitestArgs('client')) : undefined;
  return { checks, client, server };
}

/** Merges the projects' JSON reports (jest's format, as vitest writes it) into the requested file. */
function mergeReports(projects) {
  if (!outputJson) return;
  const merged = { testResults: [], success: true };
  for (const project of projects) {
    const file = `${outputJson}.${project}`;
    if (!existsSync(file)) {
      merged.numFailedTestSuites = (merged.numFailedTestSuites ?? 0) + 1;
      merged.success = false;
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const [key, value] of Object.entries(report)) {
      if (typeof value === 'number' && key.startsWith('num')) merged[key] = (merged[key] ?? 0) + value;
    }
    merged.startTime = Math.min(merged.startTime ?? Infinity, report.startTime);
    merged.success &&= report.success;
    merged.testResults.push(...report.testResults);
    rmSync(file);
  }
  writeFileSync(outputJson, JSON.stringify(merged));
}

if (runsE2e && !chromiumPath()) {
  console.error(`✖ The browser tests need Chromium, and none was found.\n  Install it: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);
const projects = ['worker', 'client', 'e2e'].filter((project) => selects(filters, project));
if (projects.length === 0) {
  console.error(`✖ No test project matches ${filters.join(', ')} (worker, client, e2e).`);
  process.exit(1);
}
console.log('› Typechecking, linting, then the client tests beside the worker tests (their report follows the worker tests)…');
const side = sideLane();
const statuses = [];
if (selects(filters, 'worker')) statuses.push((await start('vitest', vitestArgs('worker'), { show: true })).status);
const { checks, client, server } = await side;

console.log('\n› Static checks');
for (const { name, status, output, seconds } of checks) {
  console.log(`${status === 0 ? '✔' : '✖'} ${name} (${seconds.toFixed(0)} s)`);
  if (status !== 0 || name.startsWith('Lint')) console.log(output.trim().replace(/^/gm, '  '));
}
if (client) {
  console.log(`\n› Client tests (${client.seconds.toFixed(0)} s, beside the worker tests)`);
  process.stdout.write(client.output);
  statuses.push(client.status);
}
if (server) {
  console.log('\n› Browser tests');
  try {
    const { baseURL, persistDir, stop } = await server;
    process.on('exit', stop);
    process.env.E2E_BASE_URL = baseURL;
    process.env.E2E_PERSIST_DIR = persistDir;
    statuses.push((await start('vitest', vitestArgs('e2e'), { show: true })).status);
    stop();
  } catch (error) {
    console.error(`✖ The browser tests' server did not start: ${error instanceof Error ? error.message : String(error)}`);
    statuses.push(1);
  }
}
mergeReports(projects);

const failedChecks = checks.filter((check) => check.status !== 0);
if (failedChecks.length > 0) console.error(`✖ ${failedChecks.length} static check(s) failed: ${failedChecks.map((c) => c.name).join(', ')}`);
process.exit(statuses.some((status) => status !== 0) || failedChecks.length > 0 ? 1 : 0);
