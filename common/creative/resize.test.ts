import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FONT_IDS } from '#common/fonts.ts';
import { creativeDocument, FORMAT_IDS, FORMATS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { adaptToFormat, otherFormats } from '#common/creative/resize.ts';
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
            const { size: _a, ...rest } = layer;
            const { size: _b, ...restBefore } = before as typeof layer;
            expect(rest).toStrictEqual(restBefore);
          }
          if (((layer.type === 'shape' && layer.shape === 'ellipse') || layer.type === 'icon') && !layer.slot && doc.format !== to) {
            const original = doc.layers[i]!;
            expect(px(layer, to)).toBeCloseTo(px(original, doc.format), 1);
            // Inside the box it had, around the same centre.
            expect(layer.w).toBeLessThanOrEqual(before.w + 0.01);
            expect(layer.h).toBeLessThanOrEqual(before.h + 0.01);
            expect(layer.x + layer.w / 2).toBeCloseTo(before.x + before.w / 2, 1);
            expect(layer.y + layer.h / 2).toBeCloseTo(before.y + before.h / 2, 1);
          }
        });
      }),
      { numRuns: 300 },
    );
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
