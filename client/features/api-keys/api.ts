import type { ApiKeyCreateInput } from '#common/schemas/api-keys.ts';
import { api, call } from '#client/lib/api.ts';

const keysOf = api.api.projects[':projectId']['api-keys'];

/** The API keys endpoints of a project (issue 31): its owner lists, creates and revokes. */
export const apiKeysApi = {
  list: (projectId: string) => call(keysOf.$get({ param: { projectId } })),
  /** The answer carries the secret, this once. */
  create: (projectId: string, json: ApiKeyCreateInput) => call(keysOf.$post({ param: { projectId }, json })),
  revoke: (projectId: string, keyId: string) => call(keysOf[':keyId'].$delete({ param: { projectId, keyId } })),
};
