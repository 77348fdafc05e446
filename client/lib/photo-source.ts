import type { PhotoImportInput } from '#common/schemas/photos.ts';
import { api, call } from '#client/lib/api.ts';

const photos = api.api.projects[':projectId'].photos;

/** The photo source's calls (worker/features/photos): a page of results, and a picked photo imported into the library. */
export const photoApi = {
  search: (projectId: string, q: string, page: number) =>
    call(photos.$get({ param: { projectId }, query: { ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) } })),
  import: (projectId: string, json: PhotoImportInput) => call(photos.import.$post({ param: { projectId }, json })),
};
