import type { Db } from '#worker/db/client.ts';
import * as repo from '#worker/features/creatives/usage/repo.ts';

/**
 * Which creatives use a media object (the media library's "where is this used"). A sub-feature
 * of its own, importing no feature: media asks it, and creatives/core, above media, reads
 * the media it renders through media's service (decision 0026).
 */
export function creativesUsingMedia(db: Db, projectId: string, ids: readonly string[]): Promise<{ id: string; name: string; mediaId: string }[]> {
  return repo.creativesUsingMedia(db, projectId, ids);
}
