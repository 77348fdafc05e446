// `npm run deploy`'s last step: the renderer Worker first (wrangler.renderer.toml), then the main
// worker, whose RENDERER service binding names it (a binding to a Worker that does not exist yet
// fails the deploy), with the build's own facts (scripts/build-defines.mjs). Extra arguments
// (e.g. --dry-run) go to both. Both are minified, as the bench weighs them (bench/budgets.json:
// the main worker's 600 KiB is a minified size; unminified it is ≈ 623 KiB gzip).
import { buildDefines } from './build-defines.mjs';
import { run, WRANGLER_ENV } from './lib.mjs';
import { RENDERER_CONFIG } from './renderer-bundle.mjs';

const env = { ...process.env, ...WRANGLER_ENV };
const extra = process.argv.slice(2);
console.log('› Deploying the renderer Worker (wrangler.renderer.toml)…');
run('wrangler', ['deploy', '--minify', '-c', RENDERER_CONFIG, ...extra], { env });
console.log('› Deploying the main worker (wrangler.toml)…');
run('wrangler', ['deploy', '--minify', ...buildDefines(), ...extra], { env });
