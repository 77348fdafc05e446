import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, wellFormed } from '#common/schemas/fields.ts';

const isWellFormed = (value: string) => wellFormed(value) === value;

describe('clip', () => {
  it('never splits a surrogate pair where a slice would', () => {
    const name = `${'a'.repeat(56)}😀😀`;
    expect(isWellFormed(name.slice(0, 57))).toBe(false);
    expect(clip(name, 57)).toBe(`${'a'.repeat(56)}`);
    expect(clip(name, 58, '…')).toBe(`${'a'.repeat(56)}…`);
    expect(clip(name, 58)).toBe(`${'a'.repeat(56)}😀`);
  });

  it('keeps text that fits, and otherwise stays within the limit, well-formed, a prefix plus the ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 1, max: 60 }), fc.constantFrom('', '…'), (value, max, ellipsis) => {
        const cut = clip(value, max, ellipsis);
        expect(cut.length).toBeLessThanOrEqual(Math.max(max, value.length <= max ? value.length : 0));
        expect(isWellFormed(cut)).toBe(true);
        if (value.length <= max) expect(cut).toBe(value);
        else {
          expect(cut.endsWith(ellipsis)).toBe(true);
          expect(value.startsWith(cut.slice(0, cut.length - ellipsis.length))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
