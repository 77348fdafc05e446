// `npm start` under Node 22: local D1 migrations, demo data, client build, wrangler dev (the main
// worker and the renderer Worker).
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildDefines } from './build-defines.mjs';
import { root, run, WRANGLER_ENV } from './lib.mjs';
import { RENDERER_CONFIG } from './renderer-bundle.mjs';
import { DEMO_USERS, SEED_PRESENTATION_PASSWORD, SEED_PRESENTATIONS, seed } from './seed.mjs';

const PORT = process.env.PORT ?? '8787';

if (!existsSync(join(root, '.dev.vars'))) {
  copyFileSync(join(root, '.dev.vars.example'), join(root, '.dev.vars'));
  console.log('› Created .dev.vars from .dev.vars.example (local development values)');
}

console.log('› Applying database migrations to the local D1…');
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local'], { stdio: ['ignore', 'ignore', 'inherit'] });
console.log('› Seeding demo data…');
seed();
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);

console.log(`
  Adloom is starting at http://localhost:${PORT}

  Demo logins:
${DEMO_USERS.map((u) => `    ${u.role.padEnd(5)}  ${u.email.padEnd(20)} ${u.password}`).join('\n')}

  Demo presentations (signed out): http://localhost:${PORT}/presents/${SEED_PRESENTATIONS[0]}
    password-protected: /presents/${SEED_PRESENTATIONS[4]} (password ${SEED_PRESENTATION_PASSWORD}), expired: /presents/${SEED_PRESENTATIONS[5]}

  Emails are not sent locally: their links are printed below as "[mail] …" lines.
`);

// Both Workers in one wrangler dev: the main worker (first config, served on PORT) and the
// renderer Worker its RENDERER binding calls (docs/decisions/0021-renderer-worker.md).
const child = spawn(
  'wrangler',
  ['dev', '-c', 'wrangler.toml', '-c', RENDERER_CONFIG, '--port', PORT, '--show-interactive-dev-session=false', ...buildDefines()],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...WRANGLER_ENV },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
