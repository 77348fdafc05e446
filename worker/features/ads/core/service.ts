import { AD_LIMITS, type AdStatus, type Placement, type ReviewDecision } from '#common/ads.ts';
import type { AdCreateInput, AdDetail, AdPost, AdReview, AdSummary, AdUpdateInput } from '#common/schemas/ads.ts';
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
import { combine, read, run, type Read } from '#worker/lib/reads.ts';
import { creativeForMember } from '#worker/features/creatives/core/service.ts';
import { renderCreative } from '#worker/features/creatives/render/service.ts';
import { projectImage } from '#worker/features/media/service.ts';
import { cancelScheduled, postsFor, publishDue, schedulePost } from '#worker/features/instagram/publish/service.ts';
import { firstRowForMember, liveProjectRead, membersOf } from '#worker/features/projects/scope/service.ts';
import { brandAvatar, checkAvatar, checkCreations, defaultPlacements, invalid, kindFor } from '#worker/features/ads/core/checks.ts';
import * as repo from '#worker/features/ads/core/repo.ts';
import { reviewMail } from '#worker/features/ads/core/review-mail.ts';
import { avatarUrlOf, overviewOf, summariesOf, toItem, toReview, type AdOverview } from '#worker/features/ads/core/shapes.ts';

/**
 * Ads (PRODUCT.md §4.4): an ad is pictures (creations) + copy + placements with a review
 * status. Created from a creative (its creation of the current revision, rendered for 1
 * credit if there is none) or from creations; shared through an unguessable preview link;
 * reviewed by members and by visitors of that link (the page is ../preview/). Publishing is
 * instagram/publish/service.ts's; this side moves the ad's status with its post.
 */
type Project = typeof projects.$inferSelect;
export type Membership = { project: Project; role: ProjectRole };
export type Actor = { id: string; name: string; email?: string };

/** Preview link secrets: 24 random bytes (192 bits), 32 base64url characters. */
const PREVIEW_ID_BYTES = 24;
/** Reviews one ad can take (a bound on the thread and on the emails a flood of reviews could send). */
export const MAX_REVIEWS_PER_AD = 500;
/** Statuses in which a review moves the ad (approve → approved, request changes → changes requested). */
const REVIEWABLE: readonly AdStatus[] = ['in_review', 'approved', 'changes_requested'];

export const previewUrlOf = (origin: string, previewId: string) => `${origin}/preview/${previewId}`;

/* ---------- reading ---------- */

export async function detail(db: Db, row: repo.AdRow, role: ProjectRole, origin: string): Promise<AdDetail> {
  const [{ summaries, items }, avatarUrl] = await Promise.all([summariesOf(db, [row]), avatarUrlOf(db, row.projectId, row.avatarMediaId)]);
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
    previewUrl: row.previewId ? previewUrlOf(origin, row.previewId) : null,
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
  return read(repo.adCountsForUser(db, userId), overviewOf);
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
 * failed) ad back to review, and a scheduled post is canceled; a published ad's copy and
 * pictures stay as they were posted.
 */
