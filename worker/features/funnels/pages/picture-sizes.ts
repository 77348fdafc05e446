import { decode as decodePng } from 'fast-png';
import type { PageDocument } from '#common/schemas/blocks.ts';
import type { Db } from '#worker/db/client.ts';
import { pngThumbnail } from '#worker/features/creatives/render/service.ts';
import { liveMediaIn, putDerivedThumbnail } from '#worker/features/media/service.ts';
import { mediaRefsOf } from '#worker/features/funnels/media-refs.ts';

/**
 * A published page's pictures in a size for phones (issue 30 point 4, decision 0039): the edge's
 * `srcset` offers a picture's thumbnail beside its file. A browser-made thumbnail is 480 px wide
 * (client/lib/media-library.ts): too small for a phone of 1.75–2 device pixels a CSS pixel, which
 * shows a page-wide picture at ≈ 350–372 CSS px and so takes the file. A picture without a
 * thumbnail — seeded, imported, or whose browser could not make one — gets one PHONE_WIDTH px
 * wide here when a page showing it is published: derived once from the file and stored in R2
 * beside it (the media's thumbnail, its key naming its width), never per request.
 *
 * Only PNG files are decoded here (fast-png, as the renderer's thumbnails are: no WebAssembly in
 * this worker), opaque ones only (the JPEG would put a transparent picture on white), of at most
 * MAX_PIXELS (4 bytes a pixel held while it is scaled). Others keep what they have, as before.
 */
export const PHONE_WIDTH = 720;
const MAX_PIXELS = 4_000_000;
const MAX_BYTES = 8 * 1024 * 1024;
/** At most this many pictures derived by one publish (each ≈ 30–60 ms of CPU a megapixel). */
const MAX_PER_PUBLISH = 6;

/** Whether a PNG is opaque: no alpha channel, or one that is 255 everywhere, and no transparent colour. */
export function opaquePng(bytes: Uint8Array): boolean {
  const png = decodePng(bytes);
  if (png.transparency || (png.palette && png.palette.some((colour) => colour.length === 4 && colour[3] !== 255))) return false;
  if (png.channels !== 2 && png.channels !== 4) return true;
  const full = png.depth === 16 ? 65535 : 255;
  for (let i = png.channels - 1; i < png.data.length; i += png.channels) if (png.data[i] !== full) return false;
  return true;
}

/** The pictures of `documents` that get a small size derived (the rest have one, or cannot be given one here). */
export async function ensurePictureSizes(db: Db, bucket: R2Bucket, projectId: string, documents: readonly (PageDocument | null)[]): Promise<string[]> {
  const ids = [...new Set(documents.flatMap((document) => (document ? mediaRefsOf(document).map((ref) => ref.id) : [])))];
  const rows = await liveMediaIn(db, projectId, ids);
  const todo = rows
    .filter((row) => row.kind === 'image' && row.mime === 'image/png' && row.thumbnailKey === null && row.size <= MAX_BYTES)
    .filter((row) => row.width !== null && row.height !== null && row.width > PHONE_WIDTH && row.width * row.height <= MAX_PIXELS)
    .slice(0, MAX_PER_PUBLISH);
  const derived: string[] = [];
  for (const row of todo) {
    try {
      const object = await bucket.get(row.r2Key);
      if (!object) continue;
      const bytes = new Uint8Array(await object.arrayBuffer());
      if (!opaquePng(bytes)) continue;
      const { jpeg, width } = pngThumbnail(bytes, PHONE_WIDTH);
      if (await putDerivedThumbnail(db, bucket, { id: row.id, projectId }, jpeg, width)) derived.push(row.id);
    } catch (error) {
      // A picture that cannot be read keeps its one size: publishing goes on.
      console.warn(JSON.stringify({ event: 'picture_size_failed', mediaId: row.id, error: String(error) }));
    }
  }
  return derived;
}
