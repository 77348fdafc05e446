import { AD_LIMITS, type AdKind, type AdStatus, type Placement, type ReviewDecision } from '#common/ads.ts';
import { mediaFileUrl, mediaThumbnailUrl } from '#common/media-urls.ts';
import type { AdCreateInput, AdDetail, AdItem, AdPost, AdReview, AdSummary, AdUpdateInput } from '#common/schemas/ads.ts';
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
import { read, type Read } from '#worker/lib/reads.ts';
import { creationFileUrl, creativeForMember } from '#worker/features/creatives/core/service.ts';
import { renderCreative } from '#worker/features/creatives/render/service.ts';
import { projectImage } from '#worker/features/media/service.ts';
import { cancelScheduled, postsFor } from '#worker/features/instagram/publish-service.ts';
import * as repo from '#worker/features/ads/repo.ts';

/**
 * Ads (PRODUCT.md §4.4): an ad is pictures (creations) + copy + placements with a review
 * status. Created from a creative (its creation of the current revision, rendered for 1
 * credit if there is none) or from creations; shared through an unguessable preview link;
 * reviewed by members and by visitors of that link. Publishing is instagram/publish-service.ts's.
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

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { [field]: [message] });
}

export const previewUrlOf = (origin: string, previewId: string) => `${origin}/preview/${previewId}`;

/* ---------- reading ---------- */

type ItemRow = Awaited<ReturnType<typeof repo.itemsOf>>[number];

function toItem(row: ItemRow): AdItem {
  return {
    position: row.position,
    creationId: row.creationId,
    name: row.name,
    format: row.format,
    width: row.width,
    height: row.height,
    url: creationFileUrl(row.creationId),
    deleted: row.deletedAt !== null,
  };
}

