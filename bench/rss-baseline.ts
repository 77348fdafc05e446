// `node bench/rss-baseline.ts [seconds per phase] [phases]`: what workerd's resident memory does
// under load with a Worker that does nothing ("ok" from every request) and with one that runs one
// D1 query per request, in phases of 20 s at 16 keep-alive connections. The context for the load
// run's RSS (bench/load-mix.ts): locally, workerd's RSS climbs for its first few hundred thousand
// requests whatever the Worker does, then levels off; the number that tells a leak is the
// isolate's heap after a forced collection (bench/heap.ts).
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';

const seconds = Number(process.argv[2] ?? 20);
const phases = (process.argv[3] ?? 'none,none,none,none,none,none,query,query,query').split(',');
const PORT = 8977;
const script = `export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname === '/none') return new Response('ok');
    const { results } = await env.DB.withSession('first-unconstrained').prepare('SELECT id, name FROM t WHERE id < ?').bind(50).all();
    return Response.json(results.length);
  },
};`;

/** workerd processes now (its binary's name in /proc/<pid>/comm). */
function workerdPids(): Set<string> {
  const found = new Set<string>();
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'workerd') found.add(p);
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

const before = workerdPids();
const mf = new Miniflare(
  convertV4MiniflareOptions({
    port: PORT,
    workers: [{ name: 'rss-baseline', modules: true, script, d1Databases: ['DB'], compatibilityDate: '2025-09-01' }],
  }),
);
await mf.ready;
const db = await mf.getD1Database('DB');
await db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
await db.batch(Array.from({ length: 100 }, (_, i) => db.prepare('INSERT INTO t VALUES (?, ?)').bind(i, `name ${i}`)));

const pid = [...workerdPids()].find((p) => !before.has(p));
if (!pid) throw new Error('workerd not found');
const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const get = (path: string) =>
  new Promise<void>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path, agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
      .on('error', reject);
  });

console.log(`workerd ${pid}: ${rssMb()} MB before the load`);
for (const phase of phases) {
  const start = rssMb();
  const end = Date.now() + seconds * 1000;
  let requests = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < end) {
        await get(`/${phase}`);
        requests += 1;
      }
    }),
  );
  const after = rssMb();
  console.log(
    `${phase.padEnd(6)} ${String(requests).padStart(7)} requests  RSS ${start} → ${after} MB  (${(((after - start) * 1024) / requests).toFixed(2)} KB/request)`,
  );
}
agent.destroy();
await mf.dispose();
