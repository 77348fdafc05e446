// The public API's performance (issue 31 point 7, decision 0049): a synchronous render through
// `POST /api/v1/renders`, a bulk run of rows through `POST /api/v1/batches` drawn by the queue's
// consumer in the same workerd, and what the bearer authentication costs workerd per request.
import { readCounts } from './floor-measure.ts';
import { runLoad, pinServer, type LoadSample, type LoadTarget } from './load.ts';
import { benchApi, caseCreative, measureCase, medianAfterWarmUp, RENDER_CASES, renderProject } from './renders.ts';
import type { BenchServer } from './server.ts';
import type { FormatId } from '../common/creative/document.ts';

export interface ApiOptions {
  /** Renders per format after the warm-up. */
  renderRounds: number;
  formats: readonly FormatId[];
  /** Rows of the bulk run. */
  bulkRows: number;
  /** The authenticated route whose authentication is measured (a GET with no D1 work of its own). */
  authRoute: string;
  /** Interleaved load rounds of the authentication's measurement (workerd pinned to core 0 from then on, as for speed and floor). */
  rounds: number;
  seconds: number;
  connections: number;
  workerdPid: number;
}

export interface ApiRender {
  format: FormatId;
  medianMs: number;
  worstMs: number;
  samples: number[];
  warmUpMs: number;
  /** The same case rendered in the workspace in the same run (bench/renders.ts), for comparison: the median after its warm-up. */
  workspaceMedianMs: number;
  /** The workspace's PATCH of the headline and its render, timed together (bench/renders.ts `timeEdit`). */
  workspaceEditMedianMs: number;
}

export interface ApiBulk {
  rows: number;
  /** From sending the POST until a GET answered `done`. */
  wallMs: number;
  rowsPerSecond: number;
  done: number;
  failed: number;
  polls: number;
}

/** One interleaved round of the authentication's measurement: workerd's CPU ms per request of each target. */
export interface ApiAuthRound {
  baseline: number;
  floorOne: number;
  ownSql: number;
  authenticated: number;
  unauthenticated: number;
  /** authenticated − unauthenticated. */
  authMs: number;
  /** authMs less its round trips at what one `SELECT 1` round trip costs (floorOne − baseline each). */
  aboveFloorMs: number;
  /** authMs less its own statements, each in a round trip of its own (ownSql − baseline). */
  aboveOwnSqlMs: number;
}

export interface ApiAuth {
  route: string;
  /** D1 round trips and statements per authenticated request (the counted worker, under load: the once-a-minute last-used write included). */
  roundTrips: number;
  statements: number;
  /** The statements one authenticated request runs (the floor's `/own?each=1` replays them). */
  ownSql: string[];
  rounds: ApiAuthRound[];
  /** The median round's. */
  authMs: number;
  aboveFloorMs: number;
  aboveOwnSqlMs: number;
  rps: { authenticated: number; unauthenticated: number };
  errors: number;
}

export interface ApiResults {
  renders: ApiRender[];
  bulk: ApiBulk;
  auth: ApiAuth;
}

/** How often the bulk run is read while it runs (a client polling `GET /api/v1/batches/{id}`). */
const POLL_MS = 250;
/** A bulk run not done after this long is a failure of the bench, not a figure. */
const BULK_TIMEOUT_MS = 180_000;

/**
 * A bearer key of the project as the product makes one: its owner (the demo user, put on the Pro plan straight in the bench
 * database, as the renders' credits are: a Free plan's key only reads) creates it through the workspace API. The key's
 * rate-limit window (120 requests a minute, RATE_LIMITS.apiKeyRequests) is set far from full in the bench database: every
 * request still counts itself with the same upsert, and none under load is refused.
 */
