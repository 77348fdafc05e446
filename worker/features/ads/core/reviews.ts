import { AD_LIMITS, VIEWER_REVIEW_MESSAGE, decisionsFor, type AdStatus, type Placement, type ReviewDecision } from '#common/ads.ts';
import type { AdReview } from '#common/schemas/ads.ts';
import { clip } from '#common/schemas/fields.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { projectArchivedError } from '#worker/lib/archived.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { combine, constant, read, run } from '#worker/lib/reads.ts';
import { projectImage } from '#worker/features/media/service.ts';
import { liveProjectRead, membersOf, membershipRead } from '#worker/features/projects/scope/service.ts';
import { invalid } from '#worker/features/ads/core/checks.ts';
import * as repo from '#worker/features/ads/core/repo.ts';
import { eventStatement } from '#worker/features/webhooks/service.ts';
import { reviewMail } from '#worker/features/ads/core/review-mail.ts';
import { toReview } from '#worker/features/ads/core/shapes.ts';

/**
 * An ad's reviews: by members in the workspace and by visitors of its preview link (the page
 * is ../preview/), and what that page shows. Reached through the ads service (service.ts).
 */

/** Reviews one ad can take (a bound on the thread and on the emails a flood of reviews could send). */
export const MAX_REVIEWS_PER_AD = 500;
/** Statuses in which a review moves the ad (approve → approved, request changes → changes requested). */
const REVIEWABLE: readonly AdStatus[] = ['in_review', 'approved', 'changes_requested'];

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
  // The review, its audit entry, the status move and its event only when the review found room (each guarded by the one before).
  const event = target
    ? eventStatement(
        db,
        ad.projectId,
        target === 'approved' ? 'ad.approved' : 'ad.changes_requested',
        { adId: ad.id, name: ad.name, revision: input.revision },
        `/projects/${ad.projectId}/marketing`,
        'changed',
      )
    : undefined;
  const [inserted, , , outbox] = await rawBatch(db, [
    repo.insertReviewIfRoom(db, review, MAX_REVIEWS_PER_AD),
    auditIfChangedStatement(db, {
      actorUserId: input.userId,
      action: 'ad.review',
      targetType: 'ad',
      targetId: ad.id,
      projectId: ad.projectId,
      details: { decision: input.decision, revision: input.revision },
    }),
    ...(target && event ? [repo.setStatusIf(db, ad.id, REVIEWABLE, target, now, input.revision, true), event.statement] : []),
  ]);
  if (inserted?.meta.changes === 0) {
    throw new AppError('conflict', `This ad has ${MAX_REVIEWS_PER_AD} reviews, as many as it can take. Create a new ad to collect more.`);
  }
  // The statement's result holds the deliveries it wrote: none when the status did not move.
  await event?.queue(outbox);
  const members = await run(db, membersOf(db, ad.projectId));
  for (const member of members) {
    if (member.userId === input.userId) continue;
    await mailer.send(reviewMail(member, ad, { ...input, reviewerName: name, comment }));
  }
  return toReview(review);
}

/**
 * Refuses (403) a decision the member's role does not give: viewers comment, editors and the
 * owner also approve and request changes. An archived project takes no reviews (409).
 */
export function refuseMemberReview(membership: { role: ProjectRole; project: { archivedAt: Date | null } }, decision: ReviewDecision): void {
  if (!decisionsFor(membership.role).includes(decision)) throw new AppError('forbidden', VIEWER_REVIEW_MESSAGE);
  if (membership.project.archivedAt !== null) throw projectArchivedError();
}

/** A member's review (in the workspace, or signed in on the preview page): their name and address, as their role allows. */
export async function memberReview(
  db: Db,
  mailer: Mailer,
  row: repo.AdRow,
  member: { user: { id: string; name: string; email: string }; role: ProjectRole; project: { archivedAt: Date | null } },
  input: { decision: ReviewDecision; comment?: string | undefined; revision?: number | undefined },
  origin: string,
): Promise<AdReview> {
  refuseMemberReview(member, input.decision);
  return recordReview(db, mailer, row, {
    decision: input.decision,
    comment: input.comment ?? '',
    reviewerName: member.user.name,
    reviewerEmail: member.user.email,
    userId: member.user.id,
    revision: input.revision ?? row.revision,
    origin,
  });
}

/**
 * The ad behind a preview link with what the public page shows: its live pictures (with
 * their R2 keys), its project, the avatar (the ad's, else nothing) as an R2 object, and the
 * role in its project of the signed-in user (`userId`) who opened the link, if they are a member.
 */
export async function adForPreview(db: Db, previewId: string, userId?: string) {
  // The ad, its live project and the visitor's membership of it in one batch.
  const projectOf = repo.projectOfPreview(previewId);
  const { ad, project, membership } = await run(
    db,
    combine({
      ad: read(repo.adByPreviewIdQuery(db, previewId), ([row]) => row),
      project: liveProjectRead(db, projectOf),
      membership: userId ? membershipRead(db, projectOf, userId) : constant(undefined),
    }),
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
    role: membership?.role ?? null,
  };
}
