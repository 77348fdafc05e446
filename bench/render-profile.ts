// `node bench/render-profile.ts [--build] [format]`: a CPU profile of the renderer Worker during
// a creative's first render in fresh isolates, then of a warm-up render (the same picture in a new
// frame) and of a warm render — the three costs of issue 29, point 8. Prints where each spends
// its time (self time by function) and writes bench/results/render-{first,warm-up,warm}.cpuprofile.
// Profiles the unminified bundle in bench/.build/profile (the one `npm run bench:profile` builds).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FORMAT_IDS, type FormatId } from '../common/creative/document.ts';
import { buildTemplate } from '../common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '../common/schemas/projects.ts';
import { RENDERER_NAME } from '../scripts/renderer-bundle.mjs';
import { BENCH_CLIENT_DIR, buildClient, bundleWorker, clientBuilt } from './build.ts';
import { inspectorSession } from './inspector.ts';
import { benchApi, photoJpeg } from './renders.ts';
import { startServer } from './server.ts';

const { values: options, positionals } = parseArgs({ allowPositionals: true, options: { build: { type: 'boolean', default: false } } });
const format = (positionals[0] ?? 'square') as FormatId;
if (!FORMAT_IDS.includes(format)) throw new Error(`Unknown format ${format}`);
const INSPECTOR = 9240;
const bundleDir = join(import.meta.dirname, '.build', 'profile');
if (options.build) {
  buildClient(BENCH_CLIENT_DIR);
  bundleWorker(bundleDir, { minify: false, clientDir: BENCH_CLIENT_DIR });
}
if (!clientBuilt(BENCH_CLIENT_DIR) || !existsSync(join(bundleDir, 'index.js'))) throw new Error('No profile build: run with --build.');
const server = await startServer(bundleDir, { clientDir: BENCH_CLIENT_DIR, inspectorPort: INSPECTOR });

try {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json()) as { title: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => t.title.includes(RENDERER_NAME));
  if (!target) throw new Error(`No renderer among ${targets.map((t) => t.title).join(', ')}`);
  const { send, close } = await inspectorSession(target.webSocketDebuggerUrl);
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 100 });

  const api = benchApi(server);
  await server.db.prepare('UPDATE credit_balances SET purchased = purchased + 100 WHERE user_id = ?').bind(server.userId).run();
  const project = await api<{ id: string }>('POST', '/api/projects', { name: `Render profile ${Date.now()}` });
  const photo = await api<{ id: string }>('POST', `/api/projects/${project.id}/media?filename=photo.jpg`, undefined, photoJpeg(1600, 1200));
  const creativeOf = async (f: FormatId) => {
    const doc = buildTemplate('photo-overlay', { brand: DEFAULT_BRAND_KIT, format: f, imageMediaId: photo.id });
    const creative = await api<{ id: string }>('POST', `/api/projects/${project.id}/creatives`, { template: 'photo-overlay', format: f, document: doc });
    return { id: creative.id, doc };
  };

  const profiled = async (name: string, creativeId: string) => {
    await send('Profiler.start');
    const started = performance.now();
    await api('POST', `/api/creatives/${creativeId}/render`);
    const ms = performance.now() - started;
    const { profile } = (await send('Profiler.stop')) as {
      profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };
    };
    const self = new Map<number, number>();
    profile.samples.forEach((sample, i) => self.set(sample, (self.get(sample) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
    }
    const busy = [...byFunction.entries()].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)'));
    const cpu = busy.reduce((sum, [, v]) => sum + v, 0);
    console.log(`\n${name}: ${Math.round(ms)} ms end to end, ${Math.round(cpu)} ms of renderer CPU sampled`);
    for (const [key, v] of busy.sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${key}`);
    mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
    writeFileSync(join(import.meta.dirname, 'results', `render-${name}.cpuprofile`), JSON.stringify(profile));
  };

  const first = await creativeOf(format);
  await profiled('first', first.id);
  const other = await creativeOf(format === 'story' ? 'portrait' : 'story');
  await profiled('warm-up', other.id);
  await api('PATCH', `/api/creatives/${first.id}`, {
    document: { ...first.doc, layers: first.doc.layers.map((l) => (l.type === 'text' ? { ...l, text: `${l.text}!` } : l)) },
  });
  await profiled('warm', first.id);
  close();
} finally {
  await server.stop();
}
