import { convertIndexedToRgb, decode as decodePng } from 'fast-png';

/**
 * A PNG's pixels as plain samples, whatever its colour type: palette pictures expanded to their
 * colours; `channels` per pixel (1 gray, 2 gray + alpha, 3 RGB, 4 RGBA) and `max`, the value of
 * a full sample (255, 65535 for 16-bit, less for low bit depths). The JPEG encoders read these.
 */
export function pngSamples(png: Uint8Array): { width: number; height: number; source: ArrayLike<number>; channels: number; max: number } {
  const decoded = decodePng(png);
  let source: ArrayLike<number> = decoded.data;
  let channels = decoded.channels;
  if (decoded.palette) {
    source = convertIndexedToRgb(decoded);
    channels = decoded.palette[0]?.length ?? 3;
  }
  const max = decoded.palette ? 255 : decoded.depth === 16 ? 65535 : (1 << decoded.depth) - 1;
  return { width: decoded.width, height: decoded.height, source, channels, max };
}
