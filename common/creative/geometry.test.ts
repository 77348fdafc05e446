import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creativeDocument, FORMAT_IDS, FORMATS, parseCreative, type CreativeDocument } from '#common/creative/document.ts';
import {
  containsPoint,
  cornersOf,
  normalizeAngle,
  rectTouchesTurned,
  resizeTurned,
  rotateAbout,
  snapAngle,
  turnedBounds,
  type Point,
  type TurnedBox,
} from '#common/creative/geometry.ts';
import { TEMPLATE_IDS, buildTemplate } from '#common/creative/templates.ts';

const format = fc.constantFrom(...FORMAT_IDS);
const box = fc.record({
  x: fc.double({ min: -50, max: 150, noNaN: true }),
  y: fc.double({ min: -50, max: 150, noNaN: true }),
  w: fc.double({ min: 0.5, max: 120, noNaN: true }),
  h: fc.double({ min: 0.5, max: 120, noNaN: true }),
  rotation: fc.double({ min: -180, max: 180, noNaN: true }),
});
const close = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(a), Math.abs(b));
const RUNS = { numRuns: 400, seed: 29 };

/** A point of the box given in its own frame (fractions −1…1 of its half sizes), in percent of the format. */
function pointOn(b: TurnedBox, f: (typeof FORMAT_IDS)[number], u: number, v: number): Point {
  const { width: W, height: H } = FORMATS[f];
  const a = ((b.rotation ?? 0) * Math.PI) / 180;
  const lx = (u * b.w * W) / 200;
  const ly = (v * b.h * H) / 200;
  return [b.x + b.w / 2 + ((lx * Math.cos(a) - ly * Math.sin(a)) / W) * 100, b.y + b.h / 2 + ((lx * Math.sin(a) + ly * Math.cos(a)) / H) * 100];
}

