import encodeJpeg from 'jpeg-js/lib/encoder.js';
import { pngSamples } from '#worker/features/creatives/render/png-samples.ts';

/**
 * A small JPEG of a creation's PNG (variations are picked from these: eight full PNGs would
 * be megabytes). Stored in R2 beside the PNG under `thumbnailKeyOf(r2Key)`, purged with it.
 */
export const THUMBNAIL_WIDTH = 400;

export const thumbnailKeyOf = (r2Key: string) => `${r2Key}.thumb.jpg`;

/**
 * The PNG scaled down to `width` (each pixel the average of the block it covers, on white
 * where transparent), as a JPEG of quality 82.
 */
export function pngThumbnail(png: Uint8Array, width = THUMBNAIL_WIDTH): { jpeg: Uint8Array<ArrayBuffer>; width: number; height: number } {
  const decoded = pngSamples(png);
  const { source, channels, max } = decoded;
  const scale = Math.max(1, decoded.width / width);
  const w = Math.max(1, Math.round(decoded.width / scale));
  const h = Math.max(1, Math.round(decoded.height / scale));
  const sums = new Float64Array(w * h * 3);
  const counts = new Float64Array(w * h);
  // The column each source column lands in, worked out once (this loop runs a million times).
  const columns = new Int32Array(decoded.width);
  for (let x = 0; x < decoded.width; x += 1) columns[x] = Math.min(w - 1, Math.floor(x / scale));
  const gray = channels <= 2;
  const alphaAt = channels === 4 ? 3 : channels === 2 ? 1 : -1;
  const unit = 255 / max;
  for (let y = 0; y < decoded.height; y += 1) {
    const row = Math.min(h - 1, Math.floor(y / scale)) * w;
    let p = y * decoded.width * channels;
    for (let x = 0; x < decoded.width; x += 1, p += channels) {
      const alpha = alphaAt < 0 ? 1 : (source[p + alphaAt]! * unit) / 255;
      const white = 255 * (1 - alpha);
      const r = source[p]! * unit;
      const t = row + columns[x]!;
      sums[t * 3] = sums[t * 3]! + r * alpha + white;
      sums[t * 3 + 1] = sums[t * 3 + 1]! + (gray ? r : source[p + 1]! * unit) * alpha + white;
      sums[t * 3 + 2] = sums[t * 3 + 2]! + (gray ? r : source[p + 2]! * unit) * alpha + white;
      counts[t] = counts[t]! + 1;
    }
  }
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let t = 0; t < w * h; t += 1) {
    const n = counts[t] || 1;
    rgba[t * 4] = sums[t * 3]! / n;
    rgba[t * 4 + 1] = sums[t * 3 + 1]! / n;
    rgba[t * 4 + 2] = sums[t * 3 + 2]! / n;
    rgba[t * 4 + 3] = 255;
  }
  return { jpeg: Uint8Array.from(encodeJpeg({ data: rgba, width: w, height: h }, 82).data), width: w, height: h };
}
