// `npm run bench [-- --check] [--only weight,speed,floor,lab,render,api] [--rounds 3] [--seconds 3] [--connections 16] [--reuse-client] [--lab-runs 3]`
// `npm run bench -- --only load [--minutes 10] [--connections 16] [--writes-per-second 4] [--load-exclude funnel,…]`: the mixed
// load run (bench/load-mix.ts), never part of the default run; results in bench/results/load-<date>.*
// Measures a production (minified) build served by workerd on loopback, prints one table
// and writes bench/results/latest.json. With --check, exits non-zero when a budget in
// bench/budgets.json is missed. The client is built into bench/.build/client, never into
// dist/client, which a running `npm start` serves. With --reuse-client, the client already
// built in dist/client (by `npm test`, in .ci/run) is measured, read-only, instead; the
// worker is always bundled. See README.md ("Performance").
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatId } from '../common/creative/document.ts';
import { parseArgs } from 'node:util';
import { CHROMIUM_INSTALL_HINT, chromiumPath } from '../scripts/lib.mjs';
import { BENCH_CLIENT_DIR, DIST_CLIENT_DIR, buildClient, bundleUnauthenticatedWorker, bundleWorker, clientBuilt, log, rendererDirOf, step } from './build.ts';
import { runLighthouse, type LabResult } from './lighthouse.ts';
import { PINNING, pinServer, runLoad, type LoadSample, type LoadTarget } from './load.ts';
import { printMix, writeMixResults } from './load-mix-report.ts';
import { DEFAULT_MIX_OPTIONS, runMix } from './load-mix.ts';
import { measureFloor, printFloor, type FloorRoute } from './floor-measure.ts';
import { measureApi } from './api.ts';
import { measureRenders } from './renders.ts';
import { startServer } from './server.ts';
import { activeProfileMs, bundleSize, closure, cssBytes, inlineJsBytes, jsBytes, lazyChunks, pageScripts, readManifest } from './weight.ts';

const buildDir = join(import.meta.dirname, '.build');
const resultsDir = join(import.meta.dirname, 'results');

const { values: args } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    only: { type: 'string', default: 'weight,speed,floor,lab,render,api' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    'no-build': { type: 'boolean', default: false },
    'reuse-client': { type: 'boolean', default: false },
    'lab-runs': { type: 'string', default: '3' },
    minutes: { type: 'string', default: String(DEFAULT_MIX_OPTIONS.minutes) },
    'writes-per-second': { type: 'string', default: String(DEFAULT_MIX_OPTIONS.writesPerSecond) },
    'load-exclude': { type: 'string', default: '' },
  },
});
const kinds = new Set(args.only.split(','));

interface Budgets {
  weight: {
    contentPageJsBytes: { max: number; routes: string[] };
    funnelPageJsBytes: { max: number; routes: string[] };
    funnelPageCssBytes: { max: number; routes: string[] };
    presentationPageJsBytes: { max: number; routes: string[] };
    previewPageJsBytes: { max: number; routes: string[] };
    interactivePageJsBytes: { max: number; routes: string[] };
    workspaceInitialJsBytes: { max: number; routes: string[] };
    largestLazyChunkBytes: { max: number };
    workerBundleGzipBytes: { max: number };
    rendererBundleGzipBytes: { max: number };
  };
  speed: {
    workerStartupMs: { max: number };
    ssrThroughputRatio: { min: number; routes: string[] };
    ssrCpuMsPerRequest: { max: number; routes: string[] };
    ssrP99RatioToBaseline: { max: number; routes: string[] };
    apiThroughputRatio: { min: number; routes: string[] };
    funnelThroughputRatio: { uncached: { min: number }; cached: { min: number }; routes: string[] };
  };
  /** Issue 30 point 5: D1-bound routes against the database floor (bench/floor-measure.ts). */
  floor: {
    routes: FloorRoute[];
    throughputRatio: { min: number; routes: string[]; byRoute?: Record<string, { min: number }> };
    roundTrips: { max: number; routes: string[] };
    cpuMsPerRequest: { max: number; routes: string[]; byRoute?: Record<string, { max: number }> };
  };
  render: {
    /** Median end-to-end render after a warm-up, per format × case (bench/renders.ts). */
    warmMs: { max: number };
    /** The run's first render, in fresh isolates (issue 29, point 8). */
    firstMs: { max: number };
    rounds: number;
  };
  /** Issue 31 point 7: the public API (bench/api.ts). */
  api: {
    renderWarmMs: { max: number; formats: FormatId[]; rounds: number };
    bulkSeconds: { max: number; rows: number };
    authCpuMs: { max: number; route: string; rounds: number };
  };
  lab: {
    routes: string[];
    performance: { min: number };
    accessibility: { min: number };
    'best-practices': { min: number };
    seo: { min: number };
    cls: { max: number };
    funnelPerformance: { min: number; routes: string[] };
  };
}
const budgets = JSON.parse(readFileSync(join(import.meta.dirname, 'budgets.json'), 'utf8')) as Budgets;

