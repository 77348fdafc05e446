import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREATIVE_STATUSES,
  FORMAT_IDS,
  FORMATS,
  ICON_TAGS,
  MAX_LAYERS,
  MAX_TEXT,
  SHAPES,
  SLOTS,
  STATUS_TRANSITIONS,
  canonicalJson,
  creativeDocument,
  mediaIdsOf,
  migrateCreative,
  parseCreative,
  type CreativeDocument,
  type CreativeDocumentV1,
  type Layer,
} from '#common/creative/document.ts';
import {
  TEMPLATES,
  TEMPLATE_IDS,
  buildTemplate,
  changeFormat,
  contrast,
  copyOf,
  headlineOf,
  paletteOf,
  pictureOf,
  templateCopy,
  type TemplateInput,
} from '#common/creative/templates.ts';
import { FONT_IDS } from '#common/fonts.ts';

/* ---------- arbitraries built from the schema's rules ---------- */

const byte = fc.integer({ min: 0, max: 255 });
/** A colour as the schema stores it (lower case). */
const hex = fc.tuple(byte, byte, byte).map((c) => `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`);
/** A number in [min, max] (never NaN, never -0, which JSON cannot keep). */
const num = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((n) => n + 0);
const mediaRef = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const layerId = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
/** Any code points (1–2 UTF-16 units each), so `maxLength: n` stays within 2n units. */
const text = (maxUnits: number) => fc.string({ unit: 'binary', maxLength: Math.floor(maxUnits / 2) });
const bundledFont = fc.constantFrom(...FONT_IDS);
const font = fc.oneof(
  bundledFont,
  fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/).map((id) => `brand:${id}`),
);
const weight = fc.constantFrom(400 as const, 700 as const);

const base = {
  id: layerId,
  x: num(-100, 200),
  y: num(-100, 200),
  w: num(0.5, 300),
  h: num(0.5, 300),
  slot: fc.constantFrom(...SLOTS),
  name: text(60),
  locked: fc.boolean(),
  hidden: fc.boolean(),
  group: layerId,
};
const optional = ['slot', 'name', 'locked', 'hidden', 'group'];
const required = (shape: Record<string, unknown>, more: string[]) => Object.keys(shape).filter((k) => !optional.includes(k) && !more.includes(k));

/** A layer of a type: the base fields and `shape`, of which `more` (and the base's own) are optional. */
function layerOf<T extends Record<string, fc.Arbitrary<unknown>>>(shape: T, more: string[] = []) {
  const all = { ...base, ...shape };
  return fc.record(all, { requiredKeys: required(all, more) as (keyof typeof all & string)[] });
}

const textLayer = layerOf(
  {
    type: fc.constant('text'),
    text: text(MAX_TEXT),
    font,
    weight,
    size: num(1, 50),
    color: hex,
    align: fc.constantFrom('left', 'center', 'right'),
    vAlign: fc.constantFrom('top', 'middle', 'bottom'),
    lineHeight: num(0.8, 2.5),
    uppercase: fc.boolean(),
    autoFit: fc.boolean(),
  },
  ['autoFit'],
);
const imageLayer = layerOf(
  {
    type: fc.constant('image'),
    mediaId: fc.option(mediaRef, { nil: null }),
    fit: fc.constantFrom('cover', 'contain'),
    radius: num(0, 50),
    focal: fc.record({ x: num(0, 100), y: num(0, 100) }),
    zoom: num(1, 5),
    flipX: fc.boolean(),
    flipY: fc.boolean(),
    opacity: num(0, 1),
  },
  ['focal', 'zoom', 'flipX', 'flipY', 'opacity'],
);
const logoLayer = layerOf({ type: fc.constant('logo'), mediaId: fc.option(mediaRef, { nil: null }) });
const shapeLayer = layerOf(
  {
    type: fc.constant('shape'),
    shape: fc.constantFrom(...SHAPES),
    fill: hex,
    opacity: num(0, 1),
    radius: num(0, 50),
    stroke: hex,
    strokeWidth: num(0, 20),
    noFill: fc.boolean(),
  },
  ['stroke', 'strokeWidth', 'noFill'],
);
const svgValue = fc.stringMatching(/^[0-9A-Za-z .,-]{1,40}$/);
const iconLayer = layerOf(
  {
    type: fc.constant('icon'),
    icon: fc.stringMatching(/^[a-z0-9-]{1,64}$/),
    nodes: fc.array(fc.tuple(fc.constantFrom(...ICON_TAGS), fc.record({ d: svgValue, cx: svgValue, r: svgValue, fill: svgValue }, { requiredKeys: [] })), {
      minLength: 1,
      maxLength: 32,
    }),
    color: hex,
    strokeWidth: num(0.5, 4),
    opacity: num(0, 1),
  },
  ['opacity'],
);
const ctaLayer = layerOf({ type: fc.constant('cta'), text: text(40), font, weight, size: num(1, 50), color: hex, fill: hex, radius: num(0, 50) });
const layer = fc.oneof(textLayer, imageLayer, logoLayer, shapeLayer, ctaLayer, iconLayer) as fc.Arbitrary<Layer>;

