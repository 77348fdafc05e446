import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creativeDocument, MAX_LAYERS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { groupLayers } from '#client/features/creatives/arrange.ts';
import {
  CLIPBOARD_KEY,
  copyLayers,
  duplicateLayers,
  layersPayload,
  parseLayersPayload,
  pasteLayers,
  PASTE_OFFSET,
  readLayersClipboard,
  readLayersClipboardAsync,
} from '#client/features/creatives/clipboard.ts';

const shape = (id: string, x = 10, extra: Partial<Layer> = {}): Layer =>
  ({ id, type: 'shape', shape: 'rect', fill: '#112233', opacity: 1, radius: 0, x, y: 10, w: 20, h: 20, ...extra }) as Layer;
const picture = (id: string, mediaId: string | null): Layer => ({ id, type: 'image', mediaId, fit: 'cover', radius: 0, x: 50, y: 50, w: 30, h: 30 });
const title = (id: string, font: string): Layer =>
  ({
    id,
    type: 'text',
    text: 'Hello',
    font,
    weight: 700,
    size: 6,
    color: '#111111',
    align: 'left',
    vAlign: 'top',
    lineHeight: 1.2,
    uppercase: false,
    x: 5,
    y: 5,
    w: 60,
    h: 10,
  }) as Layer;
const docOf = (layers: Layer[]): CreativeDocument => ({
  version: 2,
  format: 'square',
  template: 'blank',
  background: { type: 'color', color: '#ffffff' },
  layers,
});
const valid = (doc: CreativeDocument) => expect(creativeDocument.safeParse(doc).success).toBe(true);

const SOURCE = { projectId: 'proj_a', creativeId: 'cr_1' };

beforeEach(() => localStorage.clear());

describe('copy and paste', () => {
  it('copies into localStorage and the system clipboard, and pastes within the creative next to the original with fresh ids', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const doc = docOf([shape('a'), shape('b', 40)]);
    expect(await copyLayers(doc, ['a'], SOURCE)).toBe(1);
    expect(writeText).toHaveBeenCalledWith(localStorage.getItem(CLIPBOARD_KEY));
    const payload = readLayersClipboard()!;
    const pasted = pasteLayers(doc, payload, { projectId: 'proj_a' });
    if (!pasted.ok) throw new Error('refused: too many layers');
    valid(pasted.doc);
    expect(pasted.ids).toEqual(['a-2']);
    expect(pasted.doc.layers.at(-1)).toMatchObject({ id: 'a-2', x: 10 + PASTE_OFFSET, y: 10 + PASTE_OFFSET });
    // Pasting again cascades instead of hiding the first copy.
    const again = pasteLayers(pasted.doc, payload, { projectId: 'proj_a' });
    if (!again.ok) throw new Error('refused: too many layers');
    expect(again.doc.layers.at(-1)).toMatchObject({ id: 'a-3', x: 10 + 2 * PASTE_OFFSET });
  });

  it('still copies when the system clipboard refuses (the stored copy serves this browser)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError'))) } });
    expect(await copyLayers(docOf([shape('a')]), ['a'], SOURCE)).toBe(1);
    expect(readLayersClipboard()?.layers.map((l) => l.id)).toEqual(['a']);
    expect(await copyLayers(docOf([shape('a')]), ['missing'], SOURCE)).toBe(0);
  });

  it('pastes into another creative at the same place; pictures and uploaded fonts of another project do not come along', () => {
    const source = docOf([picture('pic', 'm1'), title('t', 'brand:font1'), picture('local-pic', 'local')]);
    const payload = layersPayload(source, ['pic', 't', 'local-pic'], SOURCE)!;
    const target = docOf([shape('pic')]);

    const same = pasteLayers(target, payload, { projectId: 'proj_a' });
    if (!same.ok) throw new Error('refused: too many layers');
    expect(same.doc.layers.slice(1)).toMatchObject([
      { id: 'pic-2', mediaId: 'm1', x: 50 },
      { id: 't', font: 'brand:font1' },
      { id: 'local-pic', mediaId: 'local' },
    ]);
    // The editor shows the media file by its id (local is the playground's, not a media object of the project).
    expect(same.images).toEqual({ m1: '/api/media/m1/file', local: '/api/media/local/file' });
    expect(same.emptiedFrames).toBe(0);

    const other = pasteLayers(target, payload, { projectId: 'proj_b' });
    if (!other.ok) throw new Error('refused: too many layers');
    valid(other.doc);
    expect(other.doc.layers.slice(1)).toMatchObject([{ mediaId: null }, { font: 'inter' }, { mediaId: null }]);
    expect(other.emptiedFrames).toBe(2);
    expect(other.images).toEqual({});
  });

  it('never shows a picture from an address the clipboard text names (a forged payload)', () => {
    const forged = { ...layersPayload(docOf([picture('pic', 'm1')]), ['pic'], SOURCE)!, images: { m1: 'https://tracker.example/pixel.gif' } };
    const payload = parseLayersPayload(JSON.stringify(forged))!;
    expect(payload).not.toHaveProperty('images');
    const pasted = pasteLayers(docOf([]), payload, { projectId: 'proj_a' });
    expect(pasted.ok && pasted.images).toEqual({ m1: '/api/media/m1/file' });
  });

  it('a copied group pastes as a group of its own; locked layers paste unlocked', () => {
    const doc = groupLayers(docOf([shape('a'), shape('b', 40, { locked: true }), shape('c', 70)]), ['a', 'b']);
    const payload = layersPayload(doc, ['a', 'b'], SOURCE)!;
    const pasted = pasteLayers(doc, payload, { projectId: 'proj_a' });
    if (!pasted.ok) throw new Error('refused: too many layers');
    const copies = pasted.doc.layers.filter((l) => pasted.ids.includes(l.id));
    expect(new Set(copies.map((l) => l.group)).size).toBe(1);
    expect(copies[0]!.group).not.toBe(doc.layers[0]!.group);
    expect(copies.some((l) => l.locked)).toBe(false);
  });

  it('refuses a paste that would pass the layer limit, and says so', () => {
    const full = docOf(Array.from({ length: MAX_LAYERS }, (_, i) => shape(`s${i}`)));
    const payload = layersPayload(docOf([shape('a')]), ['a'], SOURCE)!;
    const result = pasteLayers(full, payload, { projectId: 'proj_a' });
    expect(result).toEqual({ ok: false, tooMany: { max: MAX_LAYERS, has: full.layers.length, more: payload.layers.length } });
  });

  it('reads a copy from pasted text first, and ignores anything that is not a copy of layers', () => {
    const stored = layersPayload(docOf([shape('stored')]), ['stored'], SOURCE)!;
    localStorage.setItem(CLIPBOARD_KEY, JSON.stringify(stored));
    const fromOtherBrowser = layersPayload(docOf([shape('pasted')]), ['pasted'], SOURCE)!;
    expect(readLayersClipboard(JSON.stringify(fromOtherBrowser))?.layers[0]!.id).toBe('pasted');
    expect(readLayersClipboard('just some text')?.layers[0]!.id).toBe('stored');
    for (const bad of [
      '',
      '{',
      'null',
      JSON.stringify({ ...stored, kind: 'other' }),
      JSON.stringify({ ...stored, layers: [] }),
      JSON.stringify({ ...stored, layers: [{ ...stored.layers[0], x: 1e9 }] }),
      JSON.stringify({ ...stored, layers: [{ ...stored.layers[0], id: 'bad id!' }] }),
      `${JSON.stringify(stored)}\ud800`,
    ])
      expect(parseLayersPayload(bad)).toBeNull();
  });
});

