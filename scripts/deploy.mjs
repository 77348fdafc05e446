// `npm run deploy`'s last step: `wrangler deploy` with the build's own facts (scripts/build-defines.mjs).
import { buildDefines } from './build-defines.mjs';
import { run, WRANGLER_ENV } from './lib.mjs';

run('wrangler', ['deploy', ...buildDefines(), ...process.argv.slice(2)], { env: { ...process.env, ...WRANGLER_ENV } });
