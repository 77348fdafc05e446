// The encoder alone (about 7 KB gzip): Meta fetches each picture once, so a plain-JavaScript
// encoder is fast enough, and the worker stays within its bundle budget (no WebAssembly codec).
import encodeJpeg from 'jpeg-js/lib/encoder.js';
import { pngSamples } from '#worker/features/creatives/render/png-samples.ts';

/**
 * A creation's PNG as a JPEG (quality 90, transparency on white): Instagram's content
 * publishing accepts JPEG pictures only. jpeg-js's baseline encoder.
 */
export async function pngToJpeg(png: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height, source, channels, max } = pngSamples(png);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, p = 0; i < width * height; i += 1, p += channels) {
    const at = (k: number) => ((source[p + k] ?? 0) * 255) / max;
    const gray = channels <= 2;
    const r = at(0);
    const g = gray ? r : at(1);
    const b = gray ? r : at(2);
    const alpha = channels === 4 ? at(3) / 255 : channels === 2 ? at(1) / 255 : 1;
    rgba[i * 4] = r * alpha + 255 * (1 - alpha);
    rgba[i * 4 + 1] = g * alpha + 255 * (1 - alpha);
    rgba[i * 4 + 2] = b * alpha + 255 * (1 - alpha);
    rgba[i * 4 + 3] = 255;
  }
  return Uint8Array.from(encodeJpeg({ data: rgba, width, height }, 90).data);
}