export async function benchKey(server: BenchServer, projectId: string): Promise<{ id: string; secret: string }> {
  await server.db.prepare("UPDATE users SET plan = 'pro' WHERE id = ?").bind(server.userId).run();
  const key = await benchApi(server)<{ id: string; secret: string }>('POST', `/api/projects/${projectId}/api-keys`, {
    name: 'Bench',
    scopes: ['read', 'render'],
  });
  await server.db
    .prepare(
      'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at',
    )
    .bind(`api-key:${key.id}`, -1_000_000_000, Date.now() + 24 * 3_600_000)
    .run();
  return key;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms3 = (value: number) => Number(value.toFixed(3));

export async function measureApi(server: BenchServer, options: ApiOptions, log: (line: string) => void): Promise<ApiResults> {
  const unauthenticated = server.adloomUnauthenticated;
  if (!unauthenticated) throw new Error('The API kind needs the worker without authentication: start the server with unauthenticatedDir.');
  const credits = 3 * (options.renderRounds + 1) * options.formats.length + options.bulkRows + 10;
  const { api, project, photo } = await renderProject(server, 'API bench', credits);
  const key = await benchKey(server, project.id);
  const bearer = { authorization: `Bearer ${key.secret}` };
  const v1 = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.adloom}/api/v1${path}`, {
      method,
      headers: { ...bearer, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} /api/v1${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  // 1. Synchronous renders: the photo case's creative with its headline changed each time (a new picture: nothing from R2).
  const photoCase = RENDER_CASES.find((c) => c.name === 'photo')!;
  const renders: ApiRender[] = [];
  const creatives = new Map<FormatId, { id: string; headline: { id: string; text: string } }>();
  for (const format of options.formats) {
    const { creative, doc } = await caseCreative(api, project.id, photo.id, format, photoCase);
    const layer = doc.layers.find((l) => l.type === 'text' && l.slot === 'headline');
    if (layer?.type !== 'text') throw new Error(`${photoCase.template} has no headline`);
    creatives.set(format, { id: creative.id, headline: { id: layer.id, text: layer.text } });
    const timed = await medianAfterWarmUp(
      options.renderRounds,
      () => Promise.resolve(),
      (round) =>
        v1('POST', '/renders', { creativeId: creative.id, modifications: [{ layer: layer.id, text: `${layer.text} ${round}` }] }).then((answer) => {
          if (!(answer as { url?: string }).url) throw new Error('POST /api/v1/renders answered no creation');
        }),
    );
    // The same picture through the workspace right after, for comparison (its own creative): the render alone, as the
    // render kind times it (the headline PATCHed before), and the PATCH and the render together, as an API render does both.
    const workspace = await measureCase(api, project, photo, format, photoCase, options.renderRounds);
    const edited = await measureCase(api, project, photo, format, photoCase, options.renderRounds, true);
    renders.push({ format, ...timed, workspaceMedianMs: workspace.medianMs, workspaceEditMedianMs: edited.medianMs });
    log(
      `  POST /api/v1/renders ${format.padEnd(10)} median ${String(timed.medianMs).padStart(4)} ms, worst ${String(timed.worstMs).padStart(4)} ms, warm-up ${String(timed.warmUpMs).padStart(4)} ms; the workspace: render ${workspace.medianMs} ms, PATCH and render ${edited.medianMs} ms (medians)`,
    );
  }

  // 2. A bulk run: rows of distinct headlines, from the POST until a GET reads it done.
  const square = creatives.get(options.formats[0]!)!;
  const tag = Date.now().toString(36);
  const rows = Array.from({ length: options.bulkRows }, (_, i) => ({
    modifications: [{ layer: square.headline.id, text: `${square.headline.text} ${tag} ${i}` }],
  }));
  type Run = { id: string; status: string; done: number; failed: number; total: number };
  const started = performance.now();
  const run = await v1<Run>('POST', '/batches', { creativeId: square.id, rows });
  let state = run;
  let polls = 0;
  while (state.status !== 'done') {
    if (performance.now() - started > BULK_TIMEOUT_MS)
      throw new Error(`bulk run ${run.id} not done after ${BULK_TIMEOUT_MS / 1000} s: ${state.done}/${state.total}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    state = await v1<Run>('GET', `/batches/${run.id}`);
    polls += 1;
  }
  const wallMs = Math.round(performance.now() - started);
  const bulk = {
    rows: options.bulkRows,
    wallMs,
    rowsPerSecond: Number((options.bulkRows / (wallMs / 1000)).toFixed(2)),
    done: state.done,
    failed: state.failed,
    polls,
  };
  log(
    `  POST /api/v1/batches ${bulk.rows} rows: done in ${(wallMs / 1000).toFixed(1)} s (${bulk.rowsPerSecond} rows/s, ${bulk.done} done, ${bulk.failed} failed, ${polls} polls)`,
  );
  if (bulk.failed > 0) throw new Error(`bulk run ${run.id}: ${bulk.failed} rows failed`);

  // 3. Authentication's CPU: the same cheap GET on the app and on the app without authentication (bench/bearer-skipped.js).
  const auth = await measureAuth(server, unauthenticated, project.id, bearer, options, log);
  return { renders, bulk, auth };
}

