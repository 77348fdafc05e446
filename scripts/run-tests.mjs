// `npm test` under Node 22: build the client, then two lanes side by side.
// - The test lane (shown as it runs): the worker tests (workerd) and then the client component
//   tests (happy-dom), one vitest process: about one core.
// - The side lane: the static checks (`npm run lint -- --typecheck`: both typechecks, then every
//   check of the lint), then the browser tests (chromium against wrangler dev, their own vitest):
//   about one core and a half.
// Neither lane fills the 2 cores alone, and the browser tests are the longest part: run after the
// worker tests, they left a core half idle (docs/architecture.md#ci). The side lane's output is
// kept until the test lane is done, then printed, then shown live, so that two reports never
// interleave. With `--outputFile.json=<file>` the two vitest reports are merged into <file>.
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

const { filters, rest } = splitProjectFilters(process.argv.slice(2));
const laneProjects = ['worker', 'client'].filter((project) => selects(filters, project));
const runsE2e = selects(filters, 'e2e');
const OUTPUT_JSON = '--outputFile.json=';
const outputJson = rest.find((arg) => arg.startsWith(OUTPUT_JSON))?.slice(OUTPUT_JSON.length);

/** vitest's arguments for a lane: its projects, its own JSON report beside the requested one, no failure when a file filter leaves it nothing. */
function vitestArgs(lane, projects) {
  const own = rest.map((arg) => (outputJson && arg.startsWith(OUTPUT_JSON) ? `${OUTPUT_JSON}${outputJson}.${lane}` : arg));
  return ['run', ...projects.flatMap((project) => ['--project', project]), '--passWithNoTests', ...own];
}

/**
 * Runs a command; resolves with its status and seconds. Its output goes to `write` (chunks as
 * they come); the side lane's `write` holds them until the test lane is done.
 */
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

/** The side lane's output: held while the test lane prints, then written out and shown live. */
const held = [];
let live = false;
const side = (chunk) => (live ? process.stdout.write(chunk) : held.push(String(chunk)));
function goLive() {
  process.stdout.write(held.join(''));
  held.length = 0;
  live = true;
}

/** The side lane: the static checks, then the browser tests. */
async function sideLane() {
  side('\n› Static checks (npm run lint -- --typecheck: tsc, ESLint, Prettier, import boundaries, table owners, binding types)\n');
  const checks = await start('node', ['scripts/lint.mjs', '--typecheck'], side);
  side(`${checks.status === 0 ? '✔' : '✖'} Static checks (${checks.seconds.toFixed(0)} s)\n`);
  if (!runsE2e) return { checks };
  side('\n› Browser tests\n');
  const e2e = await start('vitest', vitestArgs('e2e', ['e2e']), side);
  return { checks, e2e };
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

if (laneProjects.length === 0 && !runsE2e) {
  console.error(`✖ No test project matches ${filters.join(', ')} (worker, client, e2e).`);
  process.exit(1);
}
if (runsE2e && !chromiumPath({ headlessShell: true })) {
  console.error(`✖ The browser tests need Chromium, and none was found.\n  Install it: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);
console.log(
  `› Side by side: the ${laneProjects.join(' and ') || 'no'} tests here; the static checks${runsE2e ? ' and then the browser tests' : ''} in the other lane (shown after)…`,
);
const sideDone = sideLane();
const lane = laneProjects.length > 0 ? await start('vitest', vitestArgs('tests', laneProjects), (chunk) => process.stdout.write(chunk)) : undefined;
goLive();
const { checks, e2e } = await sideDone;
mergeReports([...(lane ? ['tests'] : []), ...(e2e ? ['e2e'] : [])]);

const failed = [
  lane && lane.status !== 0 && 'the worker and client tests',
  checks.status !== 0 && 'the static checks',
  e2e && e2e.status !== 0 && 'the browser tests',
].filter(Boolean);
if (failed.length > 0) console.error(`\n✖ Failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
