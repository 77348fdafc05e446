import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument } from '#common/creative/document.ts';
import { documentFonts } from '#worker/features/creatives/render/fonts-render.ts';
import { deferred } from '#worker/test/held-d1.ts';

/** A document drawn with Inter regular only (its fallback): one bundled file. */
const doc: CreativeDocument = { version: 2, format: 'square', template: 'blank', background: { type: 'color', color: '#000000' }, layers: [] };
const INTER = '/fonts/inter-latin-400-normal.woff';

/** The renderer's assets Fetcher (another RPC call's) behind a seam: each fetch waits until the test releases it. */
function heldAssets() {
  const reached = deferred();
  const gate = deferred();
  const paths: string[] = [];
  const assets = {
    async fetch(request: Request) {
      paths.push(new URL(request.url).pathname);
      reached.resolve();
      await gate.promise;
      return env.ASSETS.fetch(request);
    },
  } as unknown as Fetcher;
  return { assets, reached: reached.promise, release: () => gate.resolve(), paths };
}

const failing = (status: number) => ({ fetch: () => Promise.resolve(new Response('nope', { status })) }) as unknown as Fetcher;

describe('bundled font files', () => {
  // One test: the module keeps the files it fetched for the isolate's life.
  it("keeps the bytes, never a failure or a pending fetch: a render while another call's fetch is held fetches its own", async () => {
    await expect(documentFonts(failing(404), doc)).rejects.toThrow(`font ${INTER} is missing from the static assets (404)`);
    const held = heldAssets();
    try {
      const first = documentFonts(held.assets, doc);
      await held.reached;
      expect(held.paths).toEqual([INTER]);
      // Another RPC call in the same renderer isolate: it must not await the held call's fetch.
      const second = await documentFonts(env.ASSETS, doc);
      expect(second).toHaveLength(1);
      expect(second[0]!.data.byteLength).toBeGreaterThan(1_000);
      held.release();
      expect((await first)[0]!.data.byteLength).toBe(second[0]!.data.byteLength);
    } finally {
      held.release();
    }
    // Kept: no fetch at all now.
    expect((await documentFonts(failing(500), doc))[0]!.data.byteLength).toBe((await documentFonts(env.ASSETS, doc))[0]!.data.byteLength);
  });
});
