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
import http from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { DEMO_USERS, SEED_PRESENTATIONS, SEED_PREVIEW_ID } from '../scripts/seed.mjs';
import { connectHeap } from './heap.ts';
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

type RouteClass = 'page' | 'funnel' | 'preview' | 'presentation' | 'workspace' | 'api-read' | 'api-write' | 'form';

interface Request {
  /** The route as reported (its parameters named, e.g. `PATCH /api/creatives/:id`). */
  route: string;
  cls: RouteClass;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  expect: number;
}

interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

interface User {
  email: string;
  password: string;
  /** The user's project (the demo user's is the seeded Northwind Coffee). */
  projectId: string;
  /** Cookies as a browser keeps them (the session; any other cookie the worker sets is sent back too). */
  jar: Map<string, string>;
  demo: boolean;
  renames: number;
}

interface Draft {
  id: string;
  revisionNumber: number;
  document: { layers: { type: string; slot?: string; text?: string }[] } & Record<string, unknown>;
  edits: number;
}

/** A current desktop Chrome: funnel and presentation views from it are counted like a visitor's. */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const NORTHWIND = 'seed_project_northwind_01';
const SPRING_AD = 'seed_ad_northwind_spring_01';
const SEEDED_CREATIVE = 'seed_creative_northwind_1';
const FUNNEL_PAGES = ['/p/northwind-spring/offer', '/p/northwind-spring/story', '/p/northwind-spring/thanks'];
const PUBLIC_PAGES = ['/', '/pricing', '/about', '/contact', '/login', '/imprint', '/privacy', '/terms'];
/** The published, unprotected, unexpired presentations (the seed's fifth is protected, its sixth expired). */
const PRESENTATIONS = SEED_PRESENTATIONS.slice(0, 4);

// ---------------------------------------------------------------------------------------
// Statistics

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

class Latencies {
  private values = new Float64Array(4096);
  count = 0;
  errors = 0;
  add(ms: number) {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }
  summary() {
    const sorted = this.values.slice(0, this.count).sort();
    return {
      requests: this.count,
      errors: this.errors,
      p50: round(percentile(sorted, 50), 2),
      p99: round(percentile(sorted, 99), 2),
      max: round(sorted.at(-1) ?? Number.NaN, 1),
    };
  }
}

// ---------------------------------------------------------------------------------------
// workerd's memory and the database's size

function rssKb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

async function databaseBytes(server: BenchServer): Promise<number> {
  const result = await server.db.prepare('SELECT 1').run();
  return Number((result.meta as { size_after?: number }).size_after ?? Number.NaN);
}

async function tableCounts(server: BenchServer): Promise<Record<string, number>> {
  const tables = await server.db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
    )
    .all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of tables.results) {
    const row = await server.db.prepare(`SELECT count(*) AS n FROM "${name}"`).first<{ n: number }>();
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

// ---------------------------------------------------------------------------------------
// HTTP: one keep-alive connection per virtual user

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function keepCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq < 1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a)) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

class Client {
  readonly agent: http.Agent;
  readonly sockets = new Set<Socket>();
  private readonly origin: URL;
  constructor(origin: URL, maxSockets: number) {
    this.origin = origin;
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }
  send(request: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: '127.0.0.1',
          port: Number(this.origin.port),
          method: request.method,
          path: request.path,
          headers: { host: this.origin.host, ...request.headers, ...(request.body !== undefined ? { 'content-length': Buffer.byteLength(request.body) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), setCookies: res.headers['set-cookie'] ?? [] }),
          );
          res.on('error', reject);
        },
      );
      req.on('socket', (socket: Socket) => this.sockets.add(socket));
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
      req.end(request.body);
    });
  }
}

