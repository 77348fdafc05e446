// `npm test`: install if needed, then scripts/run-tests.mjs under Node 22.
import { runWithNode22 } from './ensure-install.mjs';

runWithNode22('scripts/run-tests.mjs', process.argv.slice(2));
