import mozjpegDecoder from '@jsquash/jpeg/codec/dec/mozjpeg_dec.js';
import jpegWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import { initEmscriptenModule } from '@jsquash/jpeg/utils.js';
import { fromBase64 } from '#worker/features/creatives/render/base64-native.ts';

/**
 * A JPEG cut to what its frame shows without resvg (issue 29, point 8). resvg scales a picture
 * into a frame through tiny-skia's bicubic pipeline, ≈ 370 ns a pixel in WebAssembly: measured in
 * workerd, a 1600 × 1200 photo cut to a 1080 × 1080 square took 430–650 ms, two thirds of a
 * creative's first render. Here libjpeg (mozjpeg, WebAssembly, @jsquash/jpeg) decodes it
 * (≈ 40 ms) and a separable triangle filter — bilinear, widened to the scale when shrinking so
 * that every source pixel counts — resamples it in JavaScript.
 *
 * Memory: the decoder is instantiated for each cut and let go after it, so its WebAssembly memory
 * (the decoded picture, 4 bytes a pixel) is garbage once the cut is done, not a high-water mark
 * kept for the isolate's life; a cut holds at most CUT_MAX_PIXELS decoded (read where the decoder
 * wrote them: `decodeCut`), its file, a few rows filtered across and the result (3 bytes a
 * pixel): worker/renderer/memory.ts. On this machine a megabyte of fresh memory costs ≈ 5 ms in
 * page faults on first touch, more than the arithmetic on it: the cut allocates little.
 * Larger pictures, other types and flipped or uncovered frames go the way they went before.
 */

/** The most pixels a picture cut here may have (≈ 1920 × 1300): 10 MB decoded. */
export const CUT_MAX_PIXELS = 2_500_000;

