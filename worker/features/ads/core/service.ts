import { AD_LIMITS, decisionsFor } from '#common/ads.ts';
import { nextStep } from '#common/approval-chain.ts';
import type { AdCreateInput, AdDetail, AdSummary, AdUpdateInput } from '#common/schemas/ads.ts';
import { clip } from '#common/schemas/fields.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import type { projects } from '#worker/db/schema.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { hasRows, read, type Read } from '#worker/lib/reads.ts';
import { creativeForMember } from '#worker/features/creatives/core/service.ts';
import { renderCreative } from '#worker/features/creatives/render/service.ts';
import { cancelScheduled } from '#worker/features/instagram/publish/service.ts';
import { unscheduledStatus } from '#worker/features/ads/core/publishing.ts';
import { firstRowForMember } from '#worker/features/projects/scope/service.ts';
import { brandAvatar, checkAvatar, checkCreations, defaultPlacements, invalid, kindFor } from '#worker/features/ads/core/checks.ts';
import { approvalOf, chainOf, notifyLevel, type LoadedChain } from '#worker/features/ads/core/chain.ts';
import * as repo from '#worker/features/ads/core/repo.ts';
import { eventStatement } from '#worker/features/webhooks/service.ts';
import { avatarUrlOf, newPreviewId, overviewOf, previewUrlOf, summariesOf, toItem, type AdOverview } from '#worker/features/ads/core/shapes.ts';

/**
 * Ads (PRODUCT.md §4.4): an ad is pictures (creations) + copy + placements with a review
 * status. Created from a creative (its creation of the current revision, rendered for 1
 * credit if there is none) or from creations; shared through an unguessable preview link;
 * reviewed by members and by visitors of that link (reviews.ts; the page is ../preview/).
 * Publishing (publishing.ts) moves the ad's status with its Instagram post. This module is the
 * feature's service: other features reach reviews and publishing through its re-exports.
 */
type Project = typeof projects.$inferSelect;
export type Membership = { project: Project; role: ProjectRole };
export type Actor = { id: string; name: string; email?: string };

/* ---------- reading ---------- */

/**
 * An ad as the workspace shows it. The preview link only to those who may approve: it is the
 * customer's capability (whoever holds it reviews without an account), so a viewer holding it
 * could approve signed out what their role refuses signed in (issue 27). A member who opens a
 * link signed in reviews as themselves, with their role (../preview/).
 */
export async function detail(db: Db, row: repo.AdRow, role: ProjectRole, origin: string, known?: LoadedChain): Promise<AdDetail> {
  const [{ summaries, items }, avatarUrl, chain] = await Promise.all([
    summariesOf(db, [row]),
    avatarUrlOf(db, row.projectId, row.avatarMediaId),
    known ?? chainOf(db, row.projectId),
  ]);
  return {
    ...summaries[0]!,
    role,
    primaryText: row.primaryText,
    description: row.description,
    cta: row.cta,
    destinationUrl: row.destinationUrl,
    pageName: row.pageName,
    avatarMediaId: row.avatarMediaId,
    avatarUrl,
    items: (items.get(row.id) ?? []).map(toItem),
    previewUrl: row.previewId && decisionsFor(role).includes('approve') ? previewUrlOf(origin, row.previewId) : null,
    approval: approvalOf(chain, row),
  };
}

