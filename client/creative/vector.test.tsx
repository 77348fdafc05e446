import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer, ShapeLayer } from '#common/creative/document.ts';
import { creativeTree } from '#client/creative/tree.tsx';
import { arrowPoints, isPlainShape } from '#client/creative/vector.tsx';

const points = (list: string) => list.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
const doc = (layers: Layer[]): CreativeDocument => ({
  version: 2,
  format: 'square',
  template: 'blank',
  background: { type: 'color', color: '#ffffff' },
  layers,
});
const rect: ShapeLayer = { id: 'r', type: 'shape', shape: 'rect', fill: '#112233', opacity: 1, radius: 2, x: 10, y: 10, w: 30, h: 20 };

describe('the vector shapes', () => {
  it('keeps an arrow inside its box, its tip at the middle of the right edge, its head at least as wide as its shaft', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 4000, noNaN: true }),
        fc.double({ min: 1, max: 4000, noNaN: true }),
        fc.double({ min: 0.1, max: 400, noNaN: true }),
        (w, h, s) => {
          const pts = points(arrowPoints(w, h, s));
          expect(pts).toHaveLength(7);
          for (const [x, y] of pts) {
            expect(x).toBeGreaterThanOrEqual(-0.01);
            expect(x).toBeLessThanOrEqual(w + 0.01);
            expect(y).toBeGreaterThanOrEqual(-0.01);
            expect(y).toBeLessThanOrEqual(h + 0.01);
          }
          expect(pts[3]![0]).toBeCloseTo(w, 1);
          expect(pts[3]![1]).toBeCloseTo(h / 2, 1);
          // The head's half-width (from the middle) never below the shaft's.
          expect(Math.abs(pts[2]![1] - h / 2)).toBeGreaterThanOrEqual(Math.abs(pts[1]![1] - h / 2) - 0.01);
        },
      ),
    );
  });

  it('draws a shape of the old kind (filled, no outline) as the same box as before, and the new ones as SVG', () => {
    expect(isPlainShape(rect)).toBe(true);
    expect(isPlainShape({ ...rect, shape: 'ellipse' })).toBe(true);
    expect(isPlainShape({ ...rect, stroke: '#000000' })).toBe(true); // no width: no outline
    expect(isPlainShape({ ...rect, stroke: '#000000', strokeWidth: 1 })).toBe(false);
    expect(isPlainShape({ ...rect, noFill: true })).toBe(false);
    expect(isPlainShape({ ...rect, shape: 'line' })).toBe(false);
    const html = renderToStaticMarkup(creativeTree(doc([rect]), { images: {} }));
    expect(html).not.toContain('<svg');
    expect(html).toContain('background-color:#112233');
    const line = renderToStaticMarkup(creativeTree(doc([{ ...rect, shape: 'line', strokeWidth: 2 }]), { images: {} }));
    expect(line).toMatch(/<svg width="324" height="216" viewBox="0 0 324 216"><rect x="0" y="97.2" width="324" height="21.6" fill="#112233"><\/rect><\/svg>/);
  });

  it('draws an icon in its colour with its own filled parts recoloured, and a hidden one not at all', () => {
    const icon: Layer = {
      id: 'i',
      type: 'icon',
      icon: 'dot',
      nodes: [
        ['path', { d: 'M5 12h14' }],
        ['circle', { cx: '12', cy: '4', r: '2', fill: 'currentColor' }],
      ],
      color: '#aa3300',
      strokeWidth: 1.5,
      opacity: 0.5,
      x: 50,
      y: 50,
      w: 30,
      h: 30,
    };
    const html = renderToStaticMarkup(creativeTree(doc([icon]), { images: {} }));
    expect(html).toContain('opacity:0.5');
    expect(html).toContain('viewBox="0 0 24 24" fill="none" stroke="#aa3300" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"');
    expect(html).toContain('<circle cx="12" cy="4" r="2" fill="#aa3300">');
    expect(renderToStaticMarkup(creativeTree(doc([{ ...icon, hidden: true }]), { images: {} }))).not.toContain('<svg');
  });
});