const background = fc.oneof(
  fc.record({ type: fc.constant('color' as const), color: hex }),
  fc.record({ type: fc.constant('gradient' as const), from: hex, to: hex, angle: num(0, 360) }),
  fc.record({ type: fc.constant('media' as const), mediaId: fc.option(mediaRef, { nil: null }), color: hex, overlay: num(0, 0.9) }),
);

const format = fc.constantFrom(...FORMAT_IDS);

const documentArb: fc.Arbitrary<CreativeDocument> = fc.record({
  version: fc.constant(2 as const),
  format,
  template: fc.stringMatching(/^[a-z0-9-]{1,40}$/),
  background,
  layers: fc.uniqueArray(layer, { selector: (l) => l.id, maxLength: MAX_LAYERS }),
});

/** The same value with every object's keys in another order (decided by `seed`). */
function reorderKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reorderKeys(v, seed));
  if (value && typeof value === 'object') {
    const score = (key: string) => [...key].reduce((n, ch) => (n * 31 + ch.charCodeAt(0) + seed) >>> 0, seed) % 1009;
    const keys = Object.keys(value).sort((a, b) => score(a) - score(b) || (seed % 2 ? a.localeCompare(b) : b.localeCompare(a)));
    return Object.fromEntries(keys.map((k) => [k, reorderKeys((value as Record<string, unknown>)[k], seed)]));
  }
  return value;
}

const roundTrip = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

/* ---------- the v2 schema ---------- */

