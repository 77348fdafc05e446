import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { MEDIA_TYPES, type MediaMime } from '#common/schemas/media.ts';

export interface Probe {
  mime: MediaMime;
  kind: 'image' | 'video';
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/**
 * What a file really is, from its first bytes (never from its name or the declared
 * type), and what can be read cheaply from them: dimensions, and a video's duration
 * when its index (moov) comes first. Undefined for anything the library does not take.
 */
export async function probe(head: Uint8Array): Promise<Probe | undefined> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return undefined;
  const mime = (detected.mime === 'video/x-m4v' ? 'video/mp4' : detected.mime) as string;
  if (!Object.hasOwn(MEDIA_TYPES, mime)) return undefined;
  const type = MEDIA_TYPES[mime as MediaMime];
  if (type.kind === 'image') {
    const size = imageDimensions(head);
    return { mime: mime as MediaMime, kind: 'image', width: size?.width ?? null, height: size?.height ?? null, durationMs: null };
  }
  const info = mime === 'video/webm' ? undefined : isoBmffInfo(head);
  return { mime: mime as MediaMime, kind: 'video', width: info?.width ?? null, height: info?.height ?? null, durationMs: info?.durationMs ?? null };
}

/**
 * A picture's width and height as its header declares them, or null when they cannot be read
 * from these bytes (not a picture, or the header is cut off: a JPEG's frame header comes after
 * its metadata segments, which can be long).
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    return size.width === undefined || size.height === undefined ? null : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

interface Box {
  type: string;
  start: number;
  end: number;
}

function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(view.getUint8(offset + 4), view.getUint8(offset + 5), view.getUint8(offset + 6), view.getUint8(offset + 7));
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header) return;
    yield { type, start: offset + header, end: Math.min(offset + size, end) };
    offset += size;
  }
}

/** Duration (mvhd) and picture size (first video tkhd) of an MP4/MOV whose moov is within `head`. */
export function isoBmffInfo(head: Uint8Array): { width: number | null; height: number | null; durationMs: number | null } | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const moov = [...boxes(view, 0, head.byteLength)].find((b) => b.type === 'moov');
  if (!moov) return undefined;
  let durationMs: number | null = null;
  let width: number | null = null;
  let height: number | null = null;
  for (const box of boxes(view, moov.start, moov.end)) {
    if (box.type === 'mvhd' && box.end - box.start >= 20) {
      const version = view.getUint8(box.start);
      const timescale = version === 1 ? view.getUint32(box.start + 20) : view.getUint32(box.start + 12);
      const duration = version === 1 ? Number(view.getBigUint64(box.start + 24)) : view.getUint32(box.start + 16);
      if (timescale > 0) durationMs = Math.round((duration / timescale) * 1000);
    }
    if (box.type === 'trak' && width === null) {
      const tkhd = [...boxes(view, box.start, box.end)].find((b) => b.type === 'tkhd');
      if (tkhd && tkhd.end - tkhd.start >= 84) {
        const w = view.getUint32(tkhd.end - 8) / 65536;
        const h = view.getUint32(tkhd.end - 4) / 65536;
        if (w > 0 && h > 0) {
          width = Math.round(w);
          height = Math.round(h);
        }
      }
    }
  }
  return { width, height, durationMs };
}