async function fresh(db: Db, id: string): Promise<repo.AdRow> {
  const row = await repo.findLiveAd(db, id);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function listAds(
  db: Db,
  filters: repo.AdFilters,
  limit: number,
  cursor: string | undefined,
): Promise<{ items: AdSummary[]; nextCursor: string | null }> {
  const rows = await repo.listAds(db, filters, limit, decodeCursor(cursor));
  const page = toPage(rows, limit, (row) => encodeCursor(row.createdAt, row.id));
  const { summaries } = await summariesOf(db, page.items);
  return { items: summaries, nextCursor: page.nextCursor };
}

/**
 * Per project of the user: how many ads wait for approval (`in_review`), are scheduled or
 * failed to publish, and how many reviews their ads received: the counts of the statuses and
 * review counts that the project's ads list (`GET /api/projects/{id}/ads`) shows. Projects
 * without such an ad or review are left out.
 */
export function adOverviewRead(db: Db, userId: string): Read<AdOverview> {
  return read(() => repo.adCountsForUser(db, userId), overviewOf);
}

/* ---------- writing ---------- */

/**
 * Creates an ad from a creative (its creation of the current revision; rendered for 1
 * credit when there is none) or from creations of the project. Everything that can be
 * refused is checked before a render is charged.
 */
export async function createAd(
  env: Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER'>,
  db: Db,
  membership: Membership,
  actor: Actor,
  input: AdCreateInput,
  origin: string,
): Promise<AdDetail> {
  const projectId = membership.project.id;
  if ((input.creativeId === undefined) === (input.creationIds === undefined)) {
    throw invalid('creationIds', 'Pick a creative or pictures for the ad (one of the two).');
  }
  let creationIds: string[];
  let firstName: string | undefined;
  const kind = kindFor(input.creationIds?.length ?? 1, input.kind, input.creativeId ? 'kind' : 'creationIds');
  if (input.creativeId !== undefined) {
    const creative = await creativeForMember(db, input.creativeId, actor.id);
    if (!creative || creative.project.id !== projectId) throw invalid('creativeId', 'Pick a creative of this project.');
    const { creation } = await renderCreative(env, db, creative.resource, membership, actor);
    creationIds = [creation.id];
    firstName = creative.resource.name;
  } else {
    creationIds = input.creationIds!;
    firstName = (await checkCreations(db, projectId, creationIds)).get(creationIds[0]!);
  }
  const id = newId();
  const now = new Date();
  await rawBatch(db, [
    repo.insertAd(db, {
      id,
      projectId,
      createdBy: actor.id,
      name: input.name ?? clip(firstName?.trim() || 'Ad', AD_LIMITS.name, '…'),
      kind,
      status: 'draft',
      primaryText: input.primaryText ?? '',
      headline: input.headline ?? '',
      description: input.description ?? '',
      cta: input.cta ?? 'learn_more',
      destinationUrl: input.destinationUrl ?? '',
      pageName: input.pageName || clip(membership.project.name, AD_LIMITS.pageName),
      avatarMediaId: await brandAvatar(db, membership.project),
      placements: input.placements ? [...new Set(input.placements)] : defaultPlacements(kind),
      revision: 1,
      createdAt: now,
      updatedAt: now,
    }),
    repo.insertItems(db, id, creationIds),
    auditStatement(db, { actorUserId: actor.id, action: 'ad.create', targetType: 'ad', targetId: id, projectId, details: { kind, items: creationIds.length } }),
  ]);
  return detail(db, await fresh(db, id), membership.role, origin);
}

const COPY_FIELDS = ['primaryText', 'headline', 'description', 'cta', 'destinationUrl', 'pageName', 'avatarMediaId'] as const;

/**
 * Saves changes: refused (409) on top of a newer revision than the form's; each change
 * is a new revision. A change of copy or pictures sends an approved (or scheduled, or
 * failed) ad back to review, at its chain's first level whose approvers are told (without
 * approval: a draft again), and a scheduled post is canceled; a published ad's copy and
 * pictures stay as they were posted.
 */
export async function updateAd(
  db: Db,
  mailer: Mailer,
  row: repo.AdRow,
  membership: Membership,
  actor: Actor,
  input: AdUpdateInput,
  origin: string,
): Promise<AdDetail> {
  if (input.baseRevision !== undefined && input.baseRevision !== row.revision) {
    throw new AppError('conflict', 'Someone saved a newer version of this ad. Reload to see it; your change was not saved.', {
      _: [`revision:${row.revision}`],
    });
  }
  const set: Partial<repo.AdInsert> = {};
  if (input.name !== undefined && input.name !== row.name) set.name = input.name;
  if (input.placements !== undefined) {
    const placements = [...new Set(input.placements)];
    if (JSON.stringify(placements) !== JSON.stringify(row.placements)) set.placements = placements;
  }
  for (const field of COPY_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== row[field]) Object.assign(set, { [field]: value });
  }
  if (set.avatarMediaId) await checkAvatar(db, row.projectId, set.avatarMediaId);

  const current = (await repo.itemsOf(db, [row.id])).map((item) => item.creationId);
  let pictures: string[] | undefined;
  if (input.creationIds !== undefined && JSON.stringify(input.creationIds) !== JSON.stringify(current)) {
    // Pictures already on the ad may stay even if deleted since; new ones must be live.
    const added = input.creationIds.filter((id) => !current.includes(id));
    if (new Set(input.creationIds).size !== input.creationIds.length) throw invalid('creationIds', 'Pick each picture once.');
    await checkCreations(db, row.projectId, added);
    pictures = input.creationIds;
  }
  const count = (pictures ?? current).length;
  if (input.kind !== undefined || pictures) {
    // New pictures without a kind: a story of one stays a story, else 1 → single, 2–10 → carousel.
    const kind = kindFor(count, input.kind ?? (row.kind === 'story' && count === 1 ? 'story' : undefined));
    if (kind !== row.kind) set.kind = kind;
  }
  const contentChanged = pictures !== undefined || set.kind !== undefined || COPY_FIELDS.some((field) => field in set);
  if (Object.keys(set).length === 0 && !pictures) return detail(db, row, membership.role, origin);
  if (contentChanged && row.status === 'published') {
    throw new AppError('conflict', 'This ad is published: its copy and pictures stay as they were posted. Create a new ad to change them.');
  }
  // What a change of content does to the ad's approval is its chain's: back to review (at the first level, whose approvers are told), or a draft without approval.
  const chain = contentChanged ? await chainOf(db, row.projectId) : undefined;
  const edit = chain ? nextStep(chain.rules, { status: row.status, level: row.approvalLevel }, { type: 'edit' }) : undefined;
  const move = edit?.kind === 'move' ? edit : undefined;
  if (move && move.to.status !== row.status) set.status = move.to.status;
  if (contentChanged && row.status === 'scheduled' && !(await cancelScheduled(db, row.id))) {
    throw new AppError('conflict', 'This ad is being published right now. Wait until it is done.');
  }

  const now = new Date();
  const results = await rawBatch(db, [
    ...(pictures ? repo.replaceItemsIfUnchanged(db, row, pictures) : []),
    // What a level approved is not what the next one would see: a change of content starts the chain again at its first level.
    repo.updateAdIfUnchanged(db, row, { ...set, ...(contentChanged ? { approvalLevel: 0 } : {}), revision: row.revision + 1, updatedAt: now }),
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'ad.update',
      targetType: 'ad',
      targetId: row.id,
      projectId: row.projectId,
      details: { fields: [...Object.keys(set), ...(pictures ? ['creationIds'] : [])], revision: row.revision + 1 },
    }),
  ]);
  if (results[pictures ? 2 : 0]?.meta.changes === 0) {
    // The post was canceled for a change that did not land: the ad is no longer scheduled.
    if (row.status === 'scheduled' && set.status) await repo.setStatusIf(db, row.id, ['scheduled'], await unscheduledStatus(db, row), now);
    throw new AppError('conflict', 'Someone changed this ad at the same moment. Reload to see their change; yours was not saved.');
  }
  if (chain && move?.notify != null) await notifyLevel(db, mailer, chain, move.notify, row, origin);
  return detail(db, await fresh(db, row.id), membership.role, origin, chain);
}

