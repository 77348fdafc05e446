import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMATS, layerBox, type Layer } from '#common/creative/document.ts';
import { pictureBox, type PictureCrop } from '#client/creative/draw.tsx';
import {
  applyCropStep,
  cropFromPicture,
  dragFrame,
  movePicture,
  pictureRect,
  scalePicture,
  type PxRect,
  type Size,
} from '#client/features/creatives/crop-math.ts';

/**
 * Rounding (focal 0.001 %, zoom 0.0001) keeps the picture within a fraction of a pixel, or of
 * 0.01 % of its size for an extreme one (a panorama 18 000 px wide in its frame).
 */
const PX = 0.5;
const tolerance = (rect: PxRect, px = PX) => px + 1e-4 * Math.max(rect.width, rect.height);

const frameArb = fc.record({
  left: fc.double({ min: -500, max: 1500, noNaN: true }),
  top: fc.double({ min: -500, max: 1500, noNaN: true }),
  width: fc.double({ min: 10, max: 3000, noNaN: true }),
  height: fc.double({ min: 10, max: 3000, noNaN: true }),
});
const naturalArb = fc.record({ width: fc.integer({ min: 16, max: 6000 }), height: fc.integer({ min: 16, max: 6000 }) });
const cropArb = fc.record({
  fit: fc.constantFrom('cover' as const, 'contain' as const),
  focal: fc.record({ x: fc.double({ min: 0, max: 100, noNaN: true }), y: fc.double({ min: 0, max: 100, noNaN: true }) }),
  zoom: fc.double({ min: 1, max: 5, noNaN: true }),
  flipX: fc.boolean(),
  flipY: fc.boolean(),
});

function expectClose(a: PxRect, b: PxRect, within = tolerance(b)) {
  for (const k of ['left', 'top', 'width', 'height'] as const) expect(Math.abs(a[k] - b[k]), `${k}: ${a[k]} vs ${b[k]}`).toBeLessThan(within);
}

/** The frame lies within the picture (the picture covers it), to a pixel's fraction. */
function expectCovers(picture: PxRect, frame: PxRect, within = tolerance(picture)) {
  expect(picture.left).toBeLessThan(frame.left + within);
  expect(picture.top).toBeLessThan(frame.top + within);
  expect(picture.left + picture.width).toBeGreaterThan(frame.left + frame.width - within);
  expect(picture.top + picture.height).toBeGreaterThan(frame.top + frame.height - within);
}

