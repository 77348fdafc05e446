import type { InstagramConnection } from '#common/schemas/ads.ts';
import { api, call } from '#client/lib/api.ts';

const as = <T>(request: Promise<unknown>) => request as Promise<T>;

/** The project's Instagram connection endpoints (owner-only writes). */
export const instagramApi = {
  get: (projectId: string) => as<InstagramConnection>(call(api.api.projects[':projectId'].instagram.$get({ param: { projectId } }))),
  connect: (projectId: string) => as<{ url: string }>(call(api.api.projects[':projectId'].instagram.connect.$post({ param: { projectId } }))),
  sandbox: (projectId: string) => as<InstagramConnection>(call(api.api.projects[':projectId'].instagram.sandbox.$post({ param: { projectId } }))),
  disconnect: (projectId: string) => as<undefined>(call(api.api.projects[':projectId'].instagram.$delete({ param: { projectId } }))),
};

/** Leaves the app for Instagram's consent screen (a seam for tests). */
export const browser = {
  go(url: string) {
    window.location.assign(url);
  },
};
