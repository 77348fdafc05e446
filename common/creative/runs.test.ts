import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, MAX_RUNS, creativeDocument, type TextLayer, type TextRun } from '#common/creative/document.ts';
import { adaptToFormat } from '#common/creative/resize.ts';
import { buildTemplate, changeFormat } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { clearRange, rangeStyle, retextRuns, segmentsOf, styleRange } from '#common/creative/runs.ts';

const layer = (text: string, runs?: TextRun[]): TextLayer => ({
  id: 't',
  type: 'text',
  x: 10,
  y: 10,
  w: 80,
  h: 30,
  text,
  font: 'inter',
  weight: 400,
  size: 6,
  color: '#111111',
  align: 'left',
  vAlign: 'top',
  lineHeight: 1.2,
  uppercase: false,
  ...(runs ? { runs } : {}),
});
const doc = (l: TextLayer) => ({ version: 2, format: 'square', template: 'blank', background: { type: 'color', color: '#ffffff' }, layers: [l] });
const valid = (text: string, runs: TextRun[] | undefined) => creativeDocument.safeParse(doc(layer(text, runs))).success;

/** The style of each character, as the renderer draws it. */
const styles = (text: string, runs: readonly TextRun[] | undefined) => segmentsOf(text, runs).flatMap((s) => [...s.text].map(() => JSON.stringify(s.style)));

