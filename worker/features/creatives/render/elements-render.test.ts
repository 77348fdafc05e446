import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { creativeDocument, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { drawPng } from '#worker/features/creatives/render/images.ts';
import { decodePng, rgb } from '#worker/test/png.ts';

/**
 * What satori and resvg draw of shapes, lines, arrows and icons (issue 29, point 5): the inline
 * SVG of client/creative/vector.tsx, read back pixel by pixel from the PNG. A 1080 × 1080 white
 * canvas: 1 % of the shorter side is 10.8 px.
 */
const RENDERING = { timeout: 120_000 };
const WHITE = [255, 255, 255, 255];
const INK = '#aa3300';
const EDGE = '#123456';

async function draw(layers: Layer[]) {
  const doc: CreativeDocument = creativeDocument.parse({
    version: 2,
    format: 'square',
    template: 'blank',
    background: { type: 'color', color: '#ffffff' },
    layers,
  });
  const { png } = await drawPng(env, { doc, images: {} });
  return decodePng(png);
}

const colour = (hex: string) => [...rgb(hex), 255];
const shape = (id: string, extra: Record<string, unknown>) =>
  ({ id, type: 'shape', shape: 'rect', fill: INK, opacity: 1, radius: 0, x: 10, y: 10, w: 30, h: 30, ...extra }) as Layer;

describe('shapes and icons in the PNG', RENDERING, () => {
  it('draws a line along the middle of its box, its thickness in % of the shorter side', async () => {
    // Box 108–972 × 486–594 px; the line 2 % = 21.6 px thick around y = 540.
    const image = await draw([shape('line', { shape: 'line', x: 10, y: 45, w: 80, h: 10, strokeWidth: 2 })]);
    expect(image.pixel(540, 540)).toEqual(colour(INK));
    expect(image.pixel(120, 535)).toEqual(colour(INK));
    expect(image.pixel(540, 556)).toEqual(WHITE);
    expect(image.pixel(540, 524)).toEqual(WHITE);
    expect(image.pixel(60, 540)).toEqual(WHITE);
    expect(image.pixel(1000, 540)).toEqual(WHITE);
  });

  it('draws an arrow: the shaft, then a head wider than the shaft ending at the box’s right edge', async () => {
    const image = await draw([shape('arrow', { shape: 'arrow', x: 10, y: 45, w: 80, h: 10, strokeWidth: 2 })]);
    expect(image.pixel(300, 540)).toEqual(colour(INK));
    // Beside the shaft: white; at the same height beside the head (near its base): ink.
    expect(image.pixel(300, 560)).toEqual(WHITE);
    expect(image.pixel(920, 560)).toEqual(colour(INK));
    expect(image.pixel(965, 540)).toEqual(colour(INK));
    expect(image.pixel(985, 540)).toEqual(WHITE);
  });

  it('draws an outline inside a rectangle’s box, with or without its fill', async () => {
    // Box 108–432 px; the outline 2 % = 21.6 px, inside the box.
    const image = await draw([shape('framed', { stroke: EDGE, strokeWidth: 2 }), shape('outline', { x: 50, stroke: EDGE, strokeWidth: 2, noFill: true })]);
    expect(image.pixel(115, 270)).toEqual(colour(EDGE));
    expect(image.pixel(104, 270)).toEqual(WHITE);
    expect(image.pixel(270, 270)).toEqual(colour(INK));
    expect(image.pixel(545, 270)).toEqual(colour(EDGE));
    expect(image.pixel(700, 270)).toEqual(WHITE);
  });

  it('draws an ellipse’s outline along its curve', async () => {
    const image = await draw([shape('ring', { shape: 'ellipse', stroke: EDGE, strokeWidth: 2 })]);
    expect(image.pixel(270, 270)).toEqual(colour(INK));
    expect(image.pixel(118, 270)).toEqual(colour(EDGE));
    expect(image.pixel(270, 118)).toEqual(colour(EDGE));
    // The box's corner lies outside the ellipse.
    expect(image.pixel(120, 120)).toEqual(WHITE);
  });

  it('draws an icon’s vectors in the layer’s colour, scaled to its box, filled parts too', async () => {
    // Box 324 × 324 px at 540: 13.5 px per icon unit; the stroke 2 units = 27 px.
    const image = await draw([
      {
        id: 'icon',
        type: 'icon',
        icon: 'minus',
        nodes: [
          ['path', { d: 'M5 12h14' }],
          ['circle', { cx: '12', cy: '4', r: '2', fill: 'currentColor' }],
        ],
        color: INK,
        strokeWidth: 2,
        x: 50,
        y: 50,
        w: 30,
        h: 30,
      },
    ]);
    expect(image.pixel(702, 702)).toEqual(colour(INK));
    expect(image.pixel(620, 702)).toEqual(colour(INK));
    expect(image.pixel(702, 730)).toEqual(WHITE);
    // The filled dot (centre at 4 units from the top: 594 px).
    expect(image.pixel(702, 594)).toEqual(colour(INK));
    expect(image.pixel(702, 650)).toEqual(WHITE);
  });

  it('keeps a plain rectangle drawn as before (no outline, a fill)', async () => {
    const image = await draw([shape('plain', {})]);
    expect(image.pixel(109, 109)).toEqual(colour(INK));
    expect(image.pixel(270, 270)).toEqual(colour(INK));
    expect(image.pixel(106, 270)).toEqual(WHITE);
  });
});
