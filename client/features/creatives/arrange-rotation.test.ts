import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, FORMATS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { turnedBounds } from '#common/creative/geometry.ts';
import { alignLayers, distributeLayers, resizeLayers, rotateLayers, selectionBounds, setRotation } from '#client/features/creatives/arrange.ts';
import { snap } from '#client/features/creatives/editor-state.ts';

/** Arranging turned layers (issue 29, point 3): bounds, alignment, distribution, snapping and turning a group see the turned shapes. */
const RUNS = { numRuns: 200, seed: 2929 };

const shape = (id: string, x: number, y: number, w: number, h: number, rotation?: number): Layer =>
  ({ id, type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x, y, w, h, ...(rotation ? { rotation } : {}) }) as Layer;

const doc = (layers: Layer[], format: CreativeDocument['format'] = 'square'): CreativeDocument => ({
  version: 2,
  format,
  template: 'blank',
  background: { type: 'color', color: '#ffffff' },
  layers,
});

const layerArb = (id: string) =>
  fc
    .record({
      x: fc.integer({ min: 0, max: 70 }),
      y: fc.integer({ min: 0, max: 70 }),
      w: fc.integer({ min: 2, max: 30 }),
      h: fc.integer({ min: 2, max: 30 }),
      rotation: fc.integer({ min: -179, max: 180 }),
    })
    .map((b) => shape(id, b.x, b.y, b.w, b.h, b.rotation));
const docArb = fc.tuple(fc.constantFrom(...FORMAT_IDS), layerArb('a'), layerArb('b'), layerArb('c')).map(([f, ...layers]) => doc(layers, f));
const ids = ['a', 'b', 'c'];
const drawn = (d: CreativeDocument, id: string) =>
  turnedBounds(
    d.layers.find((l) => l.id === id)!,
    d.format,
  );

