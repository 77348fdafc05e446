import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, normalize } from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { RENDERER_NAME, rendererModules, rendererSettings } from '../scripts/renderer-bundle.mjs';
import { DEMO_USERS, SEED_CREATIONS, SEED_MEDIA, seedSql, seedThumbnails } from '../scripts/seed.mjs';
import { rendererDirOf } from './build.ts';

/** The main worker's RENDERER binding: the renderer Worker's `Renderer` entrypoint (wrangler.toml [[services]]). */
const RENDERER_BINDING = { name: RENDERER_NAME, entrypoint: 'Renderer' };

/**
 * Adloom's production bundle (the main worker and the renderer Worker it calls) and the baseline worker in one workerd, through
 * miniflare's API: each worker on its own direct socket, so no dev proxy and no
 * router sits in front of either (STACK.md: the wrangler dev proxy caps at ~350 req/s).
 */
export interface BenchServer {
  adloom: string;
  /** The same bundle and database with the funnel pages' edge cache off (EDGE_CACHE=off, no Cache API). */
  adloomUncached: string;
  /** Adloom behind a stand-in for the edge's compression (bench/edge.js), for Lighthouse. */
  edge: string;
  baseline: string;
  /** A static copy of an Adloom response (bench/ceiling.js): what serving those bytes and headers costs workerd alone. */
  ceiling: string;
  /** The database floor (bench/floor.js): `/one` makes one round trip to the same D1, `/batch?n=N` one batch of N statements. */
  floor: string;
  /** The uncached worker again, its D1 binding counting round trips (bench/d1-counted.js): `GET /__bench/d1` reads the counts. */
  adloomCounted: string;
  /**
   * The main worker bundled with the API's authentication left out (bench/bearer-skipped.js), when
   * started with `unauthenticatedDir` (the API kind): the same route there costs what it costs less authentication.
   */
  adloomUnauthenticated?: string;
  workerdPid: number;
  /** workerd's inspector (Chrome DevTools Protocol), when the server was started with one. */
  inspectorPort?: number;
  sessionCookie: string;
  /** The seeded demo user (signed in as `sessionCookie`). */
  userId: string;
  /** The bench database, for setting up what a measurement needs (e.g. credits for renders). */
  db: Awaited<ReturnType<Miniflare['getD1Database']>>;
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '..');
const PORTS = { adloom: 8901, baseline: 8902, edge: 8903, adloomUncached: 8904, ceiling: 8905, floor: 8906, adloomCounted: 8907, adloomUnauthenticated: 8908 };
const wranglerToml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
/** As deployed: wrangler.toml's compatibility_date. */
const COMPATIBILITY_DATE = ((): string => {
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];
  if (!date) throw new Error('wrangler.toml has no compatibility_date');
  return date;
})();

/** One of the bench's small comparison workers (bench/<name>.js), on its own port; `serviceBindings` reach the app. */
function benchWorker(name: 'edge' | 'ceiling' | 'baseline' | 'floor', serviceBindings?: Record<string, string>, d1Databases?: Record<string, string>) {
  return {
    name,
    modules: true,
    scriptPath: join(import.meta.dirname, `${name}.js`),
    compatibilityDate: COMPATIBILITY_DATE,
    ...(serviceBindings ? { serviceBindings } : {}),
    ...(d1Databases ? { d1Databases } : {}),
    unsafeDirectSockets: [{ host: '127.0.0.1', port: PORTS[name] }],
  };
}

