// `node bench/floor-statements.ts [--build] [/api/dashboard] [seconds]`: where SQLite's work in a
// batch route goes (issue 30 point 5, decision 0037). Captures the route's batch as the counted
// worker ran it (bench/d1-counted.js), then for each statement: its query plan, the rows D1 says it
// read and the bytes it answered, and its CPU per run through the floor worker's `/own` (alone in a
// batch, less a batch of one `SELECT 1`). Uses the minified bundle of the last `npm run bench`
// (bench/.build/worker) with dist/client; --build bundles it first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DIST_CLIENT_DIR, bundleWorker, clientBuilt } from './build.ts';
import { pinServer, runLoad } from './load.ts';
import { startServer } from './server.ts';

const { values: options, positionals } = parseArgs({ allowPositionals: true, options: { build: { type: 'boolean', default: false } } });
const path = positionals[0] ?? '/api/dashboard';
const seconds = Number(positionals[1] ?? 2);
const bundleDir = join(import.meta.dirname, '.build', 'worker');
if (!clientBuilt(DIST_CLIENT_DIR)) throw new Error('No client build in dist/client: run `npx vite build`.');
if (options.build) bundleWorker(bundleDir, { minify: true, clientDir: DIST_CLIENT_DIR });
if (!existsSync(join(bundleDir, 'index.js'))) throw new Error('No bench/.build/worker bundle: run with --build.');

const server = await startServer(bundleDir, { clientDir: DIST_CLIENT_DIR });
pinServer(server.workerdPid);
try {
  await fetch(`${server.adloomCounted}/__bench/d1`);
  const answer = await fetch(`${server.adloomCounted}${path}`, { headers: { cookie: server.sessionCookie } });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  await answer.arrayBuffer();
  const { lastBatch } = (await (await fetch(`${server.adloomCounted}/__bench/d1`)).json()) as { lastBatch: { sql: string; params: unknown[] }[] };
  const load = { connections: 4, seconds, workerdPid: server.workerdPid };
  const cpuOf = async (route: string, statements: { sql: string; params: unknown[] }[]) => {
    await fetch(`${server.floor}/own?route=${route}`, { method: 'PUT', body: JSON.stringify(statements) });
    await runLoad({ name: route, url: `${server.floor}/own?route=${route}` }, { ...load, seconds: 1 });
    return (await runLoad({ name: route, url: `${server.floor}/own?route=${route}` }, load)).cpuMsPerRequest;
  };
  const one = await cpuOf('one', [{ sql: 'SELECT 1 AS one', params: [] }]);
  const all = await cpuOf('all', lastBatch);
  console.log(`${path}: ${lastBatch.length} statements; a batch of them ${all.toFixed(3)} ms CPU, a batch of one SELECT 1 ${one.toFixed(3)} ms\n`);
  for (const [i, statement] of lastBatch.entries()) {
    const plan = await server.db
      .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const result = await server.db
      .prepare(statement.sql)
      .bind(...statement.params)
      .all();
    const cpu = await cpuOf(`s${i}`, [statement]);
    console.log(
      `#${i}  ${(cpu - one).toFixed(3)} ms above SELECT 1 · rows read ${result.meta.rows_read} · ${JSON.stringify(result.results).length} B answered\n  ${statement.sql}\n  ${JSON.stringify(statement.params)}\n  ${plan.results.map((r) => r.detail).join('\n  ')}\n`,
    );
  }
} finally {
  await server.stop();
}
