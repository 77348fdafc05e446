import jpeg from 'jpeg-js';
import { FORMAT_IDS, type CreativeDocument, type FormatId } from '../common/creative/document.ts';
import { buildTemplate } from '../common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '../common/schemas/projects.ts';
import type { BenchServer } from './server.ts';

/**
 * Render speed (issue 14, point 8): each format with a photo (a 1600 × 1200 JPEG filling the
 * canvas) and with a gradient background, rendered end to end (`POST /api/creatives/{id}/render`,
 * a new revision each time so that nothing is served from R2) after one warm-up render of the
 * same picture in the same frame. Reports the median and the worst of `rounds` renders.
 */
export const RENDER_CASES = [
  { name: 'photo', template: 'photo-overlay' },
  { name: 'gradient', template: 'gradient-promo' },
] as const;

export interface RenderSample {
  format: FormatId;
  case: (typeof RENDER_CASES)[number]['name'];
  medianMs: number;
  worstMs: number;
  samples: number[];
  /** The warm-up render (a new picture in a new frame); for the run's first case, also the first render of fresh isolates. */
  warmUpMs: number;
}

/** A smooth photo-like picture (a sky, a sun and a hill), as a JPEG. */
export function photoJpeg(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const sun = (x - width * 0.7) ** 2 + (y - height * 0.3) ** 2 < (height * 0.18) ** 2;
      const hill = y > height * 0.62 + Math.sin(x / 40) * 20;
      data[i] = sun ? 250 : hill ? 60 + ((x * 7 + y * 3) % 23) : 120 + (x / width) * 80;
      data[i + 1] = sun ? 200 : hill ? 120 + ((x * 5 + y * 11) % 19) : 160 + (y / height) * 40;
      data[i + 2] = sun ? 80 : hill ? 70 : 220;
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, 85).data;
}

/** The bench's API as its signed-in demo user: JSON or raw bodies, the answer's JSON (an error status throws). */
export function benchApi(server: BenchServer) {
  const headers = { cookie: server.sessionCookie, origin: server.adloom };
  return async <T>(method: string, path: string, body?: unknown, raw?: Uint8Array): Promise<T> => {
    const response = await fetch(`${server.adloom}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: raw ? new Blob([raw as Uint8Array<ArrayBuffer>]) : body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** The median and the worst of `rounds` timed runs after one warm-up run (`prepare` before each run, untimed; round 0 is the warm-up). */
export async function medianAfterWarmUp(
  rounds: number,
  prepare: (round: number) => Promise<unknown>,
  run: (round: number) => Promise<unknown>,
): Promise<{ medianMs: number; worstMs: number; samples: number[]; warmUpMs: number }> {
  const samples: number[] = [];
  let warmUpMs = 0;
  for (let round = 0; round <= rounds; round += 1) {
    await prepare(round);
    const started = performance.now();
    await run(round);
    const ms = performance.now() - started;
    if (round > 0) samples.push(ms);
    else warmUpMs = Math.round(ms);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!), worstMs: Math.round(sorted.at(-1)!), samples, warmUpMs };
}

/** The render cases' setup: credits (straight into the bench database), a new project of the demo user and the photo in it. */
export async function renderProject(server: BenchServer, name: string, credits: number) {
  const api = benchApi(server);
  await server.db.prepare('UPDATE credit_balances SET purchased = purchased + ? WHERE user_id = ?').bind(credits, server.userId).run();
  const project = await api<{ id: string }>('POST', '/api/projects', { name: `${name} ${Date.now()}` });
  const photo = await api<{ id: string }>('POST', `/api/projects/${project.id}/media?filename=photo.jpg`, undefined, photoJpeg(1600, 1200));
  return { api, project, photo };
}

/** A render case's creative in `format` (its template with the photo, or the gradient), created in the project. */
export async function caseCreative(api: ReturnType<typeof benchApi>, projectId: string, photoId: string, format: FormatId, c: (typeof RENDER_CASES)[number]) {
  const doc = buildTemplate(c.template, { brand: DEFAULT_BRAND_KIT, format, imageMediaId: c.name === 'photo' ? photoId : null });
  const creative = await api<{ id: string }>('POST', `/api/projects/${projectId}/creatives`, { template: c.template, format, document: doc });
  return { creative, doc };
}

/**
 * One case in one format rendered in the workspace: a new headline (PATCH, untimed unless `timeEdit`) then
 * `POST /api/creatives/{id}/render`, `rounds` times after a warm-up. With `timeEdit` the PATCH is timed too: the
 * workspace's counterpart of an API render, which saves the changed creative and draws it in one request.
 */
export async function measureCase(
  api: ReturnType<typeof benchApi>,
  project: { id: string },
  photo: { id: string },
  format: FormatId,
  c: (typeof RENDER_CASES)[number],
  rounds: number,
  timeEdit = false,
): Promise<RenderSample> {
  const { creative, doc } = await caseCreative(api, project.id, photo.id, format, c);
  const withText = (n: number): CreativeDocument => ({
    ...doc,
    layers: doc.layers.map((l) => (l.type === 'text' && l.slot === 'headline' ? { ...l, text: `${l.text} ${n}` } : l)),
  });
  // Round 0 is the warm-up (a new picture in a new frame); each round after it a new revision.
  const edit = (round: number) => (round > 0 ? api('PATCH', `/api/creatives/${creative.id}`, { document: withText(round) }) : Promise.resolve());
  const render = () => api('POST', `/api/creatives/${creative.id}/render`);
  const timed = timeEdit
    ? await medianAfterWarmUp(
        rounds,
        () => Promise.resolve(),
        (round) => edit(round).then(render),
      )
    : await medianAfterWarmUp(rounds, edit, render);
  return { format, case: c.name, ...timed };
}

export async function measureRenders(server: BenchServer, rounds: number, log: (line: string) => void): Promise<RenderSample[]> {
  // Credits for every render of the run (1 each).
  const { api, project, photo } = await renderProject(server, 'Render bench', 1000);
  const results: RenderSample[] = [];
  for (const format of FORMAT_IDS) {
    for (const c of RENDER_CASES) {
      const sample = await measureCase(api, project, photo, format, c, rounds);
      log(
        `  render ${format.padEnd(10)} ${c.name.padEnd(9)} median ${String(sample.medianMs).padStart(4)} ms, worst ${String(sample.worstMs).padStart(4)} ms, warm-up ${String(sample.warmUpMs).padStart(4)} ms${results.length === 0 ? ' (first render in fresh isolates)' : ''}`,
      );
      results.push(sample);
    }
  }
  return results;
}
