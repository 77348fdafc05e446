// `npm test` under Node 22: build the client, then, side by side, the static checks (`npm run
// lint -- --typecheck`: both typechecks, then every check of the lint) and every suite (worker in workerd, client components in
// happy-dom, browser tests in chromium against wrangler dev). The two lanes share the machine's
// cores; the checks' output is printed once they are done, so that it never splits vitest's.
// `npm test -- --project worker` (or client, e2e) runs one suite; only e2e needs Chromium.
import { spawn } from 'node:child_process';
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

/** The static lane: `npm run lint -- --typecheck`, both programs typechecked and handed to ESLint, then every other check (each reported). */
async function staticChecks() {
  const name = 'Typecheck and lint (npm run lint -- --typecheck: tsc, ESLint, Prettier, import boundaries, table owners, binding types)';
  return [{ name, ...(await captured('node', ['scripts/lint.mjs', '--typecheck'])) }];
}

if (selects(projectFilters(args), 'e2e') && !chromiumPath({ headlessShell: true })) {
  console.error(`✖ The browser tests need Chromium, and none was found.\n  Install it: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);
console.log('› Typechecking and linting beside the tests (their report follows the tests)…');
const checking = staticChecks();
console.log('› Running the tests…');
const testStatus = await shown('vitest', ['run', ...args]);
const checks = await checking;

console.log('\n› Static checks');
for (const { name, status, output, seconds } of checks) {
  console.log(`${status === 0 ? '✔' : '✖'} ${name} (${seconds.toFixed(0)} s)`);
  console.log(output.trim().replace(/^/gm, '  '));
}
const failedChecks = checks.filter((check) => check.status !== 0);
if (failedChecks.length > 0) console.error(`✖ ${failedChecks.length} static check(s) failed: ${failedChecks.map((c) => c.name).join(', ')}`);
process.exit(testStatus !== 0 || failedChecks.length > 0 ? 1 : 0);
