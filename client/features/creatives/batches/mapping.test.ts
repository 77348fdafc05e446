import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT } from '#common/creative/document.ts';
import { applyModifications } from '#common/creative/modifications.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { batchRow } from '#common/schemas/batches.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { BACKGROUND, guessMapping, mapRows, mediaIndex, normalColour, rowDocument, type ColumnMapping } from '#client/features/creatives/batches/mapping.ts';

// Layers logo (logo), headline and body (text), cta (button); a flat background.
const doc = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square', copy: { headline: 'Spring', body: 'Fresh bread.', cta: 'Order' } });
const media = mediaIndex([
  { id: 'media_bread', name: 'Bread.JPG', fileUrl: '/api/media/media_bread/file' },
  { id: 'media_shop', name: 'shop front.png', fileUrl: '/api/media/media_shop/file' },
]);
const table = (header: string[], ...rows: string[][]) => ({ header, rows });

describe('guessMapping', () => {
  it('maps a column whose header is a layer’s name or id (any case, spaces around) to what that layer holds first; the rest is ignored', () => {
    const named = { ...doc, layers: doc.layers.map((l) => (l.id === 'body' ? { ...l, name: 'Subline' } : l)) };
    expect(guessMapping([' Headline ', 'subline', 'CTA', 'logo', 'price', ''], named)).toEqual([
      { target: 'headline', kind: 'text' },
      { target: 'Subline', kind: 'text' },
      { target: 'cta', kind: 'text' },
      { target: 'logo', kind: 'image' },
      null,
      null,
    ]);
  });
});

