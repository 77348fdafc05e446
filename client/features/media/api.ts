import type { MediaUpdateInput } from '#common/schemas/media.ts';
import { api, call } from '#client/lib/api.ts';

/**
 * The library screen's and the media detail's endpoints; the response types are the
 * worker's (inferred through the typed client). Uploads and the pickers' list, which other
 * features use too, are in client/lib/media-library.ts.
 */
export const mediaApi = {
  /** A page of the project's library, filtered (each filter left out when not set). */
  list: (projectId: string, query: { type?: 'image' | 'video'; tag?: string; q?: string; cursor?: string }) =>
    call(api.api.projects[':projectId'].media.$get({ param: { projectId }, query })),
  tags: (projectId: string) => call(api.api.projects[':projectId'].media.tags.$get({ param: { projectId } })),
  /** Deletes the files; those still in use are refused, with what uses them. */
  removeMany: (projectId: string, ids: string[]) => call(api.api.projects[':projectId'].media.delete.$post({ param: { projectId }, json: { ids } })),
  get: (id: string) => call(api.api.media[':id'].$get({ param: { id } })),
  update: (id: string, json: MediaUpdateInput) => call(api.api.media[':id'].$patch({ param: { id }, json })),
  remove: (id: string) => call(api.api.media[':id'].$delete({ param: { id } })),
};