export async function deleteAd(db: Db, row: repo.AdRow, actor: Actor): Promise<void> {
  if (row.status === 'scheduled' && !(await cancelScheduled(db, row.id))) {
    throw new AppError('conflict', 'This ad is being published right now. Wait until it is done, then delete it.');
  }
  await rawBatch(db, [
    repo.softDeleteAd(db, row.id, new Date()),
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'ad.delete', targetType: 'ad', targetId: row.id, projectId: row.projectId }),
  ]);
}

/** Why a new ad of the project could not be sent for review (its chain: `none` refuses), or null: asked before creating one that is to be submitted. */
export async function submitRefusal(db: Db, projectId: string): Promise<AppError | null> {
  const chain = await chainOf(db, projectId);
  const step = nextStep(chain.rules, { status: 'draft', level: 0 }, { type: 'submit' });
  return step.kind === 'refuse' ? new AppError(step.code, step.message) : null;
}

/**
 * Draft or changes requested → in review (again), at the chain's first level, whose approvers
 * are told; in review already: as it is; a project without approval refuses (409).
 */
export async function submitAd(db: Db, mailer: Mailer, row: repo.AdRow, membership: Membership, actor: Actor, origin: string): Promise<AdDetail> {
  const chain = await chainOf(db, row.projectId);
  const step = nextStep(chain.rules, { status: row.status, level: row.approvalLevel }, { type: 'submit' });
  if (step.kind === 'refuse') throw new AppError(step.code, step.message);
  if (step.kind !== 'move') return detail(db, row, membership.role, origin);
  const items = await repo.itemsOf(db, [row.id]);
  if (items.length === 0) throw invalid('creationIds', 'Add a picture before sending the ad for review.');
  // The move, its audit entry and its event in one batch, each written only when the one before changed its row.
  const event = eventStatement(db, row.projectId, 'ad.submitted', { adId: row.id, name: row.name }, `/projects/${row.projectId}/marketing`, 'changed');
  const results = await rawBatch(db, [
    repo.moveIf(db, row, step.to, { version: chain.version }, new Date()),
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'ad.submit',
      targetType: 'ad',
      targetId: row.id,
      projectId: row.projectId,
      details: { from: row.status },
    }),
    event.statement,
  ]);
  if (results[0]?.meta.changes === 0) throw new AppError('conflict', 'This ad changed at the same moment. Reload and try again.');
  await event.queue(results[2]);
  if (step.notify !== null) await notifyLevel(db, mailer, chain, step.notify, row, origin);
  return detail(db, await fresh(db, row.id), membership.role, origin, chain);
}

