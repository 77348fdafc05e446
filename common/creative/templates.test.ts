import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creativeDocument, FORMAT_IDS, mediaIdsOf, type CreativeDocument } from '#common/creative/document.ts';
import { buildTemplate, changeFormat, pictureOf, TEMPLATE_IDS, withPictureIn, type TemplateInput } from '#common/creative/templates.ts';
import { copyFits, isCopyLayer, MIN_FIT_SCALE, textWidthEm, wrapText } from '#common/creative/text-fit.ts';
import { FONT_IDS } from '#common/fonts.ts';

const brandOf = (font: (typeof FONT_IDS)[number], logoMediaId: string | null = null): TemplateInput['brand'] => ({
  colors: ['#1f3a5f', '#f4a261', '#e76f51'],
  headingFont: font,
  bodyFont: font,
  logoMediaId,
});
describe('measuring copy', () => {
  it('adds up the fonts’ advance widths (no kerning), accented letters as wide as their base letter', () => {
    expect(textWidthEm('', 'inter', 400)).toBe(0);
    expect(textWidthEm('AV', 'inter', 700)).toBeCloseTo(textWidthEm('A', 'inter', 700) + textWidthEm('V', 'inter', 700), 10);
    expect(textWidthEm('ő', 'lora', 400)).toBe(textWidthEm('o', 'lora', 400));
    expect(textWidthEm('WWWW', 'montserrat', 700)).toBeGreaterThan(textWidthEm('iiii', 'montserrat', 700) * 2);
  });

  it('wraps at spaces and after hyphens, keeps line breaks, and breaks a word longer than the line', () => {
    const style = { font: 'inter' as const, weight: 400 as const, sizePx: 100 };
    const word = textWidthEm('coffee', 'inter', 400) * 100;
    expect(wrapText('coffee coffee', { ...style, widthPx: word * 2.5 }).lines).toBe(1);
    expect(wrapText('coffee coffee', { ...style, widthPx: word * 1.5 }).lines).toBe(2);
    expect(wrapText('coffee-coffee', { ...style, widthPx: word * 1.5 }).lines).toBe(2);
    expect(wrapText('coffee\ncoffee', { ...style, widthPx: word * 5 }).lines).toBe(2);
    const long = wrapText('coffeecoffeecoffee', { ...style, widthPx: word * 1.1 });
    expect(long.lines).toBe(3);
    expect(long.widest).toBeLessThanOrEqual(word * 1.1);
  });
});

