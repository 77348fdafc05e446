// `npm run bench:profile -- [--uncached] [/path] [seconds]` (`node bench/profile.ts [--build] [--uncached] [/path] [seconds]`):
// a CPU profile of the worker under load, for finding where a route spends its time (a /api/v1/ path with a bearer key). Prints
// the top functions by self time and writes bench/results/profile.cpuprofile (open it in
// Chrome DevTools). Profiles the unminified worker bundle (readable names) in
// bench/.build/profile with the client in bench/.build/client (never dist/client, which a
// running `npm start` serves); --build (what the npm script passes) builds both first.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchKey } from './api.ts';
import { inspectorSession } from './inspector.ts';
import { BENCH_CLIENT_DIR, buildClient, bundleWorker, clientBuilt } from './build.ts';
import { pinServer, runLoad } from './load.ts';
import { benchApi } from './renders.ts';
import { startServer } from './server.ts';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'boolean', default: false }, uncached: { type: 'boolean', default: false } },
});
const path = positionals[0] ?? '/';
const seconds = Number(positionals[1] ?? 3);
const INSPECTOR = 9239;
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const bundleDir = join(import.meta.dirname, '.build', 'profile');
if (options.build) {
  buildClient(BENCH_CLIENT_DIR);
  bundleWorker(bundleDir, { minify: false, clientDir: BENCH_CLIENT_DIR });
}
if (!clientBuilt(BENCH_CLIENT_DIR) || !existsSync(join(bundleDir, 'index.js')))
  throw new Error('No bench/.build/client build or no bench/.build/profile bundle: run `npm run bench:profile -- /path`.');
const server = await startServer(bundleDir, { clientDir: BENCH_CLIENT_DIR, inspectorPort: INSPECTOR });
pinServer(server.workerdPid);

const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json()) as { id: string; title: string; webSocketDebuggerUrl: string }[];
const workerName = options.uncached ? 'adloom-uncached' : 'adloom';
const target =
  targets.find((t) => t.title.endsWith(workerName) || t.title.includes(`${workerName}:`) || t.title === workerName) ??
  targets.find((t) => t.title.includes(workerName)) ??
  targets[0]!;
// The public API (/api/v1/…) with a bearer key of a new project (bench/api.ts), the rest of /api signed in.
const apiHeaders = async (): Promise<Record<string, string>> => {
  if (!path.startsWith('/api/v1/')) return { cookie: server.sessionCookie };
  const project = await benchApi(server)<{ id: string }>('POST', '/api/projects', { name: `Profile ${Date.now()}` });
  return { authorization: `Bearer ${(await benchKey(server, project.id)).secret}` };
};
const headers = path.startsWith('/api') ? await apiHeaders() : path.startsWith('/p/') ? { 'user-agent': BROWSER_AGENT } : {};
const { send, close } = await inspectorSession(target.webSocketDebuggerUrl);

await send('Profiler.enable');
await send('Profiler.setSamplingInterval', { interval: 50 });
await send('Profiler.start');
const load = await runLoad(
  {
    name: path,
    // --uncached: funnel pages without the edge cache (EDGE_CACHE=off).
    url: `${options.uncached ? server.adloomUncached : server.adloom}${path}`,
    // The API signed in (or with a bearer key); a funnel page as a browser loads it (its view is counted, as in npm run bench).
    headers,
  },
  { connections: 16, seconds, workerdPid: server.workerdPid },
);
const { profile } = (await send('Profiler.stop')) as {
  profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[] };
};
close();
await server.stop();

const counts = new Map<number, number>();
for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + (counts.get(node.id) ?? 0));
}
const total = profile.samples.length;
console.log(`${path}: ${Math.round(load.rps)} req/s, ${load.cpuMsPerRequest.toFixed(3)} ms CPU/request, ${total} samples`);
for (const [name, count] of [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((count / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(join(import.meta.dirname, 'results', 'profile.cpuprofile'), JSON.stringify(profile));
