// The builds the bench measures, shared by bench/run.ts and bench/profile.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { WRANGLER_ENV } from '../scripts/lib.mjs';
import { bundleRenderer } from '../scripts/renderer-bundle.mjs';

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

/**
 * Where the bench builds the client: its own directory, never dist/client, which a running
 * `npm start` (wrangler dev) serves: rebuilding that under it breaks every page until a restart.
 */
export const BENCH_CLIENT_DIR = join(root, 'bench', '.build', 'client');
/** The client `npm test` (and `npm run build`) builds; the bench only reads it (`--reuse-client`). */
export const DIST_CLIENT_DIR = join(root, 'dist', 'client');

/** Whether a directory holds a client build (its Vite manifest, which the bench reads). */
export function clientBuilt(clientDir: string): boolean {
  return existsSync(join(clientDir, '.vite', 'manifest.json'));
}

/** The production client (what the worker serves and its SSR reads), into the bench's own directory. */
export function buildClient(clientDir = BENCH_CLIENT_DIR): void {
  step(`Building the client (vite build --outDir ${relative(root, clientDir)})`, 'vite', [
    'build',
    '--logLevel',
    'warn',
    '--outDir',
    clientDir,
    '--emptyOutDir',
  ]);
}

/**
 * The worker as `wrangler deploy` would upload it, into `outdir`: minified for the budgets,
 * readable for profiles. `--assets` points wrangler at the client being measured (it
 * refuses to bundle when wrangler.toml's dist/client does not exist).
 */
export function bundleWorker(outdir: string, options: { minify: boolean; clientDir: string }): void {
  bundleRendererWorker(rendererDirOf(outdir), options);
  const common = ['deploy', '--dry-run', '--outdir', outdir, '--assets', options.clientDir];
  if (options.minify) step('Bundling the worker (wrangler deploy --dry-run --minify)', 'wrangler', [...common, '--minify']);
  else step('Bundling the worker (wrangler deploy --dry-run, unminified)', 'wrangler', common);
}

/**
 * The main worker again with `apiAccess` replaced by bench/bearer-skipped.js (authentication left
 * out), minified, for the API kind's CPU of authentication (bench/api.ts): the bench build only.
 */
export function bundleUnauthenticatedWorker(outdir: string, options: { clientDir: string }): void {
  step('Bundling the worker without API authentication (wrangler deploy --dry-run --minify --alias …bearer.ts)', 'wrangler', [
    'deploy',
    '--dry-run',
    '--outdir',
    outdir,
    '--assets',
    options.clientDir,
    '--minify',
    '--alias',
    '#worker/features/api/v1/bearer.ts:./bench/bearer-skipped.js',
  ]);
}

/** Where `bundleWorker(outdir)` puts the renderer Worker: beside the main worker's bundle. */
export function rendererDirOf(workerDir: string): string {
  return join(workerDir, '..', `${workerDir.split('/').at(-1)}-renderer`);
}

/** The renderer Worker (wrangler.renderer.toml) as deployed, into `outdir`: the main worker's RENDERER binding calls it. */
export function bundleRendererWorker(outdir: string, options: { minify: boolean }): void {
  log(`› Bundling the renderer Worker (wrangler deploy --dry-run -c wrangler.renderer.toml${options.minify ? ' --minify' : ''})`);
  bundleRenderer(outdir, { minify: options.minify });
}