export async function updateAd(db: Db, row: repo.AdRow, membership: Membership, actor: Actor, input: AdUpdateInput, origin: string): Promise<AdDetail> {
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
  if (contentChanged && (row.status === 'approved' || row.status === 'scheduled' || row.status === 'failed')) set.status = 'in_review';
  if (contentChanged && row.status === 'scheduled' && !(await cancelScheduled(db, row.id))) {
    throw new AppError('conflict', 'This ad is being published right now. Wait until it is done.');
  }

  const now = new Date();
  const results = await rawBatch(db, [
    ...(pictures ? repo.replaceItemsIfUnchanged(db, row, pictures) : []),
    repo.updateAdIfUnchanged(db, row, { ...set, revision: row.revision + 1, updatedAt: now }),
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
    if (row.status === 'scheduled' && set.status) await repo.setStatusIf(db, row.id, ['scheduled'], 'approved', now);
    throw new AppError('conflict', 'Someone changed this ad at the same moment. Reload to see their change; yours was not saved.');
  }
  return detail(db, await fresh(db, row.id), membership.role, origin);
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

/** Draft or changes requested → in review (again); in review already: as it is. */
export async function submitAd(db: Db, row: repo.AdRow, membership: Membership, actor: Actor, origin: string): Promise<AdDetail> {
  if (row.status === 'in_review') return detail(db, row, membership.role, origin);
  if (row.status !== 'draft' && row.status !== 'changes_requested') {
    throw new AppError('conflict', 'Only a draft, or an ad with changes requested, can be sent for review.');
  }
  const items = await repo.itemsOf(db, [row.id]);
  if (items.length === 0) throw invalid('creationIds', 'Add a picture before sending the ad for review.');
  const results = await rawBatch(db, [
    repo.setStatusIf(db, row.id, [row.status], 'in_review', new Date()),
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'ad.submit',
      targetType: 'ad',
      targetId: row.id,
      projectId: row.projectId,
      details: { from: row.status },
    }),
  ]);
  if (results[0]?.meta.changes === 0) throw new AppError('conflict', 'This ad changed at the same moment. Reload and try again.');
  return detail(db, await fresh(db, row.id), membership.role, origin);
}

