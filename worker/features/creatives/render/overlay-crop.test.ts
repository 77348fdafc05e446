import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROP_MARGIN, cropRect, cropSvg, splitVeil, type PixelRect } from '#worker/features/creatives/render/overlay-crop.ts';

const OPEN = '<svg width="100" height="80" viewBox="0 0 100 80" xmlns="http://www.w3.org/2000/svg">';
const VEIL = '<rect x="0" y="0" width="100" height="80" fill="#000000" fill-opacity="0.45"/>';
const CLIP = '<clipPath id="satori_cp-id"><rect x="0" y="0" width="100" height="80"/></clipPath>';
const TEXT = '<path fill="#fff" d="M10 60h20v5H10z"/>';

describe('cropping what lies over a background photo (the pure parts)', () => {
  it('finds the veil as the first painted element, after clip paths and masks, and only then', () => {
    expect(splitVeil(`${OPEN}${CLIP}${VEIL}${TEXT}</svg>`, 100, 80)).toEqual({ veil: VEIL, content: `${OPEN}${CLIP}${TEXT}</svg>` });
    // Not first, not the whole canvas, clipped, or another canvas size: not a veil.
    expect(splitVeil(`${OPEN}${TEXT}${VEIL}</svg>`, 100, 80)).toEqual({ veil: null, content: `${OPEN}${TEXT}${VEIL}</svg>` });
    expect(splitVeil(`${OPEN}${VEIL.replace('width="100"', 'width="99"')}</svg>`, 100, 80)?.veil).toBeNull();
    expect(splitVeil(`${OPEN}${VEIL.replace('/>', ' clip-path="url(#a)"/>')}</svg>`, 100, 80)?.veil).toBeNull();
    expect(splitVeil(`${OPEN}${VEIL}</svg>`, 100, 81)?.veil).toBeNull();
    // Without an opacity it is a veil too (opaque: nothing of the photo shows).
    expect(splitVeil(`${OPEN}${VEIL.replace(' fill-opacity="0.45"', '')}</svg>`, 100, 80)?.veil).toBe(VEIL.replace(' fill-opacity="0.45"', ''));
    // A filter paints beyond the bounds resvg reports: not cropped at all.
    expect(splitVeil(`${OPEN}<filter id="f"/>${VEIL}</svg>`, 100, 80)).toBeNull();
    expect(splitVeil('<g/>', 100, 80)).toBeNull();
  });

  it('keeps the rectangle on the canvas, around the bounds and their margin, at least one pixel', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.double({ min: -500, max: 1500, noNaN: true }), y: fc.double({ min: -500, max: 1500, noNaN: true }) }),
        fc.record({ width: fc.double({ min: 0, max: 2000, noNaN: true }), height: fc.double({ min: 0, max: 2000, noNaN: true }) }),
        fc.integer({ min: 1, max: 1200 }),
        fc.integer({ min: 1, max: 1920 }),
        (at, size, width, height) => {
          const bounds = { ...at, ...size };
          const r = cropRect(bounds, width, height);
          expect(Number.isInteger(r.x) && Number.isInteger(r.y) && Number.isInteger(r.width) && Number.isInteger(r.height)).toBe(true);
          expect(r.x).toBeGreaterThanOrEqual(0);
          expect(r.y).toBeGreaterThanOrEqual(0);
          expect(r.width).toBeGreaterThanOrEqual(1);
          expect(r.height).toBeGreaterThanOrEqual(1);
          expect(r.x + r.width).toBeLessThanOrEqual(width);
          expect(r.y + r.height).toBeLessThanOrEqual(height);
          // Every canvas pixel within the margin of the bounds is inside.
          const left = Math.max(0, Math.floor(bounds.x) - CROP_MARGIN);
          const right = Math.min(width, Math.ceil(bounds.x + bounds.width) + CROP_MARGIN);
          const top = Math.max(0, Math.floor(bounds.y) - CROP_MARGIN);
          const bottom = Math.min(height, Math.ceil(bounds.y + bounds.height) + CROP_MARGIN);
          if (left < right && top < bottom) {
            expect(r.x).toBeLessThanOrEqual(left);
            expect(r.y).toBeLessThanOrEqual(top);
            expect(r.x + r.width).toBeGreaterThanOrEqual(right);
            expect(r.y + r.height).toBeGreaterThanOrEqual(bottom);
          }
        },
      ),
      { seed: 29, numRuns: 500 },
    );
    expect(cropRect(undefined, 100, 80)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(cropRect({ x: Number.NaN, y: 0, width: 1, height: 1 }, 100, 80)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(cropRect({ x: 20.5, y: 30.2, width: 10, height: 5 }, 100, 80)).toEqual({ x: 12, y: 22, width: 27, height: 22 });
  });

  it('makes the root a canvas of the rectangle showing that part of the drawing', () => {
    const rect: PixelRect = { x: 12, y: 22, width: 27, height: 22 };
    expect(cropSvg(`${OPEN}${TEXT}</svg>`, rect)).toBe(`<svg width="27" height="22" viewBox="12 22 27 22" xmlns="http://www.w3.org/2000/svg">${TEXT}</svg>`);
    expect(() => cropSvg('<g/>', rect)).toThrow();
  });
});
