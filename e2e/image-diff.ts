import { PNG } from 'pngjs';

/**
 * Compares two renderings of one creative (chromium's screenshot of the preview and the
 * worker's PNG) the way issue #6 asks: both are brought to the same small size by area
 * averaging and blurred slightly, so that text anti-aliasing and hinting (which differ
 * between chromium and resvg) wash out, while a layer that moved, changed colour, is
 * missing or wraps differently still shows as a block of different pixels.
 */
export interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel. */
  data: Float32Array;
}

export function decodePng(bytes: Buffer): Raster {
  const png = PNG.sync.read(bytes);
  const data = new Float32Array(png.width * png.height * 3);
  for (let i = 0, j = 0; i < png.data.length; i += 4, j += 3) {
    const alpha = png.data[i + 3]! / 255;
    // Composite on white, as the page shows it.
    data[j] = png.data[i]! * alpha + 255 * (1 - alpha);
    data[j + 1] = png.data[i + 1]! * alpha + 255 * (1 - alpha);
    data[j + 2] = png.data[i + 2]! * alpha + 255 * (1 - alpha);
  }
  return { width: png.width, height: png.height, data };
}

/** Area-average resampling to width × height. */
export function resize(src: Raster, width: number, height: number): Raster {
  const out = new Float32Array(width * height * 3);
  const sx = src.width / width;
  const sy = src.height / height;
  for (let y = 0; y < height; y += 1) {
    const y0 = y * sy;
    const y1 = y0 + sy;
    for (let x = 0; x < width; x += 1) {
      const x0 = x * sx;
      const x1 = x0 + sx;
      let r = 0;
      let g = 0;
      let b = 0;
      let area = 0;
      for (let yy = Math.floor(y0); yy < Math.min(src.height, Math.ceil(y1)); yy += 1) {
        const wy = Math.min(y1, yy + 1) - Math.max(y0, yy);
        for (let xx = Math.floor(x0); xx < Math.min(src.width, Math.ceil(x1)); xx += 1) {
          const w = wy * (Math.min(x1, xx + 1) - Math.max(x0, xx));
          const k = (yy * src.width + xx) * 3;
          r += src.data[k]! * w;
          g += src.data[k + 1]! * w;
          b += src.data[k + 2]! * w;
          area += w;
        }
      }
      const o = (y * width + x) * 3;
      out[o] = r / area;
      out[o + 1] = g / area;
      out[o + 2] = b / area;
    }
  }
  return { width, height, data: out };
}

/** A 3 × 3 box blur. */
export function blur(src: Raster): Raster {
  const { width, height } = src;
  const out = new Float32Array(src.data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy += 1) {
          for (let dx = -1; dx <= 1; dx += 1) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
            sum += src.data[(yy * width + xx) * 3 + c]!;
            n += 1;
          }
        }
        out[(y * width + x) * 3 + c] = sum / n;
      }
    }
  }
  return { width, height, data: out };
}

export interface Difference {
  /** Mean absolute difference per channel (0–255). */
  mean: number;
  /** Share of pixels whose largest channel difference is above `threshold`. */
  differing: number;
}

/** Compares at `width` pixels wide (the height follows `a`'s proportions). */
export function compare(a: Raster, b: Raster, width = 216, threshold = 40): Difference {
  const height = Math.round((width * a.height) / a.width);
  const ra = blur(resize(a, width, height));
  const rb = blur(resize(b, width, height));
  let total = 0;
  let differing = 0;
  for (let i = 0; i < ra.data.length; i += 3) {
    let worst = 0;
    for (let c = 0; c < 3; c += 1) {
      const d = Math.abs(ra.data[i + c]! - rb.data[i + c]!);
      total += d;
      worst = Math.max(worst, d);
    }
    if (worst > threshold) differing += 1;
  }
  return { mean: total / ra.data.length, differing: differing / (width * height) };
}
