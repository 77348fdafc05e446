import type {
  AnalyticsReport,
  FunnelCreateInput,
  FunnelDetail,
  FunnelSummary,
  FunnelUpdateInput,
  Lead,
  PageCreateInput,
  PageSummary,
} from '#common/schemas/funnels.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { api, call } from '#client/lib/api.ts';
import type { Page } from '#client/lib/use-paged.ts';

export type {
  AbResult,
  AnalyticsReport,
  FunnelDetail,
  FunnelSummary,
  Lead,
  PageReport,
  PageStatus,
  PageSummary,
  VariantReport,
} from '#common/schemas/funnels.ts';

/** The response types are the shared ones; the client's inferred JSON types are the same shapes. */
const as = <T>(request: Promise<unknown>) => request as Promise<T>;

/** A list answer, whether the endpoint pages it or answers everything at once. */
const paged = async <T>(request: Promise<unknown>): Promise<Page<T>> => {
  const body = (await request) as { items: T[]; nextCursor?: string | null };
  return { items: body.items, nextCursor: body.nextCursor ?? null };
};

/** The funnels endpoints, typed with the shared response types. */
export const funnelsApi = {
  list: (projectId?: string, cursor?: string) =>
    paged<FunnelSummary>(call(api.api.funnels.$get({ query: { ...(projectId ? { projectId } : {}), ...(cursor ? { cursor } : {}) } }))),
  create: (projectId: string, json: FunnelCreateInput) => as<FunnelDetail>(call(api.api.projects[':projectId'].funnels.$post({ param: { projectId }, json }))),
  get: (id: string) => as<FunnelDetail>(call(api.api.funnels[':id'].$get({ param: { id } }))),
  update: (id: string, json: FunnelUpdateInput) => as<FunnelDetail>(call(api.api.funnels[':id'].$patch({ param: { id }, json }))),
  remove: (id: string) => as<undefined>(call(api.api.funnels[':id'].$delete({ param: { id } }))),
  reorder: (id: string, pageIds: string[]) => as<unknown>(call(api.api.funnels[':id']['page-order'].$put({ param: { id }, json: { pageIds } }))),
  addPage: (id: string, json: PageCreateInput) => as<PageSummary>(call(api.api.funnels[':id'].pages.$post({ param: { id }, json }))),
  leads: (id: string, q: string, cursor?: string) =>
    paged<Lead>(call(api.api.funnels[':id'].leads.$get({ param: { id }, query: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } }))),
  /** A plain link (the browser downloads the streamed file itself); the client's `$url` needs an absolute base. */
  leadsCsvUrl: (id: string) => `/api/funnels/${encodeURIComponent(id)}/leads.csv`,
  removeLead: (id: string, leadId: string) => as<undefined>(call(api.api.funnels[':id'].leads[':leadId'].$delete({ param: { id, leadId } }))),
  analytics: (id: string, days: 7 | 30) => as<AnalyticsReport>(call(api.api.funnels[':id'].analytics.$get({ param: { id }, query: { days: String(days) } }))),
  makeWinner: (pageId: string) => as<unknown>(call(api.api.pages[':id'].winner.$post({ param: { id: pageId } }))),
  pages: (filters: { funnelId?: string | undefined; projectId?: string | undefined }, cursor?: string) =>
    paged<PageSummary>(
      call(
        api.api.pages.$get({
          query: {
            ...(filters.funnelId ? { funnelId: filters.funnelId } : {}),
            ...(filters.projectId ? { projectId: filters.projectId } : {}),
            ...(cursor ? { cursor } : {}),
          },
        }),
      ),
    ),
};

/** The user's projects, active first, then archived (their funnels are still listed). */
export async function loadProjects(): Promise<readonly ProjectSummary[]> {
  const [active, archived] = await Promise.all([
    call(api.api.projects.$get({ query: { limit: '100' } })),
    call(api.api.projects.$get({ query: { limit: '100', archived: '1' } })),
  ]);
  return [...active.items, ...archived.items] as readonly ProjectSummary[];
}

/** Projects a new funnel can go into: active ones where the user is an editor or owner. */
export function creatableIn(projects: readonly ProjectSummary[]): ProjectSummary[] {
  return projects.filter((p) => p.role !== 'viewer' && !p.archived);
}
