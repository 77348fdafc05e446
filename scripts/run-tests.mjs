// `npm test` under Node 22: typecheck, lint, build the client, then every suite (worker in
// workerd, client components in happy-dom, browser tests in chromium against wrangler dev).
// `npm test -- --project worker` (or client, e2e) runs one suite; only e2e needs Chromium.
import { CHROMIUM_INSTALL_HINT, chromiumPath, run } from './lib.mjs';

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

if (selects(projectFilters(args), 'e2e') && !chromiumPath()) {
  console.error(`✖ The browser tests need Chromium, and none was found.\n  Install it: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}
console.log('› Typechecking…');
run('tsc', ['-p', 'tsconfig.json']);
run('tsc', ['-p', 'tsconfig.node.json']);
console.log('› Linting (ESLint, Prettier, import boundaries, binding types)…');
run('node', ['scripts/lint.mjs']);
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);
console.log('› Running the tests…');
run('vitest', ['run', ...args]);
