import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_INSTALL_HINT, chromiumPath } from '../scripts/lib.mjs';
import { startE2eServer } from './server.ts';

const root = join(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromium: string;
    persistDir: string;
  }
}

function requireChromium(): string {
  const found = chromiumPath();
  if (!found)
    throw new Error(
      `The browser tests need Chromium and found none (CHROME_PATH, /usr/bin/chromium, /usr/bin/chromium-browser).\nInstall it with:  ${CHROMIUM_INSTALL_HINT}`,
    );
  return found;
}

/**
 * The browser tests' server (e2e/server.ts): the one `npm test` started beside the other suites
 * (E2E_BASE_URL, E2E_PERSIST_DIR), else one of their own, stopped when they end.
 */
export default async function setup(project: TestProject) {
  const chromium = requireChromium();
  if (!existsSync(join(root, 'dist', 'client', '.vite', 'manifest.json'))) {
    throw new Error('The client is not built: run `npx vite build` (npm test does it first).');
  }
  const given = process.env.E2E_BASE_URL && process.env.E2E_PERSIST_DIR;
  const server = given ? { baseURL: process.env.E2E_BASE_URL!, persistDir: process.env.E2E_PERSIST_DIR!, stop: () => {} } : await startE2eServer();
  project.provide('baseURL', server.baseURL);
  project.provide('chromium', chromium);
  project.provide('persistDir', server.persistDir);
  return server.stop;
}
