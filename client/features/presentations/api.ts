import { themeFromBrandKit, type FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { PresentationRecipient, PresentationRequest, PresentationTalk, RecipientCreateInput } from '#common/schemas/presentation-talk.ts';
import type { PresentationCreateInput, PresentationUpdateInput } from '#common/schemas/presentations.ts';
import type { ProjectDetail, ProjectSummary } from '#common/schemas/projects.ts';
import { api, call } from '#client/lib/api.ts';
import type { Page } from '#client/lib/use-paged.ts';
import type { Presentation, PresentationSources, PresentationStats, PresentationSummary } from '#client/features/presentations/model.ts';

export type Scope = 'mine' | 'all';
export type PresentationPatch = PresentationUpdateInput;

/** The response types are the shared ones (common/schemas/presentations.ts); the client's inferred JSON types are the same shapes. */
const as = <T>(request: Promise<unknown>) => request as Promise<T>;

const byId = api.api.presentations[':id'];

/** The presentations endpoints (plan-13 Contracts), typed with the shared response types. */
export const presentationsApi = {
  list: (scope: Scope, q: string, cursor?: string) =>
    as<Page<PresentationSummary>>(call(api.api.presentations.$get({ query: { scope, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } }))),
  create: (json: PresentationCreateInput) => as<Presentation>(call(api.api.presentations.$post({ json }))),
  get: (id: string) => as<Presentation>(call(byId.$get({ param: { id } }))),
  update: (id: string, json: PresentationPatch) => as<Presentation>(call(byId.$patch({ param: { id }, json }))),
  remove: (id: string) => as<undefined>(call(byId.$delete({ param: { id } }))),
  publish: (id: string) => as<Presentation>(call(byId.publish.$post({ param: { id } }))),
  unpublish: (id: string) => as<Presentation>(call(byId.unpublish.$post({ param: { id } }))),
  duplicate: (id: string) => as<Presentation>(call(byId.duplicate.$post({ param: { id } }))),
  extend: (id: string) => as<Presentation>(call(byId.extend.$post({ param: { id } }))),
  stats: (id: string, days: 7 | 30) => as<PresentationStats>(call(byId.stats.$get({ param: { id }, query: { days: String(days) as '7' | '30' } }))),
  sources: (id: string) => as<PresentationSources>(call(byId.sources.$get({ param: { id } }))),
  /** Recipients, requests and the visit timeline (decision 0056). */
  talk: (id: string) => as<PresentationTalk>(call(byId.talk.$get({ param: { id } }))),
  addRecipient: (id: string, json: RecipientCreateInput) => as<PresentationRecipient>(call(byId.recipients.$post({ param: { id }, json }))),
  revokeRecipient: (id: string, recipientId: string) =>
    as<PresentationRecipient>(call(byId.recipients[':recipientId'].revoke.$post({ param: { id, recipientId } }))),
  grantRequest: (id: string, requestId: string) => as<PresentationRequest>(call(byId.requests[':requestId'].grant.$post({ param: { id, requestId } }))),
};

/** The projects a presentation can be prefilled from: active ones the user edits or owns. */
export async function projectsForPrefill(): Promise<Pick<ProjectSummary, 'id' | 'name'>[]> {
  const { items } = await call(api.api.projects.$get({ query: { limit: '100' } }));
  return (items as ProjectSummary[]).filter((p) => p.role !== 'viewer' && !p.archived).map((p) => ({ id: p.id, name: p.name }));
}

/** The project's brand kit as a theme, or null when the user cannot read the project (an admin on someone else's). */
export async function brandThemeOf(projectId: string): Promise<FunnelTheme | null> {
  try {
    const project = (await call(api.api.projects[':projectId'].$get({ param: { projectId } }))) as ProjectDetail;
    return themeFromBrandKit(project.brandKit);
  } catch {
    return null;
  }
}
