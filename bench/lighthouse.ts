import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export interface LabResult {
  route: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failing: string[];
  /** Each run's performance score, in the order run; the figures above are the median run's. */
  runs: number[];
}

/** A Lighthouse report (median-run.js names it by a global type this program does not load). */
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The site's pages and the funnel pages (`/p/…`) are served differently (the site's with a Cross-Origin-Opener-Policy). */
const kindOf = (route: string) => (route.startsWith('/p/') ? 'funnel' : 'site');

/**
 * Lighthouse (mobile preset, simulated throttling) in Debian's chromium, one page at a time, each
 * `runs` times: the figures are the median run's, chosen by Lighthouse's own computeMedianRun (the
 * run nearest the median FCP and TTI), as Lighthouse's guide to variability advises. A single run
 * was judged until session 47: its traces showed pages whose own work ended by 170 ms waiting
 * ≈ 2 s for the browser's first frame (decision 0039).
 * The first page of each kind is loaded once unmeasured: the first funnel page after the site's
 * pages showed ~2 s without a frame, whichever funnel page it was (decision 0039, session 46):
 * the browser changing processes, not the page. Lighthouse clears the cache before each run, so
 * the warm-up leaves the page nothing to reuse.
 */
export async function runLighthouse(chromePath: string, base: string, routes: string[], runs = 3): Promise<LabResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS, logLevel: 'silent' });
  const results: LabResult[] = [];
  try {
    let kind: string | undefined;
    for (const route of routes) {
      if (kindOf(route) !== kind) {
        kind = kindOf(route);
        await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      }
      const lhrs: Report[] = [];
      for (let i = 0; i < runs; i += 1) {
        const run = await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        if (!run) throw new Error(`lighthouse returned nothing for ${route}`);
        lhrs.push(run.lhr);
        // LAB_SAVE_DIR=…: each run's report and trace kept, to read what blocked (bootup-time, the trace's tasks).
        const saveDir = process.env.LAB_SAVE_DIR;
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          const name = `${route.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${i + 1}`;
          writeFileSync(join(saveDir, `${name}.lhr.json`), JSON.stringify(run.lhr));
          writeFileSync(join(saveDir, `${name}.trace.json`), JSON.stringify(run.artifacts.Trace ?? null));
        }
      }
      const median = computeMedianRun(lhrs) as Report;
      const { categories, audits } = median;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const failing = Object.values(categories)
        .filter((c) => c.id !== 'performance')
        .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c.id}:${ref.id}`));
      results.push({
        route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
        failing,
        runs: lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
