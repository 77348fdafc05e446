import fc from 'fast-check';
import decodeJpeg, { init as initJpegDecoder } from '@jsquash/jpeg/decode.js';
import jpegDecoderWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import encodeJpeg from 'jpeg-js/lib/encoder.js';
import { describe, expect, it } from 'vitest';
import { CUT_MAX_PIXELS, cutJpeg, resample, type CutStats, type Placement } from '#worker/features/creatives/render/picture-cut.ts';
import { base64, fromBase64 } from '#worker/lib/ids.ts';

/** A straightforward floating-point version of the same filter, to hold the fast one against. */
function reference(source: Uint8Array, sw: number, sh: number, place: Placement): Float64Array {
  const axis = (length: number, out: number, offset: number, scale: number) => {
    const support = scale < 1 ? 1 / scale : 1;
    return Array.from({ length: out }, (_, i) => {
      const centre = (i + 0.5 - offset) / scale;
      const lo = Math.max(0, Math.min(length - 1, Math.floor(centre - support)));
      const hi = Math.max(lo, Math.min(length - 1, Math.ceil(centre + support)));
      const taps: [number, number][] = [];
      for (let j = lo; j <= hi; j += 1) taps.push([j, Math.max(0, 1 - Math.abs((j + 0.5 - centre) / support))]);
      const sum = taps.reduce((s, [, w]) => s + w, 0);
      return sum > 0 ? taps.map(([j, w]) => [j, w / sum] as [number, number]) : [[centre < lo ? lo : hi, 1] as [number, number]];
    });
  };
  const across = axis(sw, place.width, place.x, place.w / sw);
  const down = axis(sh, place.height, place.y, place.h / sh);
  const out = new Float64Array(place.width * place.height * 3);
  for (let y = 0; y < place.height; y += 1) {
    for (let x = 0; x < place.width; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        let v = 0;
        for (const [j, wy] of down[y]!) for (const [i, wx] of across[x]!) v += source[(j * sw + i) * 4 + c]! * wx * wy;
        out[(y * place.width + x) * 3 + c] = v;
      }
    }
  }
  return out;
}

const rgba = (width: number, height: number, at: (x: number, y: number) => [number, number, number]) => {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data.set([...at(x, y), 255], (y * width + x) * 4);
  return data;
};

