import type { InstagramConnection } from '#common/schemas/ads.ts';
import type { AdInsights, InsightSort, PostInsight } from '#common/schemas/insights.ts';
import { api, call } from '#client/lib/api.ts';

const as = <T>(request: Promise<unknown>) => request as Promise<T>;

/** The project's Instagram connection endpoints (owner-only writes). */
export const instagramApi = {
  get: (projectId: string) => as<InstagramConnection>(call(api.api.projects[':projectId'].instagram.$get({ param: { projectId } }))),
  connect: (projectId: string) => as<{ url: string }>(call(api.api.projects[':projectId'].instagram.connect.$post({ param: { projectId } }))),
  sandbox: (projectId: string) => as<InstagramConnection>(call(api.api.projects[':projectId'].instagram.sandbox.$post({ param: { projectId } }))),
  disconnect: (projectId: string) => as<undefined>(call(api.api.projects[':projectId'].instagram.$delete({ param: { projectId } }))),
  /** A published ad's post's figures. */
  adInsights: (adId: string) => as<AdInsights>(call(api.api.ads[':id'].insights.$get({ param: { id: adId } }))),
  /** A project's posts with their figures, in an order. */
  projectInsights: (projectId: string, sort: InsightSort) =>
    as<{ items: PostInsight[] }>(call(api.api.projects[':projectId'].insights.$get({ param: { projectId }, query: { sort } }))),
  insightsCsvUrl: (projectId: string, sort: InsightSort) => `/api/projects/${encodeURIComponent(projectId)}/insights.csv?sort=${sort}`,
};

/** Leaves the app for Instagram's consent screen (a seam for tests). */
export const browser = {
  go(url: string) {
    window.location.assign(url);
  },
};
