import { CACHE_MAX_BYTES } from '#worker/features/creatives/render/render-prep.ts';

/**
 * The renderer isolate's memory budget (docs/decisions/0021-renderer-worker.md, "Memory"): what
 * one job may decode, and what the per-isolate caches may keep beside it, so that everything adds
 * up under the platform's 128 MB. Locally workerd enforces no limit, so these are the arithmetic
 * the limits are derived from; the terms marked as estimates were not measured in production.
 */
const MB = 1024 * 1024;

/** A Worker isolate's memory: code, the JavaScript heap and every WebAssembly memory together. */
export const ISOLATE_BYTES = 128 * MB;

/**
 * Loaded once per isolate (estimate): the bundle's JavaScript (1.1 MB) compiled, resvg's
 * WebAssembly (2.5 MB) and yoga's and libwebp's compiled, the bundled fonts read so far (1.9 MB
 * for all 72 files), V8's own heap.
 */
export const FIXED_BYTES = 20 * MB;

/**
 * libwebp's WebAssembly memory once the isolate has decoded the largest WebP a render may hold
 * (4 megapixels, images.ts RENDER_WEBP_MAX_PIXELS, × 4 bytes). A WebAssembly memory never shrinks.
 */
export const WEBP_BYTES = 16 * MB;

/**
 * The most one job holds in JavaScript at a time, whichever is larger: its pictures (data URLs of
 * at most RENDER_MAX_INPUT_BYTES of files, 4/3 of them, plus the largest file's bytes while it is
 * encoded), or those data URLs plus the PNG being written (png-fast.ts for a 1080 × 1920 story:
 * the filtered rows, 6 MB — written over resvg's canvas where it lies (canvas-view.ts), or, over
 * an underlay, into a buffer of their own beside a canvas cropped to the layers (overlay-crop.ts);
 * deflate's output and the file, ≤ 6 MB each) — 14 + 18 MB, rounded down as the deflate output
 * of a creative is far below its rows.
 * This is per job. Jobs at once in one isolate never decode at once (drawing does no I/O), but
 * they can hold their pictures at once while one waits on I/O: in-flight.ts admits them only
 * while their pictures' files add up to RENDER_MAX_INPUT_BYTES, so once admitted they hold no
 * more pictures than one job may (a data URL sent with the call is held from its start). Not counted: a WebP original's expansion to PNG (≤ 4 MP: up to
 * 16 MB of RGBA, then its PNG as a data URL; decision 0021).
 * A JPEG cut to its frame without resvg (picture-cut.ts, issue 29) holds, before anything is
 * drawn and only while it is cut, less than writing the PNG: the decoded picture (≤ 2.5 MP: 10
 * MB, in a decoder instance let go after the cut, resampled where it lies), its file, the few
 * rows filtered across that one output row reads, and the result (≤ a story's 6 MB). resvg then never decodes that picture: its
 * WebAssembly memory, which `resvgBytes` counts as if it did, only grows less.
 */
export const JOB_JS_BYTES = 32 * MB;

/** The pictures' files one job may read, together (the main worker loads at most 8 MB of originals, plus thumbnails). */
export const RENDER_MAX_INPUT_BYTES = 10 * MB;

/**
 * resvg's WebAssembly memory after a job that decodes `pixels` (the canvas and every picture at
 * its natural size, 4 bytes each, counted as if all were decoded at once), plus the largest
 * picture's file (≤ 8 MB), which resvg holds while it decodes it. Never shrinks: the high-water
 * mark of the largest job stays for the isolate's life (later jobs reuse it).
 */
export const resvgBytes = (pixels: number) => pixels * 4 + 8 * MB;

/**
 * What the bake and underlay caches may keep once the isolate has run a job of `largestPixels`:
 * what is left of the 128 MB, at most render-prep's CACHE_MAX_BYTES (24 MB), never below 0.
 */
export function cacheBudget(largestPixels: number): number {
  return Math.max(0, Math.min(CACHE_MAX_BYTES, ISOLATE_BYTES - FIXED_BYTES - WEBP_BYTES - JOB_JS_BYTES - resvgBytes(largestPixels)));
}

/**
 * 12 megapixels (48 MB decoded): one picture at the main worker's limit (9 megapixels) on a
 * story's canvas (2.1), with room for a logo. With it, cacheBudget leaves ≈ 6 MB of caches (a
 * story's underlay) after the largest job; the budget has no room above ≈ 13.6 megapixels.
 */
export const DEFAULT_MAX_PIXELS = 12_000_000;
