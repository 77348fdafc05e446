/**
 * What the renderer can draw, and how big. The renderer itself (satori, resvg and libwebp,
 * all WebAssembly) is loaded on the first render through `renderer()`, not when an isolate
 * starts: most requests never draw anything.
 */
export const renderer = () => import('#worker/features/creatives/render.ts');

/**
 * Pictures above this many pixels are drawn from their thumbnail: decoding one needs 4 bytes
 * a pixel, and a worker has 128 MB. WebP is decoded twice (to PNG in the worker, then by
 * resvg), so its limit is lower.
 */
export const RENDER_IMAGE_MAX_PIXELS = 12_000_000;
export const RENDER_WEBP_MAX_PIXELS = 4_000_000;

export function tooManyPixels(width: number, height: number, mime: string): boolean {
  return width * height > (mime.toLowerCase() === 'image/webp' ? RENDER_WEBP_MAX_PIXELS : RENDER_IMAGE_MAX_PIXELS);
}

/** Data URLs of the image types satori lays out and resvg draws. */
const DRAWABLE = /^data:image\/(?:png|apng|jpeg|gif);/i;

export const CANNOT_DRAW =
  'A picture of this creative cannot be drawn (AVIF, a damaged file, or a very large picture without a preview): use a PNG, JPEG, GIF or WebP image.';

/** The ids of the images the renderer cannot draw: satori throws on them, however often it is tried. */
export function undrawable(images: Record<string, string>): string[] {
  return Object.entries(images)
    .filter(([, url]) => !DRAWABLE.test(url))
    .map(([id]) => id);
}
