/**
 * resvg's canvas read where it lies (issue 29, point 8; decision 0038). `RenderedImage.pixels`
 * (wasm-bindgen) copies the canvas out of resvg's WebAssembly memory as
 * `new Uint8Array(view of that memory)`: 4.7 MB for a square, 8.3 MB for a story, in fresh
 * pages the first time — ≈ 45 ms of a first render's profile. The glue looks `Uint8Array` up on
 * the global object when it runs, so for that synchronous call (no other code of the isolate
 * runs meanwhile) the constructor is one that hands the view itself back when it is asked to
 * copy a view of the canvas's size; every other use goes to the real constructor.
 *
 * The view is good until the image is freed or resvg's memory grows: the caller reads and
 * writes it (png-fast.ts writes the scanlines over it) and calls nothing of resvg's meanwhile.
 * A build whose glue copies some other way gives a copy, as before (`stats.copied`).
 */
export function canvasView(image: { readonly pixels: Uint8Array; readonly width: number; readonly height: number }, stats?: { copied?: boolean }): Uint8Array {
  const global = globalThis as { Uint8Array: unknown };
  const native = Uint8Array;
  const size = image.width * image.height * 4;
  let view: Uint8Array | null = null;
  function lookalike(...args: unknown[]): Uint8Array {
    const [source] = args;
    if (args.length === 1 && source instanceof native && source.length === size) {
      view = source;
      return source;
    }
    return Reflect.construct(native, args) as Uint8Array;
  }
  // `instanceof Uint8Array` and the statics keep working for anything that runs meanwhile.
  Object.setPrototypeOf(lookalike, native);
  lookalike.prototype = native.prototype;
  let pixels: Uint8Array;
  global.Uint8Array = lookalike;
  try {
    pixels = image.pixels;
  } finally {
    global.Uint8Array = native;
  }
  if (stats) stats.copied = pixels !== view;
  return pixels;
}