/** Where the picture lies on the cut's canvas (canvas pixels), as resvg would draw it. */
export interface Placement {
  /** The canvas: the frame's whole-pixel rectangle. */
  width: number;
  height: number;
  /** The picture's box on that canvas. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An opaque picture, RGB row by row. */
export interface RgbPicture {
  rgb: Uint8Array;
  width: number;
  height: number;
}

interface Taps {
  /** First source index of each output index, and how many follow. */
  starts: Int32Array;
  counts: Int32Array;
  /** Every output index's weights in a row, in 1/256, summing to 256 exactly. */
  weights: Int32Array;
}

/**
 * The filter's taps along one axis: output pixel i's centre (i + 0.5) lies at (i + 0.5 − offset)
 * / scale in the source; the triangle is 1 source pixel wide either side when enlarging, 1/scale
 * when shrinking. Source indices are clamped to the picture (its edge pixels repeat).
 */
function taps(sourceLength: number, outputLength: number, offset: number, scale: number): Taps {
  const support = scale < 1 ? 1 / scale : 1;
  const starts = new Int32Array(outputLength);
  const counts = new Int32Array(outputLength);
  const all: number[] = [];
  const row: number[] = [];
  for (let i = 0; i < outputLength; i += 1) {
    const centre = (i + 0.5 - offset) / scale;
    const lo = Math.max(0, Math.min(sourceLength - 1, Math.floor(centre - support)));
    const hi = Math.max(lo, Math.min(sourceLength - 1, Math.ceil(centre + support)));
    row.length = 0;
    let sum = 0;
    for (let j = lo; j <= hi; j += 1) {
      const w = Math.max(0, 1 - Math.abs((j + 0.5 - centre) / support));
      row.push(w);
      sum += w;
    }
    if (sum === 0) {
      // The centre lies beyond the picture: its nearest edge pixel.
      row.fill(0);
      row[centre < lo ? 0 : row.length - 1] = 1;
      sum = 1;
    }
    let total = 0;
    let largest = 0;
    for (let k = 0; k < row.length; k += 1) {
      row[k] = Math.round((row[k]! / sum) * 256);
      total += row[k]!;
      if (row[k]! > row[largest]!) largest = k;
    }
    row[largest]! += 256 - total;
    starts[i] = lo;
    counts[i] = row.length;
    all.push(...row);
  }
  return { starts, counts, weights: Int32Array.from(all) };
}

/**
 * Source row `y` filtered across into `out` from `at` (one packed pixel per output column: red
 * and blue in one number, each in 16 bits of it — 255 × 256 never carries into the other —
 * green apart, each rounded to 8 bits). A function of its own, called once a row, so that V8
 * optimises it after the first rows rather than waiting to replace a running loop.
 */
function filterAcross(pixels: Uint32Array, base: number, taps: Taps, out: Uint32Array, at: number, width: number): void {
  const { starts, counts, weights } = taps;
  for (let x = 0, wi = 0; x < width; x += 1) {
    let rb = 0;
    let g = 0;
    for (let p = base + starts[x]!, n = counts[x]!; n > 0; n -= 1, p += 1) {
      const w = weights[wi++]!;
      const v = pixels[p]!;
      rb += (v & 0xff00ff) * w;
      g += ((v >>> 8) & 0xff) * w;
    }
    out[at + x] = (((rb + 0x800080) >>> 8) & 0xff00ff) | (((g + 0x80) >>> 8) << 8);
  }
}

/** One output row filtered down from the rows across at `offsets` (their weights from `weights[wi]`), as RGB from `out`. */
function filterDown(ring: Uint32Array, offsets: Int32Array, n: number, weights: Int32Array, wi: number, rgb: Uint8Array, out: number, width: number): void {
  for (let x = 0; x < width; x += 1) {
    let rb = 0;
    let g = 0;
    for (let k = 0; k < n; k += 1) {
      const w = weights[wi + k]!;
      const v = ring[offsets[k]! + x]!;
      rb += (v & 0xff00ff) * w;
      g += ((v >>> 8) & 0xff) * w;
    }
    const rounded = (rb + 0x800080) >>> 8;
    rgb[out++] = rounded & 0xff;
    rgb[out++] = (g + 0x80) >>> 8;
    rgb[out++] = (rounded >>> 16) & 0xff;
  }
}

/**
 * `source` (RGBA, `sourceWidth` × `sourceHeight`) drawn in the box `place` on a canvas of
 * `place.width` × `place.height`, as RGB. The box must cover the canvas (a cover crop). Each
 * source row is filtered across once, when the first output row reads it, into a ring of as
 * many rows as one output row reads (the rows an output row reads only move down): a few
 * kilobytes rather than a picture-sized buffer, whose fresh pages cost a first render more
 * than the arithmetic (≈ 5 ms a megabyte here).
 */
export function resample(source: Uint8Array | Uint8ClampedArray, sourceWidth: number, sourceHeight: number, place: Placement): RgbPicture {
  const { width, height } = place;
  const across = taps(sourceWidth, width, place.x, place.w / sourceWidth);
  const down = taps(sourceHeight, height, place.y, place.h / sourceHeight);
  const pixels =
    source.byteOffset % 4 === 0 ? new Uint32Array(source.buffer, source.byteOffset, sourceWidth * sourceHeight) : new Uint32Array(source.slice().buffer);
  const { starts: ds, counts: dc, weights: dw } = down;
  let size = 1;
  for (let y = 0; y < height; y += 1) size = Math.max(size, dc[y]!);
  const ring = new Uint32Array(size * width);
  const offsets = new Int32Array(size);
  const rgb = new Uint8Array(width * height * 3);
  // The next source row to filter across (every row before it is in the ring, or no longer read).
  let next = 0;
  for (let y = 0, wi = 0; y < height; y += 1) {
    const first = ds[y]!;
    const n = dc[y]!;
    for (next = Math.max(next, first); next < first + n; next += 1) filterAcross(pixels, next * sourceWidth, across, ring, (next % size) * width, width);
    for (let k = 0; k < n; k += 1) offsets[k] = ((first + k) % size) * width;
    filterDown(ring, offsets, n, dw, wi, rgb, y * width * 3, width);
    wi += n;
  }
  return { rgb, width, height };
}

const quiet = () => undefined;

/** How a cut went (tests): `copied` when the decoder copied its pixels out before they were resampled. */
export interface CutStats {
  copied?: boolean;
}

/**
 * The JPEG `bytes` decoded by a libjpeg instance of its own and resampled to `place`; null when
 * it cannot be read or is not `natural` in size.
 *
 * The decoder (embind) hands its pixels over as `new Uint8ClampedArray(view of its memory)`: a
 * copy, 4 bytes a pixel, into fresh memory — 7.7 MB for a 1600 × 1200 photo, whose new pages and
 * element-by-element conversion cost a first render ≈ 40 ms here (80–120 ms in Node). It looks
 * that constructor up on the global object when the decode first needs it, so for the length of
 * the call (synchronous: no other code of the isolate runs meanwhile) the constructor is one that
 * resamples the view where it lies, before the decoder frees it, and hands back an empty array.
 * A decoder that looked it up earlier (another build) copies as before, and the copy is resampled.
 */
function decodeCut(
  decoder: Awaited<ReturnType<typeof mozjpegDecoder>>,
  bytes: Uint8Array,
  natural: { width: number; height: number },
  place: Placement,
  stats?: CutStats,
): RgbPicture | null {
  const global = globalThis as { Uint8ClampedArray: unknown };
  const native = Uint8ClampedArray;
  let cut: RgbPicture | null = null;
  function pixels(view: Uint8Array): Uint8ClampedArray {
    if (view.length === natural.width * natural.height * 4) cut = resample(view, natural.width, natural.height, place);
    return new native(0);
  }
  let image: { data: Uint8ClampedArray; width: number; height: number } | null;
  global.Uint8ClampedArray = pixels;
  try {
    // EXIF orientation is not applied: resvg does not apply it either.
    image = decoder.decode(bytes, false);
  } catch {
    return null;
  } finally {
    global.Uint8ClampedArray = native;
  }
  if (!image || image.width !== natural.width || image.height !== natural.height) return null;
  if (cut) {
    if (stats) stats.copied = false;
    return cut;
  }
  if (image.data.length !== natural.width * natural.height * 4) return null;
  if (stats) stats.copied = true;
  return resample(image.data, image.width, image.height, place);
}

/**
 * The JPEG data URL `src` (`natural` its size) cut to `place`, as RGB; null when this path does
 * not apply (another type, more than CUT_MAX_PIXELS, a box that does not cover the canvas, a
 * file libjpeg cannot read): the caller draws it with resvg as before.
 */
export async function cutJpeg(src: string, natural: { width: number; height: number }, place: Placement, stats?: CutStats): Promise<RgbPicture | null> {
  if (!/^data:image\/jpeg;base64,/i.test(src) || natural.width * natural.height > CUT_MAX_PIXELS) return null;
  const slack = 0.01;
  if (place.x > slack || place.y > slack || place.x + place.w < place.width - slack || place.y + place.h < place.height - slack) return null;
  // Its messages (a truncated file's warning) go nowhere: a file it cannot read is reported by the caller's fall-back.
  const decoder = await initEmscriptenModule(mozjpegDecoder, jpegWasm, { print: quiet, printErr: quiet });
  return decodeCut(decoder, fromBase64(src.slice(src.indexOf(',') + 1)), natural, place, stats);
}
