import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS } from '#common/creative/document.ts';
import { formatCopyName, nameFromHeadline, paletteMood, variationName, withoutFormat } from '#common/creative/naming.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('names that tell work apart', () => {
  it('names a creative after its headline: one line, at most 80 characters, the template’s name when the headline says nothing', () => {
    expect(nameFromHeadline('  Spring\n  sale\tnow ', 'Bold headline')).toBe('Spring sale now');
    expect(nameFromHeadline('', 'Bold headline')).toBe('Bold headline');
    expect(nameFromHeadline(' \n\u200b ', 'Bold headline')).toBe('Bold headline');
    expect(nameFromHeadline('🔥🔥', 'Bold headline')).toBe('🔥🔥');
    expect(nameFromHeadline('a\ud800b', 'Bold headline')).toBe('a\ufffdb');
    expect(nameFromHeadline(`${'a'.repeat(79)}😀 more`, 'x')).toBe(`${'a'.repeat(79)}…`);
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (headline) => {
        const name = nameFromHeadline(headline, 'Bold headline');
        expect(name.length).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(80);
        expect(name).not.toMatch(/\n|^\s|\s$/);
        expect(name).not.toMatch(LONE_SURROGATE);
      }),
    );
  });

  it('names a format copy after its source and its format, never piling up suffixes', () => {
    expect(formatCopyName('Spring sale', 'story')).toBe('Spring sale — story');
    expect(formatCopyName('Spring sale — story', 'landscape')).toBe('Spring sale — landscape');
    // Copies named before issue 27.
    expect(formatCopyName('Spring sale (square)', 'story')).toBe('Spring sale — story');
    expect(formatCopyName(' (square)', 'story')).toBe('Creative — story');
    expect(withoutFormat('Spring sale — portrait')).toBe('Spring sale');
    fc.assert(
      fc.property(fc.string({ maxLength: 80, unit: 'grapheme' }), fc.constantFrom(...FORMAT_IDS), (name, format) => {
        const named = formatCopyName(name, format);
        expect(named.length).toBeLessThanOrEqual(80);
        expect(named.endsWith(` — ${format}`)).toBe(true);
        expect(named).not.toMatch(LONE_SURROGATE);
      }),
    );
  });

  it('names a variation after its source, its number and what differs, within 80 characters', () => {
    expect(variationName('Spring sale', 2, { layout: 'Minimal serif', palette: 'warm' })).toBe('Spring sale — variation 2, minimal serif layout, warm palette');
    expect(variationName('Spring sale — variation 2, minimal serif layout, warm palette', 7, { palette: 'cool' })).toBe(
      'Spring sale — variation 7, cool palette',
    );
    const long = variationName('😀'.repeat(60), 12, { layout: 'Announcement band', palette: 'neutral' });
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/… — variation 12, announcement band layout, neutral palette$/u);
    expect(long).not.toMatch(LONE_SURROGATE);
  });

  it('reads a palette by its leading colour', () => {
    expect(['#e76f51', '#f4a261', '#c0392b'].map(paletteMood)).toEqual(['warm', 'warm', 'warm']);
    expect(['#1f3a5f', '#2a9d8f', '#6c5ce7'].map(paletteMood)).toEqual(['cool', 'cool', 'cool']);
    expect(['#111111', '#fafafa', '#808080', 'nonsense'].map(paletteMood)).toEqual(['dark', 'light', 'neutral', 'brand']);
  });
});

describe('names in a German project (issue 28)', () => {
  it('names format copies and variations in German, and recognises both languages’ suffixes', () => {
    expect(formatCopyName('Frühlingsangebot', 'portrait', 'de')).toBe('Frühlingsangebot — Hochformat');
    expect(formatCopyName('Frühlingsangebot — Hochformat', 'landscape', 'de')).toBe('Frühlingsangebot — Querformat');
    expect(withoutFormat('Frühlingsangebot — Quadrat')).toBe('Frühlingsangebot');
    expect(variationName('Frühlingsangebot', 2, { layout: 'Bold headline', templateId: 'bold-headline', palette: 'warm' }, 'de')).toBe(
      'Frühlingsangebot — Variante 2, Layout Große Überschrift, warme Palette',
    );
    expect(variationName('Frühlingsangebot — Variante 2, Layout Große Überschrift, warme Palette', 3, { palette: 'cool' }, 'de')).toBe(
      'Frühlingsangebot — Variante 3, kühle Palette',
    );
    expect(variationName('Spring sale', 2, { layout: 'Bold headline', templateId: 'bold-headline', palette: 'warm' })).toBe(
      'Spring sale — variation 2, bold headline layout, warm palette',
    );
  });
});
