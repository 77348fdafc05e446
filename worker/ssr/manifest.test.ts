import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pageAssets } from '#worker/ssr/manifest.ts';
import { deferred } from '#worker/test/held-d1.ts';

/** The real static assets behind a seam: each fetch waits until the test releases it. */
function heldAssets() {
  const reached = deferred();
  const gate = deferred();
  let fetches = 0;
  const assets = {
    async fetch(request: Request) {
      fetches += 1;
      reached.resolve();
      await gate.promise;
      return env.ASSETS.fetch(request);
    },
  } as unknown as Fetcher;
  return { assets, reached: reached.promise, release: () => gate.resolve(), fetches: () => fetches };
}

const failing = (status: number) => ({ fetch: () => Promise.resolve(new Response('nope', { status })) }) as unknown as Fetcher;

describe('pageAssets', () => {
  // One test: the module keeps the first manifest it read for the isolate's life.
  it('keeps the value, never a failure or a pending read: a first use while another is held reads it itself', async () => {
    await expect(pageAssets({ ASSETS: failing(404) })).rejects.toThrow('The client build is missing');
    const held = heldAssets();
    try {
      const first = pageAssets({ ASSETS: held.assets });
      await held.reached;
      // Another request of the cold isolate: it must not await the held request's read.
      const second = await pageAssets(env);
      expect(second.stylesheet).toMatch(/^\/assets\/.+\.css$/);
      held.release();
      expect((await first).stylesheet).toBe(second.stylesheet);
      expect(held.fetches()).toBe(1);
    } finally {
      held.release();
    }
    // Kept: no read at all now.
    expect((await pageAssets({ ASSETS: failing(500) })).stylesheet).toMatch(/^\/assets\/.+\.css$/);
  });
});
