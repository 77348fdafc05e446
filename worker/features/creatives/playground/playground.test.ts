import { describe, expect, it } from 'vitest';
import { PLAYGROUND_DOWNLOADS_PER_DAY } from '#common/plans.ts';
import { nextAddress, send } from '#worker/test/http.ts';
import { decodePng, pngSize, rgb, solidPng } from '#worker/test/png.ts';
import { base64, bytesOf, json, RED, templateDoc, webp, type ErrorBody } from '#worker/test/creatives.ts';

/**
 * Rendering is slow the first time in an isolate (satori's and resvg's WebAssembly compile
 * on the first render) and on a busy machine: these tests get a generous timeout of their own
 * rather than vitest's 5 s.
 */
const RENDERING = { timeout: 60_000 };

describe('the playground (no account)', RENDERING, () => {
  let visitors = 0;
  /** A visitor of their own: an address and a browser no other test uses. */
  function visitor(agent = 'Mozilla/5.0 (test)') {
    visitors += 1;
    return { 'cf-connecting-ip': nextAddress(), 'user-agent': `${agent} #${visitors}` };
  }
  const quota = async (headers: Record<string, string>) => json<{ limit: number; remaining: number }>(await send('/api/playground/quota', { headers }));
  const download = (headers: Record<string, string>, body: unknown) => send('/api/playground/render', { json: body, headers });

  it(`gives ${PLAYGROUND_DOWNLOADS_PER_DAY} watermarked downloads a day per visitor, then 429; another browser has its own`, async () => {
    const headers = visitor();
    expect(await quota(headers)).toEqual({ limit: 3, remaining: 3 });
    const document = templateDoc('bold-headline', 'square');
    const first = await download(headers, { document });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-downloads-remaining')).toBe('2');
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="adloom-playground-square.png"');
    const image = await decodePng(await bytesOf(first));
    expect([image.width, image.height]).toEqual([1080, 1080]);
    // The watermark band darkens the middle; above it the background is untouched.
    const background = rgb('#1f3a5f');
    expect(image.pixel(1, 300)).toEqual([...background, 255]);
    const band = image.pixel(1, 540);
    for (let i = 0; i < 3; i += 1) expect(band[i]).toBeLessThan(background[i]! * 0.9 + 1);
    expect(await quota(headers)).toEqual({ limit: 3, remaining: 2 });

    expect((await download(headers, { document })).headers.get('x-downloads-remaining')).toBe('1');
    expect((await download(headers, { document })).headers.get('x-downloads-remaining')).toBe('0');
    const refused = await download(headers, { document });
    expect(refused.status).toBe(429);
    expect((await json<ErrorBody>(refused)).error.code).toBe('rate_limited');
    expect(await quota(headers)).toEqual({ limit: 3, remaining: 0 });

    // The same address with another browser is another visitor.
    const other = { ...headers, 'user-agent': 'Another browser' };
    expect(await quota(other)).toEqual({ limit: 3, remaining: 3 });
    const theirs = await download(other, { document: templateDoc('quote-card', 'story') });
    expect(theirs.status).toBe(200);
    expect(pngSize(await bytesOf(theirs))).toEqual({ width: 1080, height: 1920 });
    expect(theirs.headers.get('x-downloads-remaining')).toBe('2');
  });

  it('draws the visitor’s own image (a data URL for the media id "local")', async () => {
    const headers = visitor();
    const image = `data:image/png;base64,${base64(await solidPng(8, 8, RED))}`;
    const response = await download(headers, { document: templateDoc('split-image', 'square', 'local'), image });
    expect(response.status).toBe(200);
    const png = await decodePng(await bytesOf(response));
    expect(png.pixel(540, 100)).toEqual([...RED]);
  });

  it('refuses what it cannot or may not draw, without using a download', async () => {
    const headers = visitor();
    const document = templateDoc('split-image', 'square', 'local');
    // Anyone's media: a playground document can only use the dropped image.
    const foreign = await download(headers, { document: templateDoc('split-image', 'square', 'AAAAAAAAAAAAAAAAAAAAAA') });
    expect(foreign.status).toBe(422);
    expect((await json<ErrorBody>(foreign)).error.details).toEqual({ document: ['Use the image you dropped in.'] });
    expect((await download(headers, { document: { ...document, version: 1 } })).status).toBe(422);
    expect((await download(headers, { document, image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })).status).toBe(422);
    // A damaged WebP passes the schema but cannot be drawn.
    const webpImage = await download(headers, { document, image: `data:image/webp;base64,${base64(webp(8, 8))}` });
    expect(webpImage.status).toBe(422);
    expect((await json<ErrorBody>(webpImage)).error.message).toMatch(/PNG, JPEG, GIF or WebP/);
    // An image over 4 MB: past the schema's limit (422), or past the body limit (413, not read to the end).
    const over = (chars: number) => JSON.stringify({ document, image: `data:image/png;base64,${'A'.repeat(chars)}` });
    const tooBig = await send('/api/playground/render', { body: over(5_600_000), headers: { ...headers, 'content-type': 'application/json' } });
    expect(tooBig.status).toBe(422);
    expect((await json<ErrorBody>(tooBig)).error.details?.image).toEqual(['Use an image under 4 MB.']);
    const huge = await send('/api/playground/render', { body: over(5_700_000), headers: { ...headers, 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect((await json<ErrorBody>(huge)).error.code).toBe('payload_too_large');
    expect((await send('/api/playground/render', { body: '{"document":', headers: { ...headers, 'content-type': 'application/json' } })).status).toBe(400);
    expect((await send('/api/playground/render', { body: 'document', headers: { ...headers, 'content-type': 'text/plain' } })).status).toBe(415);
    expect(await quota(headers)).toEqual({ limit: 3, remaining: 3 });
  });

  it('refuses a playground picture of too many pixels without decoding it or using a download', async () => {
    const headers = visitor('pixels');
    const download = (body: unknown) => send('/api/playground/render', { json: body, headers });
    // A PNG header declaring 10,000 × 10,000 pixels (the body is never decoded).
    const header = await solidPng(1, 1, RED);
    new DataView(header.buffer).setUint32(16, 10_000);
    new DataView(header.buffer).setUint32(20, 10_000);
    // Not base64 at all (a length no encoder makes): a clear 422, not a 500.
    expect((await download({ document: templateDoc('split-image', 'square', 'local'), image: 'data:image/png;base64,A' })).status).toBe(422);
    const response = await download({ document: templateDoc('split-image', 'square', 'local'), image: `data:image/png;base64,${base64(header)}` });
    expect(response.status).toBe(422);
    expect((await json<ErrorBody>(response)).error.details?.image).toEqual([expect.stringMatching(/9 megapixels/)]);
    const quota = await json<{ remaining: number }>(await send('/api/playground/quota', { headers }));
    expect(quota.remaining).toBe(PLAYGROUND_DOWNLOADS_PER_DAY);
  });
});