describe('styled words (runs)', () => {
  it('styles a range, reads its common style back, and takes it off again to plain text', () => {
    const text = 'Big summer sale';
    const bold = styleRange(text, undefined, 4, 10, { bold: true });
    expect(bold).toEqual([{ start: 4, end: 10, bold: true }]);
    const red = styleRange(text, bold, 8, 15, { color: '#cc0000' });
    expect(red).toEqual([
      { start: 4, end: 8, bold: true },
      { start: 8, end: 10, bold: true, color: '#cc0000' },
      { start: 10, end: 15, color: '#cc0000' },
    ]);
    expect(rangeStyle(text, red, 4, 10)).toEqual({ bold: true });
    expect(rangeStyle(text, red, 8, 10)).toEqual({ bold: true, color: '#cc0000' });
    expect(rangeStyle(text, red, 0, 10)).toEqual({});
    expect(styleRange(text, red, 0, 15, { bold: false })).toEqual([{ start: 8, end: 15, color: '#cc0000' }]);
    expect(clearRange(text, red, 0, text.length)).toBeUndefined();
    expect(segmentsOf(text, red).map((s) => s.text)).toEqual(['Big ', 'summ', 'er', ' sale']);
  });

  it('moves the ranges with edits of the text: typed after a styled word continues it, before it does not, deleted words lose theirs', () => {
    const text = 'Big sale now';
    const runs = [{ start: 4, end: 8, bold: true }];
    expect(retextRuns(text, 'Big sales now', runs)).toEqual([{ start: 4, end: 9, bold: true }]);
    expect(retextRuns(text, 'Big hot sale now', runs)).toEqual([{ start: 8, end: 12, bold: true }]);
    expect(retextRuns(text, 'Big now', runs)).toBeUndefined();
    expect(retextRuns(text, 'Big le now', runs)).toEqual([{ start: 4, end: 6, bold: true }]);
    expect(retextRuns(text, 'Big SALE now', runs)).toEqual([{ start: 4, end: 8, bold: true }]);
    expect(retextRuns(text, 'Our big sale now', runs)).toEqual([{ start: 8, end: 12, bold: true }]);
    expect(retextRuns(text, '', runs)).toBeUndefined();
  });

  it('keeps ranges valid and each untouched character in its style, whatever the edit (property)', () => {
    const op = fc.record({ a: fc.nat(40), b: fc.nat(40), bold: fc.boolean(), color: fc.constantFrom(undefined, '#cc0000', '#00aa00') });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(op, { maxLength: 6 }),
        fc.nat(40),
        fc.nat(40),
        fc.string({ maxLength: 8 }),
        (text, ops, p, q, insert) => {
          let runs: TextRun[] | undefined;
          for (const o of ops) runs = styleRange(text, runs, o.a, o.b, { bold: o.bold, color: o.color });
          expect(valid(text, runs)).toBe(true);
          const from = Math.min(p, q, text.length);
          const to = Math.min(Math.max(p, q), text.length);
          const after = text.slice(0, from) + insert + text.slice(to);
          const moved = retextRuns(text, after, runs);
          expect(valid(after, moved)).toBe(true);
          // Characters before the edit keep their style (those after it may be matched differently when the edit repeats them).
          const before = styles(text, runs);
          const now = styles(after, moved);
          let same = 0;
          while (same < Math.min(text.length, after.length) && text[same] === after[same]) same += 1;
          expect(now.slice(0, Math.min(from, same))).toEqual(before.slice(0, Math.min(from, same)));
        },
      ),
    );
  });

  it('is refused by the schema outside the text, overlapping, empty, unordered, or beyond the limit', () => {
    expect(valid('Hello', [{ start: 0, end: 5, italic: true }])).toBe(true);
    expect(valid('Hello', [{ start: 0, end: 6, italic: true }])).toBe(false);
    expect(valid('Hello', [{ start: 2, end: 2, italic: true }])).toBe(false);
    expect(valid('Hello', [{ start: -1, end: 2, italic: true }])).toBe(false);
    expect(valid('Hello', [{ start: 0.5, end: 2, italic: true }])).toBe(false);
    expect(
      valid('Hello', [
        { start: 0, end: 3, bold: true },
        { start: 2, end: 4, italic: true },
      ]),
    ).toBe(false);
    expect(
      valid('Hello', [
        { start: 3, end: 4, bold: true },
        { start: 0, end: 2, italic: true },
      ]),
    ).toBe(false);
    expect(valid('Hello', [{ start: 0, end: 2, color: 'red' }])).toBe(false);
    const many = Array.from({ length: MAX_RUNS + 1 }, (_, i) => ({ start: i * 2, end: i * 2 + 1, bold: true }));
    expect(valid('x'.repeat(200), many)).toBe(false);
    expect(valid('x'.repeat(200), many.slice(0, MAX_RUNS))).toBe(true);
    const result = creativeDocument.safeParse(doc(layer('Hello', [{ start: 0, end: 9, bold: true }])));
    expect(result.success ? '' : result.error.issues[0]?.message).toBe('Keep styled words within the text.');
  });

  it('takes a letter spacing within bounds', () => {
    expect(creativeDocument.safeParse(doc({ ...layer('Hi'), letterSpacing: 0.1 })).success).toBe(true);
    expect(creativeDocument.safeParse(doc({ ...layer('Hi'), letterSpacing: 0.8 })).success).toBe(false);
  });
});

describe('styled words across formats', () => {
  it('keep their styles and letter spacing when the creative changes format or is resized into a copy', () => {
    const built = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square', imageMediaId: null });
    const headline = built.layers.find((l): l is TextLayer => l.type === 'text' && l.slot === 'headline')!;
    const runs: TextRun[] = [{ start: 0, end: Math.min(4, headline.text.length), bold: true, color: '#e76f51' }];
    const styled = { ...built, layers: built.layers.map((l) => (l.id === headline.id ? { ...headline, runs, letterSpacing: 0.05 } : l)) };
    for (const format of FORMAT_IDS) {
      for (const next of [changeFormat(styled, format, DEFAULT_BRAND_KIT), adaptToFormat(styled, format, DEFAULT_BRAND_KIT)]) {
        const moved = next.layers.find((l) => l.id === headline.id) as TextLayer;
        expect(moved.runs, format).toEqual(runs);
        expect(moved.letterSpacing, format).toBe(0.05);
      }
    }
  });
});
