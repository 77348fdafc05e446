import { constants, crc32, deflateSync } from 'node:zlib';
import { concatBytes } from '#worker/lib/body.ts';

/**
 * A fast PNG writer for the renderer's opaque canvases (issue 14, point 8). resvg's own `asPng`
 * (Rust's png crate in WebAssembly, RGBA, default compression) took 65–100 ms for a 1080 × 1920
 * canvas. Here the pixels go out as RGB (every canvas of a creative is opaque: the root paints its
 * colour), every row with the Up filter, through workerd's native zlib at level 1 with the RLE
 * strategy: measured in workerd on a 1080 × 1920 story, 8–30 ms for the deflate and 10–20 ms for
 * the filter pass, and a smaller file than resvg's (photo 0.9 MB against 1.16 MB, gradient 0.3 MB
 * against 0.31 MB). Lossless: the same pixels as resvg's PNG.
 */

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const UP = 2;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)) >>> 0);
  return out;
}

/** An 8-bit RGB PNG from its filtered scanlines (a filter byte, then `width * 3` bytes, per row). */
function rgbPng(filtered: Uint8Array, width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour (RGB), deflate, adaptive filtering, no interlace
  const idat = deflateSync(filtered, { level: 1, strategy: constants.Z_RLE });
  return concatBytes([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}

/**
 * The PNG of resvg's canvas (`RenderedImage.pixels`: RGBA, premultiplied) when every pixel is
 * opaque (premultiplied and straight colour are then the same); `null` when one is not, for the
 * caller to fall back to resvg's own encoder.
 */
export function encodeOpaquePng(rgba: Uint8Array, width: number, height: number): Uint8Array | null {
  if (rgba.length !== width * height * 4) throw new Error('pixels do not match the size');
  const stride = width * 3;
  const filtered = new Uint8Array(height * (stride + 1));
  let prev = new Uint8Array(stride);
  let row = new Uint8Array(stride);
  let p = 0;
  for (let y = 0; y < height; y += 1) {
    const o = y * (stride + 1);
    filtered[o] = UP;
    for (let c = 0; c < stride; c += 3, p += 4) {
      if (rgba[p + 3] !== 255) return null;
      const r = rgba[p]!;
      const g = rgba[p + 1]!;
      const b = rgba[p + 2]!;
      row[c] = r;
      row[c + 1] = g;
      row[c + 2] = b;
      filtered[o + 1 + c] = r - prev[c]!;
      filtered[o + 2 + c] = g - prev[c + 1]!;
      filtered[o + 3 + c] = b - prev[c + 2]!;
    }
    [prev, row] = [row, prev];
  }
  return rgbPng(filtered, width, height);
}

/** The PNG of opaque RGB pixels (a picture cut to its frame: picture-cut.ts), written as `encodeOpaquePng` writes. */
export function encodeRgbPng(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3;
  if (rgb.length !== stride * height) throw new Error('pixels do not match the size');
  const filtered = new Uint8Array(height * (stride + 1));
  for (let y = 0, p = 0; y < height; y += 1) {
    const o = y * (stride + 1);
    filtered[o] = UP;
    for (let c = 0; c < stride; c += 1, p += 1) filtered[o + 1 + c] = rgb[p]! - (y > 0 ? rgb[p - stride]! : 0);
  }
  return rgbPng(filtered, width, height);
}

/**
 * The PNG of `overlay` (RGBA, premultiplied: resvg's canvas of everything above the picture)
 * drawn over `under` (RGB, opaque: the picture's pixels, the whole canvas), source-over as resvg
 * draws one layer on another: colour = overlay + under × (1 − overlay alpha).
 */
export function compositeOpaquePng(overlay: Uint8Array, under: Uint8Array, width: number, height: number): Uint8Array {
  if (overlay.length !== width * height * 4 || under.length !== width * height * 3) throw new Error('pixels do not match the size');
  const stride = width * 3;
  const filtered = new Uint8Array(height * (stride + 1));
  let prev = new Uint8Array(stride);
  let row = new Uint8Array(stride);
  let p = 0;
  let q = 0;
  for (let y = 0; y < height; y += 1) {
    const o = y * (stride + 1);
    filtered[o] = UP;
    for (let c = 0; c < stride; c += 3, p += 4, q += 3) {
      const a = overlay[p + 3]!;
      let r: number;
      let g: number;
      let b: number;
      if (a === 0) {
        r = under[q]!;
        g = under[q + 1]!;
        b = under[q + 2]!;
      } else if (a === 255) {
        r = overlay[p]!;
        g = overlay[p + 1]!;
        b = overlay[p + 2]!;
      } else {
        // x / 255 rounded, for x ≤ 255 × 255: ((x + 128) × 257) >> 16.
        const k = 255 - a;
        r = overlay[p]! + (((under[q]! * k + 128) * 257) >> 16);
        g = overlay[p + 1]! + (((under[q + 1]! * k + 128) * 257) >> 16);
        b = overlay[p + 2]! + (((under[q + 2]! * k + 128) * 257) >> 16);
      }
      row[c] = r;
      row[c + 1] = g;
      row[c + 2] = b;
      filtered[o + 1 + c] = r - prev[c]!;
      filtered[o + 2 + c] = g - prev[c + 1]!;
      filtered[o + 3 + c] = b - prev[c + 2]!;
    }
    [prev, row] = [row, prev];
  }
  return rgbPng(filtered, width, height);
}
