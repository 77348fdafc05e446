// `npm run lint` (and the start of `npm test`): every static check, each reported, all run
// even when one fails: ESLint, Prettier, the import boundaries (dependency-cruiser, two
// configurations), the tables' owners (worker/db/owners.ts) and the generated binding types.
// Exits non-zero on any finding.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, WRANGLER_ENV } from './lib.mjs';

const CHECKS = [
  ['ESLint', 'eslint', ['.', '--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/']],
  ['Prettier', 'prettier', ['--check', '--log-level=warn', '.']],
  ['Import boundaries', 'depcruise', ['worker', 'client', 'common', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']],
  ['Feature cycles', 'depcruise', ['worker', '--config', '.dependency-cruiser-features.cjs', '--output-type', 'err']],
  ['Table owners (worker/db/owners.ts)', 'node', ['scripts/check-table-owners.mjs']],
  ['Table owners: the check’s own tests', 'node', ['--test', '--test-reporter=dot', 'scripts/check-table-owners.test.mjs']],
  ['Binding types (worker/bindings.d.ts, `npm run types`)', 'npm', ['run', '--silent', 'types', '--', '--check']],
];

// The project's own tools under its own Node 22, whatever PATH the caller has.
const bin = join(root, 'node_modules', '.bin');
const failed = [];
for (const [name, command, args] of CHECKS) {
  const program = command === 'npm' ? command : command === 'node' ? process.execPath : join(bin, command);
  const result = spawnSync(program, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...WRANGLER_ENV, CI: 'true', PATH: `${bin}:${process.env.PATH}` },
  });
  if (result.status === 0) {
    console.log(`✔ ${name}`);
  } else {
    failed.push(name);
    console.log(`✖ ${name}\n${result.error ? String(result.error) : `${result.stdout}${result.stderr}`.trim()}\n`);
  }
}
if (failed.length > 0) {
  console.error(`✖ ${failed.length} check(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
