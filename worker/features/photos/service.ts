import type { MediaItem } from '#common/schemas/media.ts';
import type { PhotoImportInput, PhotoSearchPage } from '#common/schemas/photos.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { assertStorageRoom, upload } from '#worker/features/media/service.ts';
import { bundledSource } from '#worker/features/photos/bundled.ts';
import { pexelsSource } from '#worker/features/photos/pexels.ts';
import type { PhotoSource } from '#worker/features/photos/provider.ts';
import { unsplashSource } from '#worker/features/photos/unsplash.ts';

type PhotoEnv = Pick<Bindings, 'ASSETS' | 'UNSPLASH_ACCESS_KEY' | 'PEXELS_API_KEY'>;

/** The configured photo source: Unsplash when its key is set, else Pexels when its key is, else the bundled CC0 set. */
export function photoSourceFor(env: PhotoEnv): PhotoSource {
  if (env.UNSPLASH_ACCESS_KEY) return unsplashSource(env.UNSPLASH_ACCESS_KEY);
  if (env.PEXELS_API_KEY) return pexelsSource(env.PEXELS_API_KEY);
  return bundledSource(env.ASSETS);
}

export function searchPhotos(env: PhotoEnv, query: string, page: number): Promise<PhotoSearchPage> {
  return photoSourceFor(env).search(query, page);
}

/**
 * Imports a photo into the project's library as an upload would be (the same type, size and
 * pixel checks, the owner's storage, the same bytes kept once), with its credit stored on the
 * media row. The bundled set is always there; a provider's photo only while its key is set.
 */
export async function importPhoto(
  db: Db,
  env: PhotoEnv & Pick<Bindings, 'MEDIA'>,
  request: PhotoImportInput & { projectId: string; uploader: { id: string; name: string } },
): Promise<{ media: MediaItem; created: boolean }> {
  const configured = photoSourceFor(env);
  const source = request.provider === 'bundled' ? bundledSource(env.ASSETS) : configured;
  if (source.provider !== request.provider)
    throw new AppError('bad_request', 'This photo service is not set up here. Search again and pick a photo from the results.');
  // A full library is told before the provider counts a download.
  await assertStorageRoom(db, request.projectId, 1);
  const photo = await source.download(request.id);
  return upload(db, env.MEDIA, {
    projectId: request.projectId,
    uploader: request.uploader,
    filename: photo.filename,
    contentLength: photo.bytes.byteLength,
    body: new Response(photo.bytes).body,
    alt: photo.alt,
    attribution: photo.attribution,
  });
}