describe('the creative document (v2)', () => {
  it('keeps every valid document unchanged through JSON and the schema', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        const parsed = creativeDocument.parse(roundTrip(doc));
        expect(parsed).toStrictEqual(roundTrip(doc));
        // …and parsing what it gave back changes nothing either.
        expect(creativeDocument.parse(roundTrip(parsed))).toStrictEqual(parsed);
      }),
      { numRuns: 300 },
    );
  });

  it('has a canonical JSON form that ignores key order and reads back to the document', () => {
    fc.assert(
      fc.property(documentArb, fc.integer({ min: 0, max: 1_000_000 }), (doc, seed) => {
        const reordered = reorderKeys(doc, seed);
        expect(canonicalJson(reordered)).toBe(canonicalJson(doc));
        expect(JSON.parse(canonicalJson(doc))).toStrictEqual(roundTrip(doc));
      }),
      { numRuns: 200 },
    );
    // Keys holding undefined are left out, like JSON.stringify does.
    expect(canonicalJson({ b: 1, a: undefined, c: [{ y: 2, x: 1 }] })).toBe('{"b":1,"c":[{"x":1,"y":2}]}');
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('lower-cases colours, so that #AABBCC and #aabbcc are the same document', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        const shouted = JSON.parse(
          JSON.stringify(doc).replace(/"(color|fill|from|to)":"#([0-9a-f]{6})"/g, (_, key: string, c: string) => `"${key}":"#${c.toUpperCase()}"`),
        );
        const parsed = creativeDocument.parse(shouted);
        expect(parsed).toStrictEqual(roundTrip(doc));
        expect(canonicalJson(parsed)).toBe(canonicalJson(doc));
      }),
      { numRuns: 100 },
    );
  });

  it('lists the media a document uses, once each', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        const ids = mediaIdsOf(doc);
        const expected = new Set<string>();
        if (doc.background.type === 'media' && doc.background.mediaId) expected.add(doc.background.mediaId);
        for (const l of doc.layers) if ((l.type === 'image' || l.type === 'logo') && l.mediaId) expected.add(l.mediaId);
        expect(new Set(ids)).toEqual(expected);
        expect(ids).toHaveLength(expected.size);
      }),
      { numRuns: 200 },
    );
  });

  describe('refuses invalid documents', () => {
    const valid = (): CreativeDocument =>
      buildTemplate('bold-headline', { brand: { colors: [], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null }, format: 'square' });
    const messages = (value: unknown) => {
      const result = creativeDocument.safeParse(value);
      expect(result.success).toBe(false);
      return result.error!.issues.map((i) => i.message);
    };

    it('with two layers of the same id (whatever the layers)', () => {
      fc.assert(
        fc.property(documentArb, layer, fc.nat(), (doc, extra, at) => {
          fc.pre(doc.layers.length > 0 && doc.layers.length < MAX_LAYERS);
          const twin = { ...extra, id: doc.layers[at % doc.layers.length]!.id };
          const layers = [...doc.layers];
          layers.splice(at % (layers.length + 1), 0, twin);
          expect(messages({ ...doc, layers })).toContain('Layer ids must be unique.');
        }),
        { numRuns: 100 },
      );
    });

    it.each(['#fff', 'red', '#gggggg', '#12345678', 'aabbcc', '', '#12 456'])('with the colour %j', (colour) => {
      const doc = valid();
      expect(messages({ ...doc, background: { type: 'color', color: colour } })).toContain('Use a colour like #1A2B3C.');
      const layers = doc.layers.map((l) => (l.type === 'text' ? { ...l, color: colour } : l));
      expect(messages({ ...doc, layers })).toContain('Use a colour like #1A2B3C.');
    });

    it(`with more than ${MAX_LAYERS} layers (and takes exactly ${MAX_LAYERS})`, () => {
      const shape = (i: number) => ({ id: `s${i}`, type: 'shape', x: 0, y: 0, w: 10, h: 10, shape: 'rect', fill: '#000000', opacity: 1, radius: 0 });
      const doc = valid();
      expect(creativeDocument.safeParse({ ...doc, layers: Array.from({ length: MAX_LAYERS }, (_, i) => shape(i)) }).success).toBe(true);
      expect(messages({ ...doc, layers: Array.from({ length: MAX_LAYERS + 1 }, (_, i) => shape(i)) })).toContain(`Use at most ${MAX_LAYERS} layers.`);
    });

    it('with a font that is not bundled', () => {
      const doc = valid();
      for (const bad of ['comic-sans', 'Inter', '', 'arial', 'brand:', 'brand:../x', 'brand:a b', `brand:${'a'.repeat(65)}`, 'Brand:abc', 'brand:é']) {
        expect(messages({ ...doc, layers: doc.layers.map((l) => (l.type === 'text' ? { ...l, font: bad } : l)) })).toContain('Pick a font from the list.');
        expect(messages({ ...doc, layers: doc.layers.map((l) => (l.type === 'cta' ? { ...l, font: bad } : l)) })).toContain('Pick a font from the list.');
      }
    });

    it('with values outside their ranges, texts too long, or another version/format/type', () => {
      const doc = valid();
      const swap = (patch: Record<string, unknown>) => ({ ...doc, layers: doc.layers.map((l) => (l.id === 'headline' ? { ...l, ...patch } : l)) });
      expect(messages(swap({ x: 200.01 }))).toContain('Keep the layer near the canvas.');
      expect(messages(swap({ y: -100.01 }))).toContain('Keep the layer near the canvas.');
      expect(messages(swap({ w: 0.49 }))).toContain('A layer must be at least 0.5 % of the canvas.');
      expect(messages(swap({ size: 51 }))).toContain('Use a font size from 1 to 50.');
      expect(messages(swap({ size: Number.NaN }))).not.toHaveLength(0);
      expect(messages(swap({ x: Number.POSITIVE_INFINITY }))).not.toHaveLength(0);
      expect(messages(swap({ lineHeight: 2.6 }))).toContain('Use a line height from 0.8 to 2.5.');
      expect(messages(swap({ weight: 500 }))).toContain('Use regular or bold.');
      expect(messages(swap({ text: 'x'.repeat(MAX_TEXT + 1) }))).toContain(`Use at most ${MAX_TEXT} characters.`);
      expect(creativeDocument.safeParse(swap({ text: 'x'.repeat(MAX_TEXT) })).success).toBe(true);
      expect(messages(swap({ id: 'has space' }))).toContain('Layer ids are short names.');
      expect(messages(swap({ type: 'video' }))).not.toHaveLength(0);
      expect(messages({ ...doc, layers: doc.layers.map((l) => (l.type === 'cta' ? { ...l, text: 'y'.repeat(41) } : l)) })).toContain(
        'Keep the button under 40 characters.',
      );
      expect(messages({ ...doc, background: { type: 'media', mediaId: '../etc/passwd', color: '#000000', overlay: 0.2 } })).toContain('Pick an image.');
      expect(messages({ ...doc, background: { type: 'media', mediaId: null, color: '#000000', overlay: 0.95 } })).toContain('Use an overlay from 0 to 0.9.');
      const picture = (patch: Record<string, unknown>) => ({
        ...doc,
        layers: [...doc.layers, { id: 'pic', type: 'image', x: 0, y: 0, w: 50, h: 50, mediaId: null, fit: 'cover', radius: 0, ...patch }],
      });
      expect(creativeDocument.safeParse(picture({ focal: { x: 0, y: 100 }, zoom: 5, flipX: true, flipY: false, opacity: 0 })).success).toBe(true);
      expect(messages(picture({ zoom: 0.9 }))).toContain('Use a zoom from 1 to 5.');
      expect(messages(picture({ zoom: 5.01 }))).toContain('Use a zoom from 1 to 5.');
      expect(messages(picture({ focal: { x: -1, y: 50 } }))).toContain('Use a focal point within the picture.');
      expect(messages(picture({ focal: { x: 50 } }))).not.toHaveLength(0);
      expect(messages(picture({ opacity: 1.5 }))).toContain('Use an opacity from 0 to 1.');
      expect(messages(picture({ flipX: 'yes' }))).not.toHaveLength(0);
      expect(messages(swap({ group: 'a group' }))).toContain('Group ids are short names.');
      expect(messages(swap({ locked: 1 }))).not.toHaveLength(0);
      expect(messages(swap({ autoFit: 'true' }))).not.toHaveLength(0);
      expect(messages({ ...doc, version: 3 })).not.toHaveLength(0);
      expect(messages({ ...doc, format: 'banner' })).toContain('Pick a format.');
      expect(messages({ ...doc, template: 'Bold Headline' })).not.toHaveLength(0);
    });
  });
});