async function measureAuth(
  server: BenchServer,
  unauthenticated: string,
  projectId: string,
  bearer: Record<string, string>,
  options: ApiOptions,
  log: (line: string) => void,
): Promise<ApiAuth> {
  pinServer(options.workerdPid);
  const path = options.authRoute.split(' ')[1]!;
  const counted: LoadTarget = { name: 'counted', url: `${server.adloomCounted}${path}`, headers: bearer };
  // One request's own statements, once the key's last use is fresh (no last-used write): the floor replays them.
  await fetch(counted.url, { headers: bearer });
  await readCounts(server);
  const one = await fetch(counted.url, { headers: bearer });
  if (!one.ok) throw new Error(`${options.authRoute} answered ${one.status}`);
  const { alone } = await readCounts(server);
  const put = await fetch(`${server.floor}/own?route=api-auth`, { method: 'PUT', body: JSON.stringify(alone) });
  if (!put.ok) throw new Error(`floor /own for the API's authentication: ${put.status} ${await put.text()}`);
  // Round trips per request under load (the last-used write, once a minute, counted in).
  await runLoad(counted, { connections: options.connections, seconds: 1, workerdPid: options.workerdPid });
  await readCounts(server);
  await runLoad(counted, { connections: options.connections, seconds: 2, workerdPid: options.workerdPid });
  const load = await readCounts(server);
  const perRequest = (value: number) => Number((value / Math.max(load.requests, 1)).toFixed(2));

  const targets = {
    baseline: { name: 'baseline', url: `${server.baseline}/` },
    floorOne: { name: 'floor: SELECT 1', url: `${server.floor}/one` },
    ownSql: { name: 'floor: authentication’s own SQL, each alone', url: `${server.floor}/own?route=api-auth&each=1` },
    authenticated: { name: `${options.authRoute} (bearer key)`, url: `${server.adloom}${path}`, headers: bearer },
    unauthenticated: { name: `${options.authRoute} (no authentication)`, url: `${unauthenticated}${path}`, headers: { 'x-bench-project': projectId } },
  } satisfies Record<string, LoadTarget>;
  const names = Object.keys(targets) as (keyof typeof targets)[];
  log(`› API authentication: ${options.rounds} interleaved rounds × ${names.length} targets × ${options.seconds}s`);
  const loadOptions = { connections: options.connections, seconds: options.seconds, workerdPid: options.workerdPid };
  for (const name of names) await runLoad(targets[name], { ...loadOptions, seconds: 2 }); // warm-up
  const samples = new Map<string, LoadSample[]>(names.map((n) => [n, []]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const name of names) samples.get(name)!.push(await runLoad(targets[name], loadOptions));
  }
  const roundTrips = perRequest(load.roundTrips);
  const rounds = Array.from({ length: options.rounds }, (_, i): ApiAuthRound => {
    const cpu = (name: keyof typeof targets) => samples.get(name)![i]!.cpuMsPerRequest;
    const authMs = cpu('authenticated') - cpu('unauthenticated');
    return {
      baseline: ms3(cpu('baseline')),
      floorOne: ms3(cpu('floorOne')),
      ownSql: ms3(cpu('ownSql')),
      authenticated: ms3(cpu('authenticated')),
      unauthenticated: ms3(cpu('unauthenticated')),
      authMs: ms3(authMs),
      aboveFloorMs: ms3(authMs - roundTrips * (cpu('floorOne') - cpu('baseline'))),
      aboveOwnSqlMs: ms3(authMs - (cpu('ownSql') - cpu('baseline'))),
    };
  });
  const mean = (name: string) => Math.round(samples.get(name)!.reduce((a, s) => a + s.rps, 0) / options.rounds);
  const auth: ApiAuth = {
    route: options.authRoute,
    roundTrips,
    statements: perRequest(load.statements),
    ownSql: alone.map((s) => s.sql),
    rounds,
    authMs: median(rounds.map((r) => r.authMs)),
    aboveFloorMs: median(rounds.map((r) => r.aboveFloorMs)),
    aboveOwnSqlMs: median(rounds.map((r) => r.aboveOwnSqlMs)),
    rps: { authenticated: mean('authenticated'), unauthenticated: mean('unauthenticated') },
    errors: [...samples.values()].flat().reduce((a, s) => a + s.errors, 0),
  };
  log(`  ${'target'.padEnd(52)}  CPU ms/request per round`);
  for (const name of names) log(`  ${targets[name].name.padEnd(52)}${rounds.map((r) => r[name].toFixed(3).padStart(8)).join('')}`);
  log(
    `  authentication: ${auth.authMs.toFixed(3)} ms CPU per request (median round), ${auth.aboveFloorMs.toFixed(3)} above ${roundTrips} round trips of SELECT 1, ${auth.aboveOwnSqlMs.toFixed(3)} above its own ${alone.length} statements; ${auth.statements} statements in ${roundTrips} round trips per request`,
  );
  return auth;
}