describe('templates lay their copy out to fit', () => {
  it('fits the templates’ own copy at the designed size, in every format and brand font', () => {
    for (const font of FONT_IDS) {
      for (const id of TEMPLATE_IDS) {
        for (const format of FORMAT_IDS) {
          const doc = buildTemplate(id, { brand: brandOf(font), format });
          for (const layer of doc.layers) if (isCopyLayer(layer)) expect(copyFits(layer, format), `${font} ${id} ${format} ${layer.id}`).toBe(true);
        }
      }
    }
  });

  it('shrinks longer copy until it fits its box (never below a third of its size), and keeps the rest of the layer', () => {
    const words = fc.stringMatching(/^[A-Za-z]{1,12}( [A-Za-z]{1,12}){0,14}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATE_IDS),
        fc.constantFrom(...FORMAT_IDS),
        fc.constantFrom(...FONT_IDS),
        fc.record({ headline: words, body: words, cta: fc.stringMatching(/^[A-Za-z]{1,10}( [A-Za-z]{1,10}){0,2}$/) }),
        (id, format, font, copy) => {
          const doc = buildTemplate(id, { brand: brandOf(font), format, copy });
          expect(creativeDocument.parse(doc)).toStrictEqual(doc);
          // With one letter of copy nothing shrinks: the designed sizes.
          const base = new Map(
            buildTemplate(id, { brand: brandOf(font), format, copy: { headline: 'A', body: 'A', cta: 'A' } }).layers.map((l) => [l.id, l] as const),
          );
          for (const layer of doc.layers) {
            const own = base.get(layer.id)!;
            if (!isCopyLayer(layer) || !isCopyLayer(own)) {
              expect(layer).toStrictEqual(own);
              continue;
            }
            const { size, text, ...rest } = layer;
            const { size: ownSize, text: _ownText, ...ownRest } = own;
            expect(rest).toStrictEqual(ownRest);
            expect(text.length).toBeGreaterThan(0);
            expect(size).toBeLessThanOrEqual(ownSize);
            const floor = Math.max(1, Math.ceil(ownSize * MIN_FIT_SCALE * 10) / 10);
            expect(size).toBeGreaterThanOrEqual(floor);
            if (size > floor) expect(copyFits(layer, format), `${id} ${format} ${layer.id} at ${size}`).toBe(true);
            // As large as fits: a tenth larger would not.
            if (size < ownSize) expect(copyFits(layer, format, Math.round(size * 10 + 1) / 10)).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the brand’s logo and the picture', () => {
  it('has a logo layer in every template and format, holding the brand’s logo', () => {
    for (const id of TEMPLATE_IDS) {
      for (const format of FORMAT_IDS) {
        const doc = buildTemplate(id, { brand: brandOf('inter', 'logo-1'), format });
        expect(
          doc.layers.filter((l) => l.type === 'logo').map((l) => l.mediaId),
          `${id} ${format}`,
        ).toEqual(['logo-1']);
      }
    }
  });

  it('shows a picture in every template and format, in a template’s own place for it', () => {
    for (const id of TEMPLATE_IDS) {
      for (const format of FORMAT_IDS) {
        const doc = buildTemplate(id, { brand: brandOf('inter'), format, imageMediaId: 'photo-1' });
        expect(mediaIdsOf(doc), `${id} ${format}`).toContain('photo-1');
        expect(pictureOf(doc)).toBe('photo-1');
        // Inside the canvas.
        for (const l of doc.layers)
          if (l.type === 'image') expect(l.x >= 0 && l.y >= 0 && l.x + l.w <= 100 && l.y + l.h <= 100.01, `${id} ${format}`).toBe(true);
      }
    }
  });

  it('puts a picture into a document that has none, where its template keeps one; changing the format moves it along', () => {
    const brand = brandOf('poppins');
    for (const id of TEMPLATE_IDS) {
      for (const format of FORMAT_IDS) {
        const plain = buildTemplate(id, { brand, format });
        const withPicture = withPictureIn(plain, 'local', brand);
        expect(creativeDocument.parse(withPicture)).toStrictEqual(withPicture);
        expect(pictureOf(withPicture), `${id} ${format}`).toBe('local');
        // The same document as the template built with that picture (same layers, same order).
        expect(withPicture).toStrictEqual(buildTemplate(id, { brand, format, imageMediaId: 'local' }));
        // Again: the picture is replaced, not added twice.
        expect(withPictureIn(withPicture, 'other', brand)).toStrictEqual(buildTemplate(id, { brand, format, imageMediaId: 'other' }));
        for (const to of FORMAT_IDS) {
          const boxes = (d: CreativeDocument) => d.layers.map((l) => [l.id, l.x, l.y, l.w, l.h]);
          expect(boxes(changeFormat(withPicture, to, brand))).toStrictEqual(boxes(buildTemplate(id, { brand, format: to, imageMediaId: 'local' })));
        }
      }
    }
  });

  it('keeps the user’s own layers, and gives the picture a free id', () => {
    const brand = brandOf('inter');
    const plain = buildTemplate('gradient-promo', { brand, format: 'square' });
    const mine: CreativeDocument = {
      ...plain,
      layers: [{ id: 'image', type: 'shape', x: 1, y: 1, w: 5, h: 5, shape: 'rect', fill: '#000000', opacity: 1, radius: 0 }, ...plain.layers],
    };
    const doc = withPictureIn(mine, 'local', brand);
    expect(doc.layers.filter((l) => l.id.startsWith('image')).map((l) => [l.id, l.type])).toEqual([
      ['image', 'shape'],
      ['image-2', 'image'],
    ]);
    expect(doc.layers.length).toBe(mine.layers.length + 1);
  });
});