describe('crop maths', () => {
  it('draws the picture where the renderer does (pictureBox with object-fit and object-position)', () => {
    fc.assert(
      fc.property(frameArb, naturalArb, cropArb, (frame, natural, crop) => {
        const rect = pictureRect(frame, natural, crop);
        // The renderer: the box from pictureBox, the picture fitted into it and placed by object-position (then mirrored in the box).
        const box = pictureBox(crop, frame.width, frame.height);
        const fitScale =
          crop.fit === 'cover'
            ? Math.max(box.width / natural.width, box.height / natural.height)
            : Math.min(box.width / natural.width, box.height / natural.height);
        const w = natural.width * fitScale;
        const h = natural.height * fitScale;
        const inBoxX = (box.width - w) * (crop.focal.x / 100);
        const inBoxY = (box.height - h) * (crop.focal.y / 100);
        const left = frame.left + box.left + (crop.flipX ? box.width - inBoxX - w : inBoxX);
        const top = frame.top + box.top + (crop.flipY ? box.height - inBoxY - h : inBoxY);
        expectClose(rect, { left, top, width: w, height: h }, 1e-6 * Math.max(1, w, h));
      }),
    );
  });

  it('goes from the screen back to the same focal point and zoom (round trip)', () => {
    fc.assert(
      fc.property(frameArb, naturalArb, cropArb, (frame, natural, crop) => {
        const rect = pictureRect(frame, natural, crop);
        const back = cropFromPicture(frame, rect, natural, crop);
        expect(back.zoom ?? 1).toBeCloseTo(crop.zoom, 3);
        expectClose(pictureRect(frame, natural, { ...crop, ...back }), rect);
      }),
    );
  });

  it('keeps any picture position within the crop: zoom 1–5, and in cover mode the frame covered', () => {
    fc.assert(
      fc.property(
        frameArb,
        naturalArb,
        cropArb,
        fc.record({
          left: fc.double({ min: -20000, max: 20000, noNaN: true }),
          top: fc.double({ min: -20000, max: 20000, noNaN: true }),
          width: fc.double({ min: 1, max: 40000, noNaN: true }),
        }),
        (frame, natural, crop, wanted) => {
          const result = cropFromPicture(frame, wanted, natural, crop);
          const zoom = result.zoom ?? 1;
          expect(zoom).toBeGreaterThanOrEqual(1);
          expect(zoom).toBeLessThanOrEqual(5);
          expect(result.focal!.x).toBeGreaterThanOrEqual(0);
          expect(result.focal!.x).toBeLessThanOrEqual(100);
          expect(result.focal!.y).toBeGreaterThanOrEqual(0);
          expect(result.focal!.y).toBeLessThanOrEqual(100);
          if (crop.fit === 'cover') expectCovers(pictureRect(frame, natural, { ...crop, ...result }), frame);
        },
      ),
    );
  });

  it('moves the picture by exactly the drag while it still covers the frame', () => {
    fc.assert(
      fc.property(
        frameArb,
        naturalArb,
        cropArb,
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (frame, natural, crop, u, v) => {
          const start = pictureRect(frame, natural, { ...crop, fit: 'cover' });
          // Within the room the picture has beyond the frame on each side.
          const dx = u > 0 ? u * (frame.left - start.left) : -u * (frame.left + frame.width - (start.left + start.width));
          const dy = v > 0 ? v * (frame.top - start.top) : -v * (frame.top + frame.height - (start.top + start.height));
          const moved = pictureRect(frame, natural, { ...crop, fit: 'cover', ...movePicture(frame, start, natural, { ...crop, fit: 'cover' }, dx, dy) });
          expectClose(moved, { ...start, left: start.left + dx, top: start.top + dy });
        },
      ),
    );
  });

  it('scales the picture about the point held, within zoom 1–5', () => {
    fc.assert(
      fc.property(frameArb, naturalArb, cropArb, fc.double({ min: 0.2, max: 5, noNaN: true }), (frame, natural, crop, factor) => {
        const cover = { ...crop, fit: 'cover' as const };
        const start = pictureRect(frame, natural, cover);
        const cx = frame.left + frame.width / 2;
        const cy = frame.top + frame.height / 2;
        const result = scalePicture(frame, start, natural, cover, factor, cx, cy);
        const zoom = result.zoom ?? 1;
        const scaled = pictureRect(frame, natural, { ...cover, ...result });
        expectCovers(scaled, frame);
        expect(scaled.width / start.width).toBeCloseTo(zoom / crop.zoom, 3);
        const k = factor;
        const unclamped = { left: cx + (start.left - cx) * k, top: cy + (start.top - cy) * k, width: start.width * k, height: start.height * k };
        const covers =
          unclamped.left <= frame.left &&
          unclamped.top <= frame.top &&
          unclamped.left + unclamped.width >= frame.left + frame.width &&
          unclamped.top + unclamped.height >= frame.top + frame.height;
        if (crop.zoom * factor > 1.001 && crop.zoom * factor < 4.999 && covers) {
          // Unclamped, the frame's centre stays on the same point of the picture.
          expect(Math.abs((cx - scaled.left) / scaled.width - (cx - start.left) / start.width)).toBeLessThan(1e-3);
        }
      }),
    );
  });

  it('drags the frame within the picture, which stays where it is', () => {
    const format = 'square';
    const { width, height } = FORMATS[format];
    const layerArb = fc.record({
      x: fc.integer({ min: 0, max: 6000 }).map((n) => n / 100),
      y: fc.integer({ min: 0, max: 6000 }).map((n) => n / 100),
      w: fc.integer({ min: 1000, max: 4000 }).map((n) => n / 100),
      h: fc.integer({ min: 1000, max: 4000 }).map((n) => n / 100),
    });
    const handle = fc.constantFrom('n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw');
    fc.assert(
      fc.property(
        layerArb,
        naturalArb,
        cropArb,
        handle,
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        (box, natural, crop, edge, dx, dy) => {
          const start = { id: 'p', type: 'image', mediaId: 'm', radius: 0, ...box, ...crop, fit: 'cover' } as Extract<Layer, { type: 'image' }>;
          const before = pictureRect(layerBox(start, format), natural, start);
          const edges = { left: edge.includes('w'), right: edge.includes('e'), top: edge.includes('n'), bottom: edge.includes('s') };
          const next = applyCropStep(start, format, natural, { kind: 'frame', edges, dx, dy });
          const frame = layerBox(next, format);
          const after = pictureRect(frame, natural, next);
          expectCovers(after, frame, tolerance(after, 1));
          // The picture stays put, unless the frame became so small that covering it needs more than zoom 5 or met the schema's limits.
          const inLimits = next.x > -100 && next.y > -100 && next.x + next.w < 200 && next.y + next.h < 200;
          if ((next.zoom ?? 1) < 4.99 && inLimits) expectClose(after, before, tolerance(before, 1));
          // Only the dragged edges moved.
          if (!edges.left && !edges.right) expect([next.x, next.w]).toEqual([start.x, start.w]);
          if (!edges.top && !edges.bottom) expect([next.y, next.h]).toEqual([start.y, start.h]);
          expect(frame.width).toBeGreaterThanOrEqual((width * 0.5) / 100 - 0.01);
          expect(frame.height).toBeGreaterThanOrEqual((height * 0.5) / 100 - 0.01);
        },
      ),
    );
  });

  it('keeps the frame out of a cover picture and at least its minimum size', () => {
    const picture: PxRect = { left: 0, top: 0, width: 1000, height: 500 };
    const frame: PxRect = { left: 100, top: 100, width: 400, height: 200 };
    const edges = { left: true, right: false, top: true, bottom: false };
    expect(dragFrame(frame, picture, 'cover', edges, -300, -300, 5)).toEqual({ left: 0, top: 0, width: 500, height: 300 });
    // Not narrower than the minimum; with the height kept, a narrow frame needs no zoom beyond 5.
    expect(dragFrame(frame, picture, 'cover', edges, 1000, 0, 5)).toMatchObject({ left: 495, width: 5 });
    // Both sides small: the frame keeps a fifth of the picture's width (zoom 5 covers it).
    const small = { left: 100, top: 100, width: 150, height: 80 };
    expect(dragFrame(small, picture, 'cover', { left: false, right: true, top: false, bottom: false }, -140, 0, 5)).toEqual({ ...small, width: 200 });
    // contain: the frame may grow beyond the picture.
    expect(dragFrame(frame, picture, 'contain', edges, -300, -300, 5)).toEqual({ left: -200, top: -200, width: 700, height: 500 });
  });

  it('keeps an axis the picture exactly fills at its focal coordinate', () => {
    const natural: Size = { width: 200, height: 100 };
    const frame: PxRect = { left: 0, top: 0, width: 100, height: 100 };
    const crop: PictureCrop = { fit: 'cover', focal: { x: 20, y: 70 } };
    const rect = pictureRect(frame, natural, crop);
    expect(rect).toEqual({ left: -20, top: 0, width: 200, height: 100 });
    expect(cropFromPicture(frame, rect, natural, crop)).toEqual({ focal: { x: 20, y: 70 }, zoom: undefined });
  });
});
