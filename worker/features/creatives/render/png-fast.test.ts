import { describe, expect, it } from 'vitest';
import { compositeOpaquePng, encodeOpaquePng } from '#worker/features/creatives/render/png-fast.ts';
import { decodePng } from '#worker/test/png.ts';

/** Pixels that change in every direction (so that every filter byte matters), fully opaque. */
function noise(width: number, height: number, seed = 7): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  let s = seed;
  for (let i = 0; i < data.length; i += 1) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : (s >>> 16) & 255;
  }
  return data;
}

describe('the fast PNG writer', () => {
  it('writes exactly the pixels of an opaque canvas, as RGB', async () => {
    const [width, height] = [37, 23];
    const rgba = noise(width, height);
    // The writer uses its pixels up (they become the scanlines): it is given a copy.
    const png = encodeOpaquePng(rgba.slice(), width, height)!;
    expect(png[25]).toBe(2); // IHDR colour type: truecolour without alpha
    const decoded = await decodePng(png);
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width, height });
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        expect(decoded.pixel(x, y)).toEqual([rgba[i], rgba[i + 1], rgba[i + 2], 255]);
      }
    }
  });

  it('refuses a canvas with one pixel that is not opaque (resvg’s encoder writes those)', () => {
    const rgba = noise(8, 8);
    rgba[4 * 37 + 3] = 254;
    const before = rgba.slice();
    expect(encodeOpaquePng(rgba, 8, 8)).toBeNull();
    // Left as it was (it may be resvg's canvas, which resvg's encoder then writes).
    expect(rgba).toEqual(before);
    expect(() => encodeOpaquePng(rgba, 8, 9)).toThrow(/size/);
  });

  it('lays any overlay over any picture exactly as pixel-by-pixel source-over, at any size (the scanlines written over the overlay’s own bytes)', async () => {
    for (const [width, height, seed] of [
      [1, 1, 1],
      [1, 9, 2],
      [9, 1, 3],
      [2, 2, 4],
      [31, 17, 5],
      [64, 3, 6],
    ] as const) {
      const overlay = noise(width, height, seed);
      // Premultiplied: no colour above its alpha; every fourth pixel transparent, every fifth opaque.
      for (let i = 0; i < width * height; i += 1) {
        const a = i % 4 === 0 ? 0 : i % 5 === 0 ? 255 : overlay[i * 4 + 3]!;
        overlay[i * 4 + 3] = a;
        for (let c = 0; c < 3; c += 1) overlay[i * 4 + c] = Math.min(overlay[i * 4 + c]!, a);
      }
      const under = noise(width, height * 3, seed + 10)
        .filter((_, i) => i % 4 !== 3)
        .slice(0, width * height * 3);
      const expected = Array.from({ length: width * height }, (_, i) => {
        const a = overlay[i * 4 + 3]!;
        return [0, 1, 2].map((c) => overlay[i * 4 + c]! + Math.round((under[i * 3 + c]! * (255 - a)) / 255)).concat(255);
      });
      const decoded = await decodePng(compositeOpaquePng(overlay, under, width, height));
      const got = Array.from({ length: width * height }, (_, i) => decoded.pixel(i % width, Math.floor(i / width)));
      expect(got).toEqual(expected);
    }
  });

  it('lays a premultiplied overlay over opaque pixels as source-over does', async () => {
    const [width, height] = [4, 1];
    const under = new Uint8Array([10, 20, 30, 200, 100, 50, 0, 0, 0, 255, 255, 255]);
    const overlay = new Uint8Array([
      // transparent: the picture shows
      0, 0, 0, 0,
      // opaque: the overlay shows
      1, 2, 3, 255,
      // black at 45 %: 55 % of the picture
      0, 0, 0, 115,
      // white at 50 % (premultiplied 128) over white
      128, 128, 128, 128,
    ]);
    const decoded = await decodePng(compositeOpaquePng(overlay, under, width, height));
    expect([0, 1, 2, 3].map((x) => decoded.pixel(x, 0))).toEqual([
      [10, 20, 30, 255],
      [1, 2, 3, 255],
      [0, 0, 0, 255],
      [255, 255, 255, 255],
    ]);
    const grey = await decodePng(compositeOpaquePng(new Uint8Array([0, 0, 0, 115]), new Uint8Array([200, 100, 50]), 1, 1));
    // 200 × 140 / 255 = 109.8, 100 × 140 / 255 = 54.9, 50 × 140 / 255 = 27.5
    expect(grey.pixel(0, 0)).toEqual([110, 55, 27, 255]);
  });

  it('lays an overlay cropped to a rectangle, with one pixel everywhere else, exactly as the whole overlay', async () => {
    for (const [width, height, rect, seed] of [
      [1, 1, { x: 0, y: 0, width: 1, height: 1 }, 1],
      [9, 7, { x: 0, y: 0, width: 1, height: 1 }, 2],
      [9, 7, { x: 3, y: 2, width: 4, height: 3 }, 3],
      [9, 7, { x: 0, y: 4, width: 9, height: 3 }, 4],
      [31, 17, { x: 30, y: 0, width: 1, height: 17 }, 5],
    ] as const) {
      // A veil of every kind (premultiplied): black at 0.45, none, opaque, coloured, nearly opaque.
      const fill = [
        [0, 0, 0, 115],
        [0, 0, 0, 0],
        [40, 80, 120, 255],
        [10, 20, 60, 60],
        [0, 0, 0, 230],
      ][seed - 1]!;
      const part = noise(rect.width, rect.height, seed);
      for (let i = 0; i < part.length; i += 4) for (let c = 0; c < 3; c += 1) part[i + c] = Math.min(part[i + c]!, part[i + 3]!);
      // The whole canvas: the fill, with the part where the rectangle lies.
      const whole = new Uint8Array(width * height * 4);
      for (let i = 0; i < width * height; i += 1) whole.set(fill, i * 4);
      for (let y = 0; y < rect.height; y += 1) whole.set(part.subarray(y * rect.width * 4, (y + 1) * rect.width * 4), ((rect.y + y) * width + rect.x) * 4);
      const under = noise(width, height * 2, seed + 10)
        .filter((_, i) => i % 4 !== 3)
        .slice(0, width * height * 3);
      const kept = part.slice();
      const cropped = compositeOpaquePng(part, under, width, height, { rect, fill });
      // Read only: the part is resvg's canvas, the scanlines have a buffer of their own.
      expect(part).toEqual(kept);
      expect(cropped, `${width}×${height}`).toEqual(compositeOpaquePng(whole, under, width, height));
    }
    expect(() => compositeOpaquePng(new Uint8Array(16), new Uint8Array(27), 3, 3, { rect: { x: 2, y: 0, width: 2, height: 2 }, fill: [0, 0, 0, 0] })).toThrow(
      /size/,
    );
  });
});