describe('arranging turned layers', () => {
  it('bounds a selection by its layers’ turned corners', () => {
    const d = doc([shape('a', 40, 45, 20, 10, 90)]);
    // 216 × 108 px turned a quarter: 108 × 216 px about the same centre.
    expect(selectionBounds(d, ['a'])).toEqual({ x: 45, y: 40, w: 10, h: 20 });
    fc.assert(
      fc.property(docArb, (d) => {
        const b = selectionBounds(d, ids)!;
        for (const id of ids) {
          const r = drawn(d, id);
          expect(r.x).toBeGreaterThanOrEqual(b.x - 1e-9);
          expect(r.x + r.w).toBeLessThanOrEqual(b.x + b.w + 1e-9);
        }
      }),
      RUNS,
    );
  });

  it('aligns by the turned shapes: after “left” every drawn box starts at the same place; after “middle” their centres meet', () => {
    fc.assert(
      fc.property(docArb, (d) => {
        const left = alignLayers(d, ids, 'left');
        const lefts = ids.map((id) => drawn(left, id).x);
        // Positions are rounded to 0.01 %.
        for (const x of lefts) expect(Math.abs(x - lefts[0]!)).toBeLessThan(0.011);
        const middle = alignLayers(d, ids, 'middle');
        const mids = ids.map((id) => drawn(middle, id)).map((r) => r.y + r.h / 2);
        for (const y of mids) expect(Math.abs(y - mids[0]!)).toBeLessThan(0.011);
        // Alignment only moves: sizes and angles stay.
        expect(middle.layers.map((l) => [l.w, l.h, l.rotation])).toEqual(d.layers.map((l) => [l.w, l.h, l.rotation]));
      }),
      RUNS,
    );
  });

  it('distributes by the turned shapes: equal gaps between the drawn boxes', () => {
    const d = doc([shape('a', 0, 10, 10, 10), shape('b', 30, 10, 30, 4, 90), shape('c', 80, 10, 10, 10)]);
    const spread = distributeLayers(d, ids, 'x');
    const [a, b, c] = ids.map((id) => drawn(spread, id));
    expect(b!.x - (a!.x + a!.w)).toBeCloseTo(c!.x - (b!.x + b!.w), 1);
  });

  it('snaps the drawn box of a turned layer to the others’ edges (the box, not its unturned corner, meets the line)', () => {
    fc.assert(
      fc.property(docArb, fc.double({ min: -3, max: 3, noNaN: true }), (d, off) => {
        const moving = drawn(d, 'a');
        const other = drawn(d, 'b');
        const box = { ...moving, x: other.x + other.w + off };
        const result = snap(box, [other], 4);
        // Within the threshold, some edge or centre of the drawn box lands on a line (its left edge on the other's right at the latest).
        const lines = [0, 50, 100, other.x, other.x + other.w / 2, other.x + other.w];
        const edges = [result.box.x, result.box.x + result.box.w / 2, result.box.x + result.box.w];
        expect(lines.some((l) => edges.some((e) => Math.abs(e - l) < 0.011))).toBe(true);
      }),
      RUNS,
    );
  });

  it('turns a group about its centre: positions go round it, rotations add, and turning back restores the layout', () => {
    const d = doc([shape('a', 10, 40, 20, 20), shape('b', 70, 40, 20, 20, 30)]);
    // The pivot: the centre of the drawn bounds (b's turned corners reach further right than a's left edge).
    const b = selectionBounds(d, ['a', 'b'])!;
    expect(b.x + b.w / 2).toBeCloseTo(51.83, 2);
    const turned = rotateLayers(d, ['a', 'b'], 90, [50, 50]);
    // Centres (20, 50) and (80, 50) go round (50, 50) to (50, 20) and (50, 80).
    expect(turned.layers.map((l) => [l.x + l.w / 2, l.y + l.h / 2, l.rotation])).toEqual([
      [50, 20, 90],
      [50, 80, 120],
    ]);
    // …and back.
    expect(rotateLayers(turned, ['a', 'b'], -90, [50, 50]).layers).toEqual(d.layers);
    fc.assert(
      fc.property(docArb, fc.integer({ min: -180, max: 180 }), (d, delta) => {
        const once = rotateLayers(d, ids, delta);
        const { width: W, height: H } = FORMATS[d.format];
        const b = selectionBounds(d, ids)!;
        const pivot = [b.x + b.w / 2, b.y + b.h / 2];
        const dist = (l: Layer) => Math.hypot(((l.x + l.w / 2 - pivot[0]!) * W) / 100, ((l.y + l.h / 2 - pivot[1]!) * H) / 100);
        once.layers.forEach((l, i) => {
          const before = d.layers[i]!;
          // Rounded to 0.01 %: within a fraction of a pixel.
          if (l.x > -100 && l.x < 200 && l.y > -100 && l.y < 200) expect(Math.abs(dist(l) - dist(before))).toBeLessThan(0.3);
          const sum = ((((before.rotation ?? 0) + delta) % 360) + 360) % 360;
          expect((((l.rotation ?? 0) % 360) + 360) % 360).toBeCloseTo(sum === 0 ? 0 : sum, 6);
        });
      }),
      RUNS,
    );
  });

  it('sets one layer’s rotation about its own centre; 0 takes the key away; locked layers stay', () => {
    const d = doc([shape('a', 10, 10, 20, 20, 30), { ...shape('b', 50, 50, 10, 10), locked: true } as Layer]);
    expect(setRotation(d, ['a'], 45).layers[0]).toMatchObject({ x: 10, y: 10, rotation: 45 });
    expect('rotation' in setRotation(d, ['a'], 0).layers[0]!).toBe(false);
    expect(setRotation(d, ['a'], 390).layers[0]!.rotation).toBe(30);
    expect(setRotation(d, ['b'], 45)).toBe(d);
    expect(rotateLayers(d, ['b'], 45)).toBe(d);
  });

  it('resizes a selection with turned layers within its drawn frame, keeping their angles', () => {
    const d = doc([shape('a', 10, 10, 20, 10, 90), shape('b', 40, 10, 20, 20)]);
    const from = selectionBounds(d, ['a', 'b'])!;
    const next = resizeLayers(d, ['a', 'b'], { ...from, w: from.w * 2, h: from.h * 2 });
    const to = selectionBounds(next, ['a', 'b'])!;
    expect(to.x).toBeCloseTo(from.x, 1);
    expect(to.w).toBeCloseTo(from.w * 2, 1);
    expect(next.layers[0]!.rotation).toBe(90);
  });
});
