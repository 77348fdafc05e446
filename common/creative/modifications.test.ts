import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creativeDocument, MAX_TEXT, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import {
  applyModifications,
  CTA_MAX_TEXT,
  layersNamed,
  modifiedBackground,
  noLayer,
  takesNoColour,
  takesNoImage,
  takesNoText,
  textTooLong,
  type LayerModification,
} from '#common/creative/modifications.ts';
import { buildTemplate, TEMPLATE_IDS } from '#common/creative/templates.ts';

const box = { x: 10, y: 10, w: 50, h: 20 };
const style = { font: 'inter', weight: 700, size: 6, color: '#111111' } as const;

function doc(): CreativeDocument {
  return creativeDocument.parse({
    version: 2,
    format: 'square',
    template: 'bold-headline',
    background: { type: 'color', color: '#ffffff' },
    layers: [
      {
        id: 'headline',
        name: 'Title',
        type: 'text',
        ...box,
        ...style,
        text: 'Fresh beans',
        align: 'left',
        vAlign: 'top',
        lineHeight: 1.1,
        uppercase: false,
        autoFit: true,
        runs: [{ start: 0, end: 5, bold: true }],
      },
      { id: 'price', name: 'Price', type: 'text', ...box, ...style, text: '9 €', align: 'left', vAlign: 'top', lineHeight: 1.1, uppercase: false },
      { id: 'price2', name: 'Price', type: 'text', ...box, ...style, text: '9 €', align: 'left', vAlign: 'top', lineHeight: 1.1, uppercase: false },
      { id: 'cta', type: 'cta', ...box, ...style, text: 'Shop now', fill: '#000000', radius: 2 },
      { id: 'photo', name: 'Photo', type: 'image', ...box, mediaId: null, fit: 'cover', radius: 0 },
      { id: 'logo', type: 'logo', ...box, mediaId: null },
      { id: 'band', name: 'Band', type: 'shape', ...box, shape: 'rect', fill: '#222222', opacity: 1, radius: 0 },
    ],
  });
}

const layer = (d: CreativeDocument, id: string): Layer => d.layers.find((l) => l.id === id)!;

function applied(mods: LayerModification[], background?: { color?: string; mediaId?: string }): CreativeDocument {
  const result = applyModifications(doc(), { modifications: mods, background });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.doc;
}