/** A new preview link (the old one stops working at once). */
export async function sharePreview(db: Db, row: repo.AdRow, actor: Actor, origin: string): Promise<{ previewUrl: string }> {
  const previewId = newPreviewId();
  const results = await rawBatch(db, [
    repo.setPreviewId(db, row.id, previewId),
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'ad.preview_link', targetType: 'ad', targetId: row.id, projectId: row.projectId }),
  ]);
  if (results[0]?.meta.changes === 0) throw new AppError('not_found');
  return { previewUrl: previewUrlOf(origin, previewId) };
}

export async function revokePreview(db: Db, row: repo.AdRow, actor: Actor): Promise<void> {
  await rawBatch(db, [
    repo.setPreviewId(db, row.id, null),
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'ad.preview_revoke', targetType: 'ad', targetId: row.id, projectId: row.projectId }),
  ]);
}

/** The access rule's lookup (`access({ ad: role })`): the ad and the user's membership of its project, in one batch. */
export function adForMember(db: Db, id: string, userId: string) {
  return firstRowForMember(db, repo.liveAdQuery(db, id), repo.projectOfAd(id), userId);
}

/** A project's live ads (those among `ids` when given), most recently changed first, at most `limit` (what a presentation shows). */
export function projectAds(db: Db, projectId: string, ids: readonly string[] | null, limit = 30) {
  return repo.projectAds(db, projectId, ids, limit);
}

/** Live ads by id, in any project (the content calendar names the ads of its posts; the caller has checked membership). */
export function liveAdsByIds(db: Db, ids: readonly string[]) {
  return repo.liveAdsByIds(db, ids);
}

/** The live pictures of ads, in order, with their creation's name and size (a presentation's ads). */
export function livePicturesOf(db: Db, adIds: readonly string[]) {
  return repo.livePicturesOf(db, adIds);
}

export { MAX_REVIEWS_PER_AD, adForPreview, memberReview, recordReview, reviewStep, reviewsOf, type ReviewInput } from '#worker/features/ads/core/reviews.ts';
export { boardReviewMail } from '#worker/features/ads/core/review-mail.ts';
export { cancelPublish, publishAd, recordPostOutcome, reschedulePublish, settleStrandedAds } from '#worker/features/ads/core/publishing.ts';
export { chainDetail, chainOf, outsideMailOf, saveChain, type LoadedChain } from '#worker/features/ads/core/chain.ts';
export { BOARD_ADS, adFileOf, adsWaitingForCustomer, waitsForCustomer, type WaitingAd } from '#worker/features/ads/core/waiting.ts';

/** The admin's support view of a project: its newest ads (a query for one batch) and their count (a subquery). */
export { adCount, newestAdsQuery } from '#worker/features/ads/core/repo.ts';

/** Whether a customer approved an ad of the user's projects. */
export function anyApprovedAdRead(db: Db, userId: string): Read<boolean> {
  return hasRows(() => repo.anyApprovedAdQuery(db, userId));
}
