import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFixes, brandFindings, ciede2000, hexToLab, isNeutral, nearestColour, onPalette, type GuardKit } from '#common/creative/brand-guard.ts';
import { creativeDocument, FORMAT_IDS, type CreativeDocument } from '#common/creative/document.ts';
import { buildTemplate, TEMPLATE_IDS } from '#common/creative/templates.ts';

const KIT: GuardKit = { colors: ['#1f3a5f', '#f4a261'], headingFont: 'poppins', bodyFont: 'lora' };

function doc(over: Partial<CreativeDocument> = {}): CreativeDocument {
  return creativeDocument.parse({
    version: 2,
    format: 'square',
    template: 'blank',
    background: { type: 'color', color: '#1f3a5f' },
    layers: [
      {
        id: 'h',
        slot: 'headline',
        type: 'text',
        x: 5,
        y: 5,
        w: 90,
        h: 20,
        text: 'Hello',
        font: 'poppins',
        weight: 700,
        size: 8,
        color: '#ffffff',
        align: 'left',
        vAlign: 'top',
        lineHeight: 1.1,
        uppercase: false,
      },
      {
        id: 'b',
        slot: 'body',
        type: 'text',
        x: 5,
        y: 30,
        w: 90,
        h: 20,
        text: '#e11d48 is a colour',
        font: 'lora',
        weight: 400,
        size: 4,
        color: '#f4a261',
        align: 'left',
        vAlign: 'top',
        lineHeight: 1.3,
        uppercase: false,
      },
      { id: 'c', type: 'cta', x: 5, y: 80, w: 40, h: 10, text: 'Buy', font: 'poppins', weight: 700, size: 4, color: '#111827', fill: '#f4a261', radius: 2 },
      { id: 's', type: 'shape', x: 0, y: 0, w: 10, h: 10, shape: 'rect', fill: '#e9ecf1', opacity: 1, radius: 0 },
    ],
    ...over,
  });
}

