// The database floor (issue 30 point 5): each D1-bound route's req/s as a ratio to a worker that
// only makes the same kind of round trip to the same local D1 (bench/floor.js), its CPU per
// request, and its D1 round trips per request, counted in the `adloom-counted` worker
// (bench/d1-counted.js: the same bundle, its DB binding wrapped; the bench build only).
import { runLoad, type LoadSample, type LoadTarget } from './load.ts';
import type { BenchServer } from './server.ts';

/**
 * A D1-bound route of budgets.json `floor.routes`: which floor it is held to (`one` round trip, a
 * `batch` of as many `SELECT 1` as the dashboard's, or `own`: the route's own statements, the same
 * SQL and bindings, run straight through the floor worker's binding). A `batch` or `own` route is
 * measured against both: `own` less `batch` is SQLite's (and D1's client's) work for its queries,
 * the route less `own` the worker's own.
 */
export interface FloorRoute {
  name: string;
  floor: 'one' | 'batch' | 'own';
}

export interface FloorRow {
  target: string;
  rps: number;
  /** req/s ÷ its floor's in the same round, the mean of the rounds (and each round's, for the spread). */
  ratio: number;
  ratios: number[];
  /** req/s ÷ the bare baseline worker's, the mean of the rounds. */
  ofBaseline: number;
  cpuMs: number;
  /**
   * The CPU of the work around the database: `cpuMs` less what its round trips cost workerd in the
   * floor worker (the floor's CPU per request × round trips). The local D1 (miniflare's SQLite)
   * runs in the same workerd, so its CPU is in `cpuMs`; in production D1 is another machine's.
   */
  cpuAboveFloorMs: number;
  /** A `batch`/`own` route, and a route's own statements: `cpuMs` less the batch of as many `SELECT 1` (for the own statements: SQLite's work on them). */
  cpuAboveBatchMs: number | null;
  /** A `batch`/`own` route: `cpuMs` less its own statements run straight through D1 (the worker's own work). */
  cpuAboveOwnSqlMs: number | null;
  /** D1 round trips and statements per request (the counted worker; null for the floor itself). */
  roundTrips: number | null;
  statements: number | null;
  errors: number;
}

