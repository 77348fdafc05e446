import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creativeDocument, FORMAT_IDS, mediaIdsOf, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import {
  buildTemplate,
  changeFormat,
  contrast,
  paletteOf,
  pictureOf,
  TEMPLATE_CATEGORIES,
  TEMPLATE_IDS,
  TEMPLATES,
  templateCopy,
  withPictureIn,
  type TemplateInput,
} from '#common/creative/templates.ts';
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

describe('the template collection', () => {
  it('has at least 24 templates, each with a name, a description, search tags and a category, covering the ads people make', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(TEMPLATES.map((t) => t.name)).size).toBe(TEMPLATES.length);
    const categories = new Set<string>(TEMPLATE_CATEGORIES.map((c) => c.id));
    for (const t of TEMPLATES) {
      expect(t.id).toMatch(/^[a-z0-9-]{1,40}$/);
      expect(t.name.length, t.id).toBeGreaterThan(2);
      expect(t.description, t.id).toMatch(/\.$/);
      expect(t.tags.length, t.id).toBeGreaterThanOrEqual(3);
      expect(categories.has(t.category), t.id).toBe(true);
    }
    // Every goal of the issue has templates, and no category is empty.
    for (const goal of ['sale', 'launch', 'testimonial', 'event', 'hiring', 'app', 'before-after', 'quote', 'carousel'])
      expect(
        TEMPLATES.some((t) => t.category === goal),
        goal,
      ).toBe(true);
    for (const c of TEMPLATE_CATEGORIES)
      expect(
        TEMPLATES.some((t) => t.category === c.id),
        c.id,
      ).toBe(true);
  });

  it('fits every text of every template (its copy and its own labels) in its box, at nearly its designed size, in every format and font', () => {
    for (const font of FONT_IDS) {
      for (const id of TEMPLATE_IDS) {
        for (const format of FORMAT_IDS) {
          for (const imageMediaId of [null, 'photo-1']) {
            const brand = brandOf(font, 'logo-1');
            const doc = buildTemplate(id, { brand, format, imageMediaId });
            expect(creativeDocument.parse(doc)).toStrictEqual(doc);
            // One letter of copy: nothing shrinks, the sizes as designed.
            const designed = buildTemplate(id, { brand, format, imageMediaId, copy: { headline: 'A', body: 'A', cta: 'A' } });
            doc.layers.forEach((layer, i) => {
              if (layer.type !== 'text' && layer.type !== 'cta') return;
              const label = `${font} ${id} ${format} ${layer.id}`;
              expect(copyFits(layer, format), label).toBe(true);
              const own = designed.layers[i]!;
              if (own.type === 'text' || own.type === 'cta') expect(layer.size, label).toBeGreaterThanOrEqual(own.size * 0.8);
            });
          }
        }
      }
    }
  });

  it('starts with its own placeholder copy, which the given copy replaces', () => {
    for (const t of TEMPLATES) {
      const doc = buildTemplate(t.id, { brand: brandOf('inter'), format: 'square' });
      const copy = templateCopy(t.id);
      expect(doc.layers.find((l) => l.slot === 'headline' && l.type === 'text')).toMatchObject({ text: copy.headline });
      const cta = doc.layers.find((l) => l.type === 'cta');
      if (cta) expect(cta).toMatchObject({ text: copy.cta });
      const mine = buildTemplate(t.id, { brand: brandOf('inter'), format: 'square', copy: { headline: 'Mine' } });
      expect(mine.layers.find((l) => l.slot === 'headline' && l.type === 'text')).toMatchObject({ text: 'Mine' });
    }
  });

  it('keeps every layer on the canvas and the same layers in every format (so that changing the format keeps the design)', () => {
    for (const id of TEMPLATE_IDS) {
      for (const imageMediaId of [null, 'photo-1']) {
        const docs = FORMAT_IDS.map((format) => buildTemplate(id, { brand: brandOf('inter', 'logo-1'), format, imageMediaId }));
        const ids = docs[0]!.layers.map((l) => `${l.id}:${l.type}:${l.slot ?? ''}`);
        for (const doc of docs) {
          expect(
            doc.layers.map((l) => `${l.id}:${l.type}:${l.slot ?? ''}`),
            `${id} ${doc.format}`,
          ).toEqual(ids);
          // Every layer plays a role, so that it finds its place in another format.
          for (const l of doc.layers) expect(l.slot, `${id} ${l.id}`).toBeDefined();
          // Text, buttons, logos and pictures inside the canvas (decorations may bleed off it).
          for (const l of doc.layers) {
            if (l.type === 'shape') continue;
            expect(l.x >= 0 && l.y >= 0 && l.x + l.w <= 100.01 && l.y + l.h <= 100.01, `${id} ${doc.format} ${l.id}`).toBe(true);
          }
        }
        // Changing the format of a template's document gives the template's layout in that format, and its text still fits:
        // text shrinks to its box (auto-fit), the button's text fits the button.
        const boxes = (d: CreativeDocument) => d.layers.map((l) => [l.id, l.x, l.y, l.w, l.h]);
        for (const from of docs) {
          for (const to of docs) {
            const moved = changeFormat(from, to.format, brandOf('inter', 'logo-1'));
            expect(boxes(moved), `${id} ${from.format} → ${to.format}`).toStrictEqual(boxes(to));
            for (const l of moved.layers) {
              if (l.type === 'text') expect(l.autoFit, `${id} ${l.id}`).toBe(true);
              if (l.type === 'cta') expect(copyFits(l, to.format), `${id} ${from.format} → ${to.format} ${l.id}`).toBe(true);
            }
          }
        }
      }
    }
  });

  /** What is drawn under the middle of a layer: the nearest opaque shape or CTA below it, else the background (null: a picture). */
  function underneath(doc: CreativeDocument, index: number): string[] | null {
    const layer = doc.layers[index]!;
    const cx = layer.x + layer.w / 2;
    const cy = layer.y + layer.h / 2;
    for (let i = index - 1; i >= 0; i -= 1) {
      const l: Layer = doc.layers[i]!;
      if (cx < l.x || cx > l.x + l.w || cy < l.y || cy > l.y + l.h) continue;
      if (l.type === 'image') return null;
      if (l.type === 'shape' && l.opacity >= 0.9) return [l.fill];
      if (l.type === 'shape') continue;
    }
    const bg = doc.background;
    if (bg.type === 'color') return [bg.color];
    if (bg.type === 'gradient') return [bg.from, bg.to];
    return null;
  }

  it('keeps its text readable in any brand colours (contrast at least 3:1 with what is under it, 2:1 on a gradient’s far end)', () => {
    const colour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(fc.constantFrom(...TEMPLATE_IDS), fc.constantFrom(...FORMAT_IDS), fc.array(colour, { minLength: 1, maxLength: 5 }), (id, format, colors) => {
        const doc = buildTemplate(id, { brand: { ...brandOf('inter'), colors }, format });
        doc.layers.forEach((layer, i) => {
          if (layer.type === 'cta') expect(contrast(layer.color, layer.fill), `${id} ${format} ${layer.id}`).toBeGreaterThanOrEqual(3);
          if (layer.type !== 'text' || layer.text.trim() === '“') return;
          const under = underneath(doc, i);
          if (!under) return;
          const ratios = under.map((c) => contrast(layer.color, c));
          expect(Math.max(...ratios), `${id} ${format} ${layer.id} ${layer.color} on ${under.join(' ')}`).toBeGreaterThanOrEqual(3);
          expect(Math.min(...ratios), `${id} ${format} ${layer.id} ${layer.color} on ${under.join(' ')}`).toBeGreaterThanOrEqual(2);
        });
      }),
      { numRuns: 1500 },
    );
  });

  it('paints with the brand: two brands give two looks, in their own colours and fonts', () => {
    const a = { colors: ['#0b3d2e', '#f2c14e'], headingFont: 'playfair-display', bodyFont: 'inter', logoMediaId: 'logo-a' } as const;
    const b = { colors: ['#e63946', '#1d3557'], headingFont: 'montserrat', bodyFont: 'lora', logoMediaId: 'logo-b' } as const;
    for (const id of TEMPLATE_IDS) {
      for (const format of FORMAT_IDS) {
        for (const [brand, other] of [
          [a, b],
          [b, a],
        ] as const) {
          const doc = buildTemplate(id, { brand, format });
          const json = JSON.stringify(doc);
          const p = paletteOf(brand.colors);
          expect(json.includes(p.primary) || json.includes(p.secondary), `${id} ${format}`).toBe(true);
          for (const c of paletteOf(other.colors, 0).primary === p.primary ? [] : other.colors) expect(json, `${id} ${format}`).not.toContain(c);
          if (id !== 'minimal-serif')
            expect(
              doc.layers.some((l) => l.type === 'text' && l.font === brand.headingFont),
              id,
            ).toBe(true);
          expect(doc.layers.filter((l) => l.type === 'logo').map((l) => l.mediaId)).toEqual([brand.logoMediaId]);
        }
      }
    }
  });
});

