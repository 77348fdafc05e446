import { mediaIdsOf, type CreativeDocument } from '#common/creative/document.ts';
import type { Bindings } from '#worker/env.ts';
import type { Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';
import { insertCreationUnlessRendered, type CreationRow } from '#worker/features/creatives/core/service.ts';
import { drawPng, logRenderFailure, pngThumbnail, thumbnailKeyOf, undrawable, type RenderPicture } from '#worker/features/creatives/render/service.ts';

/**
 * Draws new variations into creations (their PNG and a small JPEG to pick from), already paid
 * for by the variations' one spend: no charge here. One after the other (satori and resvg use
 * the isolate's one thread anyway), from the pictures the caller found once for the batch (each
 * variation hands the renderer those it shows). A variation that cannot
 * be drawn comes back as null, and the caller refunds its credit.
 */
export interface VariationToRender {
  creativeId: string;
  revisionId: string;
  revisionNumber: number;
  name: string;
  doc: CreativeDocument;
}

export async function renderVariations(
  env: Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER'>,
  db: Db,
  projectId: string,
  actorId: string,
  items: readonly VariationToRender[],
  /** media id → every picture the batch shows (`loadImages`: R2 keys the renderer reads), found once for all. */
  images: Record<string, RenderPicture>,
): Promise<(CreationRow | null)[]> {
  const bad = new Set(undrawable(images));
  const out: (CreationRow | null)[] = [];
  for (const item of items) {
    const id = newId();
    const key = `creations/${projectId}/${id}.png`;
    const keys: string[] = [];
    try {
      if (mediaIdsOf(item.doc).some((mediaId) => bad.has(mediaId))) throw new Error('a picture cannot be drawn');
      // Only the pictures this variation shows: the renderer reads and counts every picture it is given.
      const shown = Object.fromEntries(mediaIdsOf(item.doc).flatMap((mediaId) => (images[mediaId] ? [[mediaId, images[mediaId]] as const] : [])));
      const { png, width, height } = await drawPng(env, { doc: item.doc, images: shown });
      const thumbnail = pngThumbnail(png);
      await env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
      keys.push(key);
      await env.MEDIA.put(thumbnailKeyOf(key), thumbnail.jpeg, { httpMetadata: { contentType: 'image/jpeg' } });
      keys.push(thumbnailKeyOf(key));
      const [row] = await insertCreationUnlessRendered(db, {
        id,
        projectId,
        creativeId: item.creativeId,
        revisionId: item.revisionId,
        revisionNumber: item.revisionNumber,
        createdBy: actorId,
        name: item.name,
        format: item.doc.format,
        width,
        height,
        size: png.byteLength,
        r2Key: key,
      });
      if (!row) throw new Error('the new creative has a creation already');
      out.push(row);
    } catch (error) {
      if (keys.length > 0) await env.MEDIA.delete(keys).catch(() => undefined);
      logRenderFailure('variation_render_failed', error, { creativeId: item.creativeId });
      out.push(null);
    }
  }
  return out;
}
