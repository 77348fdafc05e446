import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { drawPng } from '#worker/features/creatives/render/images.ts';
import { base64 } from '#worker/lib/ids.ts';
import { decodePng, solidPng } from '#worker/test/png.ts';

/**
 * Rotation (issue 29, point 1): satori turns a layer's box about its centre (`transform:
 * rotate()`, its default origin), the same as the editor's browser. Each layer below is turned
 * a quarter: a pixel inside the turned box but outside the unturned one is painted, one inside
 * the unturned box only is the background. Square format: 1 % = 10.8 px.
 */
const RENDERING = { timeout: 120_000 };

const WHITE = [255, 255, 255] as const;
const near = (pixel: readonly number[], rgb: readonly number[]) => rgb.every((c, i) => Math.abs(c - pixel[i]!) <= 24);

function doc(layers: Layer[]): CreativeDocument {
  return { version: 2, format: 'square', template: 'blank', background: { type: 'color', color: '#ffffff' }, layers };
}

const bar: Layer = { id: 'bar', type: 'shape', shape: 'rect', fill: '#ff0000', opacity: 1, radius: 0, x: 30, y: 45, w: 40, h: 10, rotation: 90 };
const picture: Layer = { id: 'pic', type: 'image', mediaId: 'green', fit: 'cover', radius: 0, x: 5, y: 20, w: 30, h: 10, rotation: 90 };
const button: Layer = {
  id: 'btn',
  type: 'cta',
  text: 'Go',
  font: 'inter',
  weight: 700,
  size: 3,
  color: '#ffffff',
  fill: '#0000ff',
  radius: 0,
  x: 60,
  y: 75,
  w: 30,
  h: 8,
  rotation: -90,
};
const words: Layer = {
  id: 'words',
  type: 'text',
  text: 'IIIIIIII',
  font: 'inter',
  weight: 700,
  size: 8,
  color: '#000000',
  align: 'center',
  vAlign: 'middle',
  lineHeight: 1.2,
  uppercase: false,
  x: 5,
  y: 60,
  w: 40,
  h: 10,
  rotation: 90,
};

async function draw(d: CreativeDocument) {
  const green = `data:image/png;base64,${base64(await solidPng(40, 40, [0, 200, 0, 255]))}`;
  const { png } = await drawPng(env, { doc: d, images: { green } });
  return decodePng(png);
}

/** How many dark pixels (text) lie in a rectangle (canvas pixels), sampled every 2 px. */
function darkIn(image: Awaited<ReturnType<typeof decodePng>>, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < y1; y += 2)
    for (let x = x0; x < x1; x += 2)
      if (
        image
          .pixel(x, y)
          .slice(0, 3)
          .every((c) => c < 80)
      )
        count += 1;
  return count;
}

describe('rotated layers in the PNG', RENDERING, () => {
  it('turns a shape, a picture, a button and a text about their centres', async () => {
    const image = await draw(doc([bar, picture, button, words]));
    // The bar: unturned x 324–756, y 486–594; turned x 486–594, y 324–756.
    expect(near(image.pixel(540, 360), [255, 0, 0])).toBe(true);
    expect(near(image.pixel(540, 740), [255, 0, 0])).toBe(true);
    expect(near(image.pixel(360, 540), WHITE)).toBe(true);
    expect(near(image.pixel(720, 540), WHITE)).toBe(true);
    // The picture: unturned x 54–378, y 216–324; turned x 162–270, y 108–432.
    expect(near(image.pixel(216, 130), [0, 200, 0])).toBe(true);
    expect(near(image.pixel(216, 410), [0, 200, 0])).toBe(true);
    expect(near(image.pixel(80, 270), WHITE)).toBe(true);
    expect(near(image.pixel(350, 270), WHITE)).toBe(true);
    // The button (−90°): unturned x 648–972, y 810–896.4; turned x 766.8–853.2, y 691.2–1015.2.
    expect(near(image.pixel(790, 705), [0, 0, 255])).toBe(true);
    expect(near(image.pixel(790, 1000), [0, 0, 255])).toBe(true);
    expect(near(image.pixel(670, 853), WHITE)).toBe(true);
    expect(near(image.pixel(950, 853), WHITE)).toBe(true);
    // The text: unturned x 54–486, y 648–756; turned x 216–324, y 486–918 (its letters run downwards).
    expect(darkIn(image, 216, 486, 324, 918)).toBeGreaterThan(50);
    expect(darkIn(image, 60, 650, 200, 750)).toBe(0);
    expect(darkIn(image, 340, 650, 480, 750)).toBe(0);
  });

  it('draws a layer without rotation, or with rotation 0, as before', async () => {
    const plain = { ...bar } as Record<string, unknown>;
    delete plain.rotation;
    const a = await draw(doc([plain as Layer]));
    const b = await draw(doc([{ ...bar, rotation: 0 }]));
    for (const [x, y] of [
      [360, 540],
      [720, 540],
      [540, 360],
      [330, 490],
    ] as const)
      expect(a.pixel(x, y)).toEqual(b.pixel(x, y));
    expect(near(a.pixel(360, 540), [255, 0, 0])).toBe(true);
    expect(near(a.pixel(540, 360), WHITE)).toBe(true);
  });

  it('turns a picture with rounded corners (clipped frame) the same way', async () => {
    const image = await draw(doc([{ ...picture, radius: 2 } as Layer]));
    expect(near(image.pixel(216, 200), [0, 200, 0])).toBe(true);
    expect(near(image.pixel(80, 270), WHITE)).toBe(true);
  });
});