describe('turned boxes', () => {
  it('bound every corner of the turned box, touching each side; an unturned box is its own bounds', () => {
    fc.assert(
      fc.property(box, format, (b, f) => {
        const r = turnedBounds(b, f);
        const corners = cornersOf(b, f);
        for (const [x, y] of corners) {
          expect(x).toBeGreaterThanOrEqual(r.x - 1e-9);
          expect(y).toBeGreaterThanOrEqual(r.y - 1e-9);
          expect(x).toBeLessThanOrEqual(r.x + r.w + 1e-9);
          expect(y).toBeLessThanOrEqual(r.y + r.h + 1e-9);
        }
        expect(corners.some(([x]) => close(x, r.x))).toBe(true);
        expect(corners.some(([, y]) => close(y, r.y + r.h))).toBe(true);
        // The centre does not move.
        expect(close(r.x + r.w / 2, b.x + b.w / 2)).toBe(true);
        expect(turnedBounds({ ...b, rotation: 0 }, f)).toEqual({ x: b.x, y: b.y, w: b.w, h: b.h });
      }),
      RUNS,
    );
    // A quarter turn in pixels: on a story a 50 % × 10 % box (540 × 192 px) becomes 192 × 540 px.
    const q = turnedBounds({ x: 25, y: 45, w: 50, h: 10, rotation: 90 }, 'story');
    expect(q.w).toBeCloseTo((192 / 1080) * 100, 6);
    expect(q.h).toBeCloseTo((540 / 1920) * 100, 6);
  });

  it('hit-test by the turned shape: every point inside is on it, every point beyond its edge is not', () => {
    fc.assert(
      fc.property(box, format, fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), (b, f, u, v) => {
        expect(containsPoint(b, f, pointOn(b, f, u * 0.999, v * 0.999))).toBe(true);
        // Beyond an edge along the box's own axis (by 1 % of its size and at least a tenth of a pixel).
        const out = 1.01 + 0.2 / Math.min((b.w * FORMATS[f].width) / 200, (b.h * FORMATS[f].height) / 200);
        expect(containsPoint(b, f, pointOn(b, f, out, v))).toBe(false);
        expect(containsPoint(b, f, pointOn(b, f, u, -out))).toBe(false);
      }),
      RUNS,
    );
    // The corner of the unturned box is outside a box turned by 45°.
    const diamond = { x: 40, y: 40, w: 20, h: 20, rotation: 45 };
    expect(containsPoint(diamond, 'square', [41, 41])).toBe(false);
    expect(containsPoint(diamond, 'square', [50, 37])).toBe(true);
    expect(containsPoint(diamond, 'square', [50, 35])).toBe(false);
  });

  it('touch a marquee exactly when the shapes overlap (compared with points sampled on the box)', () => {
    fc.assert(
      fc.property(
        box,
        format,
        fc.record({
          x: fc.double({ min: -60, max: 160, noNaN: true }),
          y: fc.double({ min: -60, max: 160, noNaN: true }),
          w: fc.double({ min: 0.1, max: 80, noNaN: true }),
          h: fc.double({ min: 0.1, max: 80, noNaN: true }),
        }),
        (b, f, m) => {
          const touches = rectTouchesTurned(m, b, f);
          const inside = (p: Point) => p[0] >= m.x && p[0] <= m.x + m.w && p[1] >= m.y && p[1] <= m.y + m.h;
          // A sampled point of the box inside the marquee proves a touch.
          let sampled = false;
          for (let i = -4; i <= 4 && !sampled; i += 1) for (let j = -4; j <= 4 && !sampled; j += 1) sampled = inside(pointOn(b, f, i / 4, j / 4));
          if (sampled) expect(touches).toBe(true);
          // A corner of the marquee on the box proves it too.
          if (
            [
              [m.x, m.y],
              [m.x + m.w, m.y],
              [m.x, m.y + m.h],
              [m.x + m.w, m.y + m.h],
            ].some((p) => containsPoint(b, f, p as unknown as Point))
          )
            expect(touches).toBe(true);
          // Apart from the turned bounds: no touch.
          const r = turnedBounds(b, f);
          if (m.x > r.x + r.w + 1e-6 || m.x + m.w < r.x - 1e-6 || m.y > r.y + r.h + 1e-6 || m.y + m.h < r.y - 1e-6) expect(touches).toBe(false);
        },
      ),
      RUNS,
    );
    // In the corner of the bounds of a box turned by 45°, but off the box itself.
    expect(rectTouchesTurned({ x: 40, y: 40, w: 2, h: 2 }, { x: 40, y: 40, w: 20, h: 20, rotation: 45 }, 'square')).toBe(false);
    expect(rectTouchesTurned({ x: 40, y: 40, w: 7, h: 7 }, { x: 40, y: 40, w: 20, h: 20, rotation: 45 }, 'square')).toBe(true);
  });

  it('turn about a pivot: the distance to it stays, the rotations add, and turning back restores the box', () => {
    fc.assert(
      fc.property(
        box,
        format,
        fc.tuple(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true })),
        fc.integer({ min: -180, max: 180 }),
        (b, f, pivot, d) => {
          const { width: W, height: H } = FORMATS[f];
          const turned = rotateAbout(b, f, pivot, d);
          const dist = (x: TurnedBox) => Math.hypot(((x.x + x.w / 2 - pivot[0]) * W) / 100, ((x.y + x.h / 2 - pivot[1]) * H) / 100);
          expect(close(dist(turned), dist(b), 1e-6)).toBe(true);
          expect(turned.w).toBe(b.w);
          expect(close(normalizeAngle(turned.rotation! - b.rotation - d), 0, 1e-6) || Math.abs(normalizeAngle(turned.rotation! - b.rotation - d)) < 0.06).toBe(
            true,
          );
          const back = rotateAbout(turned, f, pivot, -d);
          expect(back.x).toBeCloseTo(b.x, 6);
          expect(back.y).toBeCloseTo(b.y, 6);
          // About its own centre a box only turns.
          const own = rotateAbout(b, f, [b.x + b.w / 2, b.y + b.h / 2], d);
          expect(own.x).toBeCloseTo(b.x, 9);
          expect(own.y).toBeCloseTo(b.y, 9);
        },
      ),
      RUNS,
    );
  });

  it('resize in their own frame: the dragged edge follows the pointer, the opposite corner stays put on screen', () => {
    const edges = fc.constantFrom(
      { left: false, right: true, top: false, bottom: false },
      { left: true, right: false, top: false, bottom: false },
      { left: false, right: false, top: false, bottom: true },
      { left: false, right: false, top: true, bottom: false },
      { left: false, right: true, top: false, bottom: true },
      { left: true, right: false, top: true, bottom: false },
      { left: false, right: true, top: true, bottom: false },
      { left: true, right: false, top: false, bottom: true },
    );
    fc.assert(
      fc.property(box, format, edges, fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }), (b, f, e, dx, dy) => {
        const next = resizeTurned(b, f, e, dx, dy);
        expect(next.rotation).toBe(b.rotation);
        expect(next.w).toBeGreaterThanOrEqual(0.5 - 1e-9);
        expect(next.h).toBeGreaterThanOrEqual(0.5 - 1e-9);
        // The corner opposite the dragged one (for an edge handle: any corner on the other side).
        const u = e.right ? -1 : e.left ? 1 : -1;
        const v = e.bottom ? -1 : e.top ? 1 : -1;
        const before = pointOn(b, f, u, v);
        const after = pointOn(next, f, u, v);
        expect(after[0]).toBeCloseTo(before[0], 6);
        expect(after[1]).toBeCloseTo(before[1], 6);
      }),
      RUNS,
    );
    // Unturned, it is the plain resize: the right edge follows the pointer.
    expect(resizeTurned({ x: 10, y: 10, w: 20, h: 20 }, 'square', { left: false, right: true, top: false, bottom: false }, 5, 3)).toEqual({
      x: 10,
      y: 10,
      w: 25,
      h: 20,
    });
  });

  it('keeps angles in the schema’s range; Shift gives 15° steps, otherwise 45° pulls within 3° unless free', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (a) => {
        const n = normalizeAngle(a);
        expect(n).toBeGreaterThan(-180);
        expect(n).toBeLessThanOrEqual(180);
        expect(Math.abs(Math.cos((n * Math.PI) / 180) - Math.cos((a * Math.PI) / 180))).toBeLessThan(0.002);
        expect(Math.abs(snapAngle(a, { steps: true, free: false }) % 15)).toBe(0);
      }),
      RUNS,
    );
    expect(snapAngle(43, { steps: false, free: false })).toBe(45);
    expect(snapAngle(43, { steps: false, free: true })).toBe(43);
    expect(snapAngle(37.4, { steps: false, free: false })).toBe(37);
    expect(snapAngle(97, { steps: true, free: false })).toBe(90);
    expect(snapAngle(-179, { steps: false, free: false })).toBe(180);
  });
});

