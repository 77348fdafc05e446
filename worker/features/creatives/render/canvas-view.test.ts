import { Resvg } from '@cf-wasm/resvg/workerd';
import { describe, expect, it } from 'vitest';
import { canvasView } from '#worker/features/creatives/render/canvas-view.ts';

const svg = (width: number, height: number) =>
  `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">` +
  `<rect width="${width}" height="${height}" fill="#204060"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="#e07020" fill-opacity="0.6"/></svg>`;

async function withImage<T>(width: number, height: number, use: (image: ReturnType<Resvg['render']>) => T): Promise<T> {
  const resvg = await Resvg.async(svg(width, height), { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  try {
    const image = resvg.render();
    try {
      return use(image);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

describe('resvg’s canvas read where it lies', () => {
  it('gives the same pixels as resvg’s copy, without copying them, and gives the global constructor back', async () => {
    for (const [width, height] of [
      [37, 23],
      [1, 1],
      [300, 200],
    ] as const) {
      const copy = await withImage(width, height, (image) => image.pixels);
      const native = Uint8Array;
      const stats: { copied?: boolean } = {};
      const seen = await withImage(width, height, (image) => {
        const view = canvasView(image, stats);
        expect(view.length).toBe(width * height * 4);
        // A view of resvg's memory, not a buffer of its own.
        expect(view.buffer.byteLength).toBeGreaterThan(view.length);
        return view.slice();
      });
      expect(stats.copied, `${width}×${height}`).toBe(false);
      expect(seen).toEqual(copy);
      expect(globalThis.Uint8Array).toBe(native);
      expect(new Uint8Array([1, 2])).toBeInstanceOf(native);
    }
  });

  it('gives the constructor back when reading the canvas throws', () => {
    const native = Uint8Array;
    const broken = {
      width: 2,
      height: 2,
      get pixels(): Uint8Array {
        throw new Error('freed');
      },
    };
    expect(() => canvasView(broken)).toThrow('freed');
    expect(globalThis.Uint8Array).toBe(native);
  });

  it('copies as before for glue that does not copy through the global constructor', () => {
    const own = new Uint8Array(16).fill(9);
    const stats: { copied?: boolean } = {};
    expect(canvasView({ width: 2, height: 2, pixels: own }, stats)).toBe(own);
    expect(stats.copied).toBe(true);
  });
});
