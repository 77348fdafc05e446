// `npm test` under Node 22: build the client, then two lanes side by side.
// - The test lane (shown as it runs): the worker tests (workerd) and then the client component
//   tests (happy-dom), one vitest process: about one core; then the static checks that need no
//   TypeScript program (`lint.mjs --part=rest`: Prettier, import boundaries, table owners, fonts,
//   catalogs, binding types) and, with `--budgets` (.ci/run), the deterministic weight budgets
//   (`npm run bench -- --only weight --check --reuse-client`).
// - The side lane: the typechecks and ESLint on the same two programs (`lint.mjs --typecheck
//   --part=program`), then the browser tests (chromium against wrangler dev, their own vitest:
//   about one core and a half).
// Neither lane fills the 2 cores alone; one after the other, the run left a core half idle, and
// three lanes overloaded them (docs/architecture.md#ci). The checks and budgets are split between
// the lanes so that both end at about the same time. The side lane's output is held until the
// test lane is done, then printed and shown live, so that reports never interleave. With
// `--outputFile.json=<file>` the vitest reports are merged into <file>.
// `npm test -- --project worker` (or client, e2e) runs one suite; only e2e needs Chromium.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CHROMIUM_INSTALL_HINT, chromiumPath, root, run } from './lib.mjs';

/** vitest's `--project <pattern>` / `--project=<pattern>` options, and the other arguments. */
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

const BUDGETS = '--budgets';
const budgets = process.argv.includes(BUDGETS);
const { filters, rest } = splitProjectFilters(process.argv.slice(2).filter((arg) => arg !== BUDGETS));
const runsE2e = selects(filters, 'e2e');
const OUTPUT_JSON = '--outputFile.json=';
const outputJson = rest.find((arg) => arg.startsWith(OUTPUT_JSON))?.slice(OUTPUT_JSON.length);

/** vitest's arguments for a lane: its projects, its own JSON report beside the requested one, no failure when a file filter leaves it nothing. */
function vitestArgs(lane, projects) {
  const own = rest.map((arg) => (outputJson && arg.startsWith(OUTPUT_JSON) ? `${OUTPUT_JSON}${outputJson}.${lane}` : arg));
  return ['run', ...projects.flatMap((project) => ['--project', project]), '--passWithNoTests', ...own];
}

/** Runs a command; resolves with its status and seconds. Its output goes to `write`, chunk by chunk. */
function start(command, commandArgs, write) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Held output keeps its colours when it will be shown on a terminal.
      env: { ...process.env, CI: process.env.CI ?? 'true', ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
    });
    child.stdout.on('data', write);
    child.stderr.on('data', write);
    child.on('error', (error) => {
      write(`${String(error)}\n`);
      resolve({ status: 1, seconds: 0 });
    });
    child.on('close', (status) => resolve({ status: status ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

/** A lane's output: held until its turn, then written out and shown live. */
function heldOutput() {
  const chunks = [];
  let live = false;
  return {
    write: (chunk) => (live ? process.stdout.write(chunk) : chunks.push(String(chunk))),
    show() {
      process.stdout.write(chunks.join(''));
      chunks.length = 0;
      live = true;
    },
  };
}

/** The typechecks and ESLint, then the browser tests. */
async function sideLane(out) {
  out.write('\n› Static checks: the programs (npm run lint -- --typecheck --part=program: tsc, ESLint)\n');
  const checks = await start('node', ['scripts/lint.mjs', '--typecheck', '--part=program'], out.write);
  out.write(`${checks.status === 0 ? '✔' : '✖'} Static checks: the programs (${checks.seconds.toFixed(0)} s)\n`);
  let e2e;
  if (runsE2e) {
    out.write('\n› Browser tests\n');
    e2e = await start('vitest', vitestArgs('e2e', ['e2e']), out.write);
  }
  return { checks, e2e };
}

/** After the tests of the test lane: the other static checks, then (with --budgets) the weight budgets. */
async function testLaneTail(write) {
  write('\n› Static checks: the rest (Prettier, import boundaries, table owners, fonts, catalogs, binding types)\n');
  const others = await start('node', ['scripts/lint.mjs', '--part=rest'], write);
  write(`${others.status === 0 ? '✔' : '✖'} Static checks: the rest (${others.seconds.toFixed(0)} s)\n`);
  if (!budgets) return { others };
  write('\n› Performance budgets (weight)\n');
  return { others, weight: await start('npm', ['run', '--silent', 'bench', '--', '--only', 'weight', '--check', '--reuse-client'], write) };
}

/** Merges the lanes' JSON reports (jest's format, as vitest writes it) into the requested file. */
function mergeReports(lanes) {
  if (!outputJson) return;
  const merged = { testResults: [], success: true };
  for (const lane of lanes) {
    const file = `${outputJson}.${lane}`;
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

if (!['worker', 'client', 'e2e'].some((project) => selects(filters, project))) {
  console.error(`✖ No test project matches ${filters.join(', ')} (worker, client, e2e).`);
  process.exit(1);
}
if (runsE2e && !chromiumPath({ headlessShell: true })) {
  console.error(`✖ The browser tests need Chromium, and none was found.\n  Install it: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);
const laneProjects = ['worker', 'client'].filter((project) => selects(filters, project));
console.log(
  `› Two lanes side by side: the ${laneProjects.join(' and ') || 'no'} tests here, then the other static checks${budgets ? ' and the budgets' : ''}; the typechecks, ESLint and the browser tests after them…`,
);
const sideOut = heldOutput();
const sideDone = sideLane(sideOut);
const write = (chunk) => process.stdout.write(chunk);
const tests = laneProjects.length > 0 ? await start('vitest', vitestArgs('tests', laneProjects), write) : undefined;
const { others, weight } = await testLaneTail(write);
sideOut.show();
const { checks, e2e } = await sideDone;
mergeReports([tests && 'tests', e2e && 'e2e'].filter(Boolean));

const failed = [
  tests?.status && `the ${laneProjects.join(' and ')} tests`,
  checks.status && 'the static checks (programs)',
  others.status && 'the static checks (the rest)',
  e2e?.status && 'the browser tests',
  weight?.status && 'the weight budgets',
].filter(Boolean);
if (failed.length > 0) console.error(`\n✖ Failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
