/** jpeg-js's encoder module (the package types only its index, which also bundles the decoder). */
declare module 'jpeg-js/lib/encoder.js' {
  export default function encode(
    image: { data: ArrayLike<number>; width: number; height: number },
    quality?: number,
  ): { data: Uint8Array; width: number; height: number };
}