// ---------------------------------------------------------------------------------------
// The run

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
  const json = (method: string, path: string, user: User | undefined, body?: unknown, extra?: Record<string, string>) => ({
    method,
    path,
    headers: {
      accept: 'application/json',
      origin: origin.origin,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(user ? { cookie: cookieHeader(user.jar) } : {}),
      ...extra,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
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
  const reads = (user: User): Request[] => {
    const signedIn = { cookie: cookieHeader(user.jar), accept: 'application/json' };
    const api = (route: string, path: string): Request => ({ route: `GET ${route}`, cls: 'api-read', method: 'GET', path, headers: signedIn, expect: 200 });
    const list: Request[] = [
      api('/api/me', '/api/me'),
      api('/api/dashboard', '/api/dashboard'),
      api('/api/projects', '/api/projects'),
      api('/api/projects/:id', `/api/projects/${user.projectId}`),
      api('/api/projects/:id/creatives', `/api/projects/${user.projectId}/creatives`),
      api('/api/creatives', '/api/creatives'),
      api('/api/credits', '/api/credits'),
      { route: 'GET /dashboard', cls: 'workspace', method: 'GET', path: '/dashboard', headers: { cookie: cookieHeader(user.jar) }, expect: 200 },
    ];
    if (user.demo) {
      list.push(
        api('/api/creatives/:id', `/api/creatives/${SEEDED_CREATIVE}`),
        api('/api/projects/:id/ads', `/api/projects/${NORTHWIND}/ads`),
        api('/api/ads/:id', `/api/ads/${SPRING_AD}`),
      );
    }
    return list;
  };
  const publicReads: Request[] = [
    ...PUBLIC_PAGES.map((path): Request => ({ route: `GET ${path}`, cls: 'page', method: 'GET', path, expect: 200 })),
    ...FUNNEL_PAGES.map((path): Request => ({
      route: `GET ${path}`,
      cls: 'funnel',
      method: 'GET',
      path,
      headers: { 'user-agent': BROWSER_AGENT },
      expect: 200,
    })),
    { route: 'GET /preview/:id', cls: 'preview', method: 'GET', path: `/preview/${SEED_PREVIEW_ID}`, headers: { 'user-agent': BROWSER_AGENT }, expect: 200 },
    ...PRESENTATIONS.map((slug): Request => ({
      route: 'GET /presents/:slug',
      cls: 'presentation',
      method: 'GET',
      path: `/presents/${slug}`,
      headers: { 'user-agent': BROWSER_AGENT },
      expect: 200,
    })),
  ];
  for (const request of [...publicReads, ...users.flatMap(reads)]) {
    const answer = await setup.send(request);
    if (answer.status !== request.expect) throw new Error(`probe ${request.route} (${request.path}): ${answer.status} ${answer.body.slice(0, 300)}`);
  }

  // What a virtual user picks, by weight: a class, then a route of it at random.
  const mix: [RouteClass, number][] = [
    ['page', 24],
    ['funnel', 18],
    ['preview', 9],
    ['presentation', 9],
    ['workspace', 5],
    ['api-read', 35],
  ];
  const weights = mix.filter(([cls]) => !options.exclude.includes(cls));
  const totalWeight = weights.reduce((a, [, w]) => a + w, 0);
  const byClass = (cls: RouteClass, user: User) => (cls === 'api-read' || cls === 'workspace' ? reads(user) : publicReads).filter((r) => r.cls === cls);
  const pickRead = (user: User): Request => {
    let r = Math.random() * totalWeight;
    for (const [cls, w] of weights) {
      r -= w;
      if (r < 0) {
        const routes = byClass(cls, user);
        return routes[Math.floor(Math.random() * routes.length)]!;
      }
    }
    return publicReads[0]!;
  };

  // 3. Writes, paced by a token bucket shared by all virtual users (at most `writesPerSecond`).
  // A virtual user's creative draft goes through create → edit → edit → delete, so that at most
  // one live draft per virtual user exists at a time; renames alternate between two names; comments
  // go on the seeded ad in review (by its owner through the API, by a customer through the preview's
  // review form, from one of 256 addresses: that form allows 20 an hour per address).
  let tokens = 0;
  let lastRefill = performance.now();
  const takeToken = () => {
    const now = performance.now();
    tokens = Math.min(tokens + ((now - lastRefill) / 1000) * options.writesPerSecond, Math.max(1, options.writesPerSecond));
    lastRefill = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  let formCount = 0;
  const write = (user: User, vu: { draft: Draft | null; n: number }): { request: Request; done: (answer: Answer) => void } => {
    const signedIn = (route: string, method: string, path: string, body: unknown, expect: number): Request => ({
      route: `${method} ${route}`,
      cls: 'api-write',
      expect,
      ...json(method, path, user, body),
    });
    const r = Math.random();
    vu.n += 1;
    if (r < 0.15 && !user.demo) {
      user.renames += 1;
      const name = `Load project ${user.email.split('@')[0]} ${user.renames % 2 ? 'renamed' : ''}`.trim();
      return { request: signedIn('/api/projects/:id', 'PATCH', `/api/projects/${user.projectId}`, { name }, 200), done: () => {} };
    }
    if (r < 0.15 && user.demo) {
      return {
        request: signedIn('/api/ads/:id/reviews', 'POST', `/api/ads/${SPRING_AD}/reviews`, { decision: 'comment', comment: `Load comment ${vu.n}` }, 201),
        done: () => {},
      };
    }
    if (r < 0.25) {
      formCount += 1;
      const form = new URLSearchParams({
        decision: 'comment',
        name: 'Mara Jensen',
        email: 'mara@northwind.example',
        comment: `Looks good, one thought (${formCount})`,
        website: '',
      });
      return {
        request: {
          route: 'POST /preview/:id/reviews',
          cls: 'form',
          method: 'POST',
          path: `/preview/${SEED_PREVIEW_ID}/reviews`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: origin.origin,
            'user-agent': BROWSER_AGENT,
            'cf-connecting-ip': `10.77.0.${formCount % 256}`,
          },
          body: form.toString(),
          expect: 303,
        },
        done: () => {},
      };
    }
    const draft = vu.draft;
    if (!draft) {
      return {
        request: signedIn(
          '/api/projects/:id/creatives',
          'POST',
          `/api/projects/${user.projectId}/creatives`,
          { template: 'bold-headline', format: 'square' },
          201,
        ),
        done: (answer) => {
          const created = JSON.parse(answer.body) as { id: string; revisionNumber: number; document: Draft['document'] };
          vu.draft = { id: created.id, revisionNumber: created.revisionNumber, document: created.document, edits: 0 };
        },
      };
    }
    if (draft.edits < 2) {
      const document = {
        ...draft.document,
        layers: draft.document.layers.map((l) => (l.type === 'text' && l.slot === 'headline' ? { ...l, text: `Fresh from the roaster, take ${vu.n}` } : l)),
      };
      return {
        request: signedIn('/api/creatives/:id', 'PATCH', `/api/creatives/${draft.id}`, { document, baseRevision: draft.revisionNumber }, 200),
        done: (answer) => {
          const updated = JSON.parse(answer.body) as { revisionNumber: number; document: Draft['document'] };
          vu.draft = { ...draft, revisionNumber: updated.revisionNumber, document: updated.document, edits: draft.edits + 1 };
        },
      };
    }
    return {
      request: signedIn('/api/creatives/:id', 'DELETE', `/api/creatives/${draft.id}`, undefined, 204),
      done: () => {
        vu.draft = null;
      },
    };
  };

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

/** bench/results/load-<date>.json and .md (a run shorter than 10 minutes is a smoke run: load-<date>-smoke.*). */
export function writeMixResults(result: MixResult, resultsDir: string): string {
  const day = result.date.slice(0, 10);
  const without = result.options.exclude.length ? `-without-${result.options.exclude.join('-')}` : '';
  const base = join(resultsDir, `load-${day}${result.options.minutes < 10 ? '-smoke' : ''}${without}`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown(result));
  return base;
}

export function printMix(result: MixResult, log: (line: string) => void) {
  log(`\nLoad (${result.options.connections} connections, ${(result.durationSeconds / 60).toFixed(1)} min, workerd direct)`);
  log(
    `  ${result.requests} requests, ${result.errors} errors, ${result.throughputRps} req/s, ${result.writes.total} writes (${result.writes.perSecond}/s), ${result.connectionsOpened} connections opened`,
  );
  log(`  ${'class'.padEnd(14)}${'requests'.padStart(10)}${'errors'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`);
  for (const [cls, s] of Object.entries(result.classes))
    log(
      `  ${cls.padEnd(14)}${String(s.requests).padStart(10)}${String(s.errors).padStart(8)}${String(s.p50).padStart(9)}${String(s.p99).padStart(9)}${String(s.max).padStart(9)}`,
    );
  const m = result.memory;
  log(
    `  workerd RSS: start ${m.startMb} MB, after ${m.warmupSeconds} s warm-up ${m.afterWarmupMb} MB, end ${m.endMb} MB, max ${m.maxMb} MB; slope after warm-up ${m.slopeMbPerMin} MB/min`,
  );
  log(`  database (in workerd's memory): ${m.databaseStartMb} → ${m.databaseEndMb} MB (${m.databaseMbPerMin} MB/min)`);
  if (m.heap)
    log(
      `  main worker heap after a forced GC: ${m.heap.samples.map((h) => h.usedMb).join(' → ')} MB; after warm-up ${m.heap.afterWarmupMb} MB, end ${m.heap.endMb} MB, slope ${m.heap.slopeMbPerMin} MB/min`,
    );
  for (const e of result.errorSamples.slice(0, 10)) log(`  ✖ ${e.at} s ${e.route}: ${e.status} ${e.body.slice(0, 160)}`);
}

function markdown(r: MixResult): string {
  const m = r.memory;
  const lines = [
    `# Load run ${r.date}`,
    '',
    `\`npm run bench -- --only load --minutes ${r.options.minutes} --connections ${r.options.connections}\`: Adloom's production bundle in workerd (miniflare, direct sockets, seeded in-memory D1 and R2), ${r.options.connections} keep-alive connections on loopback for ${(r.durationSeconds / 60).toFixed(1)} min, ${r.options.users} signed-in users, writes paced at ${r.options.writesPerSecond}/s${r.pinning ? ', workerd pinned to core 0 and the load generator to core 1' : ''}. Generated by bench/load-mix.ts; the numbers are in the JSON next to this file.`,
    '',
    `- **${r.requests.toLocaleString('en')} requests, ${r.errors} errors** (an error is any status other than the one the request expects, or a network error), ${r.throughputRps} req/s, ${r.connectionsOpened} connections opened`,
    `- **Writes**: ${r.writes.total} (${r.writes.perSecond}/s): creative drafts created, edited twice and deleted; projects renamed; comments on an ad through the API and through the preview's review form`,
    `- **workerd RSS**: start ${m.startMb} MB, after the ${m.warmupSeconds} s warm-up ${m.afterWarmupMb} MB, end ${m.endMb} MB, max ${m.maxMb} MB; least-squares slope after the warm-up **${m.slopeMbPerMin} MB/min**`,
    m.databaseEndMb === null || Number.isNaN(m.databaseEndMb)
      ? `- **Database** (D1 in workerd's memory here, so part of that RSS): ${m.databaseStartMb} MB before the run; not read after it`
      : `- **Database** (D1 in workerd's memory here, so part of that RSS): ${m.databaseStartMb} → ${m.databaseEndMb} MB, ${m.databaseMbPerMin} MB/min`,
    ...(m.heap
      ? [
          `- **Main worker's JavaScript heap after a forced full GC** (inspector, every 30 s): after the warm-up ${m.heap.afterWarmupMb} MB, at the end ${m.heap.endMb} MB, least-squares slope after the warm-up **${m.heap.slopeMbPerMin} MB/min**; each sample (MB): ${m.heap.samples.map((h) => h.usedMb).join(' → ')}`,
        ]
      : []),
    `- **workerd RSS each minute** (MB): ${r.timeline
      .filter((row, i) => i === 0 || Math.floor(row.t / 60) > Math.floor(r.timeline[i - 1]!.t / 60))
      .map((row) => row.rssMb)
      .join(' → ')} → ${m.endMb}`,
    '',
    '| class | requests | errors | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...Object.entries(r.classes).map(([cls, s]) => `| ${cls} | ${s.requests} | ${s.errors} | ${s.p50} | ${s.p99} | ${s.max} |`),
    '',
    '| route | class | requests | errors | p50 ms | p99 ms |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...Object.entries(r.routes).map(([route, s]) => `| \`${route}\` | ${s.class} | ${s.requests} | ${s.errors} | ${s.p50} | ${s.p99} |`),
    '',
    r.rows ? 'Rows added or removed during the run:' : 'Rows after the run: not read (the read through miniflare did not answer; see the JSON).',
    '',
    ...Object.entries(r.rows ?? {}).map(([table, c]) => `- ${table}: ${c.before} → ${c.after} (${c.after - c.before >= 0 ? '+' : ''}${c.after - c.before})`),
    '',
  ];
  if (r.notes?.length) lines.push('Notes:', '', ...r.notes.map((note) => `- ${note}`), '');
  if (r.errorSamples.length)
    lines.push(
      'Errors (first 50):',
      '',
      ...r.errorSamples.map((e) => `- ${e.at} s \`${e.route}\`: ${e.status} ${e.body.replaceAll('\n', ' ').slice(0, 200)}`),
      '',
    );
  return `${lines.join('\n')}\n`;
}
