// What the worker bundle knows about its own build (worker/build-info.ts, shown by /test):
// wrangler `--define` arguments for `wrangler dev` (scripts/dev.mjs) and `wrangler deploy`
// (scripts/deploy.mjs). A bundle made without them reports these as not recorded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

/** `--define` arguments: the build time (now) and wrangler.toml's compatibility_date. */
export function buildDefines(now = new Date()) {
  const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const defines = { __ADLOOM_BUILT_AT__: now.toISOString(), __ADLOOM_COMPATIBILITY_DATE__: compatibilityDate };
  return Object.entries(defines)
    .filter(([, value]) => value !== undefined)
    .flatMap(([name, value]) => ['--define', `${name}:${JSON.stringify(value)}`]);
}
