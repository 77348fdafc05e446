// `npm start`: install if needed, then scripts/dev.mjs under Node 22.
import { runWithNode22 } from './ensure-install.mjs';

runWithNode22('scripts/dev.mjs', process.argv.slice(2));
