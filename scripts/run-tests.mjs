// `npm test` under Node 22: build the client, run the worker suite (workerd) and the client
// component tests (happy-dom), then the browser tests (chromium against wrangler dev) with the
// static checks beside them (typecheck, then every check of `npm run lint`): the browser tests
// leave a core mostly idle, the worker suite none. The checks' output is printed once they are
// done, so that it never splits vitest's.
// `npm test -- --project worker` (or client, e2e) runs one suite; only e2e needs Chromium.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CHROMIUM_INSTALL_HINT, chromiumPath, root, run } from './lib.mjs';

const args = process.argv.slice(2);

/** The values of vitest's `--project <pattern>` / `--project=<pattern>` options. */
function projectFilters(argv) {
  const filters = [];
  argv.forEach((arg, i) => {
    if (arg === '--project' && argv[i + 1] !== undefined) filters.push(argv[i + 1]);
    else if (arg.startsWith('--project=')) filters.push(arg.slice('--project='.length));
  });
  return filters;
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

/** Options `npm test` passes on as they are and still splits the suites under: reporters and the projects. */
const SPLITTABLE = /^--(reporter|outputFile\.json|project)(=|$)/;

/** The JSON report of the browser tests' own vitest, next to the one asked for (`--outputFile.json=<path>`). */
function besideReport(path) {
  return path.replace(/(\.json)?$/, '.e2e.json');
}

function jsonReportPath(argv) {
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith('--outputFile.json=')) return arg.slice('--outputFile.json='.length);
    if (arg === '--outputFile.json') return argv[i + 1];
  }
  return undefined;
}

/**
 * The vitest runs: the worker and client suites, then the browser tests in a vitest of their own
 * when all are asked for (no file filter, no other option); otherwise one vitest as given.
 */
function testLanes(argv) {
  const filters = projectFilters(argv);
  const others = ['worker', 'client'].filter((name) => selects(filters, name));
  const optionValues = new Set(argv.flatMap((arg, i) => (/^--(reporter|outputFile\.json|project)$/.test(arg) ? [i + 1] : [])));
  const plain = argv.every((arg, i) => SPLITTABLE.test(arg) || optionValues.has(i));
  if (!plain || others.length === 0 || !selects(filters, 'e2e')) return [['run', ...argv]];
  const shared = argv.filter((arg, i) => !/^--project(=|$)/.test(arg) && !(optionValues.has(i) && argv[i - 1] === '--project'));
  const report = jsonReportPath(argv);
  const e2eShared = report
    ? shared.map((arg) => (arg === `--outputFile.json=${report}` ? `--outputFile.json=${besideReport(report)}` : arg === report ? besideReport(report) : arg))
    : shared;
  if (report) rmSync(besideReport(report), { force: true });
  return [
    ['run', ...others.flatMap((name) => ['--project', name]), ...shared],
    ['run', '--project', 'e2e', ...e2eShared],
  ];
}

/** One JSON report for CI (.ci/run counts it): the browser tests' report merged into the one asked for. */
function mergeJsonReports(argv) {
  const report = jsonReportPath(argv);
  if (!report || !existsSync(besideReport(report))) return;
  const beside = JSON.parse(readFileSync(besideReport(report), 'utf8'));
  const main = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { numFailedTestSuites: 1, numFailedTests: 0, success: false, testResults: [] };
  const merged = { ...main, testResults: [...(main.testResults ?? []), ...(beside.testResults ?? [])], success: Boolean(main.success && beside.success) };
  for (const [key, value] of Object.entries(beside)) if (key.startsWith('num') && typeof value === 'number') merged[key] = (main[key] ?? 0) + value;
  writeFileSync(report, JSON.stringify(merged));
  rmSync(besideReport(report));
}

/** Runs a command, its output kept (not shown); resolves with its status, output and seconds. */
function captured(command, commandArgs) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, CI: process.env.CI ?? 'true' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${output}${String(error)}`, seconds: 0 }));
    child.on('close', (status) => resolve({ status: status ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Runs a command with its output shown; resolves with its status. */
function shown(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } });
    child.on('error', () => resolve(1));
    child.on('close', (status) => resolve(status ?? 1));
  });
}

/** The static lane: the typecheck, then every check of `npm run lint` (which reports each one itself). */
async function staticChecks() {
  const steps = [
    ['Typecheck (tsconfig.json)', 'tsc', ['-p', 'tsconfig.json']],
    ['Typecheck (tsconfig.node.json)', 'tsc', ['-p', 'tsconfig.node.json']],
    ['Lint (npm run lint: ESLint, Prettier, import boundaries, binding types)', 'node', ['scripts/lint.mjs']],
  ];
  const results = [];
  for (const [name, command, commandArgs] of steps) results.push({ name, ...(await captured(command, commandArgs)) });
  return results;
}

if (selects(projectFilters(args), 'e2e') && !chromiumPath()) {
  console.error(`✖ The browser tests need Chromium, and none was found.\n  Install it: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);
const lanes = testLanes(args);
let testStatus = 0;
let checking;
if (lanes.length === 1) {
  console.log('› Typechecking and linting beside the tests (their report follows the tests)…');
  checking = staticChecks();
  console.log('› Running the tests…');
  testStatus = await shown('vitest', lanes[0]);
} else {
  // The worker suite keeps both cores busy; the browser tests mostly wait for pages, so the
  // static checks run beside them (beside the worker suite they slowed it by ≈ 130 s).
  console.log('› Running the worker and client tests…');
  testStatus = await shown('vitest', lanes[0]);
  console.log('› Running the browser tests, typechecking and linting beside them (their report follows the tests)…');
  checking = staticChecks();
  const browser = await shown('vitest', lanes[1]);
  testStatus = testStatus || browser;
  mergeJsonReports(args);
}
const checks = await checking;

console.log('\n› Static checks');
for (const { name, status, output, seconds } of checks) {
  console.log(`${status === 0 ? '✔' : '✖'} ${name} (${seconds.toFixed(0)} s)`);
  if (status !== 0 || name.startsWith('Lint')) console.log(output.trim().replace(/^/gm, '  '));
}
const failedChecks = checks.filter((check) => check.status !== 0);
if (failedChecks.length > 0) console.error(`✖ ${failedChecks.length} static check(s) failed: ${failedChecks.map((c) => c.name).join(', ')}`);
process.exit(testStatus !== 0 || failedChecks.length > 0 ? 1 : 0);
