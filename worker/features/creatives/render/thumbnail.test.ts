import { decode as decodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { pngThumbnail, thumbnailKeyOf } from '#worker/features/creatives/render/thumbnail.ts';
import { solidPng } from '#worker/test/png.ts';

describe('pngThumbnail', () => {
  it('scales a PNG down to 400 px wide, keeping its proportions and colour, as a JPEG', async () => {
    const png = await solidPng(1080, 1350, [255, 0, 0, 255]);
    const { jpeg, width, height } = pngThumbnail(png);
    expect([width, height]).toEqual([400, 500]);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    const image = decodeJpeg(jpeg, { useTArray: true });
    expect([image.width, image.height]).toEqual([400, 500]);
    const [r, g, b] = image.data.subarray(4 * (250 * 400 + 200));
    expect(r).toBeGreaterThan(240);
    expect(g).toBeLessThan(15);
    expect(b).toBeLessThan(15);
  });

  it('draws transparency on white and keeps a picture smaller than the thumbnail as it is', async () => {
    const { jpeg, width, height } = pngThumbnail(await solidPng(40, 20, [0, 0, 0, 0]));
    expect([width, height]).toEqual([40, 20]);
    const [r, g, b] = decodeJpeg(jpeg, { useTArray: true }).data;
    expect([r, g, b].every((c) => c! > 245)).toBe(true);
    expect(thumbnailKeyOf('creations/p/x.png')).toBe('creations/p/x.png.thumb.jpg');
  });
});