interface Verdict {
  kind: string;
  budget: string;
  subject: string;
  value: number;
  limit: string;
  ok: boolean;
}
const verdicts: Verdict[] = [];
function judge(kind: string, budget: string, subject: string, value: number, limit: { max?: number; min?: number }) {
  const ok = limit.max !== undefined ? value <= limit.max : value >= (limit.min ?? Number.NEGATIVE_INFINITY);
  verdicts.push({ kind, budget, subject, value, limit: limit.max !== undefined ? `≤ ${limit.max}` : `≥ ${limit.min}`, ok });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A current desktop Chrome: funnel views from it are counted like a visitor's (bots are not). */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

// 1. The production build: minified client and worker bundle.
const workerDir = join(buildDir, 'worker');
/** The API kind's worker without authentication (bench/bearer-skipped.js). */
const unauthenticatedDir = join(buildDir, 'worker-unauthenticated');
const reuse = args['reuse-client'] && clientBuilt(DIST_CLIENT_DIR);
const clientDir = reuse ? DIST_CLIENT_DIR : BENCH_CLIENT_DIR;
if (!args['no-build']) {
  rmSync(buildDir, { recursive: true, force: true });
  if (reuse) log('› Reusing the client build in dist/client (--reuse-client)');
  else buildClient(clientDir);
  bundleWorker(workerDir, { minify: true, clientDir });
  if (kinds.has('api')) bundleUnauthenticatedWorker(unauthenticatedDir, { clientDir });
}
if (!existsSync(join(workerDir, 'index.js')) || !clientBuilt(clientDir)) throw new Error('No worker bundle or client build: run without --no-build.');

log('› Starting workerd (miniflare, direct sockets) with Adloom and the baseline worker');
// The load run reads the main worker's heap through the inspector (bench/heap.ts).
const server = await startServer(workerDir, {
  clientDir,
  ...(kinds.has('load') ? { inspectorPort: 9241 } : {}),
  ...(kinds.has('api') ? { unauthenticatedDir } : {}),
});
const results: Record<string, unknown> = { date: new Date().toISOString(), pinning: PINNING, cpus: execFileSync('nproc', { encoding: 'utf8' }).trim() };

try {
  // 2. Weight (deterministic).
  if (kinds.has('weight')) {
    const manifest = readManifest(clientDir);
    const bundle = bundleSize(workerDir);
    judge('weight', 'worker bundle (gzip)', 'worker', bundle.gzip, budgets.weight.workerBundleGzipBytes);
    // The renderer Worker (satori, resvg, libwebp), deployed beside it: docs/decisions/0021-renderer-worker.md.
    const rendererBundle = bundleSize(rendererDirOf(workerDir));
    judge('weight', 'renderer bundle (gzip)', 'renderer', rendererBundle.gzip, budgets.weight.rendererBundleGzipBytes);
    const pages: Record<string, number> = {};
    const measure = async (route: string, cookie?: string, userAgent?: string) => {
      const response = await fetch(`${server.adloom}${route}`, {
        headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
      });
      if (!response.ok) throw new Error(`${route} answered ${response.status}`);
      const html = await response.text();
      const files = closure(manifest, pageScripts(html, manifest));
      return { files, bytes: jsBytes(files, clientDir) + inlineJsBytes(html) };
    };
    for (const route of budgets.weight.contentPageJsBytes.routes) {
      pages[route] = (await measure(route)).bytes;
      judge('weight', 'content page JS', route, pages[route], budgets.weight.contentPageJsBytes);
    }
    for (const route of budgets.weight.funnelPageJsBytes.routes) {
      pages[route] = (await measure(route)).bytes;
      judge('weight', 'funnel page JS', route, pages[route], budgets.weight.funnelPageJsBytes);
    }
    // Issue 30 point 4: a funnel page's CSS, its own stylesheet inlined (decision 0039).
    const css: Record<string, number> = {};
    for (const route of budgets.weight.funnelPageCssBytes.routes) {
      const response = await fetch(`${server.adloom}${route}`);
      if (!response.ok) throw new Error(`${route} answered ${response.status}`);
      css[route] = cssBytes(await response.text(), clientDir);
      judge('weight', 'funnel page CSS', route, css[route], budgets.weight.funnelPageCssBytes);
    }
    // A presentation as a person's browser gets it (link-preview bots get a card without the beacon).
    for (const route of budgets.weight.presentationPageJsBytes.routes) {
      pages[route] = (await measure(route, undefined, BROWSER_AGENT)).bytes;
      judge('weight', 'presentation page JS', route, pages[route], budgets.weight.presentationPageJsBytes);
    }
    // An ad's preview: its one script places pinned comments (decision 0052).
    for (const route of budgets.weight.previewPageJsBytes.routes) {
      pages[route] = (await measure(route)).bytes;
      judge('weight', 'preview page JS', route, pages[route], budgets.weight.previewPageJsBytes);
    }
    for (const route of budgets.weight.interactivePageJsBytes.routes) {
      pages[route] = (await measure(route)).bytes;
      judge('weight', 'interactive page JS', route, pages[route], budgets.weight.interactivePageJsBytes);
    }
    let initial = new Set<string>();
    for (const route of budgets.weight.workspaceInitialJsBytes.routes) {
      const measured = await measure(route, server.sessionCookie);
      if (route === '/dashboard') initial = measured.files;
      pages[route] = measured.bytes;
      judge('weight', 'workspace initial JS', route, pages[route], budgets.weight.workspaceInitialJsBytes);
    }
    const lazy = lazyChunks(manifest, initial, clientDir).sort((a, b) => b.bytes - a.bytes);
    const largest = lazy[0] ?? { name: '(none)', bytes: 0 };
    judge('weight', 'largest lazy chunk', largest.name, largest.bytes, budgets.weight.largestLazyChunkBytes);
    results.weight = { workerBundle: bundle, rendererBundle, pageJsBytes: pages, pageCssBytes: css, lazyChunks: lazy };

    log('\nWeight (gzip)');
    log(`  worker bundle            ${kb(bundle.raw)} raw, ${kb(bundle.gzip)} gzip`);
    log(`  renderer bundle          ${kb(rendererBundle.raw)} raw, ${kb(rendererBundle.gzip)} gzip`);
    for (const [route, bytes] of Object.entries(pages)) log(`  JS ${route.padEnd(22)}${kb(bytes)}`);
    for (const [route, bytes] of Object.entries(css)) log(`  CSS ${route.padEnd(21)}${kb(bytes)}`);
    log(`  largest lazy chunk       ${kb(largest.bytes)} (${largest.name})`);
  }

  // 3. Speed: startup, throughput and latency as ratios to the baseline, CPU per request.
  if (kinds.has('speed')) {
    const startupOut = step('Profiling worker startup (wrangler check startup)', 'wrangler', [
      'check',
      'startup',
      '--outfile',
      join(buildDir, 'startup.cpuprofile'),
    ]);
    const parsed = /Active:\s*([\d.]+)\s*ms/.exec(startupOut);
    const startupMs = parsed ? Number(parsed[1]) : activeProfileMs(join(buildDir, 'startup.cpuprofile'));
    judge('speed', 'worker startup (ms)', 'worker', startupMs, budgets.speed.workerStartupMs);

    pinServer(server.workerdPid);
    const targets: LoadTarget[] = [
      { name: 'baseline', url: `${server.baseline}/` },
      ...budgets.speed.ssrThroughputRatio.routes.map((route) => ({ name: route, url: `${server.adloom}${route}` })),
      // Signed in as the seeded demo user: `GET /api/me`, and the dashboard's one batch over its seeded projects.
      ...budgets.speed.apiThroughputRatio.routes.map((name) => ({
        name,
        url: `${server.adloom}${name.split(' ')[1]}`,
        headers: { cookie: server.sessionCookie },
      })),
      // Funnel pages as visitors load them (a browser's user agent: each view is counted).
      ...budgets.speed.funnelThroughputRatio.routes.flatMap((route) => [
        { name: `${route} cached`, url: `${server.adloom}${route}`, headers: { 'user-agent': BROWSER_AGENT } },
        { name: `${route} uncached`, url: `${server.adloomUncached}${route}`, headers: { 'user-agent': BROWSER_AGENT } },
        // The same page's bytes and headers served by a worker that does nothing else: the ceiling for this response.
        { name: `${route} static copy`, url: `${server.ceiling}${route}`, headers: { 'user-agent': BROWSER_AGENT } },
      ]),
    ];
    const rounds = Number(args.rounds);
    const options = { connections: Number(args.connections), seconds: Number(args.seconds), workerdPid: server.workerdPid };
    log(
      `› Load: ${rounds} interleaved rounds × ${targets.length} targets × ${options.seconds}s at ${options.connections} connections${PINNING ? ' (workerd on core 0, load on core 1)' : ''}`,
    );
    for (const target of targets) await runLoad(target, { ...options, seconds: 1 }); // warm-up
    const samples = new Map<string, LoadSample[]>(targets.map((t) => [t.name, []]));
    const ratios = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    for (let round = 0; round < rounds; round += 1) {
      let baseline: LoadSample | undefined;
      for (const target of targets) {
        const sample = await runLoad(target, options);
        samples.get(target.name)!.push(sample);
        if (target.name === 'baseline') baseline = sample;
        ratios.get(target.name)!.push(sample.rps / baseline!.rps);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    // p99 against the baseline's, each the median of this run's rounds (autocannon reports whole ms).
    const baselineP99 = Math.max(median(samples.get('baseline')!.map((x) => x.p99)), 1);
    const table = targets.map((t) => {
      const s = samples.get(t.name)!;
      return {
        target: t.name,
        rps: Math.round(mean(s.map((x) => x.rps))),
        p50: median(s.map((x) => x.p50)),
        p99: median(s.map((x) => x.p99)),
        errors: s.reduce((a, x) => a + x.errors, 0),
        ratio: Number(mean(ratios.get(t.name)!).toFixed(2)),
        p99Ratio: Number((median(s.map((x) => x.p99)) / baselineP99).toFixed(2)),
        cpuMs: Number(mean(s.map((x) => x.cpuMsPerRequest)).toFixed(3)),
      };
    });
    for (const row of table) {
      if (budgets.speed.ssrThroughputRatio.routes.includes(row.target)) {
        judge('speed', 'SSR req/s ÷ baseline', row.target, row.ratio, budgets.speed.ssrThroughputRatio);
        judge('speed', 'SSR CPU ms / request', row.target, row.cpuMs, budgets.speed.ssrCpuMsPerRequest);
        judge('speed', 'SSR p99 ÷ baseline p99', row.target, row.p99Ratio, budgets.speed.ssrP99RatioToBaseline);
      }
      for (const route of budgets.speed.funnelThroughputRatio.routes) {
        if (row.target === `${route} cached`) judge('speed', 'funnel req/s ÷ baseline (cached)', route, row.ratio, budgets.speed.funnelThroughputRatio.cached);
        if (row.target === `${route} uncached`)
          judge('speed', 'funnel req/s ÷ baseline (uncached)', route, row.ratio, budgets.speed.funnelThroughputRatio.uncached);
      }
      if (budgets.speed.apiThroughputRatio.routes.includes(row.target))
        judge('speed', 'API req/s ÷ baseline', row.target, row.ratio, budgets.speed.apiThroughputRatio);
      if (row.errors > 0) verdicts.push({ kind: 'speed', budget: 'errors under load', subject: row.target, value: row.errors, limit: '= 0', ok: false });
    }
    // How far each funnel page is from what workerd alone does with the same bytes (reported, no budget).
    const ceilings = budgets.speed.funnelThroughputRatio.routes.map((route) => {
      const copy = table.find((r) => r.target === `${route} static copy`)!;
      const ofCopy = (suffix: string) => Number((table.find((r) => r.target === `${route} ${suffix}`)!.ratio / copy.ratio).toFixed(2));
      return { route, staticCopyRatio: copy.ratio, cachedOfStaticCopy: ofCopy('cached'), uncachedOfStaticCopy: ofCopy('uncached') };
    });
    results.speed = { startupMs, load: table, ceilings, options: { ...options, rounds } };
    log(`\nSpeed (workerd direct, ${options.connections} connections; ratio = req/s ÷ baseline's in the same round)`);
    log(`  worker startup           ${startupMs.toFixed(1)} ms CPU`);
    log(`  ${'target'.padEnd(36)}  req/s   ratio   p50 ms  p99 ms  p99÷base  CPU ms/req  errors`);
    for (const r of table) {
      log(
        `  ${r.target.padEnd(36)}${String(r.rps).padStart(7)}${r.ratio.toFixed(2).padStart(8)}${String(r.p50).padStart(9)}${String(r.p99).padStart(8)}${r.p99Ratio.toFixed(2).padStart(10)}${r.cpuMs.toFixed(3).padStart(12)}${String(r.errors).padStart(8)}`,
      );
    }
    for (const c of ceilings) {
      log(
        `  ${c.route}: a static copy of its bytes and headers reaches ${c.staticCopyRatio.toFixed(2)} × baseline; the page reaches ${c.cachedOfStaticCopy.toFixed(2)} of that cached, ${c.uncachedOfStaticCopy.toFixed(2)} uncached`,
      );
    }
  }

  // 3b. The database floor: D1-bound routes as ratios to a worker that only reaches the same D1, their CPU and round trips.
  if (kinds.has('floor')) {
    if (!kinds.has('speed')) pinServer(server.workerdPid);
    const rounds = Number(args.rounds);
    const options = { connections: Number(args.connections), seconds: Number(args.seconds), rounds, workerdPid: server.workerdPid };
    const { rows, batchSize } = await measureFloor(server, budgets.floor.routes, options, log);
    for (const row of rows) {
      if (budgets.floor.throughputRatio.routes.includes(row.target))
        judge('floor', 'req/s ÷ database floor', row.target, row.ratio, budgets.floor.throughputRatio.byRoute?.[row.target] ?? budgets.floor.throughputRatio);
      if (budgets.floor.roundTrips.routes.includes(row.target))
        judge('floor', 'D1 round trips / request', row.target, row.roundTrips ?? Number.NaN, budgets.floor.roundTrips);
      if (budgets.floor.cpuMsPerRequest.routes.includes(row.target))
        judge(
          'floor',
          'CPU ms / request above floor',
          row.target,
          row.cpuAboveFloorMs,
          budgets.floor.cpuMsPerRequest.byRoute?.[row.target] ?? budgets.floor.cpuMsPerRequest,
        );
      if (row.errors > 0) verdicts.push({ kind: 'floor', budget: 'errors under load', subject: row.target, value: row.errors, limit: '= 0', ok: false });
    }
    results.floor = { rows, batchSize, options };
    printFloor(rows, log);
  }

  // 4. Render speed: every format with a photo and with a gradient, end to end (PNG in R2, creation row).
  if (kinds.has('render')) {
    log(`› Renders: ${budgets.render.rounds} per format and case after a warm-up, through POST /api/creatives/{id}/render`);
    const renders = await measureRenders(server, budgets.render.rounds, log);
    for (const r of renders) judge('render', 'render warm, median (ms)', `${r.format} ${r.case}`, r.medianMs, budgets.render.warmMs);
    // The first render after workerd starts (both isolates new, the WebAssembly compiled then): a square with a photo.
    const first = renders[0];
    if (first) judge('render', 'first render in fresh isolates (ms)', `${first.format} ${first.case}`, first.warmUpMs, budgets.render.firstMs);
    results.render = renders;
    results.renderFirstInIsolateMs = renders[0]?.warmUpMs;
  }

  // 4b. The public API (issue 31 point 7): a synchronous render, a bulk run, the CPU of authentication.
  if (kinds.has('api')) {
    const b = budgets.api;
    log(
      `› API: ${b.renderWarmMs.rounds} renders per format after a warm-up (POST /api/v1/renders), a run of ${b.bulkSeconds.rows} rows (POST /api/v1/batches), authentication on ${b.authCpuMs.route}`,
    );
    const api = await measureApi(
      server,
      {
        renderRounds: b.renderWarmMs.rounds,
        formats: b.renderWarmMs.formats,
        bulkRows: b.bulkSeconds.rows,
        authRoute: b.authCpuMs.route,
        rounds: b.authCpuMs.rounds,
        seconds: Number(args.seconds),
        connections: Number(args.connections),
        workerdPid: server.workerdPid,
      },
      log,
    );
    for (const r of api.renders) judge('api', 'API render warm, median (ms)', r.format, r.medianMs, b.renderWarmMs);
    judge('api', 'API bulk run (s)', `${api.bulk.rows} rows`, Number((api.bulk.wallMs / 1000).toFixed(1)), b.bulkSeconds);
    judge('api', 'API auth CPU ms / request', b.authCpuMs.route, api.auth.aboveOwnSqlMs, b.authCpuMs);
    if (api.auth.errors > 0)
      verdicts.push({ kind: 'api', budget: 'errors under load', subject: b.authCpuMs.route, value: api.auth.errors, limit: '= 0', ok: false });
    results.api = api;
  }

  // 5. Lab vitals with Lighthouse (mobile preset) in Debian's chromium.
  if (kinds.has('lab')) {
    const chrome = chromiumPath();
    if (!chrome) throw new Error(`Lighthouse needs Chromium and found none. Install it: ${CHROMIUM_INSTALL_HINT}`);
    const labRuns = Number(args['lab-runs']);
    log(`› Lighthouse (mobile, compressed as at the edge), the median of ${labRuns} runs, on ${budgets.lab.routes.join(', ')}`);
    const lab: LabResult[] = await runLighthouse(chrome, server.edge, budgets.lab.routes, labRuns);
    for (const r of lab) {
      for (const category of ['performance', 'accessibility', 'best-practices', 'seo'] as const)
        judge('lab', `Lighthouse ${category}`, r.route, r[category], budgets.lab[category]);
      judge('lab', 'CLS', r.route, r.cls, budgets.lab.cls);
      if (budgets.lab.funnelPerformance.routes.includes(r.route))
        judge('lab', 'Lighthouse performance (funnel)', r.route, r.performance, budgets.lab.funnelPerformance);
    }
    results.lab = lab;
    log('\nLab vitals (Lighthouse mobile)');
    log('  route        perf  a11y  best  seo   LCP ms  CLS    TBT ms  perf of each run');
    for (const r of lab) {
      log(
        `  ${r.route.padEnd(12)}${String(r.performance).padStart(5)}${String(r.accessibility).padStart(6)}${String(r['best-practices']).padStart(6)}${String(r.seo).padStart(5)}${String(r.lcpMs).padStart(9)}  ${r.cls.toFixed(3)}${String(r.tbtMs).padStart(8)}  ${r.runs.join(' / ')}`,
      );
      if (r.failing.length) log(`    failing audits: ${r.failing.join(', ')}`);
    }
  }

  // 6. Load (issue 15): a bounded mixed run with writes; errors must be 0 and workerd's memory flat.
  if (kinds.has('load')) {
    const mix = await runMix(server, {
      ...DEFAULT_MIX_OPTIONS,
      minutes: Number(args.minutes),
      connections: Number(args.connections),
      writesPerSecond: Number(args['writes-per-second']),
      exclude: args['load-exclude'].split(',').filter(Boolean),
      checkpoint: (partial) => writeMixResults(partial, resultsDir),
      log,
    });
    printMix(mix, log);
    log(`  → ${writeMixResults(mix, resultsDir)}.{json,md}`);
    judge('load', 'errors under load', 'mix', mix.errors, { max: 0 });
    results.load = { ...mix, timeline: undefined, routes: undefined };
  }
} finally {
  await server.stop();
}

results.budgets = verdicts;
mkdirSync(resultsDir, { recursive: true });
// A load run alone keeps latest.json (the budgets' run) as it was: it writes its own files.
if (!(kinds.size === 1 && kinds.has('load'))) writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);

log('\nBudgets');
for (const v of verdicts) log(`  ${v.ok ? '✔' : '✖'} ${v.budget.padEnd(26)} ${v.subject.padEnd(20)} ${String(v.value).padStart(9)}  ${v.limit}`);
const missed = verdicts.filter((v) => !v.ok);
log(`\n${verdicts.length - missed.length} budgets met, ${missed.length} missed · bench/results/latest.json`);
if (args.check && missed.length > 0) process.exit(1);
