import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '#worker/features/creatives/render/base64-native.ts';
import { base64, fromBase64 as fromBase64Loop } from '#worker/lib/ids.ts';

/** What ids.ts's decoder (atob) gives, or that it throws. */
function loop(value: string): Uint8Array | 'throws' {
  try {
    return fromBase64Loop(value);
  } catch {
    return 'throws';
  }
}

describe('base64 through the native Buffer', () => {
  it('writes and reads what ids.ts writes and reads, on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 0, max: 8 }), (bytes, at) => {
        // A view into a larger buffer, as a file's bytes often are.
        const view = new Uint8Array(at + bytes.length + 3);
        view.set(bytes, at);
        const part = view.subarray(at, at + bytes.length);
        const text = toBase64(part);
        expect(text).toBe(base64(part));
        expect(fromBase64(text)).toEqual(bytes);
        // Without its padding, as atob reads it too.
        expect(fromBase64(text.replace(/=+$/, ''))).toEqual(bytes);
      }),
      { seed: 29, numRuns: 300 },
    );
  });

  it('throws where atob throws on text a data URL may hold, and reads what it reads', () => {
    const alphabet = fc.constantFrom(...'ABCxyz019+/='.split(''), '-', '_', '%');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 12 }).map((chars) => chars.join('')),
        (text) => {
          const expected = loop(text);
          if (expected === 'throws') expect(() => fromBase64(text), text).toThrow();
          else expect(fromBase64(text), text).toEqual(expected);
        },
      ),
      { seed: 29, numRuns: 2000 },
    );
    expect(() => fromBase64('abc=d')).toThrow();
    expect(() => fromBase64('a')).toThrow();
    expect(fromBase64('')).toEqual(new Uint8Array(0));
  });
});