describe('rotation in the document', () => {
  it('is optional: every template and a document without it open unchanged; turned layers keep their angle', () => {
    const brand = { colors: ['#1A2B3C'], headingFont: 'poppins', bodyFont: 'lora', logoMediaId: 'logo-1' } as const;
    for (const id of TEMPLATE_IDS) {
      const doc = buildTemplate(id, { brand, format: 'square', imageMediaId: 'photo-1' });
      const parsed = parseCreative(JSON.parse(JSON.stringify(doc)));
      expect(parsed).toStrictEqual(JSON.parse(JSON.stringify(doc)));
      expect(parsed.layers.every((l) => l.rotation === undefined)).toBe(true);
    }
    const doc = buildTemplate(TEMPLATE_IDS[0], { brand, format: 'story', imageMediaId: null });
    const turned: CreativeDocument = { ...doc, layers: doc.layers.map((l, i) => ({ ...l, rotation: i * 15 - 30 })) };
    expect(creativeDocument.parse(turned).layers.map((l) => l.rotation)).toEqual(doc.layers.map((_, i) => i * 15 - 30));
  });

  it('refuses an angle beyond ±180 or not a number, with the message', () => {
    const doc = buildTemplate(TEMPLATE_IDS[0], {
      brand: { colors: [], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null },
      format: 'square',
      imageMediaId: null,
    });
    for (const rotation of [181, -180.5, 'ten', Number.NaN]) {
      const result = creativeDocument.safeParse({ ...doc, layers: [{ ...doc.layers[0], rotation }] });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Use a rotation from -180 to 180 degrees.');
    }
  });
});
