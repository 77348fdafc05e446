import { describe, expect, it } from 'vitest';
import { creativeDocument, parseCreative, type CreativeDocument } from '#common/creative/document.ts';
import { TEMPLATE_IDS, buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { FORMAT_IDS } from '#common/creative/document.ts';

/** Shapes, lines, arrows and icons in the document (issue 29, point 5; decision 0035). */

const docWith = (layers: unknown[]) => ({ version: 2, format: 'square', template: 'blank', background: { type: 'color', color: '#ffffff' }, layers });
const icon = (extra: Record<string, unknown> = {}) => ({
  id: 'i',
  type: 'icon',
  icon: 'heart',
  nodes: [['path', { d: 'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3' }]],
  color: '#AA3300',
  strokeWidth: 2,
  x: 40,
  y: 40,
  w: 20,
  h: 20,
  ...extra,
});
const messages = (doc: unknown) => creativeDocument.safeParse(doc).error?.issues.map((i) => i.message) ?? [];

describe('shapes and icons in the document', () => {
  it('opens a document saved before them unchanged: a rectangle and an ellipse keep exactly their fields', () => {
    const before = docWith([
      { id: 'panel', type: 'shape', slot: 'panel', x: 4, y: 60, w: 44, h: 34, shape: 'rect', fill: '#ffffff', opacity: 0.9, radius: 4 },
      { id: 'dot', type: 'shape', x: 70, y: 10, w: 20, h: 20, shape: 'ellipse', fill: '#112233', opacity: 1, radius: 0 },
    ]);
    expect(parseCreative(structuredClone(before))).toEqual(before);
  });

  it('builds every template in every format without the new fields (they stay drawn as before)', () => {
    for (const id of TEMPLATE_IDS)
      for (const format of FORMAT_IDS) {
        const doc: CreativeDocument = buildTemplate(id, { brand: DEFAULT_BRAND_KIT, format });
        for (const layer of doc.layers) {
          if (layer.type === 'shape') expect([layer.stroke, layer.strokeWidth, layer.noFill]).toEqual([undefined, undefined, undefined]);
          expect(layer.type).not.toBe('icon');
        }
      }
  });

  it('takes lines, arrows and outlines within bounds, with a clear message otherwise', () => {
    const shape = (extra: Record<string, unknown>) =>
      docWith([{ id: 's', type: 'shape', x: 0, y: 0, w: 10, h: 10, shape: 'line', fill: '#000000', opacity: 1, radius: 0, ...extra }]);
    expect(messages(shape({ shape: 'arrow', strokeWidth: 20, stroke: '#FFFFFF', noFill: true }))).toEqual([]);
    expect(messages(shape({ strokeWidth: 20.5 }))).toEqual(['Use a line width from 0 to 20.']);
    expect(messages(shape({ strokeWidth: -1 }))).toEqual(['Use a line width from 0 to 20.']);
    expect(messages(shape({ stroke: 'red' }))).toEqual(['Use a colour like #1A2B3C.']);
    expect(messages(shape({ shape: 'star' }))).toHaveLength(1);
    expect((creativeDocument.parse(shape({ stroke: '#ABCDEF' })).layers[0] as { stroke: string }).stroke).toBe('#abcdef');
  });

  it('keeps an icon’s vectors and lower-cases its colour', () => {
    const doc = creativeDocument.parse(
      docWith([
        icon({
          nodes: [
            ['circle', { cx: '12', cy: '12', r: '3', fill: 'currentColor' }],
            ['polyline', { points: '1,2 3,4' }],
          ],
        }),
      ]),
    );
    expect(doc.layers[0]).toMatchObject({
      color: '#aa3300',
      nodes: [
        ['circle', { cx: '12', cy: '12', r: '3', fill: 'currentColor' }],
        ['polyline', { points: '1,2 3,4' }],
      ],
    });
  });

  it('refuses vectors that could carry markup, a script or a link, and other elements than drawing ones', () => {
    expect(messages(docWith([icon({ nodes: [['path', { d: 'M0 0" onload="alert(1)' }]] })]))).toEqual(['Icons are drawn from the icon set.']);
    expect(messages(docWith([icon({ nodes: [['path', { d: 'M0 0</svg><script>' }]] })]))).toEqual(['Icons are drawn from the icon set.']);
    expect(messages(docWith([icon({ nodes: [['circle', { fill: 'url(#x)' }]] })]))).toEqual(['Icons are drawn from the icon set.']);
    expect(messages(docWith([icon({ nodes: [['script', { d: 'M0 0' }]] })]))).toHaveLength(1);
    expect(messages(docWith([icon({ nodes: [['image', { x: '0' }]] })]))).toHaveLength(1);
    expect(messages(docWith([icon({ nodes: [] })]))).toEqual(['Pick an icon.']);
    expect(messages(docWith([icon({ nodes: Array.from({ length: 33 }, () => ['path', { d: 'M0 0' }]) })]))).toEqual(['Pick an icon.']);
    expect(messages(docWith([icon({ icon: 'Heart!' })]))).toEqual(['Pick an icon.']);
    expect(messages(docWith([icon({ strokeWidth: 5 })]))).toEqual(['Use a line width from 0.5 to 4.']);
    expect(messages(docWith([icon({ nodes: [['path', { d: 'x'.repeat(1001) }]] })]))).toEqual(['Icons are drawn from the icon set.']);
    // Attributes other than geometry are dropped, never stored.
    const parsed = creativeDocument.parse(docWith([icon({ nodes: [['path', { d: 'M0 0', href: 'javascript:x', style: 'x', onload: 'x' }]] })]));
    expect(parsed.layers[0]).toMatchObject({ nodes: [['path', { d: 'M0 0' }]] });
    expect(Object.keys((parsed.layers[0] as { nodes: [string, object][] }).nodes[0]![1])).toEqual(['d']);
  });
});
