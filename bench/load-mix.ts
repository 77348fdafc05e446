// The load run (issue 15, point 3): `npm run bench -- --only load [--minutes 10] [--connections 16]`.
// A bounded, mixed run on loopback against Adloom in workerd (the bench's own server, bench/server.ts):
// `connections` virtual users, each on its own keep-alive connection, send a realistic mix (public
// SSR pages, published funnel pages, ad previews, presentations, the signed-in workspace and API
// reads) back to back for `minutes`; writes (creative drafts created, edited and deleted, projects
// renamed, comments on an ad) take a paced share so that the database grows by a known, bounded
// amount. Every response is checked against the status its request expects: anything else, or a
// network error, is an error. workerd's resident memory (VmRSS) is sampled every few seconds and
// its trend after the warm-up reported as a least-squares slope in MB/min, next to the database's
// own growth (D1 lives in workerd's memory here). Results: bench/results/load-<date>.json + .md.
import { execFileSync } from 'node:child_process';
import { DEMO_USERS } from '../scripts/seed.mjs';
import { connectHeap } from './heap.ts';
import { Client, cookieHeader, keepCookies } from './load-mix-http.ts';
import { databaseBytes, rssKb, tableCounts } from './load-mix-memory.ts';
import {
  NORTHWIND,
  jsonRequests,
  publicReads,
  readPicker,
  reads,
  writePacer,
  writePlanner,
  type Draft,
  type RouteClass,
  type User,
} from './load-mix-requests.ts';
import { Latencies, round, slope } from './load-mix-stats.ts';
import { PINNING, cpuMs, pinServer } from './load.ts';
import type { BenchServer } from './server.ts';

export interface MixOptions {
  minutes: number;
  connections: number;
  /** Paced writes per second across all connections (API writes and review forms). */
  writesPerSecond: number;
  /** Signed-in users: the seeded demo user plus users signed up for the run. */
  users: number;
  sampleSeconds: number;
  /** Read classes left out of the mix (to find which one a problem comes with). */
  exclude: string[];
  /** Called with the results before the database is read again after the run. */
  checkpoint?: (result: MixResult) => void;
  log: (line: string) => void;
}

export const DEFAULT_MIX_OPTIONS = { minutes: 10, connections: 16, writesPerSecond: 4, users: 4, sampleSeconds: 5, exclude: [] as string[] };

export interface MixResult {
  date: string;
  options: Omit<MixOptions, 'log'>;
  pinning: boolean;
  durationSeconds: number;
  requests: number;
  errors: number;
  throughputRps: number;
  connectionsOpened: number;
  classes: Record<string, ReturnType<Latencies['summary']>>;
  routes: Record<string, ReturnType<Latencies['summary']> & { class: RouteClass }>;
  errorSamples: { at: number; route: string; status: number | string; body: string }[];
  writes: { total: number; perSecond: number };
  memory: {
    pid: number;
    warmupSeconds: number;
    startMb: number;
    afterWarmupMb: number;
    endMb: number;
    maxMb: number;
    hwmMb: number;
    slopeMbPerMin: number;
    databaseStartMb: number;
    databaseEndMb: number | null;
    /** Growth over the run ÷ its minutes (writes are paced evenly). */
    databaseMbPerMin: number | null;
    /**
     * The main worker's JavaScript heap after a forced full collection (bench/heap.ts), every
     * 30 s: what is kept alive, without RSS's allocator slack and the in-memory database.
     */
    heap: { samples: { t: number; usedMb: number; totalMb: number }[]; afterWarmupMb: number; endMb: number; slopeMbPerMin: number } | null;
  };
  /** null: not read after the run (the results were written before that read, which did not answer). */
  rows: Record<string, { before: number; after: number }> | null;
  /** What the numbers do not say by themselves (added by whoever ran it). */
  notes?: string[];
  /** One row per memory sample: the requests since the previous one. */
  timeline: { t: number; rps: number; errors: number; p50: number; p99: number; rssMb: number }[];
}