/* ---------- version 1 ---------- */

const V1_KINDS = ['headline', 'text', 'button', 'image', 'logo', 'box'] as const;
const anyCaseHex = fc.tuple(hex, fc.boolean()).map(([h, upper]) => (upper ? h.toUpperCase() : h));

/** A v1 element whose box stays within what v2 allows (so nothing is clamped). */
const v1Element = (w: number, h: number) =>
  fc.record(
    {
      kind: fc.constantFrom(...V1_KINDS),
      left: num(-w, 2 * w),
      top: num(-h, 2 * h),
      width: num(0.005 * w, 3 * w),
      height: num(0.005 * h, 3 * h),
      text: fc.string({ unit: 'binary', maxLength: 300 }),
      color: anyCaseHex,
      fill: anyCaseHex,
      fontSize: num(1, 600),
      font: fc.oneof(bundledFont, fc.constantFrom('comic-sans', 'Helvetica', '', 'brand:abc')),
      bold: fc.boolean(),
      align: fc.constantFrom('left' as const, 'center' as const, 'right' as const),
      src: fc.option(mediaRef, { nil: null }),
    },
    { requiredKeys: ['kind', 'left', 'top', 'width', 'height'] },
  );

const v1Document: fc.Arbitrary<CreativeDocumentV1> = format.chain((size) =>
  fc.record({
    version: fc.constant(1 as const),
    size: fc.constant(size),
    background: anyCaseHex,
    elements: fc.array(v1Element(FORMATS[size].width, FORMATS[size].height), { maxLength: MAX_LAYERS }),
  }),
);