/** A picture with its size, and a placement of it that covers a canvas (a cover crop, zoomed or not). */
const covered = fc
  .record({
    sw: fc.integer({ min: 1, max: 40 }),
    sh: fc.integer({ min: 1, max: 40 }),
    width: fc.integer({ min: 1, max: 30 }),
    height: fc.integer({ min: 1, max: 30 }),
    zoom: fc.double({ min: 1, max: 3, noNaN: true }),
    fx: fc.double({ min: 0, max: 1, noNaN: true }),
    fy: fc.double({ min: 0, max: 1, noNaN: true }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  .map(({ sw, sh, width, height, zoom, fx, fy, seed }) => {
    const scale = Math.max(width / sw, height / sh) * zoom;
    const w = sw * scale;
    const h = sh * scale;
    const place: Placement = { width, height, x: (width - w) * fx, y: (height - h) * fy, w, h };
    const source = rgba(sw, sh, (x, y) => [(x * 37 + y * 11 + seed) % 256, (x * 5 + y * 53 + seed * 3) % 256, (x * y + seed * 7) % 256]);
    return { sw, sh, place, source };
  });

describe('resample', () => {
  it('agrees with the floating-point filter within a level or two, at any cover crop', () => {
    fc.assert(
      fc.property(covered, ({ sw, sh, place, source }) => {
        const fast = resample(source, sw, sh, place);
        const exact = reference(source, sw, sh, place);
        expect(fast.width).toBe(place.width);
        expect(fast.height).toBe(place.height);
        let worst = 0;
        for (let i = 0; i < exact.length; i += 1) worst = Math.max(worst, Math.abs(fast.rgb[i]! - exact[i]!));
        // Weights in 1/256 and rows rounded to 8 bits between the passes.
        expect(worst).toBeLessThanOrEqual(2.5);
      }),
      { seed: 29, numRuns: 150 },
    );
  });

  it('gives a picture back unchanged at its own size', () => {
    fc.assert(
      fc.property(covered, ({ sw, sh, source }) => {
        const same = resample(source, sw, sh, { width: sw, height: sh, x: 0, y: 0, w: sw, h: sh });
        for (let p = 0; p < sw * sh; p += 1) for (let c = 0; c < 3; c += 1) expect(same.rgb[p * 3 + c]).toBe(source[p * 4 + c]);
      }),
      { seed: 29, numRuns: 60 },
    );
  });

  it('keeps a flat colour flat, and averages detail it shrinks away rather than picking pixels of it', () => {
    const flat = resample(
      rgba(50, 30, () => [12, 200, 99]),
      50,
      30,
      { width: 17, height: 11, x: -3, y: 0, w: 18.33, h: 11 },
    );
    for (let p = 0; p < 17 * 11; p += 1) expect([...flat.rgb.subarray(p * 3, p * 3 + 3)]).toEqual([12, 200, 99]);
    // One-pixel black and white stripes shrunk to a third: grey everywhere (picking pixels would give black or white).
    const stripes = resample(
      rgba(90, 90, (x) => (x % 2 ? [255, 255, 255] : [0, 0, 0])),
      90,
      90,
      { width: 30, height: 30, x: 0, y: 0, w: 30, h: 30 },
    );
    for (let x = 1; x < 29; x += 1) expect(Math.abs(stripes.rgb[(15 * 30 + x) * 3]! - 128)).toBeLessThan(30);
  });
});

/** A JPEG of four flat quarters (red, blue / green, white) as a data URL. */
function quartersJpeg(width: number, height: number): string {
  const data = rgba(width, height, (x, y) => (y < height / 2 ? (x < width / 2 ? [255, 0, 0] : [0, 0, 255]) : x < width / 2 ? [0, 255, 0] : [255, 255, 255]));
  return `data:image/jpeg;base64,${base64(encodeJpeg({ data, width, height }, 95).data)}`;
}

describe('cutJpeg', () => {
  const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) <= 24);

  it('decodes a JPEG with libjpeg and cuts it to the frame as resvg would place it', async () => {
    const src = quartersJpeg(200, 100);
    // A square frame of 50 × 50 over the picture's middle: cover shows the middle 100 × 100.
    const cut = await cutJpeg(src, { width: 200, height: 100 }, { width: 50, height: 50, x: -25, y: 0, w: 100, h: 50 });
    expect(cut).toMatchObject({ width: 50, height: 50 });
    const pixel = (x: number, y: number) => [...cut!.rgb.subarray((y * 50 + x) * 3, (y * 50 + x) * 3 + 3)];
    expect(near(pixel(10, 10), [255, 0, 0])).toBe(true);
    expect(near(pixel(40, 10), [0, 0, 255])).toBe(true);
    expect(near(pixel(10, 40), [0, 255, 0])).toBe(true);
    expect(near(pixel(40, 40), [255, 255, 255])).toBe(true);
  });

  it('leaves to resvg what it does not cut: other types, large pictures, frames the picture does not cover, damaged files', async () => {
    const place = { width: 10, height: 10, x: 0, y: 0, w: 10, h: 10 };
    const src = quartersJpeg(10, 10);
    expect(await cutJpeg(src.replace('image/jpeg', 'image/png'), { width: 10, height: 10 }, place)).toBeNull();
    expect(await cutJpeg(src, { width: CUT_MAX_PIXELS, height: 2 }, place)).toBeNull();
    expect(await cutJpeg(src, { width: 10, height: 10 }, { ...place, x: 2 })).toBeNull();
    expect(await cutJpeg(src, { width: 10, height: 10 }, { ...place, h: 8 })).toBeNull();
    expect(await cutJpeg(`data:image/jpeg;base64,${base64(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))}`, { width: 10, height: 10 }, place)).toBeNull();
    // A size that does not match the file (the caller read it from the header): not trusted.
    expect(await cutJpeg(src, { width: 12, height: 10 }, place)).toBeNull();
  });

  it('resamples the pixels where the decoder wrote them, exactly as from its copy, and gives the global constructor back', async () => {
    const native = Uint8ClampedArray;
    const width = 97;
    const height = 61;
    const data = rgba(width, height, (x, y) => [(x * 37 + y * 11) % 256, (x * 5 + y * 53) % 256, (x * y) % 256]);
    const src = `data:image/jpeg;base64,${base64(encodeJpeg({ data, width, height }, 90).data)}`;
    const place = { width: 40, height: 40, x: -12.5, y: -3, w: 65, h: 43 };
    const stats: CutStats = {};
    const cut = await cutJpeg(src, { width, height }, place, stats);
    expect(stats.copied).toBe(false);
    expect(globalThis.Uint8ClampedArray).toBe(native);
    // The same file decoded the ordinary way (the decoder's copy), then resampled.
    await initJpegDecoder(jpegDecoderWasm);
    const copy = await decodeJpeg(fromBase64(src.slice(src.indexOf(',') + 1)).slice().buffer);
    expect(copy.data).toBeInstanceOf(native);
    const expected = resample(copy.data, width, height, place);
    expect(cut!.rgb).toEqual(expected.rgb);
    // A file it cannot read gives the constructor back too.
    expect(
      await cutJpeg(
        `data:image/jpeg;base64,${base64(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))}`,
        { width: 10, height: 10 },
        { ...place, width: 10, height: 10, x: 0, y: 0, w: 10, h: 10 },
      ),
    ).toBeNull();
    expect(globalThis.Uint8ClampedArray).toBe(native);
  });
});
