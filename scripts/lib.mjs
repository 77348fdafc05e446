// Shared helpers of the dev, seed and test scripts (Node 22).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The environment every wrangler child process gets (spread over process.env): no
 * telemetry, and no fetch of Cloudflare's request.cf sample at start: Adloom reads only
 * cf.country, which is absent locally anyway, and the fetch fails on machines without internet.
 */
export const WRANGLER_ENV = Object.freeze({ WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' });

/** Runs a command from node_modules/.bin (or the PATH), inheriting output; exits on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' }, ...options });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
  return result;
}

/**
 * Chromium: CHROME_PATH, else Debian's. The one lookup: the e2e setup, the bench, the showcase
 * and .ci/run use it. The browser tests ask for `{ headlessShell: true }`: Debian's
 * chromium-headless-shell (the same Blink without the browser around it, which Playwright also
 * runs for headless tests) when installed, then /usr/bin/chromium (or /usr/bin/chromium-browser).
 * The shell does the browser tests in ≈ 0.6 of chromium's CPU (docs/decisions/0028).
 */
export function chromiumPath({ headlessShell = false } = {}) {
  const candidates = [process.env.CHROME_PATH, headlessShell && '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((path) => existsSync(path));
}

export const CHROMIUM_INSTALL_HINT =
  'sudo apt-get update && sudo apt-get install -y chromium-headless-shell   (or chromium, or set CHROME_PATH to a Chromium/Chrome binary)';