function toSummary(row: repo.AdRow, items: ItemRow[], reviewCount: number, post: AdPost | null): AdSummary {
  const first = items.find((item) => item.deletedAt === null);
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    kind: row.kind,
    status: row.status,
    headline: row.headline,
    placements: row.placements as Placement[],
    revision: row.revision,
    thumbnailUrl: first ? creationFileUrl(first.creationId) : null,
    itemCount: items.length,
    reviewCount,
    post,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function summariesOf(db: Db, rows: repo.AdRow[]): Promise<{ summaries: AdSummary[]; items: Map<string, ItemRow[]> }> {
  const ids = rows.map((row) => row.id);
  const [itemRows, counts, posts] = await Promise.all([repo.itemsOf(db, ids), repo.reviewCounts(db, ids), postsFor(db, ids)]);
  const items = new Map<string, ItemRow[]>();
  for (const item of itemRows) items.set(item.adId, [...(items.get(item.adId) ?? []), item]);
  const reviewCount = new Map(counts.map((c) => [c.adId, Number(c.count)]));
  return {
    summaries: rows.map((row) => toSummary(row, items.get(row.id) ?? [], reviewCount.get(row.id) ?? 0, posts.get(row.id) ?? null)),
    items,
  };
}

async function avatarUrlOf(db: Db, projectId: string, mediaId: string | null): Promise<string | null> {
  if (!mediaId) return null;
  const image = await projectImage(db, projectId, mediaId);
  if (!image) return null;
  return image.thumbnailKey ? mediaThumbnailUrl(image.id, image.thumbnailKey) : mediaFileUrl(image.id);
}

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

/** A project's ads that need someone: waiting for the customer, scheduled or failed posts, and the reviews received. */
export interface AdOverviewRow {
  projectId: string;
  projectName: string;
  inReview: number;
  scheduled: number;
  failed: number;
  reviews: number;
}

/**
 * Per project of the user: how many ads wait for approval (`in_review`), are scheduled or
 * failed to publish, and how many reviews their ads received: the counts of the statuses and
 * review counts that the project's ads list (`GET /api/projects/{id}/ads`) shows. Projects
 * without such an ad or review are left out.
 */
export function adOverviewRead(db: Db, userId: string): Read<{ projects: AdOverviewRow[]; totals: Omit<AdOverviewRow, 'projectId' | 'projectName'> }> {
  return read(repo.adCountsForUser(db, userId), (rows) => {
    const byProject = new Map<string, AdOverviewRow>();
    for (const row of rows) {
      const entry = byProject.get(row.projectId) ?? {
        projectId: row.projectId,
        projectName: row.projectName,
        inReview: 0,
        scheduled: 0,
        failed: 0,
        reviews: 0,
      };
      const count = Number(row.ads);
      if (row.status === 'in_review') entry.inReview += count;
      if (row.status === 'scheduled') entry.scheduled += count;
      if (row.status === 'failed') entry.failed += count;
      entry.reviews += Number(row.reviews);
      byProject.set(row.projectId, entry);
    }
    const projects = [...byProject.values()]
      .filter((p) => p.inReview + p.scheduled + p.failed + p.reviews > 0)
      .sort((a, b) => b.inReview + b.failed - (a.inReview + a.failed) || a.projectName.localeCompare(b.projectName));
    const sum = (key: 'inReview' | 'scheduled' | 'failed' | 'reviews') => projects.reduce((total, p) => total + p[key], 0);
    return { projects, totals: { inReview: sum('inReview'), scheduled: sum('scheduled'), failed: sum('failed'), reviews: sum('reviews') } };
  });
}

/* ---------- pictures and copy ---------- */

/** The kind for `count` pictures: the one asked for if it fits, else 422; by default 1 → single, 2–10 → carousel. */
function kindFor(count: number, asked: AdKind | undefined, field = 'creationIds'): AdKind {
  const kind = asked ?? (count > 1 ? 'carousel' : 'single');
  if (kind === 'carousel' && (count < AD_LIMITS.carouselMin || count > AD_LIMITS.carouselMax)) {
    throw invalid(field, `A carousel holds ${AD_LIMITS.carouselMin} to ${AD_LIMITS.carouselMax} pictures.`);
  }
  if (kind === 'story' && count !== 1) throw invalid(field, 'A story shows exactly one picture.');
  if (kind === 'single' && count !== 1) throw invalid(field, 'A single-image ad shows exactly one picture. Pick carousel for more.');
  return kind;
}

/** Every id must be a live creation of the project, each once. */
async function checkCreations(db: Db, projectId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (new Set(ids).size !== ids.length) throw invalid('creationIds', 'Pick each picture once.');
  const found = await repo.liveCreationsIn(db, projectId, ids);
  if (found.length !== ids.length) throw invalid('creationIds', 'Pick pictures rendered in this project.');
  return new Map(found.map((c) => [c.id, c.name]));
}

async function checkAvatar(db: Db, projectId: string, mediaId: string): Promise<void> {
  if (!(await projectImage(db, projectId, mediaId))) throw invalid('avatarMediaId', 'Pick an image from this project’s media library.');
}

/** The brand kit's logo as the avatar, when it is still a live image of the project. */
async function brandAvatar(db: Db, project: Project): Promise<string | null> {
  const id = project.brandKit.logoMediaId;
  return id && (await projectImage(db, project.id, id)) ? id : null;
}

const defaultPlacements = (kind: AdKind): Placement[] => (kind === 'story' ? ['instagram_story'] : ['instagram_feed']);

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

function toReview(row: repo.AdReviewRow): AdReview {
  return {
    id: row.id,
    reviewerName: row.reviewerName,
    reviewerEmail: row.reviewerEmail,
    member: row.userId !== null,
    decision: row.decision,
    comment: row.comment,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The review thread of an ad, oldest first. */
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

const DECISION_VERB: Record<ReviewDecision, string> = {
  approve: 'approved',
  request_changes: 'requested changes to',
  comment: 'commented on',
};

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
  const members = await repo.membersOf(db, ad.projectId);
  const verb = DECISION_VERB[input.decision];
  const link = `${input.origin}/projects/${ad.projectId}/marketing`;
  for (const member of members) {
    if (member.userId === input.userId) continue;
    await mailer.send({
      kind: 'ad_review',
      to: member.email,
      subject: `${name} ${verb} “${ad.name}”`,
      text: [
        `Hi ${member.name},`,
        '',
        `${name}${input.userId ? '' : ' (through the preview link)'} ${verb} the ad “${ad.name}” (version ${input.revision}).`,
        ...(comment ? ['', comment] : []),
        '',
        'See the ad and its review thread:',
        link,
      ].join('\n'),
    });
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
  const found = await repo.findAdByPreviewId(db, previewId);
  if (!found) return undefined;
  const [items, avatar] = await Promise.all([
    repo.itemsOf(db, [found.ad.id]),
    found.ad.avatarMediaId ? projectImage(db, found.ad.projectId, found.ad.avatarMediaId) : Promise.resolve(undefined),
  ]);
  return {
    ad: { ...found.ad, placements: found.ad.placements as Placement[] },
    project: found.project,
    brand: found.project.brandKit,
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
export async function postContentOf(db: Db, row: repo.AdRow): Promise<{ creationIds: string[]; caption: string }> {
  const items = await repo.itemsOf(db, [row.id]);
  if (items.length === 0 || items.some((item) => item.deletedAt !== null)) {
    throw invalid('creationIds', 'A picture of this ad was deleted. Pick the pictures again, then have the ad approved.');
  }
  return { creationIds: items.map((item) => item.creationId), caption: row.primaryText };
}

/** Approved (or failed before) → scheduled, once the post is scheduled; false when the ad changed meanwhile. */
export async function markScheduled(db: Db, row: repo.AdRow): Promise<boolean> {
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
export async function markUnscheduled(db: Db, adId: string, to: 'approved' | 'failed' = 'approved'): Promise<void> {
  await repo.setStatusIf(db, adId, ['scheduled'], to, new Date());
}

/** The access rule's lookup (`access({ ad: role })`): the ad and the user's membership of its project. */
export async function adForMember(db: Db, id: string, userId: string) {
  const row = await repo.findAdForMember(db, id, userId);
  return row && { project: row.project, role: row.role, resource: row.ad };
}
