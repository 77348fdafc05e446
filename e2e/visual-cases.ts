import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CreativeDocument, FormatId } from '../common/creative/document.ts';
import { api } from './browser.ts';
import { compare, decodePng } from './image-diff.ts';
import { both, MAX_DIFFERING, MAX_MEAN } from './preview-render.ts';

/** The visual test's steps that every case takes: create a creative, measure it, judge all the measurements. */

export type Picture = ReturnType<typeof decodePng>;
export interface Measured {
  label: string;
  mean: number;
  differing: number;
}

/** A creative made from a document through the API (201 expected); its id. */
export async function createCreative(page: Page, projectId: string, document: CreativeDocument, template = 'bold-headline'): Promise<string> {
  const created = await api<{ id: string }>(page, 'POST', `/api/projects/${projectId}/creatives`, { template, format: document.format, document });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

/** How many blurred pixels stand for one: the comparison's scale per format (image-diff.ts). */
export const ratio = (format: FormatId) => (format === 'landscape' ? 206 : 108);

/**
 * The editor's preview and the worker's PNG of one creative, compared. VISUAL_DEBUG_DIR=/some/dir
 * keeps both images of every case as `<name>-preview.png` and `<name>-render.png`, to look at a difference.
 */
export async function measure(
  page: Page,
  creativeId: string,
  label: string,
  format: FormatId,
  name: string,
): Promise<{ result: Measured; dom: Picture; png: Picture }> {
  const { domBytes, pngBytes } = await both(page, creativeId);
  if (process.env.VISUAL_DEBUG_DIR) {
    writeFileSync(join(process.env.VISUAL_DEBUG_DIR, `${name}-preview.png`), domBytes);
    writeFileSync(join(process.env.VISUAL_DEBUG_DIR, `${name}-render.png`), pngBytes);
  }
  const dom = decodePng(domBytes);
  const png = decodePng(pngBytes);
  return { result: { label, ...compare(dom, png, ratio(format)) }, dom, png };
}

/** Every case is measured before any is judged, so that one failure shows all the numbers. */
export function expectAllMatch(results: Measured[]): void {
  const report = results.map((r) => `${r.label}: mean ${r.mean.toFixed(2)}, differing ${(r.differing * 100).toFixed(2)} %`).join('\n');
  console.log(report);
  for (const r of results) {
    expect(r.mean, `${r.label}\n${report}`).toBeLessThan(MAX_MEAN);
    expect(r.differing, `${r.label}\n${report}`).toBeLessThan(MAX_DIFFERING);
  }
}