const TYPE_OF_KIND = { headline: 'text', text: 'text', button: 'cta', image: 'image', logo: 'logo', box: 'shape' } as const;
/** v1 rounds percentages to 0.01: allow that, and a little floating-point dust. */
const ROUNDING = 0.005 + 1e-9;

describe('migrating version 1 documents', () => {
  it('gives a valid v2 document with the same layers, texts and geometry (in percent of the format)', () => {
    fc.assert(
      fc.property(v1Document, (v1) => {
        const doc = parseCreative(roundTrip(v1));
        const { width, height } = FORMATS[v1.size];
        const short = Math.min(width, height);
        expect(doc.version).toBe(2);
        expect(doc.format).toBe(v1.size);
        expect(doc.background).toEqual({ type: 'color', color: v1.background.toLowerCase() });
        expect(doc.layers).toHaveLength(v1.elements.length);
        expect(new Set(doc.layers.map((l) => l.id)).size).toBe(doc.layers.length);
        v1.elements.forEach((el, i) => {
          const l = doc.layers[i]!;
          expect(l.type).toBe(TYPE_OF_KIND[el.kind]);
          expect(Math.abs(l.x - (el.left / width) * 100)).toBeLessThanOrEqual(ROUNDING);
          expect(Math.abs(l.y - (el.top / height) * 100)).toBeLessThanOrEqual(ROUNDING);
          expect(Math.abs(l.w - (el.width / width) * 100)).toBeLessThanOrEqual(ROUNDING);
          expect(Math.abs(l.h - (el.height / height) * 100)).toBeLessThanOrEqual(ROUNDING);
          if (l.type === 'text') {
            expect(l.text).toBe((el.text ?? '').slice(0, MAX_TEXT));
            expect(l.slot).toBe(el.kind === 'headline' ? 'headline' : 'body');
            expect(l.weight).toBe(el.bold || el.kind === 'headline' ? 700 : 400);
            expect(l.color).toBe((el.color ?? '#111111').toLowerCase());
            expect(l.align).toBe(el.align ?? 'left');
          }
          if (l.type === 'cta') {
            expect(l.text).toBe((el.text ?? '').slice(0, 40));
            expect(l.fill).toBe((el.fill ?? '#111111').toLowerCase());
          }
          if (l.type === 'text' || l.type === 'cta') {
            expect(l.font).toBe((FONT_IDS as readonly string[]).includes(el.font ?? '') ? el.font : 'inter');
            const expected = Math.min(50, Math.max(1, ((el.fontSize ?? 48) / short) * 100));
            expect(Math.abs(l.size - expected)).toBeLessThanOrEqual(ROUNDING);
          }
          if (l.type === 'image' || l.type === 'logo') expect(l.mediaId).toBe(el.src ?? null);
          if (l.type === 'shape') expect(l.fill).toBe((el.fill ?? '#eeeeee').toLowerCase());
        });
      }),
      { numRuns: 300 },
    );
  });

  it('clamps boxes far off the canvas into what v2 allows, and stays valid', () => {
    const far = num(-1e6, 1e6);
    const element = fc.record({ kind: fc.constantFrom(...V1_KINDS), left: far, top: far, width: num(0, 1e6), height: num(0, 1e6) });
    fc.assert(
      fc.property(format, fc.array(element, { maxLength: 10 }), (size, elements) => {
        const doc = parseCreative({ version: 1, size, background: '#ffffff', elements } satisfies CreativeDocumentV1);
        for (const l of doc.layers) {
          expect(l.x).toBeGreaterThanOrEqual(-100);
          expect(l.x).toBeLessThanOrEqual(200);
          expect(l.w).toBeGreaterThanOrEqual(0.5);
          expect(l.w).toBeLessThanOrEqual(300);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('is idempotent: a current document parses to itself, a v1 one migrates once', () => {
    fc.assert(
      fc.property(fc.oneof(v1Document as fc.Arbitrary<unknown>, documentArb), (input) => {
        // Compared as stored (JSON): a migrated -0 is stored as 0.
        const once = parseCreative(roundTrip(input));
        expect(roundTrip(parseCreative(roundTrip(once)))).toStrictEqual(roundTrip(once));
        expect(canonicalJson(parseCreative(once))).toBe(canonicalJson(once));
        expect(migrateCreative(once)).toBe(once);
      }),
      { numRuns: 200 },
    );
  });

  it('opens a v1 document of an unknown size as a square, and refuses what is not a document', () => {
    const doc = parseCreative({ version: 1, size: 'banner', background: '#ffffff', elements: [{ kind: 'box', left: 540, top: 0, width: 108, height: 1080 }] });
    expect(doc.format).toBe('square');
    expect(doc.layers[0]).toMatchObject({ x: 50, y: 0, w: 10, h: 100 });
    for (const bad of [null, 42, 'doc', {}, { version: 0 }, { version: 1, size: 'square', background: 'red', elements: [] }])
      expect(() => parseCreative(bad)).toThrow();
  });
});

/* ---------- templates ---------- */

const brandArb: fc.Arbitrary<TemplateInput['brand']> = fc.record({
  colors: fc.array(anyCaseHex, { maxLength: 8 }),
  headingFont: bundledFont,
  bodyFont: bundledFont,
  logoMediaId: fc.option(mediaRef, { nil: null }),
});
const copyArb = fc.record({ headline: text(200), body: text(MAX_TEXT), cta: text(40) });

describe('templates', () => {
  it('has unique ids, and every template builds a valid document in every format', () => {
    expect(new Set(TEMPLATE_IDS).size).toBe(TEMPLATES.length);
    const brand = { colors: ['#1A2B3C'], headingFont: 'poppins', bodyFont: 'lora', logoMediaId: 'logo-1' } as const;
    for (const id of TEMPLATE_IDS) {
      for (const f of FORMAT_IDS) {
        const doc = buildTemplate(id, { brand, format: f, imageMediaId: 'photo-1' });
        expect(creativeDocument.parse(roundTrip(doc)), `${id} × ${f}`).toStrictEqual(roundTrip(doc));
        expect(doc).toMatchObject({ version: 2, format: f, template: id });
        expect(headlineOf(doc)).toBe(templateCopy(id).headline);
      }
    }
  });

  it('takes the brand kit, the copy, the logo and the picture, for any brand and copy', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATE_IDS),
        format,
        brandArb,
        copyArb,
        fc.integer({ min: -20, max: 20 }),
        fc.option(mediaRef, { nil: null }),
        (id, f, brand, copy, palette, picture) => {
          const doc = buildTemplate(id, { brand, format: f, copy, palette, imageMediaId: picture });
          expect(creativeDocument.parse(roundTrip(doc))).toStrictEqual(roundTrip(doc));
          // The copy lands in its slots.
          expect(headlineOf(doc)).toBe(copy.headline);
          const slots = copyOf(doc);
          expect(slots.headline).toBe(copy.headline);
          if (doc.layers.some((l) => l.type === 'text' && l.slot === 'body')) expect(slots.body).toBe(copy.body);
          if (doc.layers.some((l) => l.type === 'cta')) expect(slots.cta).toBe(copy.cta);
          // Fonts: the body font for body text and buttons; headlines take the heading font
          // unless the template is about a typeface of its own.
          for (const l of doc.layers) {
            if (l.type === 'cta' || (l.type === 'text' && l.slot === 'body')) expect(l.font).toBe(brand.bodyFont);
            if (l.type === 'text' && l.slot === 'headline' && id !== 'minimal-serif') expect(l.font).toBe(brand.headingFont);
          }
          // Brand colours (shifted by the palette) are what the template paints with.
          const p = paletteOf(brand.colors, palette);
          const used = JSON.stringify(doc).match(/#[0-9a-f]{6}/g) ?? [];
          const brandColours = [p.primary, p.secondary, p.accent];
          // …unless none of them can be read on the template's own dark backdrop, where the
          // template falls back to white or black ink (the contrast check, not a bug).
          const unreadable = doc.background.type === 'color' && doc.background.color === p.dark && brandColours.every((c) => contrast(c, p.dark) < 3);
          if (!unreadable) expect(used.some((c) => brandColours.includes(c))).toBe(true);
          // Every logo layer is the brand's logo; every picture is the given one.
          for (const l of doc.layers) if (l.type === 'logo') expect(l.mediaId).toBe(brand.logoMediaId);
          for (const l of doc.layers) if (l.type === 'image') expect(l.mediaId).toBe(picture);
          if (doc.background.type === 'media') expect(doc.background.mediaId).toBe(picture);
          const expected = new Set<string>();
          const takesPicture = doc.layers.some((l) => l.type === 'image') || doc.background.type === 'media';
          if (brand.logoMediaId && doc.layers.some((l) => l.type === 'logo')) expected.add(brand.logoMediaId);
          if (picture && takesPicture) expected.add(picture);
          expect(new Set(mediaIdsOf(doc))).toEqual(expected);
          // (The logo and the picture may be the same media object: the picture is what the picture slot holds.)
          expect(pictureOf(doc)).toBe(takesPicture ? picture : null);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('falls back to the first template for an unknown id', () => {
    const brand = { colors: [], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null } as const;
    expect(buildTemplate('no-such-template', { brand, format: 'story' })).toStrictEqual(buildTemplate(TEMPLATES[0]!.id, { brand, format: 'story' }));
  });
});

describe('changing the format', () => {
  /** A template document with the user's edits: other texts, a moved unslotted layer of their own, some layers removed. */
  const edited = fc
    .record({
      id: fc.constantFrom(...TEMPLATE_IDS),
      from: format,
      to: format,
      brand: brandArb,
      copy: copyArb,
      drop: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      own: fc.option(
        shapeLayer.map((l) => ({ ...l, id: 'my-own-shape', slot: undefined }) as Layer),
        { nil: undefined },
      ),
      textColour: hex,
    })
    .map(({ id, from, to, brand, copy, drop, own, textColour }) => {
      const template = buildTemplate(id, { brand, format: from, copy });
      const layers = template.layers.filter((_, i) => !drop[i]).map((l) => (l.type === 'text' ? { ...l, color: textColour } : l));
      if (own) layers.push(JSON.parse(JSON.stringify(own)) as Layer);
      return { doc: { ...template, layers } as CreativeDocument, from, to, brand };
    });

  it('keeps every layer, its content and its style, and moves slotted layers to the template’s place in the new format', () => {
    fc.assert(
      fc.property(edited, ({ doc, to, brand }) => {
        const moved = changeFormat(doc, to, brand);
        expect(creativeDocument.parse(roundTrip(moved))).toStrictEqual(roundTrip(moved));
        expect(moved.format).toBe(to);
        expect(moved.template).toBe(doc.template);
        expect(moved.background).toStrictEqual(doc.background);
        expect(moved.layers.map((l) => l.id)).toEqual(doc.layers.map((l) => l.id));
        const target = buildTemplate(doc.template, { brand, format: to });
        moved.layers.forEach((l, i) => {
          const before = doc.layers[i]!;
          const { x, y, w, h, ...content } = l;
          const { x: bx, y: by, w: bw, h: bh, ...contentBefore } = before;
          expect(content).toStrictEqual(contentBefore);
          const place = target.layers.find((t) => t.id === l.id);
          if (l.slot && place) expect({ x, y, w, h }).toStrictEqual({ x: place.x, y: place.y, w: place.w, h: place.h });
          if (!l.slot) expect({ x, y, w, h }).toStrictEqual({ x: bx, y: by, w: bw, h: bh });
        });
        expect(copyOf(moved)).toStrictEqual(copyOf(doc));
      }),
      { numRuns: 300 },
    );
  });

  it('comes back to the same layout when changed back', () => {
    fc.assert(
      fc.property(edited, ({ doc, from, to, brand }) => {
        expect(changeFormat(changeFormat(doc, to, brand), from, brand)).toStrictEqual(doc);
      }),
      { numRuns: 200 },
    );
  });

  it('moves the template’s own layer even when a copy of it (same slot) comes first in the list', () => {
    const brand = { colors: ['#123456'], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null } as const;
    const doc = buildTemplate('bold-headline', { brand, format: 'square' });
    const headline = doc.layers.find((l) => l.id === 'headline')!;
    // The editor's "duplicate" gives the copy a new id and keeps its slot; the user sent it to the back.
    const copy = { ...headline, id: 'headline-copy', x: 10, y: 5 };
    const withCopy = { ...doc, layers: [copy, ...doc.layers] };
    const story = changeFormat(withCopy, 'story', brand);
    const place = buildTemplate('bold-headline', { brand, format: 'story' }).layers.find((l) => l.id === 'headline')!;
    expect(story.layers.find((l) => l.id === 'headline')).toMatchObject({ x: place.x, y: place.y, w: place.w, h: place.h });
    expect(story.layers.find((l) => l.id === 'headline-copy')).toMatchObject({ x: 10, y: 5 });
  });

  it('only changes the format of a document without a known template (a migrated v1 one)', () => {
    const brand = { colors: [], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null } as const;
    const doc = parseCreative({
      version: 1,
      size: 'square',
      background: '#ffffff',
      elements: [{ kind: 'headline', left: 100, top: 100, width: 800, height: 200, text: 'Hello' }],
    });
    expect(changeFormat(doc, 'landscape', brand)).toStrictEqual({ ...doc, format: 'landscape' });
  });
});

describe('statuses', () => {
  it('only moves between known statuses, never to itself, and every status can be left', () => {
    for (const status of CREATIVE_STATUSES) {
      const next = STATUS_TRANSITIONS[status];
      expect(next.length).toBeGreaterThan(0);
      expect(next).not.toContain(status);
      for (const s of next) expect(CREATIVE_STATUSES).toContain(s);
    }
    expect(STATUS_TRANSITIONS.draft).not.toContain('approved');
    expect(STATUS_TRANSITIONS.in_review).toEqual(expect.arrayContaining(['approved', 'rejected']));
  });
});
