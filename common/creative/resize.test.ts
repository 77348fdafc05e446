import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FONT_IDS } from '#common/fonts.ts';
import { creativeDocument, FORMAT_IDS, FORMATS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { adaptToFormat, clearOfBands, otherFormats } from '#common/creative/resize.ts';
import { mustStayClear, RESIZE_PLACEMENT, zonesCovering, zonesFor } from '#common/creative/safe-zones.ts';
import { buildTemplate, changeFormat, copyOf, TEMPLATE_IDS, type TemplateInput } from '#common/creative/templates.ts';
import { copyFits, MIN_FIT_SCALE } from '#common/creative/text-fit.ts';

const format = fc.constantFrom(...FORMAT_IDS);
const brandArb: fc.Arbitrary<TemplateInput['brand']> = fc.record({
  colors: fc.array(fc.stringMatching(/^#[0-9a-f]{6}$/), { maxLength: 5 }),
  headingFont: fc.constantFrom(...FONT_IDS),
  bodyFont: fc.constantFrom(...FONT_IDS),
  logoMediaId: fc.option(fc.constantFrom('logo-1', 'logo-2'), { nil: null }),
});
const words = fc.array(fc.constantFrom('Spring', 'sale', 'up', 'to', '50 %', 'off', 'everything', 'Beautifully', 'simple', 'über', 'naïve', 'Ærøskøbing'), {
  minLength: 1,
  maxLength: 30,
});
const ellipse = fc
  .record({ x: fc.integer({ min: 0, max: 80 }), y: fc.integer({ min: 0, max: 80 }), w: fc.integer({ min: 5, max: 40 }), h: fc.integer({ min: 5, max: 40 }) })
  .chain((box) =>
    fc.constantFrom<Layer>(
      { id: 'my-dot', type: 'shape', shape: 'ellipse', fill: '#ff0000', opacity: 1, radius: 0, ...box },
      // An icon keeps its proportions too (it is drawn square in its box).
      { id: 'my-dot', type: 'icon', icon: 'heart', nodes: [['circle', { cx: '12', cy: '12', r: '10' }]], color: '#ff0000', strokeWidth: 2, ...box },
    ),
  );

const docs = fc
  .record({
    id: fc.constantFrom(...TEMPLATE_IDS),
    from: format,
    to: format,
    brand: brandArb,
    headline: words.map((w) => w.join(' ')),
    body: words.map((w) => w.join(' ')),
    dot: fc.option(ellipse, { nil: undefined }),
    picture: fc.option(fc.constant('photo-1'), { nil: null }),
  })
  .map(({ id, from, to, brand, headline, body, dot, picture }) => {
    const doc = buildTemplate(id, { brand, format: from, copy: { headline, body }, imageMediaId: picture });
    const withDot: CreativeDocument = dot ? { ...doc, layers: [...doc.layers, dot] } : doc;
    return { doc: withDot, to, brand };
  });

const px = (l: Pick<Layer, 'w' | 'h'>, f: keyof typeof FORMATS) => ((l.w / 100) * FORMATS[f].width) / ((l.h / 100) * FORMATS[f].height);

describe('adaptToFormat (Resize)', () => {
  it('lays a document out in the other format: valid, the same layers and content, copy that fits or is at its smallest, round shapes still round', () => {
    fc.assert(
      fc.property(docs, ({ doc, to, brand }) => {
        const adapted = adaptToFormat(doc, to, brand);
        expect(creativeDocument.parse(JSON.parse(JSON.stringify(adapted)))).toBeTruthy();
        expect(adapted.format).toBe(to);
        expect(adapted.template).toBe(doc.template);
        expect(adapted.background).toStrictEqual(doc.background);
        expect(adapted.layers.map((l) => l.id)).toEqual(doc.layers.map((l) => l.id));
        expect(copyOf(adapted)).toStrictEqual(copyOf(doc));
        const moved = changeFormat(doc, to, brand);
        adapted.layers.forEach((layer, i) => {
          const before = moved.layers[i]!;
          if (layer.type === 'text' || layer.type === 'cta') {
            // Only ever smaller, and then as large as fits (or at the floor of the fitting).
            expect(layer.size).toBeLessThanOrEqual(before.type === layer.type ? (before as typeof layer).size : Infinity);
            if (doc.format !== to && !(layer.type === 'text' && layer.autoFit))
              expect(copyFits(layer, to) || layer.size <= Math.max(1, Math.ceil((before as typeof layer).size * MIN_FIT_SCALE * 10) / 10)).toBe(true);
            // Size, and in a story the place out of the covered bands (below), may change; nothing else.
            const { size: _a, y: _y, h: _h, ...rest } = layer;
            const { size: _b, y: _yb, h: _hb, ...restBefore } = before as typeof layer;
            expect(rest).toStrictEqual(restBefore);
            if (to !== 'story' || doc.format === to) expect([layer.y, layer.h]).toEqual([before.y, before.h]);
          }
          if (((layer.type === 'shape' && layer.shape === 'ellipse') || layer.type === 'icon') && !layer.slot && doc.format !== to) {
            const original = doc.layers[i]!;
            expect(px(layer, to)).toBeCloseTo(px(original, doc.format), 1);
            // Inside the box it had, around the same centre.
            expect(layer.w).toBeLessThanOrEqual(before.w + 0.01);
            expect(layer.h).toBeLessThanOrEqual(before.h + 0.01);
            expect(layer.x + layer.w / 2).toBeCloseTo(before.x + before.w / 2, 1);
            // (In a story, a dot behind copy moves with it out of the covered bands.)
            if (to !== 'story') expect(layer.y + layer.h / 2).toBeCloseTo(before.y + before.h / 2, 1);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every template’s text, buttons and logos out of a story’s covered bands, in order and without new overlaps, from every format', () => {
    const brand = { colors: ['#1f3a5f', '#f4a261', '#e76f51'], headingFont: 'inter', bodyFont: 'inter', logoMediaId: 'logo-1' } as const;
    const zones = zonesFor(RESIZE_PLACEMENT.story!, 'story');
    for (const id of TEMPLATE_IDS) {
      for (const from of FORMAT_IDS) {
        const doc = buildTemplate(id, { brand, format: from, imageMediaId: 'photo-1' });
        for (const to of FORMAT_IDS) {
          const adapted = adaptToFormat(doc, to, brand);
          expect(creativeDocument.parse(JSON.parse(JSON.stringify(adapted)))).toBeTruthy();
          const laidOut = changeFormat(doc, to, brand);
          const copy = (d: CreativeDocument) => d.layers.filter(mustStayClear);
          if (to === 'story' && from !== 'story') {
            for (const layer of copy(adapted)) expect(zonesCovering(layer, zones), `${id} ${from}→story ${layer.id}`).toEqual([]);
          } else {
            // Other formats have no bands a copy keeps out of.
            expect(copy(adapted).map((l) => [l.x, l.y, l.w, l.h])).toEqual(copy(laidOut).map((l) => [l.x, l.y, l.w, l.h]));
          }
          // The copy's order from top to bottom, and what did not overlap still does not.
          const before = copy(laidOut);
          const after = copy(adapted);
          for (let i = 0; i < before.length; i++)
            for (let j = 0; j < before.length; j++) {
              const [a, b, a2, b2] = [before[i]!, before[j]!, after[i]!, after[j]!];
              if (a.y + a.h <= b.y) expect(a2.y + a2.h, `${id} ${from}→${to} ${a.id} above ${b.id}`).toBeLessThanOrEqual(b2.y + 0.01);
            }
        }
      }
    }
  });

  it('moves the copy of a story as one when it fits between the bands, and shrinks the gaps before the boxes', () => {
    const line = (id: string, y: number, h: number): Layer => ({ id, type: 'logo', mediaId: null, x: 10, y, w: 30, h });
    // Fits: the whole stack moves down below the profile row, the gaps kept.
    expect(clearOfBands([line('a', 5, 6), line('b', 30, 10)], 'story').map((l) => [l.y, l.h])).toEqual([
      [14, 6],
      [39, 10],
    ]);
    // Too tall with its gaps: the gaps shrink, the boxes keep their size.
    expect(clearOfBands([line('a', 5, 6), line('b', 30, 40), line('c', 85, 6)], 'story').map((l) => [l.y, l.h])).toEqual([
      [14, 6],
      [27.82, 40],
      [74, 6],
    ]);
    // Taller than the band itself: everything is scaled into it.
    expect(clearOfBands([line('a', 0, 50), line('b', 50, 50)], 'story').map((l) => [l.y, l.h])).toEqual([
      [14, 33],
      [47, 33],
    ]);
    // Nothing covered, or a format without bands: unchanged.
    const fine = [line('a', 20, 10)];
    expect(clearOfBands(fine, 'story')).toBe(fine);
    const square = [line('a', 2, 10)];
    expect(clearOfBands(square, 'square')).toBe(square);
  });

  it('changes nothing but the format’s layout within the same format', () => {
    fc.assert(
      fc.property(docs, ({ doc, brand }) => {
        expect(adaptToFormat(doc, doc.format, brand)).toStrictEqual(changeFormat(doc, doc.format, brand));
      }),
      { numRuns: 50 },
    );
  });

  it('lists the other formats in the product’s order', () => {
    expect(otherFormats('story')).toEqual(['square', 'portrait', 'landscape']);
  });
});