/** A current desktop Chrome: funnel views from it are counted like a visitor's (bots are not). */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Where a route is measured (`origin`: the worker's), with what headers: the API signed in, funnel pages uncached as a browser loads them. */
function routeTarget(route: string, origin: { api: string; funnel: string }, cookie: string): LoadTarget {
  const [method, path] = route.includes(' ') ? route.split(' ') : ['GET', route];
  if (method !== 'GET' || !path) throw new Error(`floor route ${route}: only GET routes are measured`);
  if (path.startsWith('/api/')) return { name: route, url: `${origin.api}${path}`, headers: { cookie } };
  return { name: route, url: `${origin.funnel}${path}`, headers: { 'user-agent': BROWSER_AGENT } };
}

/** The counted worker's counts since the previous read (bench/d1-counted.js). */
export interface Counts {
  requests: number;
  roundTrips: number;
  statements: number;
  /** The statements of the last batch the counted worker ran (SQL and values). */
  lastBatch: { sql: string; params: unknown[] }[];
  /** The statements run alone since the previous read, in order. */
  alone: { sql: string; params: unknown[] }[];
}

export async function readCounts(server: BenchServer): Promise<Counts> {
  return (await (await fetch(`${server.adloomCounted}/__bench/d1`)).json()) as Counts;
}

/** Round trips per request of one route under load (views batched as under load), after a warm-up. */
async function countRoute(server: BenchServer, route: string, workerdPid: number): Promise<Counts> {
  const target = routeTarget(route, { api: server.adloomCounted, funnel: server.adloomCounted }, server.sessionCookie);
  await runLoad(target, { connections: 4, seconds: 1, workerdPid });
  // The work after the responses (a batch of views) is written within the batching delay.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await readCounts(server);
  await runLoad(target, { connections: 16, seconds: 2, workerdPid });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return readCounts(server);
}

export async function measureFloor(
  server: BenchServer,
  routes: readonly FloorRoute[],
  options: { connections: number; seconds: number; rounds: number; workerdPid: number },
  log: (line: string) => void,
): Promise<{ rows: FloorRow[]; batchSize: number }> {
  const counted = new Map<string, Counts>();
  for (const route of routes) counted.set(route.name, await countRoute(server, route.name, options.workerdPid));
  // The floor's batch: as many statements as the dashboard's batch (the largest per-request statement count of a `batch` route).
  const batchSize = Math.max(
    1,
    ...routes
      .filter((r) => r.floor !== 'one')
      .map((r) => {
        const c = counted.get(r.name)!;
        return Math.round(c.statements / Math.max(c.requests, 1));
      }),
  );
  const floors = {
    one: { name: 'floor: SELECT 1', url: `${server.floor}/one` },
    batch: { name: `floor: batch of ${batchSize}`, url: `${server.floor}/batch?n=${batchSize}` },
  } satisfies Record<string, LoadTarget>;
  // Each batch route's own statements, as its last counted request ran them, handed to the floor worker.
  const ownFloors = new Map<string, LoadTarget>();
  for (const route of routes.filter((r) => r.floor !== 'one')) {
    const { lastBatch, statements, requests } = counted.get(route.name)!;
    if (lastBatch.length !== Math.round(statements / Math.max(requests, 1)))
      throw new Error(`floor /own for ${route.name}: its last batch has ${lastBatch.length} statements, its requests ${statements / requests} each`);
    const query = `route=${encodeURIComponent(route.name)}`;
    const put = await fetch(`${server.floor}/own?${query}`, { method: 'PUT', body: JSON.stringify(lastBatch) });
    if (!put.ok) throw new Error(`floor /own for ${route.name}: ${put.status} ${await put.text()}`);
    ownFloors.set(route.name, { name: `floor: own SQL of ${route.name}`, url: `${server.floor}/own?${query}` });
  }
  const ownOf = (name: string) => [...ownFloors.entries()].find(([, t]) => t.name === name)?.[0];
  const floorOf = (name: string): LoadTarget => {
    const kind = routes.find((r) => r.name === name)?.floor ?? 'one';
    return kind === 'own' ? ownFloors.get(name)! : floors[kind];
  };
  const targets: LoadTarget[] = [
    { name: 'baseline', url: `${server.baseline}/` },
    floors.one,
    floors.batch,
    ...ownFloors.values(),
    ...routes.map((r) => routeTarget(r.name, { api: server.adloom, funnel: server.adloomUncached }, server.sessionCookie)),
  ];
  log(`› Database floor: ${options.rounds} interleaved rounds × ${targets.length} targets × ${options.seconds}s (floor batch of ${batchSize})`);
  for (const target of targets) await runLoad(target, { ...options, seconds: 1 }); // warm-up
  const samples = new Map<string, LoadSample[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const target of targets) samples.get(target.name)!.push(await runLoad(target, options));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const rows = targets.map((t): FloorRow => {
    const s = samples.get(t.name)!;
    const base = samples.get('baseline')!;
    // A route against its floor; a route's own statements against the batch of as many `SELECT 1`; the rest against one.
    const against = ownOf(t.name) ? floors.batch.name : t.name.startsWith('floor') || t.name === 'baseline' ? floors.one.name : floorOf(t.name).name;
    const ratios = s.map((x, i) => Number((x.rps / samples.get(against)![i]!.rps).toFixed(3)));
    const c = counted.get(t.name);
    const perRequest = (value: number) => (c && c.requests > 0 ? Number((value / c.requests).toFixed(2)) : null);
    return {
      target: t.name,
      rps: Math.round(mean(s.map((x) => x.rps))),
      ratio: Number(mean(ratios).toFixed(2)),
      ratios,
      ofBaseline: Number(mean(s.map((x, i) => x.rps / base[i]!.rps)).toFixed(3)),
      cpuMs: Number(mean(s.map((x) => x.cpuMsPerRequest)).toFixed(3)),
      cpuAboveFloorMs: Number.NaN,
      cpuAboveBatchMs: null,
      cpuAboveOwnSqlMs: null,
      roundTrips: c ? perRequest(c.roundTrips) : t.name.startsWith('floor') ? 1 : null,
      statements: c
        ? perRequest(c.statements)
        : t.name === floors.one.name
          ? 1
          : t.name === floors.batch.name
            ? batchSize
            : ownOf(t.name)
              ? counted.get(ownOf(t.name)!)!.lastBatch.length
              : null,
      errors: s.reduce((a, x) => a + x.errors, 0),
    };
  });
  const floorCpu = (name: string) => rows.find((r) => r.target === name)!.cpuMs;
  const ms = (value: number) => Number(value.toFixed(3));
  for (const row of rows) {
    const route = routes.find((r) => r.name === row.target);
    const floorMs = route
      ? floorCpu(floorOf(route.name).name)
      : row.target === floors.batch.name || ownOf(row.target)
        ? floorCpu(floors.batch.name)
        : floorCpu(floors.one.name);
    row.cpuAboveFloorMs = ms(row.cpuMs - (row.roundTrips ?? 0) * floorMs);
    // A route's own statements against the batch of as many `SELECT 1`: what SQLite does for its queries.
    if (ownOf(row.target) || (route && ownFloors.has(route.name))) row.cpuAboveBatchMs = ms(row.cpuMs - (row.roundTrips ?? 0) * floorCpu(floors.batch.name));
    if (route && ownFloors.has(route.name)) row.cpuAboveOwnSqlMs = ms(row.cpuMs - (row.roundTrips ?? 0) * floorCpu(ownFloors.get(route.name)!.name));
  }
  return { rows, batchSize };
}

export function printFloor(rows: readonly FloorRow[], log: (line: string) => void): void {
  log('\nDatabase floor (ratio = req/s ÷ its floor’s in the same round; D1 round trips counted in the bench build)');
  log(`  ${'target'.padEnd(40)}  req/s  ÷floor  ÷base   CPU ms/req  above floor  above batch  above own SQL  round trips  statements  errors`);
  for (const r of rows) {
    log(
      `  ${r.target.padEnd(40)}${String(r.rps).padStart(7)}${r.ratio.toFixed(2).padStart(8)}${r.ofBaseline.toFixed(3).padStart(7)}${r.cpuMs.toFixed(3).padStart(13)}${r.cpuAboveFloorMs.toFixed(3).padStart(13)}${(r.cpuAboveBatchMs?.toFixed(3) ?? '–').padStart(13)}${(r.cpuAboveOwnSqlMs?.toFixed(3) ?? '–').padStart(15)}${String(r.roundTrips ?? '–').padStart(13)}${String(r.statements ?? '–').padStart(12)}${String(r.errors).padStart(8)}`,
    );
  }
  log(
    '  above batch: CPU ms above the batch of as many SELECT 1 (for a route’s own SQL: SQLite’s work on its queries); above own SQL: above its own statements run straight through D1 (the worker’s own work)',
  );
}
