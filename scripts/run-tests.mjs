// `npm test` under Node 22: typecheck, build the client, then every suite (worker in
// workerd, client components in happy-dom, browser tests in chromium against wrangler dev).
import { CHROMIUM_INSTALL_HINT, chromiumPath, run } from './lib.mjs';

if (!chromiumPath()) {
  console.error(`✖ The browser tests need Chromium, and none was found.\n  Install it: ${CHROMIUM_INSTALL_HINT}`);
  process.exit(1);
}
console.log('› Typechecking…');
run('tsc', ['-p', 'tsconfig.json']);
run('tsc', ['-p', 'tsconfig.node.json']);
console.log('› Building the client…');
run('vite', ['build', '--logLevel', 'warn']);
console.log('› Running the tests…');
run('vitest', ['run', ...process.argv.slice(2)]);