describe('modifications by layer', () => {
  it('replaces a text layer’s words by name, drops its styled runs and keeps its auto-fit', () => {
    const headline = layer(applied([{ layer: 'Title', text: 'Dark roast, 20% off' }]), 'headline');
    expect(headline).toMatchObject({ type: 'text', text: 'Dark roast, 20% off', autoFit: true });
    expect(headline).not.toHaveProperty('runs');
  });

  it('finds a layer by its id as well, and changes every layer sharing a name', () => {
    const d = applied([
      { layer: 'cta', text: 'Buy' },
      { layer: 'Price', text: '7 €', color: '#aa0000' },
    ]);
    expect(layer(d, 'cta')).toMatchObject({ text: 'Buy' });
    for (const id of ['price', 'price2']) expect(layer(d, id)).toMatchObject({ text: '7 €', color: '#aa0000' });
  });

  it('colours text and buttons, fills shapes, and puts pictures in image and logo layers', () => {
    const d = applied([
      { layer: 'cta', color: '#ffffff' },
      { layer: 'Band', color: '#00ff00' },
      { layer: 'Photo', mediaId: 'media_photo_0001' },
      { layer: 'logo', mediaId: 'media_logo_00001' },
    ]);
    expect(layer(d, 'cta')).toMatchObject({ color: '#ffffff', fill: '#000000' });
    expect(layer(d, 'band')).toMatchObject({ fill: '#00ff00' });
    expect(layer(d, 'photo')).toMatchObject({ mediaId: 'media_photo_0001' });
    expect(layer(d, 'logo')).toMatchObject({ mediaId: 'media_logo_00001' });
  });

  it('hides and shows layers', () => {
    const hidden = applied([{ layer: 'Band', hidden: true }]);
    expect(layer(hidden, 'band').hidden).toBe(true);
    const result = applyModifications(hidden, { modifications: [{ layer: 'Band', hidden: false }] });
    expect(result.ok && layer(result.doc, 'band')).not.toHaveProperty('hidden');
  });

  it('changes the background: a colour alone, a picture over the colour it had', () => {
    expect(applied([], { color: '#123456' }).background).toEqual({ type: 'color', color: '#123456' });
    expect(applied([], { mediaId: 'media_bg_000001' }).background).toEqual({ type: 'media', mediaId: 'media_bg_000001', color: '#ffffff', overlay: 0 });
    const gradient = { type: 'gradient', from: '#000000', to: '#ffffff', angle: 90 } as const;
    expect(modifiedBackground(gradient, { mediaId: 'm' })).toEqual({ type: 'media', mediaId: 'm', color: '#000000', overlay: 0 });
    expect(modifiedBackground({ type: 'media', mediaId: 'm', color: '#000000', overlay: 0.4 }, { color: '#ffffff' })).toEqual({
      type: 'media',
      mediaId: 'm',
      color: '#ffffff',
      overlay: 0.4,
    });
    expect(modifiedBackground(gradient, {})).toBe(gradient);
  });

  it('refuses what a layer cannot take, naming the layer, and changes nothing', () => {
    const result = applyModifications(doc(), {
      modifications: [
        { layer: 'Title', text: 'ok' },
        { layer: 'Missing', text: 'x' },
        { layer: 'Photo', text: 'x' },
        { layer: 'logo', color: '#000000' },
        { layer: 'Title', mediaId: 'media_photo_0001' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: 'modifications.1.layer', message: noLayer('Missing') },
        { path: 'modifications.2', message: takesNoText('Photo') },
        { path: 'modifications.3', message: takesNoColour('logo') },
        { path: 'modifications.4', message: takesNoImage('Title') },
      ],
    });
    expect(noLayer('Missing')).toBe('No layer is named “Missing”.');
  });

  it('takes the longest texts a layer holds and refuses one character more', () => {
    expect(layer(applied([{ layer: 'Title', text: 'x'.repeat(MAX_TEXT) }]), 'headline')).toMatchObject({ text: 'x'.repeat(MAX_TEXT) });
    expect(layer(applied([{ layer: 'cta', text: 'y'.repeat(CTA_MAX_TEXT) }]), 'cta')).toMatchObject({ text: 'y'.repeat(CTA_MAX_TEXT) });
    expect(applyModifications(doc(), { modifications: [{ layer: 'Title', text: 'x'.repeat(MAX_TEXT + 1) }] })).toEqual({
      ok: false,
      issues: [{ path: 'modifications.0', message: textTooLong('Title', MAX_TEXT) }],
    });
    expect(applyModifications(doc(), { modifications: [{ layer: 'cta', text: 'y'.repeat(CTA_MAX_TEXT + 1) }] })).toEqual({
      ok: false,
      issues: [{ path: 'modifications.0', message: textTooLong('cta', CTA_MAX_TEXT) }],
    });
  });

  it('makes lone surrogates well-formed through the document schema', () => {
    const result = applyModifications(doc(), { modifications: [{ layer: 'Title', text: 'a\ud800b' }] });
    expect(result.ok && layer(result.doc, 'headline')).toMatchObject({ text: 'a\ufffdb' });
  });

  it('refuses a colour the document cannot hold', () => {
    expect(applyModifications(doc(), { modifications: [{ layer: 'Title', color: 'red' }] }).ok).toBe(false);
  });

  it('leaves the document as it was without modifications', () => {
    expect(applyModifications(doc(), {})).toEqual({ ok: true, doc: doc() });
  });
});

describe('modifications on every template (property)', () => {
  const brand = { colors: ['#1f3a5f', '#f4a261', '#e76f51'], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null } as const;
  const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

  it('always gives a valid document or issues naming the request’s paths; text reaches exactly the named layers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATE_IDS),
        fc.constantFrom('square', 'portrait', 'story', 'landscape'),
        fc.array(fc.record({ pick: fc.nat(), text: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }), color: fc.option(hex, { nil: undefined }) }), {
          maxLength: 6,
        }),
        (template, format, picks) => {
          const d = buildTemplate(template, { brand, format });
          const mods = picks.map(({ pick, text, color }) => ({ layer: d.layers[pick % d.layers.length]!.id, text, color }));
          const result = applyModifications(d, { modifications: mods });
          if (!result.ok) {
            for (const issue of result.issues) expect(issue.path).toMatch(/^modifications(\.\d+)?/);
            return;
          }
          expect(creativeDocument.safeParse(result.doc).success).toBe(true);
          expect(result.doc.layers.map((l) => l.id)).toEqual(d.layers.map((l) => l.id));
          d.layers.forEach((before, i) => {
            const last = mods.filter((m) => layersNamed(d, m.layer).includes(i) && m.text !== undefined).at(-1);
            const after = result.doc.layers[i]!;
            if (last && 'text' in after) expect(after.text).toBe(last.text);
            else if ('text' in before && 'text' in after) expect(after.text).toBe(before.text);
          });
        },
      ),
      { seed: 31, numRuns: 200 },
    );
  });
});
