// The renderer Worker (wrangler.renderer.toml, worker/renderer) as `wrangler deploy` would upload
// it, for the places that run it outside `wrangler dev`: the worker tests (an auxiliary worker of
// the vitest plugin, which runs bundled JavaScript only) and the bench (miniflare).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, WRANGLER_ENV } from './lib.mjs';

export const RENDERER_CONFIG = join(root, 'wrangler.renderer.toml');
/** The renderer's name in wrangler.renderer.toml, which the main worker's RENDERER binding names. */
export const RENDERER_NAME = 'adloom-renderer';

/**
 * wrangler.renderer.toml's compatibility date, [vars] (plain `NAME = "value"` lines) and R2
 * buckets (binding → bucket_name, the id under which wrangler's local storage and the main
 * worker's binding of the same bucket share the objects), for miniflare.
 */
export function rendererSettings() {
  const toml = readFileSync(RENDERER_CONFIG, 'utf8');
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!compatibilityDate) throw new Error('wrangler.renderer.toml has no compatibility_date');
  const section = toml.split(/^\[vars\]$/m)[1]?.split(/^\[/m)[0] ?? '';
  const vars = Object.fromEntries([...section.matchAll(/^([A-Z_]+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1], m[2]]));
  const r2Buckets = Object.fromEntries(
    toml
      .split(/^\[\[r2_buckets\]\]$/m)
      .slice(1)
      .map((block) => [/^binding\s*=\s*"([^"]+)"/m.exec(block)?.[1], /^bucket_name\s*=\s*"([^"]+)"/m.exec(block)?.[1]])
      .filter(([binding, bucket]) => binding && bucket),
  );
  return { compatibilityDate, vars, r2Buckets };
}

/** Bundles the renderer into `outdir` (index.js and its WebAssembly modules); throws with wrangler's output when it fails. */
export function bundleRenderer(outdir, { minify = true } = {}) {
  const args = ['deploy', '--dry-run', '-c', RENDERER_CONFIG, '--outdir', outdir, ...(minify ? ['--minify'] : [])];
  const result = spawnSync(join(root, 'node_modules', '.bin', 'wrangler'), args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...WRANGLER_ENV, CI: 'true' },
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** The bundle in `dir` as miniflare modules: the entry first, then every WebAssembly module it imports. */
export function rendererModules(dir) {
  const files = readdirSync(dir);
  return [
    { type: 'ESModule', path: join(dir, 'index.js') },
    ...files.filter((f) => f.endsWith('.wasm')).map((f) => ({ type: 'CompiledWasm', path: join(dir, f) })),
  ];
}