export async function runMix(server: BenchServer, options: MixOptions): Promise<MixResult> {
  const { log } = options;
  const origin = new URL(server.adloom);
  const setup = new Client(origin, 1);
  const json = jsonRequests(origin);
  const must = async (what: string, request: Parameters<Client['send']>[0], expect: number, user?: User) => {
    const answer = await setup.send(request);
    if (user) keepCookies(user.jar, answer.setCookies);
    if (answer.status !== expect) throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
    return answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {};
  };

  // 1. Signed-in users: the seeded demo user and users signed up for the run, each signed in once
  // (a sign-in a user at a time: the limit counts failures per email and address, and none fail).
  const demo = DEMO_USERS.find((u) => u.role === 'user')!;
  const users: User[] = [{ email: demo.email, password: demo.password, projectId: NORTHWIND, jar: new Map(), demo: true, renames: 0 }];
  const stamp = Date.now().toString(36);
  for (let i = 1; i < options.users; i += 1) {
    const email = `load-${stamp}-${i}@bench.example`;
    const password = `bench-load-${stamp}-password`;
    await must('sign up', json('POST', '/api/auth/signup', undefined, { email, password, name: `Load User ${i}` }, { 'cf-connecting-ip': '10.99.0.1' }), 201);
    users.push({ email, password, projectId: '', jar: new Map(), demo: false, renames: 0 });
  }
  for (const user of users) {
    await must(
      'sign in',
      json('POST', '/api/auth/login', undefined, { email: user.email, password: user.password }, { 'cf-connecting-ip': '10.99.0.2' }),
      200,
      user,
    );
    if (!user.demo) {
      const project = await must('create a project', json('POST', '/api/projects', user, { name: `Load project ${user.email.split('@')[0]}` }), 201, user);
      user.projectId = String(project.id);
    }
  }
  log(`  ${users.length} users signed in (${users.length - 1} signed up for the run), each with a project`);

  // 2. Probe every read once, so that a wrong expectation fails the setup instead of the run.
  for (const request of [...publicReads, ...users.flatMap(reads)]) {
    const answer = await setup.send(request);
    if (answer.status !== request.expect) throw new Error(`probe ${request.route} (${request.path}): ${answer.status} ${answer.body.slice(0, 300)}`);
  }

  // What a virtual user reads: a class by weight, then a route of it at random.
  const pickRead = readPicker(options.exclude);

  // 3. Writes, paced by a token bucket shared by all virtual users (bench/load-mix-requests.ts).
  const takeToken = writePacer(options.writesPerSecond);
  const write = writePlanner(origin);

  // 4. The run.
  const classes = new Map<string, Latencies>();
  const routes = new Map<string, Latencies & { cls?: RouteClass }>();
  const stat = <K extends string>(map: Map<K, Latencies>, key: K) => map.get(key) ?? map.set(key, new Latencies()).get(key)!;
  const errorSamples: MixResult['errorSamples'] = [];
  const timeline: MixResult['timeline'] = [];
  let window = new Latencies();
  let writes = 0;

  const rowsBefore = await tableCounts(server);
  const dbBefore = await databaseBytes(server);
  if (PINNING) {
    pinServer(server.workerdPid);
    execFileSync('taskset', ['-apc', '1', String(process.pid)], { stdio: 'ignore' });
  }
  const durationMs = options.minutes * 60_000;
  const warmupSeconds = Math.min(60, (durationMs / 1000) * 0.2);
  const started = performance.now();
  const end = started + durationMs;
  // Only /proc is read during the run: miniflare's proxy to the database (server.db) is used
  // before and after it, never alongside the load (a call through it hung the run once).
  const samples: { t: number; rssKb: number; hwmKb: number }[] = [];
  let lastSample = started;
  const sample = () => {
    const now = performance.now();
    const t = (now - started) / 1000;
    const mem = rssKb(server.workerdPid);
    samples.push({ t, rssKb: mem.rss, hwmKb: mem.hwm });
    const w = window.summary();
    window = new Latencies();
    const seconds = Math.max((now - lastSample) / 1000, 0.001);
    lastSample = now;
    timeline.push({ t: round(t, 1), rps: round(w.requests / seconds, 0), errors: w.errors, p50: w.p50, p99: w.p99, rssMb: round(mem.rss / 1024) });
    return { t, mem, w, seconds };
  };
  sample();
  const heapProbe = server.inspectorPort ? await connectHeap(server.inspectorPort, 'adloom') : null;
  const heapSamples: { t: number; usedMb: number; totalMb: number }[] = [];
  const heapLoop = (async () => {
    if (!heapProbe) return;
    for (let next = 0; ; next += 30) {
      const wait = started + next * 1000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() >= end) break;
      const t = (performance.now() - started) / 1000;
      const heap = await heapProbe.sample();
      if (heap) heapSamples.push({ t: round(t, 1), ...heap });
    }
  })();
  let lastLog = 0;
  const sampler = setInterval(() => {
    const { t, mem, w, seconds } = sample();
    if (t - lastLog >= 30) {
      lastLog = t;
      log(
        `  ${String(Math.round(t)).padStart(4)} s  ${String(Math.round(w.requests / seconds)).padStart(5)} req/s  p99 ${w.p99} ms  errors so far ${[...classes.values()].reduce((a, c) => a + c.errors, 0)}  workerd RSS ${(mem.rss / 1024).toFixed(1)} MB`,
      );
    }
  }, options.sampleSeconds * 1000);

  const clients: Client[] = [];
  const virtualUser = async (index: number) => {
    const user = users[index % users.length]!;
    const client = new Client(origin, 1);
    clients.push(client);
    const vu = { draft: null as Draft | null, n: 0 };
    while (performance.now() < end) {
      const planned = takeToken() ? write(user, vu) : { request: pickRead(user), done: () => {} };
      const request = planned.request;
      // A read that names the session takes the jar as it is now (it may have been renewed).
      if (request.headers?.cookie !== undefined) request.headers = { ...request.headers, cookie: cookieHeader(user.jar) };
      const t0 = performance.now();
      let status: number | string;
      let body = '';
      try {
        const answer = await client.send(request);
        status = answer.status;
        body = answer.body;
        keepCookies(user.jar, answer.setCookies);
        if (status === request.expect) planned.done(answer);
      } catch (error) {
        status = (error as Error).message;
      }
      const ms = performance.now() - t0;
      const cls = stat(classes, request.cls);
      const route = stat(routes, request.route) as Latencies & { cls?: RouteClass };
      route.cls = request.cls;
      for (const s of [cls, route, window]) s.add(ms);
      if (request.cls === 'api-write' || request.cls === 'form') writes += 1;
      if (status !== request.expect) {
        for (const s of [cls, route, window]) s.errors += 1;
        if (errorSamples.length < 50) errorSamples.push({ at: round((t0 - started) / 1000, 1), route: request.route, status, body: body.slice(0, 300) });
        // A failed draft step starts a new draft rather than repeating a doomed request.
        if (request.cls === 'api-write' && request.route.includes('/api/creatives/:id')) vu.draft = null;
      }
    }
  };
  log(
    `› Load: ${options.connections} connections for ${options.minutes} min, writes paced at ${options.writesPerSecond}/s, workerd RSS every ${options.sampleSeconds} s`,
  );
  await Promise.all(Array.from({ length: options.connections }, (_, i) => virtualUser(i)));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await heapLoop;
  // One more after the load: what the isolate keeps once every request has ended.
  const settled = heapProbe ? await heapProbe.sample() : null;
  if (settled) heapSamples.push({ t: round((performance.now() - started) / 1000, 1), ...settled });
  heapProbe?.close();
  log(`  load done after ${elapsed.toFixed(1)} s; reading the database's rows and size`);
  sample();
  for (const client of clients) client.agent.destroy();
  setup.agent.destroy();
  // 5. The summary (written once before the database is read again, in case that hangs).
  const summarise = (rowsAfter: Record<string, number> | undefined, dbAfter: number): MixResult => {
    const total = [...classes.values()].reduce((a, c) => a + c.count, 0);
    const errors = [...classes.values()].reduce((a, c) => a + c.errors, 0);
    const mb = (kb: number) => round(kb / 1024, 1);
    const afterWarmup = samples.filter((s) => s.t >= warmupSeconds);
    let rows: MixResult['rows'] = null;
    if (rowsAfter) {
      rows = {};
      for (const name of new Set([...Object.keys(rowsBefore), ...Object.keys(rowsAfter)])) {
        if (rowsBefore[name] !== rowsAfter[name]) rows[name] = { before: rowsBefore[name] ?? 0, after: rowsAfter[name] ?? 0 };
      }
    }
    const firstAfter = afterWarmup[0] ?? samples[0]!;
    const last = samples.at(-1)!;
    return {
      date: new Date().toISOString(),
      options: {
        minutes: options.minutes,
        connections: options.connections,
        writesPerSecond: options.writesPerSecond,
        users: options.users,
        sampleSeconds: options.sampleSeconds,
        exclude: options.exclude,
      },
      pinning: PINNING,
      durationSeconds: round(elapsed, 1),
      requests: total,
      errors,
      throughputRps: round(total / elapsed, 1),
      connectionsOpened: clients.reduce((a, c) => a + c.sockets.size, 0),
      classes: Object.fromEntries([...classes].map(([k, v]) => [k, v.summary()])),
      routes: Object.fromEntries(
        [...routes].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, { class: (v as { cls: RouteClass }).cls, ...v.summary() }]),
      ),
      errorSamples,
      writes: { total: writes, perSecond: round(writes / elapsed, 2) },
      memory: {
        pid: server.workerdPid,
        warmupSeconds: round(warmupSeconds, 0),
        startMb: mb(samples[0]!.rssKb),
        afterWarmupMb: mb(firstAfter.rssKb),
        endMb: mb(last.rssKb),
        maxMb: mb(Math.max(...samples.map((s) => s.rssKb))),
        hwmMb: mb(last.hwmKb),
        slopeMbPerMin: round(slope(afterWarmup.map((s) => ({ x: s.t / 60, y: s.rssKb / 1024 }))), 3),
        databaseStartMb: round(dbBefore / 1048576, 2),
        databaseEndMb: round(dbAfter / 1048576, 2),
        databaseMbPerMin: round((dbAfter - dbBefore) / 1048576 / (elapsed / 60), 3),
        heap: heapSummary(heapSamples, warmupSeconds),
      },
      rows,
      timeline,
    };
  };
  if (options.checkpoint) options.checkpoint(summarise(undefined, Number.NaN));
  // miniflare's proxy (server.db) blocks Node's main thread while it waits; after the full run it
  // never answered (workerd was still busy; perhaps blocked on the stdout pipe Node was not
  // reading). Wait until workerd is idle (under 20 % of a core, at most 30 s) before reading.
  for (let i = 0; i < 30; i += 1) {
    const before = cpuMs(server.workerdPid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuMs(server.workerdPid) - before < 200) break;
  }
  const rowsAfter = await tableCounts(server);
  const dbAfter = await databaseBytes(server);

  return summarise(rowsAfter, dbAfter);
}

function heapSummary(samples: { t: number; usedMb: number; totalMb: number }[], warmupSeconds: number): MixResult['memory']['heap'] {
  if (samples.length === 0) return null;
  const afterWarmup = samples.filter((h) => h.t >= warmupSeconds);
  const first = afterWarmup[0] ?? samples[0]!;
  return {
    samples,
    afterWarmupMb: first.usedMb,
    endMb: samples.at(-1)!.usedMb,
    slopeMbPerMin: round(slope(afterWarmup.map((h) => ({ x: h.t / 60, y: h.usedMb }))), 3),
  };
}