describe('the list of template ids', () => {
  it('names every template once, in the templates’ order (the schema validates with it)', async () => {
    const { TEMPLATE_IDS } = await import('#common/creative/template-ids.ts');
    const { TEMPLATES } = await import('#common/creative/templates.ts');
    expect(TEMPLATES.map((t) => t.id)).toEqual([...TEMPLATE_IDS]);
  });
});

describe('templates in the content’s language (issue 28)', () => {
  const textsOf = (doc: CreativeDocument) => doc.layers.flatMap((l) => (l.type === 'text' || l.type === 'cta' ? [l.text] : []));

  it('write English unless told, and every word in German for a German project', () => {
    for (const id of TEMPLATE_IDS) {
      const english = buildTemplate(id, { brand: brandOf('inter'), format: 'square' });
      expect(buildTemplate(id, { brand: brandOf('inter'), format: 'square', locale: 'en' })).toStrictEqual(english);
      const german = buildTemplate(id, { brand: brandOf('inter'), format: 'square', locale: 'de' });
      // The same design, other words: the German placeholder copy and the template's own lines.
      expect(german.layers.map((l) => l.id)).toEqual(english.layers.map((l) => l.id));
      expect(german.layers.find((l) => l.slot === 'headline' && l.type === 'text')).toMatchObject({ text: templateCopy(id, 'de').headline });
      for (const [i, text] of textsOf(german).entries()) {
        expect(text, `${id} ${i}`).not.toBe('');
        // Only marks ("“", "1/5", "12") and a person's name stay the same; every other line with words is another.
        if (/[a-z]{2}/i.test(text) && text !== 'Maya Lindqvist, Studio Nord') expect(text, `${id}: ${text}`).not.toBe(textsOf(english)[i]);
      }
    }
  });

  it('fits the German copy at the designed size, in every format and brand font', () => {
    for (const font of FONT_IDS) {
      for (const id of TEMPLATE_IDS) {
        for (const format of FORMAT_IDS) {
          const doc = buildTemplate(id, { brand: brandOf(font), format, locale: 'de' });
          for (const layer of doc.layers)
            if (isCopyLayer(layer)) expect(copyFits(layer, format), `${font} ${id} ${format} ${layer.id}: ${layer.text}`).toBe(true);
        }
      }
    }
  });

  it('keeps the German words as given: umlauts, ß and German quotes', () => {
    const doc = buildTemplate('coupon-code', { brand: brandOf('inter'), format: 'square', locale: 'de', copy: { headline: 'Größer, schöner: „Süßes“' } });
    expect(textsOf(doc)).toEqual(expect.arrayContaining(['Größer, schöner: „Süßes“', 'FRÜHLING20', 'Mit dem Code']));
  });
});
