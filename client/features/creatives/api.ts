import type { CreativeStatus, FormatId } from '#common/creative/document.ts';
import type { CreativeCreateInput } from '#common/schemas/creatives.ts';
import { api, call } from '#client/lib/api.ts';

/** The lists' filters as the API takes them (each left out when not set), and the page to continue from. */
interface ListQuery {
  q?: string;
  status?: CreativeStatus;
  format?: FormatId;
  cursor?: string;
}

const byId = api.api.creatives[':id'];

/**
 * The creatives endpoints the lists, the editor's dialogs and bars and the template picker
 * call; the response types are the worker's (inferred through the typed client). The
 * media pickers' list is in client/lib/media-library.ts; uploading a brand font is in
 * brand-fonts.ts (a file body, not JSON).
 */
export const creativesApi = {
  list: (query: ListQuery & { projectId?: string }) => call(api.api.creatives.$get({ query })),
  listOfProject: (projectId: string, query: ListQuery) => call(api.api.projects[':projectId'].creatives.$get({ param: { projectId }, query })),
  create: (projectId: string, json: CreativeCreateInput) => call(api.api.projects[':projectId'].creatives.$post({ param: { projectId }, json })),
  remove: (id: string) => call(byId.$delete({ param: { id } })),
  formats: (id: string) => call(byId.formats.$get({ param: { id } })),
  resize: (id: string, formats: FormatId[]) => call(byId.resize.$post({ param: { id }, json: { formats } })),
  renderAll: (id: string, formats: FormatId[]) => call(byId['render-all'].$post({ param: { id }, json: { formats } })),
  variations: (id: string, count: number) => call(byId.variations.$post({ param: { id }, json: { count } })),
  /** The editor's versions, newest first, 24 at a time. */
  revisions: (id: string, cursor?: string) => call(byId.revisions.$get({ param: { id }, query: { limit: '24', ...(cursor ? { cursor } : {}) } })),
  creations: (query: ListQuery & { projectId?: string; creativeId?: string }) => call(api.api.creations.$get({ query })),
  removeCreation: (id: string) => call(api.api.creations[':id'].$delete({ param: { id } })),
  /** The user's projects for the filters: the active ones, or the archived ones (the first 100 of each). */
  projects: (archived: boolean) => call(api.api.projects.$get({ query: archived ? { limit: '100', archived: '1' } : { limit: '100' } })),
  brandFonts: (projectId: string) => call(api.api.projects[':projectId'].fonts.$get({ param: { projectId } })),
};
