// The builds the bench measures, shared by bench/run.ts and bench/profile.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { WRANGLER_ENV } from '../scripts/lib.mjs';

const root = join(import.meta.dirname, '..');

export const log = (line = '') => process.stdout.write(`${line}\n`);

/** Runs one tool quietly (its output is printed only when it fails) and returns its stdout. */
export function step(title: string, command: string, commandArgs: string[]): string {
  log(`› ${title}`);
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...WRANGLER_ENV, CI: 'true' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${command} ${commandArgs.join(' ')} failed`);
  }
  return result.stdout;
}

/** Whether dist/client holds a client build (its Vite manifest, which the bench reads). */
export function clientBuilt(): boolean {
  return existsSync(join(root, 'dist', 'client', '.vite', 'manifest.json'));
}

/** The production client, into dist/client (what the worker serves and its SSR reads). */
export function buildClient(): void {
  step('Building the client (vite build)', 'vite', ['build', '--logLevel', 'warn']);
}

/** The worker as `wrangler deploy` would upload it, into `outdir`: minified for the budgets, readable for profiles. */
export function bundleWorker(outdir: string, options: { minify: boolean }): void {
  if (options.minify) step('Bundling the worker (wrangler deploy --dry-run --minify)', 'wrangler', ['deploy', '--dry-run', '--minify', '--outdir', outdir]);
  else step('Bundling the worker (wrangler deploy --dry-run, unminified)', 'wrangler', ['deploy', '--dry-run', '--outdir', outdir]);
}