/** A new preview link (the old one stops working at once). */
export async function sharePreview(db: Db, row: repo.AdRow, actor: Actor, origin: string): Promise<{ previewUrl: string }> {
  const previewId = newId(PREVIEW_ID_BYTES);
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

/* ---------- reviews ---------- */

export async function reviewsOf(db: Db, adId: string): Promise<AdReview[]> {
  return (await repo.reviewsOf(db, adId)).map(toReview);
}

export interface ReviewInput {
  decision: ReviewDecision;
  comment: string;
  reviewerName: string;
  reviewerEmail: string | null;
  /** The member who reviewed in the workspace; null for a visitor of the preview link. */
  userId: string | null;
  /** The ad's revision the reviewer saw. */
  revision: number;
  /** The site's origin, for the link in the emails. */
  origin: string;
}

/**
 * Records a review (from the preview page or a member) and, when it was given on the ad's
 * current revision while the ad is in review, approved or has changes requested, moves the
 * status: approve → approved, request changes → changes requested (one conditional update,
 * in the same batch as the review). A review of an older revision is kept as a comment on
 * it. Every member of the project but the reviewer gets one email about it.
 */
export async function recordReview(db: Db, mailer: Mailer, ad: repo.AdRow, input: ReviewInput): Promise<AdReview> {
  const comment = input.comment.trim();
  if (input.decision === 'request_changes' && comment === '') throw invalid('comment', 'Say what should change.');
  if (comment.length > AD_LIMITS.comment) throw invalid('comment', `Use at most ${AD_LIMITS.comment.toLocaleString('en')} characters.`);
  const name = clip(input.reviewerName.trim(), AD_LIMITS.reviewerName);
  if (name === '') throw invalid('name', 'Enter your name.');
  const now = new Date();
  const review = {
    id: newId(),
    adId: ad.id,
    userId: input.userId,
    reviewerName: name,
    reviewerEmail: input.reviewerEmail,
    decision: input.decision,
    comment,
    revision: input.revision,
    createdAt: now,
  };
  const target: AdStatus | undefined = input.decision === 'approve' ? 'approved' : input.decision === 'request_changes' ? 'changes_requested' : undefined;
  // The review, its audit entry and the status move only when the review found room (each guarded by the one before).
  const [inserted] = await rawBatch(db, [
    repo.insertReviewIfRoom(db, review, MAX_REVIEWS_PER_AD),
    auditIfChangedStatement(db, {
      actorUserId: input.userId,
      action: 'ad.review',
      targetType: 'ad',
      targetId: ad.id,
      projectId: ad.projectId,
      details: { decision: input.decision, revision: input.revision },
    }),
    ...(target ? [repo.setStatusIf(db, ad.id, REVIEWABLE, target, now, input.revision, true)] : []),
  ]);
  if (inserted?.meta.changes === 0) {
    throw new AppError('conflict', `This ad has ${MAX_REVIEWS_PER_AD} reviews, as many as it can take. Create a new ad to collect more.`);
  }
  const members = await run(db, membersOf(db, ad.projectId));
  for (const member of members) {
    if (member.userId === input.userId) continue;
    await mailer.send(reviewMail(member, ad, { ...input, reviewerName: name, comment }));
  }
  return toReview(review);
}

/** A member's review in the workspace: their name and address, on the current revision. */
export async function memberReview(
  db: Db,
  mailer: Mailer,
  row: repo.AdRow,
  user: { id: string; name: string; email: string },
  input: { decision: ReviewDecision; comment?: string | undefined },
  origin: string,
): Promise<AdReview> {
  return recordReview(db, mailer, row, {
    decision: input.decision,
    comment: input.comment ?? '',
    reviewerName: user.name,
    reviewerEmail: user.email,
    userId: user.id,
    revision: row.revision,
    origin,
  });
}

/* ---------- the preview page and publishing ---------- */

/**
 * The ad behind a preview link with what the public page shows: its live pictures (with
 * their R2 keys), its project, and the avatar (the ad's, else nothing) as an R2 object.
 */
export async function adForPreview(db: Db, previewId: string) {
  // The ad and its live project in one batch.
  const { ad, project } = await run(
    db,
    combine({ ad: read(repo.adByPreviewIdQuery(db, previewId), ([row]) => row), project: liveProjectRead(db, repo.projectOfPreview(previewId)) }),
  );
  if (!ad || !project) return undefined;
  const [items, avatar] = await Promise.all([
    repo.itemsOf(db, [ad.id]),
    ad.avatarMediaId ? projectImage(db, ad.projectId, ad.avatarMediaId) : Promise.resolve(undefined),
  ]);
  return {
    ad: { ...ad, placements: ad.placements as Placement[] },
    project,
    brand: project.brandKit,
    items: items
      .filter((item) => item.deletedAt === null)
      .map(({ position, creationId, width, height, format, r2Key }) => ({ position, creationId, width, height, format, r2Key })),
    // The thumbnail when there is one (small; R2 keeps its own content type), else the file.
    avatar: avatar ? { r2Key: avatar.thumbnailKey ?? avatar.r2Key, contentType: avatar.mime } : null,
  };
}

/** The publish job's callback: a scheduled ad becomes published or failed (only while it is scheduled). */
export async function recordPostOutcome(db: Db, adId: string, status: 'published' | 'failed'): Promise<void> {
  await repo.setStatusIf(db, adId, ['scheduled'], status, new Date());
}

/** What a post of the ad publishes: its live pictures in order and its caption; 422 when a picture is gone. */
async function postContentOf(db: Db, row: repo.AdRow): Promise<{ creationIds: string[]; caption: string }> {
  const items = await repo.itemsOf(db, [row.id]);
  if (items.length === 0 || items.some((item) => item.deletedAt !== null)) {
    throw invalid('creationIds', 'A picture of this ad was deleted. Pick the pictures again, then have the ad approved.');
  }
  return { creationIds: items.map((item) => item.creationId), caption: row.primaryText };
}

/** Approved (or failed before) → scheduled, once the post is scheduled; false when the ad changed meanwhile. */
async function markScheduled(db: Db, row: repo.AdRow): Promise<boolean> {
  const [result] = await rawBatch(db, [repo.setStatusIf(db, row.id, ['approved', 'failed'], 'scheduled', new Date(), row.revision)]);
  return (result?.meta.changes ?? 0) > 0;
}

/** How long an ad may show "scheduled" without a matching post before the repair pass looks at it. */
const STRANDED_AFTER_MS = 10 * 60_000;

/**
 * The every-minute job's repair pass: an ad still "scheduled" whose post has settled (a run
 * that died between the post's last write and the ad's), or that has no live post at all
 * (a request that died between marking the ad and making its post), gets the post's outcome
 * or is approved again. Returns how many ads it moved.
 */
export async function settleStrandedAds(db: Db, now: Date, limit = 100): Promise<number> {
  const stranded = await repo.scheduledAdsBefore(db, new Date(now.getTime() - STRANDED_AFTER_MS), limit);
  if (stranded.length === 0) return 0;
  const posts = await postsFor(
    db,
    stranded.map((ad) => ad.id),
  );
  let moved = 0;
  for (const { id } of stranded) {
    const post = posts.get(id);
    if (post?.status === 'scheduled' || post?.status === 'publishing') continue;
    const to = post?.status === 'published' ? 'published' : post?.status === 'failed' ? 'failed' : 'approved';
    const [result] = await rawBatch(db, [repo.setStatusIf(db, id, ['scheduled'], to, now)]);
    moved += result?.meta.changes ?? 0;
  }
  return moved;
}

/** A scheduled ad whose post was canceled (or could not be made) is approved again, or back to where it was. */
async function markUnscheduled(db: Db, adId: string, to: 'approved' | 'failed' = 'approved'): Promise<void> {
  await repo.setStatusIf(db, adId, ['scheduled'], to, new Date());
}

/**
 * Publishes an approved (or failed) ad to the project's Instagram account: now (no `at`) or
 * at a time. Returns the post and, to publish now, the run to start once the answer is out.
 */
export async function publishAd(
  db: Db,
  env: Parameters<typeof publishDue>[1],
  ad: repo.AdRow,
  input: { at?: string | undefined; userId: string; origin: string },
): Promise<{ post: AdPost; run?: () => Promise<unknown> }> {
  if (ad.status !== 'approved' && ad.status !== 'failed') {
    throw new AppError(
      'conflict',
      ad.status === 'scheduled' || ad.status === 'published' ? 'This ad is already scheduled or published.' : 'Only an approved ad can be published.',
    );
  }
  const { creationIds, caption } = await postContentOf(db, ad);
  const { at, origin } = input;
  const now = new Date();
  // The ad is marked scheduled first (conditionally, at the revision read): the job can then
  // never settle a post whose ad does not show it yet.
  if (!(await markScheduled(db, ad))) throw new AppError('conflict', 'This ad changed at the same moment. Reload and try again.');
  let post: AdPost;
  try {
    post = await schedulePost(
      db,
      env,
      { projectId: ad.projectId, adId: ad.id, kind: ad.kind, creationIds, caption, ...(at ? { at: new Date(at) } : {}), createdBy: input.userId, origin },
      now,
    );
  } catch (error) {
    await markUnscheduled(db, ad.id, ad.status === 'failed' ? 'failed' : 'approved');
    throw error;
  }
  if (at) return { post };
  const postId = post.id;
  const run = () =>
    publishDue(db, env, now, {
      owner: crypto.randomUUID(),
      postId,
      origin,
      onSettled: (adId, outcome) => recordPostOutcome(db, adId, outcome),
    }).catch((error: unknown) => {
      console.error(
        JSON.stringify({ level: 'error', message: 'publish_now_failed', adId: ad.id, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  return { post, run };
}

/** Cancels a scheduled post the job has not started on: the ad is approved again. */
export async function cancelPublish(db: Db, ad: repo.AdRow): Promise<void> {
  if (!(await cancelScheduled(db, ad.id))) throw new AppError('conflict', 'Nothing is scheduled for this ad, or it is being published right now.');
  await markUnscheduled(db, ad.id);
}

/** The access rule's lookup (`access({ ad: role })`): the ad and the user's membership of its project, in one batch. */
export function adForMember(db: Db, id: string, userId: string) {
  return firstRowForMember(db, repo.liveAdQuery(db, id), repo.projectOfAd(id), userId);
}

/** A project's live ads (those among `ids` when given), most recently changed first, at most `limit` (what a presentation shows). */
export function projectAds(db: Db, projectId: string, ids: readonly string[] | null, limit = 30) {
  return repo.projectAds(db, projectId, ids, limit);
}

/** The live pictures of ads, in order, with their creation's name and size (a presentation's ads). */
export function livePicturesOf(db: Db, adIds: readonly string[]) {
  return repo.livePicturesOf(db, adIds);
}

/** The admin's support view of a project: its newest ads (a query for one batch) and their count (a subquery). */
export { adCount, newestAdsQuery } from '#worker/features/ads/core/repo.ts';