describe('mapRows', () => {
  const mapping: ColumnMapping[] = [
    { target: 'headline', kind: 'text' },
    { target: 'headline', kind: 'color' },
    { target: 'logo', kind: 'image' },
    { target: 'cta', kind: 'hidden' },
    { target: BACKGROUND, kind: 'color' },
    null,
  ];
  const header = ['Headline', 'Colour', 'Picture', 'No button', 'Background', 'Notes'];

  it('makes each line one row of modifications in column order; empty cells change nothing; ignored columns are not read', () => {
    const result = mapRows(
      table(
        header,
        ['Hello', '#F00', 'bread', 'ja', '1a2b3c', 'anything'],
        ['', '', '', '', '', ''],
        ['Only text', '', 'https://cdn.example.com/a.png', 'no', '', ''],
      ),
      mapping,
      doc,
      media,
    );
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([2, 3, 4]);
    expect(result.rows).toEqual([
      {
        modifications: [
          { layer: 'headline', text: 'Hello' },
          { layer: 'headline', color: '#ff0000' },
          { layer: 'logo', mediaId: 'media_bread' },
          { layer: 'cta', hidden: true },
        ],
        background: { color: '#1a2b3c' },
      },
      {},
      {
        modifications: [
          { layer: 'headline', text: 'Only text' },
          { layer: 'logo', imageUrl: 'https://cdn.example.com/a.png' },
          { layer: 'cta', hidden: false },
        ],
      },
    ]);
  });

  it('reports each bad line with its line and column, keeps the good ones', () => {
    const result = mapRows(
      table(
        header,
        ['x'.repeat(MAX_TEXT + 1), '', '', '', '', ''],
        ['Fine', 'red', '', '', '', ''],
        ['Fine', '', 'croissant.png', 'maybe', '', ''],
        ['Fine', '', 'http://example.com/a.png', '', '', ''],
        ['Good', '', 'shop front', '', '', ''],
      ),
      mapping,
      doc,
      media,
    );
    expect(result.lines).toEqual([6]);
    expect(result.rows).toEqual([
      {
        modifications: [
          { layer: 'headline', text: 'Good' },
          { layer: 'logo', mediaId: 'media_shop' },
        ],
      },
    ]);
    expect(result.problems).toEqual([
      { line: 2, column: 'Headline', problem: { code: 'message', text: `The text of “headline” is too long: use at most ${MAX_TEXT} characters.` } },
      { line: 3, column: 'Colour', problem: { code: 'message', text: 'Use a colour like #1A2B3C.' } },
      { line: 4, column: 'Picture', problem: { code: 'unknownPicture', name: 'croissant.png' } },
      { line: 4, column: 'No button', problem: { code: 'yesNo', value: 'maybe' } },
      { line: 5, column: 'Picture', problem: { code: 'notHttps' } },
    ]);
  });

  it('reports a layer the creative no longer has, and a button text over the button’s cap', () => {
    const result = mapRows(
      table(['Gone', 'CTA'], ['x', ''], ['', 'y'.repeat(41)]),
      [
        { target: 'subtitle', kind: 'text' },
        { target: 'cta', kind: 'text' },
      ],
      doc,
      media,
    );
    expect(result.rows).toEqual([]);
    expect(result.problems).toEqual([
      { line: 2, column: 'Gone', problem: { code: 'message', text: 'No layer is named “subtitle”.' } },
      { line: 3, column: 'CTA', problem: { code: 'message', text: 'The text of “cta” is too long: use at most 40 characters.' } },
    ]);
  });

  it('every line is either a row the worker takes and the creative can draw, or reported; lines stay in order', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('', '#abc', 'abcdef', 'ja', 'no', 'bread', 'https://x.example/p.png', 'http://x'),
      fc.string({ minLength: 490, maxLength: 520 }),
    );
    const kinds: ColumnMapping[] = [
      { target: 'headline', kind: 'text' },
      { target: 'cta', kind: 'text' },
      { target: 'body', kind: 'color' },
      { target: 'logo', kind: 'image' },
      { target: 'cta', kind: 'hidden' },
      { target: BACKGROUND, kind: 'image' },
      { target: BACKGROUND, kind: 'color' },
      null,
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...kinds), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 12 }),
        (map, rows) => {
          const sheet = table(
            map.map((_, i) => `c${i}`),
            ...rows.map((r) => r.slice(0, map.length)),
          );
          const result = mapRows(sheet, map, doc, media);
          const reported = new Set(result.problems.map((p) => p.line));
          // No column mapped: nothing to draw, nothing wrong.
          if (map.every((m) => m === null)) {
            expect(result).toEqual({ rows: [], lines: [], problems: [] });
            return;
          }
          expect(result.rows.length + reported.size).toBe(rows.length);
          expect(result.lines.every((line) => !reported.has(line))).toBe(true);
          expect(result.lines).toEqual([...result.lines].sort((a, b) => a - b));
          for (const row of result.rows) {
            expect(batchRow.safeParse(row).success).toBe(true);
            expect(rowDocument(doc, row).ok).toBe(true);
          }
        },
      ),
    );
  });
});

describe('rowDocument', () => {
  it('draws an address as a stand-in picture, given with its address', () => {
    const result = rowDocument(doc, {
      modifications: [{ layer: 'logo', imageUrl: 'https://cdn.example.com/logo.png' }],
      background: { imageUrl: 'https://cdn.example.com/bg.jpg' },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.addresses).toEqual({ 'address-0': 'https://cdn.example.com/logo.png', 'address-1': 'https://cdn.example.com/bg.jpg' });
    expect(result.doc.layers.find((l) => l.id === 'logo')).toMatchObject({ mediaId: 'address-0' });
    expect(result.doc.background).toMatchObject({ type: 'media', mediaId: 'address-1' });
    // The same as the worker applies to a picture it fetched.
    expect(result.doc).toEqual(
      (applyModifications(doc, { modifications: [{ layer: 'logo', mediaId: 'address-0' }], background: { mediaId: 'address-1' } }) as { doc: unknown }).doc,
    );
  });
});

describe('normalColour', () => {
  it('writes #abc, abc and AABBCC as #aabbcc and leaves the rest for the schema to refuse', () => {
    expect(['#abc', 'abc', 'AABBCC', ' #A1B2C3 ', 'red', '#12345'].map(normalColour)).toEqual(['#aabbcc', '#aabbcc', '#aabbcc', '#a1b2c3', 'red', '#12345']);
  });
});