describe('CIEDE2000', () => {
  // Sharma, Wu & Dalal (2005), table 1: pairs chosen to exercise every term (hue wrap, rotation, lightness weighting).
  const pairs: [[number, number, number], [number, number, number], number][] = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[50, 2.5, 0], [50, 3.1736, 0.5854], 1.0],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
  ];
  it.each(pairs)('%j vs %j is %f', (x, y, expected) => {
    const lab = ([l, a, b]: [number, number, number]) => ({ l, a, b });
    expect(ciede2000(lab(x), lab(y))).toBeCloseTo(expected, 4);
    expect(ciede2000(lab(y), lab(x))).toBeCloseTo(expected, 4);
  });

  it('converts sRGB to CIELAB (D65)', () => {
    expect(hexToLab('#ffffff').l).toBeCloseTo(100, 2);
    expect(hexToLab('#000000').l).toBeCloseTo(0, 5);
    const red = hexToLab('#ff0000');
    expect([red.l, red.a, red.b].map((n) => Math.round(n))).toEqual([53, 80, 67]);
  });

  it('is zero for a colour and itself and never negative', () => {
    const hex = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((c) => `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        expect(ciede2000(hexToLab(a), hexToLab(a))).toBe(0);
        expect(ciede2000(hexToLab(a), hexToLab(b))).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('the colour policy', () => {
  it('lets neutrals pass: white, black, greys, the templates’ paper and ink', () => {
    for (const c of ['#ffffff', '#000000', '#808080', '#f8f5f0', '#111827']) expect(isNeutral(c)).toBe(true);
    for (const c of ['#e11d48', '#1f3a5f', '#f4a261', '#22c55e']) expect(isNeutral(c)).toBe(false);
  });

  it('lets tints, shades and blends of brand colours pass, and nothing far from them', () => {
    expect(onPalette('#1f3a5f', KIT.colors)).toBe(true);
    expect(onPalette('#e9ecf1', KIT.colors)).toBe(true); // #1f3a5f 90 % towards white
    expect(onPalette('#0f1d30', KIT.colors)).toBe(true); // half way to black
    expect(onPalette('#8a6e60', KIT.colors)).toBe(true); // half way between the two
    expect(onPalette('#e11d48', KIT.colors)).toBe(false);
    expect(onPalette('#22c55e', KIT.colors)).toBe(false);
  });

  it('fixes to the nearest brand colour by CIEDE2000', () => {
    expect(nearestColour('#ff9966', KIT.colors)?.colour).toBe('#f4a261');
    expect(nearestColour('#203b60', KIT.colors)?.colour).toBe('#1f3a5f');
    expect(nearestColour('#203b60', [])).toBeNull();
  });
});

describe('brandFindings', () => {
  it('finds nothing in an on-brand creative (the text’s words are not colours)', () => {
    expect(brandFindings(doc(), KIT)).toEqual([]);
  });

  it('flags colours off the palette and fonts outside the kit, each with its fix', () => {
    const d = doc({ background: { type: 'gradient', from: '#1f3a5f', to: '#22c55e', angle: 90 } });
    d.layers = d.layers.map((l) =>
      l.id === 'h'
        ? { ...l, font: 'caveat' as const }
        : l.id === 'b'
          ? { ...l, color: '#e11d48', font: 'oswald' as const }
          : l.id === 'c'
            ? { ...l, fill: '#ff6600' }
            : l,
    );
    const findings = brandFindings(d, KIT);
    expect(findings.map((f) => [f.key, f.kind, f.value, f.fix])).toEqual([
      ['background:to', 'colour', '#22c55e', expect.stringMatching(/^#/)],
      ['h:font', 'font', 'caveat', 'poppins'],
      ['b:font', 'font', 'oswald', 'lora'],
      ['b:color', 'colour', '#e11d48', expect.stringMatching(/^#/)],
      ['c:fill', 'colour', '#ff6600', '#f4a261'],
    ]);
    expect(KIT.colors).toContain(findings[0]!.fix);
  });

  it('lets the project’s uploaded fonts pass and checks no colour for a kit without colours', () => {
    const d = doc();
    d.layers = d.layers.map((l) => (l.id === 'b' ? { ...l, color: '#e11d48', font: 'brand:f_1' as const } : l));
    expect(brandFindings(d, { ...KIT, colors: [] })).toEqual([]);
  });

  it('reads colours at any depth (styled words, strokes, icons to come)', () => {
    const d = doc();
    const layers = d.layers.map((l) => (l.id === 'b' ? { ...l, runs: [{ start: 0, end: 3, color: '#e11d48' }], stroke: '#22c55e' } : l));
    const findings = brandFindings({ ...d, layers } as CreativeDocument, KIT);
    expect(findings.map((f) => f.key)).toEqual(['b:runs.0.color', 'b:stroke']);
    const fixed = applyFixes({ ...d, layers } as CreativeDocument, findings);
    expect(brandFindings(fixed, KIT)).toEqual([]);
    expect((fixed.layers[1] as unknown as { runs: { color: string }[] }).runs[0]!.color).toBe(findings[0]!.fix);
  });

  it('fixing every finding leaves none, changes nothing else and keeps the document valid (property)', () => {
    const byte = fc.nat(255);
    const hex = fc.tuple(byte, byte, byte).map((c) => `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`);
    const font = fc.constantFrom('inter', 'poppins', 'lora', 'caveat', 'oswald', 'brand:up1');
    fc.assert(
      fc.property(fc.array(hex, { minLength: 1, maxLength: 8 }), hex, hex, hex, font, font, (palette, bg, text, fill, f1, f2) => {
        const kit = { colors: palette, headingFont: 'poppins', bodyFont: 'lora' };
        const d = doc({ background: { type: 'color', color: bg } });
        d.layers = d.layers.map((l) => (l.id === 'h' ? { ...l, color: text, font: f1 as 'inter' } : l.id === 'c' ? { ...l, fill, font: f2 as 'inter' } : l));
        const findings = brandFindings(d, kit);
        const fixed = applyFixes(d, findings);
        expect(brandFindings(fixed, kit)).toEqual([]);
        expect(creativeDocument.safeParse(fixed).success).toBe(true);
        for (const f of findings) if (f.kind === 'colour') expect(palette.map((c) => c.toLowerCase())).toContain(f.fix);
        // Only what was flagged changed.
        expect(applyFixes(d, [])).toEqual(d);
        if (findings.length === 0) expect(fixed).toEqual(d);
      }),
    );
  });

  it('finds every template’s colours on-brand, in every format, for any brand colours; only two templates bring their own font (property)', () => {
    const ownFont: Record<string, string> = { 'minimal-serif': 'headline:font', 'quote-card': 'mark:font' };
    const byte = fc.nat(255);
    const hex = fc.tuple(byte, byte, byte).map((c) => `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(fc.array(hex, { minLength: 1, maxLength: 5 }), fc.constantFrom(...TEMPLATE_IDS), fc.constantFrom(...FORMAT_IDS), (colors, id, format) => {
        const brand = { colors, headingFont: 'montserrat' as const, bodyFont: 'lato' as const, logoMediaId: null };
        const findings = brandFindings(buildTemplate(id, { brand, format }), brand);
        expect(findings.map((f) => f.key)).toEqual(ownFont[id] ? [ownFont[id]] : []);
      }),
      { numRuns: 150, seed: 29 },
    );
  });
});
