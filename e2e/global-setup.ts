import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDefines } from '../scripts/build-defines.mjs';
import { CHROMIUM_INSTALL_HINT, chromiumPath, WRANGLER_ENV } from '../scripts/lib.mjs';
import { RENDERER_CONFIG } from '../scripts/renderer-bundle.mjs';

const root = join(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 8799);
const PERSIST_DIR = join(root, '.wrangler', 'e2e');
/** The same database right after the migrations, before the seed: a starting point for tests that need their own (backups). */
const MIGRATED_DIR = join(root, '.wrangler', 'e2e-migrated');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromium: string;
    persistDir: string;
    migratedDir: string;
    serverProcessGroup: number;
  }
}

function requireChromium(): string {
  const found = chromiumPath({ headlessShell: true });
  if (!found)
    throw new Error(
      `The browser tests need Chromium and found none (CHROME_PATH, /usr/bin/chromium-headless-shell, /usr/bin/chromium, /usr/bin/chromium-browser).\nInstall it with:  ${CHROMIUM_INSTALL_HINT}`,
    );
  return found;
}

function wrangler(args: string[]): void {
  const result = spawnSync('wrangler', args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...WRANGLER_ENV, CI: 'true' } });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${result.stderr}`);
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`wrangler dev did not become healthy:\n${output()}`);
}

/**
 * Starts Adloom as a developer would (wrangler dev, local D1/R2) on a fresh database
 * with the real migrations and the demo seed, for the browser tests.
 */
export default async function setup(project: TestProject) {
  const chromium = requireChromium();
  if (!existsSync(join(root, 'dist', 'client', '.vite', 'manifest.json'))) {
    throw new Error('The client is not built: run `npx vite build` (npm test does it first).');
  }
  rmSync(PERSIST_DIR, { recursive: true, force: true });
  mkdirSync(PERSIST_DIR, { recursive: true });
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', `--persist-to=${PERSIST_DIR}`]);
  // A copy costs nothing; applying the migrations again takes wrangler ≈ 15 s and 17 CPU-s.
  rmSync(MIGRATED_DIR, { recursive: true, force: true });
  cpSync(PERSIST_DIR, MIGRATED_DIR, { recursive: true });
  const { seed } = await import('../scripts/seed.mjs');
  seed(PERSIST_DIR);

  let log = '';
  const child = spawn(
    'wrangler',
    [
      'dev',
      // The main worker and the renderer Worker its RENDERER binding calls, as `npm start` runs them.
      '-c',
      'wrangler.toml',
      '-c',
      RENDERER_CONFIG,
      '--port',
      String(PORT),
      '--ip',
      '127.0.0.1',
      `--persist-to=${PERSIST_DIR}`,
      '--env-file',
      '.dev.vars.example',
      '--show-interactive-dev-session=false',
      // GET /__scheduled runs the cron's jobs now: browser tests run the publishing and insights jobs with it.
      '--test-scheduled',
      // The build's own facts, as `npm start` passes them (/test shows them).
      ...buildDefines(),
    ],
    { cwd: root, detached: true, env: { ...process.env, ...WRANGLER_ENV, CI: 'true' } },
  );
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseURL = `http://127.0.0.1:${PORT}`;
  await waitForHealth(baseURL, child, () => log);
  // In a plain `vitest run` the browser tests run last (vitest.config.ts): until then wrangler dev
  // waits stopped, since its file watcher (esbuild's, with no switch to turn it off) polls at
  // ≈ 7.5 % of a core, 40 CPU-s over the worker and client tests. e2e/setup.ts wakes it before each
  // browser test file (at once when the browser tests run in their own vitest, as in `npm test`).
  process.kill(-child.pid!, 'SIGSTOP');

  project.provide('baseURL', baseURL);
  project.provide('chromium', chromium);
  project.provide('persistDir', PERSIST_DIR);
  project.provide('migratedDir', MIGRATED_DIR);
  project.provide('serverProcessGroup', child.pid!);

  return () => {
    // wrangler dev runs workerd as a child: stop the whole process group.
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGCONT');
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
}
