import { describe, expect, it } from 'vitest';
import { CACHE_MAX_BYTES } from '#worker/features/creatives/render/render-prep.ts';
import { RENDER_IMAGE_MAX_PIXELS } from '#worker/features/creatives/render/images.ts';
import { cacheBudget, DEFAULT_MAX_PIXELS, FIXED_BYTES, ISOLATE_BYTES, JOB_JS_BYTES, resvgBytes, WEBP_BYTES } from '#worker/renderer/memory.ts';

/** A 1080 × 1920 story's underlay (RGB): the largest entry the underlay cache keeps. */
const STORY_UNDERLAY = 1080 * 1920 * 3;
const STORY_CANVAS = 1080 * 1920;

/**
 * The renderer's memory budget (decision 0021, "Memory"): the job limit and the caches are
 * derived from the isolate's 128 MB, so that raising one without the other fails here.
 */
describe('the renderer’s memory budget', () => {
  it('adds up under 128 MB for the largest job the limit accepts, with the caches it leaves', () => {
    const total = FIXED_BYTES + WEBP_BYTES + JOB_JS_BYTES + resvgBytes(DEFAULT_MAX_PIXELS) + cacheBudget(DEFAULT_MAX_PIXELS);
    expect(total).toBeLessThanOrEqual(ISOLATE_BYTES);
    // …and still leaves room for a story's underlay, so the fast path survives a large job.
    expect(cacheBudget(DEFAULT_MAX_PIXELS)).toBeGreaterThanOrEqual(STORY_UNDERLAY);
  });

  it('gives the caches their whole 24 MB while the isolate has run only ordinary jobs, and less after a large one', () => {
    // A story with a 2-megapixel photo: the bench's largest case.
    expect(cacheBudget(STORY_CANVAS + 2_000_000)).toBe(CACHE_MAX_BYTES);
    expect(cacheBudget(DEFAULT_MAX_PIXELS)).toBeLessThan(CACHE_MAX_BYTES);
    // Past what the budget can hold, nothing is left for them (never a negative cap).
    expect(cacheBudget(40_000_000)).toBe(0);
  });

  it('accepts one picture at the main worker’s limit on a story’s canvas', () => {
    expect(RENDER_IMAGE_MAX_PIXELS + STORY_CANVAS).toBeLessThanOrEqual(DEFAULT_MAX_PIXELS);
  });
});