describe('reading the clipboard for a paste', () => {
  it('reads the system clipboard only where that is allowed already, else the stored copy', async () => {
    const stored = layersPayload(docOf([shape('stored')]), ['stored'], SOURCE)!;
    const system = layersPayload(docOf([shape('system')]), ['system'], SOURCE)!;
    localStorage.setItem(CLIPBOARD_KEY, JSON.stringify(stored));
    const readText = vi.fn(async () => JSON.stringify(system));
    let state = 'granted';
    vi.stubGlobal('navigator', { ...navigator, clipboard: { readText }, permissions: { query: async () => ({ state }) } });
    expect((await readLayersClipboardAsync())?.layers[0]!.id).toBe('system');
    state = 'prompt';
    expect((await readLayersClipboardAsync())?.layers[0]!.id).toBe('stored');
    expect(readText).toHaveBeenCalledTimes(1);
    vi.stubGlobal('navigator', { ...navigator, permissions: { query: async () => Promise.reject(new TypeError('unknown permission')) } });
    expect((await readLayersClipboardAsync())?.layers[0]!.id).toBe('stored');
    localStorage.clear();
    expect(await readLayersClipboardAsync()).toBeNull();
  });
});

describe('duplicate', () => {
  it('duplicates just in front of the frontmost selected layer, offset, with fresh ids', () => {
    const doc = docOf([shape('a'), shape('b', 40), shape('c', 70)]);
    const result = duplicateLayers(doc, ['a', 'b']);
    if (!result.ok) throw new Error('refused: too many layers');
    expect(result.doc.layers.map((l) => l.id)).toEqual(['a', 'b', 'a-2', 'b-2', 'c']);
    expect(result.ids).toEqual(['a-2', 'b-2']);
    expect(result.doc.layers[2]).toMatchObject({ x: 10 + PASTE_OFFSET, y: 10 + PASTE_OFFSET });
    const nothing = duplicateLayers(doc, []);
    expect(nothing.ok && nothing.doc).toBe(doc);
  });

  it('always gives a valid document with unique ids, or says the layers do not fit (property)', () => {
    const layer = fc
      .record({ id: fc.stringMatching(/^[a-z]{1,3}(-[0-9])?$/), x: fc.integer({ min: -100, max: 200 }), w: fc.integer({ min: 1, max: 300 }) })
      .map(({ id, x, w }) => shape(id, x, { w }));
    fc.assert(
      fc.property(
        fc.uniqueArray(layer, { selector: (l) => l.id, minLength: 1, maxLength: MAX_LAYERS }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        (layers, picks) => {
          const doc = docOf(layers);
          const ids = [...new Set(picks.map((p) => layers[p % layers.length]!.id))];
          const result = duplicateLayers(doc, ids);
          if (!result.ok) {
            expect(layers.length + ids.length).toBeGreaterThan(MAX_LAYERS);
            return;
          }
          valid(result.doc);
          expect(result.ids).toHaveLength(ids.length);
          const pasted = pasteLayers(result.doc, layersPayload(doc, ids, SOURCE)!, { projectId: 'proj_a' });
          if (pasted.ok) valid(pasted.doc);
        },
      ),
    );
  });
});
