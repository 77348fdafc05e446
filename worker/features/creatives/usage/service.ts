import { FORMATS } from '#common/creative/document.ts';
import { creationThumbnailUrl } from '#common/schemas/variations.ts';
import type { Db } from '#worker/db/client.ts';
import * as repo from '#worker/features/creatives/usage/repo.ts';

/**
 * Which creatives use a media object (the media library's "where is this used"). A sub-feature
 * of its own, importing no feature: media asks it, and creatives/core, above media, reads
 * the media it renders through media's service (decision 0026).
 */
export async function creativesUsingMedia(db: Db, projectId: string, ids: readonly string[]) {
  const rows = await repo.creativesUsingMedia(db, projectId, ids);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mediaId: row.mediaId,
    /** Its newest render's thumbnail, to tell it apart where the media says where it is used; null before a render. */
    thumbnail: row.lastCreationId
      ? { src: creationThumbnailUrl(row.lastCreationId), width: FORMATS[row.format].width, height: FORMATS[row.format].height }
      : null,
  }));
}
