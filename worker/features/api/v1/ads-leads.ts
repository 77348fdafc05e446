import { sql } from 'drizzle-orm';
import type { V1Ad, V1AdCreateInput, V1FunnelList, V1LeadPage } from '#common/schemas/api-v1-ads.ts';
import type { AdDetail } from '#common/schemas/ads.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import * as ads from '#worker/features/ads/core/service.ts';
import { funnelForMember, listFunnels } from '#worker/features/funnels/core/service.ts';
import { deleteLead, leadsSince } from '#worker/features/funnels/leads/service.ts';
import { membershipOf, ownerOf, type Membership } from '#worker/features/projects/scope/service.ts';

/**
 * Ads and leads through the public API (issue 31 point 2, decision 0045). A key is its project's
 * (its owner made it, decision 0040), so what it writes is done as the project's owner: the
 * same service calls as the workspace's ad form, submit and GDPR delete, with the same rules,
 * states, refusals and audit entries (their actor the owner; the minute's `api_key.use` entry
 * names the key). Every id is looked up for the owner and then held to the key's project: an
 * id of another project — even one the same owner owns — is a 404.
 */

const API_ACTOR_NAME = 'API';

interface Acting {
  membership: Membership;
  actor: { id: string; name: string };
}

/** The project's owner, as whom the key acts (404 when the project has none: it is gone). */
async function actingOwner(db: Db, projectId: string): Promise<Acting> {
  const row = await db.get<{ userId: string | null }>(sql`SELECT ${ownerOf(projectId)} AS userId`);
  const membership = row?.userId ? await membershipOf(db, projectId, row.userId) : undefined;
  if (!row?.userId || !membership) throw new AppError('not_found');
  return { membership, actor: { id: row.userId, name: API_ACTOR_NAME } };
}

async function toV1Ad(db: Db, ad: AdDetail): Promise<V1Ad> {
  const reviews = await ads.reviewsOf(db, ad.id);
  return {
    id: ad.id,
    name: ad.name,
    kind: ad.kind,
    status: ad.status,
    revision: ad.revision,
    creationIds: ad.items.map((item) => item.creationId),
    primaryText: ad.primaryText,
    headline: ad.headline,
    description: ad.description,
    cta: ad.cta,
    destinationUrl: ad.destinationUrl,
    pageName: ad.pageName,
    placements: ad.placements,
    reviews: reviews.map((r) => ({
      decision: r.decision,
      comment: r.comment,
      reviewerName: r.reviewerName,
      member: r.member,
      revision: r.revision,
      createdAt: r.createdAt,
    })),
    previewUrl: ad.previewUrl,
    createdAt: ad.createdAt,
    updatedAt: ad.updatedAt,
  };
}

/** The ad `id` of the key's project, with the owner's membership. */
async function adOfProject(db: Db, projectId: string, id: string) {
  const { membership, actor } = await actingOwner(db, projectId);
  const found = looksLikeId(id) ? await ads.adForMember(db, id, actor.id) : undefined;
  if (!found || found.resource.projectId !== projectId) throw new AppError('not_found');
  return { row: found.resource, membership, actor };
}

/** Creates the ad as the workspace's form does (from creations of the project) and, with `submit`, sends it for review (refused first, nothing created, where the project publishes without approval). */
export async function createAd(
  env: Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER'>,
  db: Db,
  projectId: string,
  mailer: Mailer,
  input: V1AdCreateInput,
  origin: string,
): Promise<V1Ad> {
  const { submit, ...form } = input;
  const { membership, actor } = await actingOwner(db, projectId);
  // A submit the project's chain refuses (no approval) is refused before anything is stored.
  const refusal = submit ? await ads.submitRefusal(db, projectId) : null;
  if (refusal) throw refusal;
  const created = await ads.createAd(env, db, membership, actor, form, origin);
  return submit ? submitAd(db, mailer, projectId, created.id, origin) : toV1Ad(db, created);
}

export async function getAd(db: Db, projectId: string, id: string, origin: string): Promise<V1Ad> {
  const { row, membership } = await adOfProject(db, projectId, id);
  return toV1Ad(db, await ads.detail(db, row, membership.role, origin));
}

/** Draft or changes requested → in review, as the workspace's button (in review already: as it is; otherwise 409). */
export async function submitAd(db: Db, mailer: Mailer, projectId: string, id: string, origin: string): Promise<V1Ad> {
  const { row, membership, actor } = await adOfProject(db, projectId, id);
  return toV1Ad(db, await ads.submitAd(db, mailer, row, membership, actor, origin));
}

export async function funnels(db: Db, projectId: string, origin: string): Promise<V1FunnelList> {
  const { actor } = await actingOwner(db, projectId);
  const { items } = await listFunnels(db, actor.id, projectId, origin);
  return { items: items.map((f) => ({ id: f.id, name: f.name, title: f.title, createdAt: f.createdAt })) };
}

async function funnelOfProject(db: Db, projectId: string, id: string) {
  const { actor } = await actingOwner(db, projectId);
  const found = looksLikeId(id) ? await funnelForMember(db, id, actor.id) : undefined;
  if (!found || found.resource.projectId !== projectId) throw new AppError('not_found');
  return { funnel: found.resource, actor };
}

export async function leads(db: Db, projectId: string, funnelId: string, query: { since?: string; cursor?: string; limit?: number }): Promise<V1LeadPage> {
  const { funnel } = await funnelOfProject(db, projectId, funnelId);
  return leadsSince(db, funnel.id, { since: query.since ? new Date(query.since) : undefined, cursor: query.cursor, limit: query.limit ?? 50 });
}

/** The workspace's GDPR delete: the lead is gone, the audit log says who and which, not what. */
export async function removeLead(db: Db, projectId: string, funnelId: string, leadId: string): Promise<void> {
  const { funnel, actor } = await funnelOfProject(db, projectId, funnelId);
  if (!looksLikeId(leadId)) throw new AppError('not_found');
  await deleteLead(db, funnel, actor, leadId);
}