/** wrangler.toml's queue consumers with their batching and retries, as deployed (the bulk runs' speed depends on them). */
function queueConsumers(): Record<string, { maxBatchSize?: number; maxBatchTimeout?: number; maxRetries?: number }> {
  const out: Record<string, { maxBatchSize?: number; maxBatchTimeout?: number; maxRetries?: number }> = {};
  for (const block of wranglerToml.split(/^\[\[queues\.consumers\]\]$/m).slice(1)) {
    const body = block.split(/^\[/m)[0] ?? '';
    const queue = /^queue\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    const number = (name: string) => {
      const value = new RegExp(`^${name}\\s*=\\s*(\\d+)`, 'm').exec(body)?.[1];
      return value === undefined ? undefined : Number(value);
    };
    if (!queue) throw new Error('wrangler.toml: a [[queues.consumers]] without a queue');
    const settings = { maxBatchSize: number('max_batch_size'), maxBatchTimeout: number('max_batch_timeout'), maxRetries: number('max_retries') };
    out[queue] = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  }
  return out;
}

function vars(): Record<string, string> {
  const section = wranglerToml.split('[vars]')[1]?.split(/\n\[/)[0] ?? '';
  const out: Record<string, string> = {};
  for (const match of section.matchAll(/^([A-Z_]+)\s*=\s*"([^"]*)"/gm)) out[match[1]!] = match[2]!;
  return out;
}

/** The bundle as wrangler wrote it: index.js first, markdown content as text modules, the renderer's WebAssembly. */
function bundleModules(dir: string) {
  const files = readdirSync(dir);
  const text = files.filter((f) => f.endsWith('.md') && f !== 'README.md');
  const wasm = files.filter((f) => f.endsWith('.wasm'));
  return [
    {
      type: 'ESModule' as const,
      path: join(
        dir,
        files.find((f) => f.endsWith('.js'))!,
      ),
    },
    ...text.map((f) => ({ type: 'Text' as const, path: join(dir, f) })),
    ...wasm.map((f) => ({ type: 'CompiledWasm' as const, path: join(dir, f) })),
  ];
}

/**
 * The same bundle behind bench/d1-counted.js, which wraps its D1 binding to count round trips: the
 * counting entry first (it imports the bundle's own entry module), then the bundle's modules.
 */
function countedModules(dir: string) {
  const [entry, ...rest] = bundleModules(dir);
  const source = readFileSync(join(import.meta.dirname, 'd1-counted.js'), 'utf8').replace("'./index.js'", `'./${basename(entry!.path)}'`);
  return [{ type: 'ESModule' as const, path: join(dir, '__d1-counted.js'), contents: source }, entry!, ...rest];
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain',
};

/** The ASSETS binding: the files of one client build. */
function serveBuiltAssets(clientDir: string) {
  return async (request: Request): Promise<Response> => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    const file = join(clientDir, normalize(path));
    if (!file.startsWith(clientDir) || !existsSync(file)) return new Response('Not found', { status: 404 });
    return new Response(readFileSync(file), { headers: { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' } });
  };
}

function findWorkerdPid(): number {
  // workerd is a child of this process (miniflare spawns it).
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').trim();
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
      const ppid = Number(rest?.split(' ')[1]);
      if (comm === 'workerd' && ppid === process.pid) return Number(entry);
    } catch {
      // process ended meanwhile
    }
  }
  throw new Error('workerd process not found');
}

/** Serves the worker bundle in `bundleDir` with the client build in `options.clientDir` as its assets. */
export async function startServer(
  bundleDir: string,
  options: { clientDir: string; inspectorPort?: number; unauthenticatedDir?: string },
): Promise<BenchServer> {
  // The app's worker, as both app workers run it (each adds its name and socket).
  const appWorker = {
    modulesRoot: bundleDir,
    modules: bundleModules(bundleDir),
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: ['nodejs_compat'],
    d1Databases: { DB: 'bench-db' },
    r2Buckets: ['MEDIA'],
    // wrangler.toml's queues (decision 0041); only the 'adloom' worker consumes them (a queue has one consumer).
    queueProducers: { WEBHOOKS: 'adloom-webhooks', WRITES: 'adloom-writes', BATCHES: 'adloom-batches' },
    // In production, with run_worker_first, requests reach the worker directly and
    // ASSETS is Cloudflare's asset service. Miniflare's local asset router would sit
    // in front of every request (≈0.15 ms CPU each), so the bench binds ASSETS to
    // the built files instead: used once per isolate for the manifest.
    serviceBindings: { ASSETS: serveBuiltAssets(options.clientDir), RENDERER: RENDERER_BINDING },
    bindings: {
      ...vars(),
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
      TOKEN_ENCRYPTION_KEY: 'YmVuY2gtdG9rZW4tZW5jcnlwdGlvbi1rZXktMDAwMDA=',
    },
  };
  // This miniflare line takes the new per-worker config; convert from the familiar shape.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
      workers: [
        {
          ...appWorker,
          name: 'adloom',
          queueConsumers: queueConsumers(),
          unsafeDirectSockets: [{ host: '127.0.0.1', port: PORTS.adloom }],
        },
        // The funnel pages without their edge cache (same database): the uncached throughput budget.
        {
          ...appWorker,
          name: 'adloom-uncached',
          bindings: { ...appWorker.bindings, EDGE_CACHE: 'off' },
          cacheAPI: false,
          unsafeDirectSockets: [{ host: '127.0.0.1', port: PORTS.adloomUncached }],
        },
        // The uncached worker again with its D1 binding counted (bench/d1-counted.js): round trips per request, never its speed.
        {
          ...appWorker,
          name: 'adloom-counted',
          modules: countedModules(bundleDir),
          bindings: { ...appWorker.bindings, EDGE_CACHE: 'off' },
          cacheAPI: false,
          unsafeDirectSockets: [{ host: '127.0.0.1', port: PORTS.adloomCounted }],
        },
        // The API kind: the same app without the API's authentication (bench/build.ts bundleUnauthenticatedWorker), same database.
        ...(options.unauthenticatedDir
          ? [
              {
                ...appWorker,
                name: 'adloom-unauthenticated',
                modulesRoot: options.unauthenticatedDir,
                modules: bundleModules(options.unauthenticatedDir),
                unsafeDirectSockets: [{ host: '127.0.0.1', port: PORTS.adloomUnauthenticated }],
              },
            ]
          : []),
        // The renderer Worker (wrangler.renderer.toml), bundled beside the main worker by bundleWorker.
        {
          name: RENDERER_NAME,
          modulesRoot: rendererDirOf(bundleDir),
          modules: rendererModules(rendererDirOf(bundleDir)),
          compatibilityDate: rendererSettings().compatibilityDate,
          compatibilityFlags: ['nodejs_compat'],
          bindings: rendererSettings().vars,
          // The main workers' MEDIA bucket (the same id, as wrangler.renderer.toml names the same bucket): the renderer reads a render's pictures from it.
          r2Buckets: ['MEDIA'],
        },
        benchWorker('edge', { ADLOOM: 'adloom' }),
        benchWorker('ceiling', { ADLOOM: 'adloom' }),
        benchWorker('baseline'),
        // The database floor: the same D1 database (same id), one round trip per request.
        benchWorker('floor', undefined, { DB: 'bench-db' }),
      ],
    }),
  );
  await mf.ready;

  // The real migrations and the demo seed on a fresh in-memory database.
  const db = await mf.getD1Database('DB', 'adloom');
  const migrations = readdirSync(join(root, 'migrations'))
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of migrations) {
    for (const statement of readFileSync(join(root, 'migrations', file), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await db.prepare(statement).run();
    }
  }
  for (const statement of seedSql().split('\n')) if (statement.trim()) await db.prepare(statement).run();
  // The seeded pictures too, as `npm start` stores them: a page that shows one must not log a 404 (Lighthouse best practices).
  const media = await mf.getR2Bucket('MEDIA', 'adloom');
  for (const item of [...SEED_CREATIONS, ...SEED_MEDIA, ...seedThumbnails()]) {
    await media.put(item.key, readFileSync(item.path), { httpMetadata: { contentType: 'contentType' in item ? item.contentType : 'image/png' } });
  }

  const adloom = `http://localhost:${PORTS.adloom}`;
  const edge = `http://localhost:${PORTS.edge}`;
  // Signed in as the seeded demo user (not an admin), for the workspace pages and the API.
  const demo = DEMO_USERS.find((user) => user.role === 'user')!;
  const login = await fetch(`${adloom}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: adloom },
    body: JSON.stringify({ email: demo.email, password: demo.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('adloom_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);

  return {
    adloom,
    adloomUncached: `http://localhost:${PORTS.adloomUncached}`,
    edge,
    baseline: `http://localhost:${PORTS.baseline}`,
    ceiling: `http://localhost:${PORTS.ceiling}`,
    floor: `http://localhost:${PORTS.floor}`,
    adloomCounted: `http://localhost:${PORTS.adloomCounted}`,
    ...(options.unauthenticatedDir ? { adloomUnauthenticated: `http://localhost:${PORTS.adloomUnauthenticated}` } : {}),
    workerdPid: findWorkerdPid(),
    ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
    sessionCookie: cookie,
    userId: demo.id,
    db,
    stop: () => mf.dispose(),
  };
}
