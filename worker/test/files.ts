/** Small, real file headers for upload tests (the parts a type sniffer and a size reader look at). */
function u32(n: number): number[] {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

function ascii(text: string): number[] {
  return [...text].map((ch) => ch.charCodeAt(0));
}

/** A PNG of the given size (signature, IHDR, an IDAT of filler, IEND); `seed` varies the bytes. */
export function png(width: number, height: number, seed = 0, fillerBytes = 64): Uint8Array<ArrayBuffer> {
  const ihdr = [...u32(13), ...ascii('IHDR'), ...u32(width), ...u32(height), 8, 6, 0, 0, 0, ...u32(0)];
  const idat = [...u32(fillerBytes), ...ascii('IDAT'), ...Array.from({ length: fillerBytes }, (_, i) => (i + seed) & 255), ...u32(0)];
  const iend = [...u32(0), ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82];
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr, ...idat, ...iend]);
}

/** A baseline JPEG header with an SOF0 frame of the given size. */
export function jpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, (height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

/** An MP4 (ftyp + moov with mvhd and a video tkhd) of the given size and duration. */
export function mp4(width: number, height: number, durationMs: number): Uint8Array<ArrayBuffer> {
  const box = (type: string, body: number[]) => [...u32(body.length + 8), ...ascii(type), ...body];
  const ftyp = box('ftyp', [...ascii('isom'), ...u32(512), ...ascii('isomiso2avc1mp41')]);
  const mvhd = box('mvhd', [0, 0, 0, 0, ...u32(0), ...u32(0), ...u32(1000), ...u32(durationMs), ...Array.from({ length: 80 }, () => 0)]);
  const tkhdBody = [0, 0, 0, 3, ...Array.from({ length: 76 }, () => 0), ...u32(width * 65536), ...u32(height * 65536)];
  const trak = box('trak', box('tkhd', tkhdBody));
  const moov = box('moov', [...mvhd, ...trak]);
  return new Uint8Array([
    ...ftyp,
    ...moov,
    ...box(
      'mdat',
      Array.from({ length: 32 }, (_, i) => i),
    ),
  ]);
}

export const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
export const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');

/** A body that claims `size` bytes and produces them lazily (never allocated at once). */
export function lazyBody(head: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent = head.byteLength;
        return;
      }
      const chunk = Math.min(64 * 1024, size - sent);
      if (chunk <= 0) return controller.close();
      controller.enqueue(new Uint8Array(chunk));
      sent += chunk;
    },
  });
}
