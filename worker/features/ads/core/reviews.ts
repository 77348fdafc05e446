import { AD_LIMITS, type Placement, type ReviewDecision } from '#common/ads.ts';
import { nextStep, type ChainStep } from '#common/approval-chain.ts';
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
import { liveProjectRead, membershipRead } from '#worker/features/projects/scope/service.ts';
import { chainOf, notifyLevel, type LoadedChain } from '#worker/features/ads/core/chain.ts';
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
  /** The member's role in the project; null for a visitor of the preview link. */
  role: ProjectRole | null;
  /** The ad's revision the reviewer saw. */
  revision: number;
  /** The site's origin, for the link in the emails. */
  origin: string;
}

/**
 * What a review does under the project's approval chain (common/approval-chain.ts): move the ad,
 * be kept as given or as a comment; a refusal (403, 409) is thrown. Comments move nothing.
 */
export function reviewStep(
  chain: LoadedChain,
  ad: repo.AdRow,
  input: Pick<ReviewInput, 'decision' | 'userId' | 'reviewerEmail' | 'role' | 'revision'>,
): ChainStep {
  if (input.decision === 'comment') return { kind: 'keep' };
  const step = nextStep(
    chain.rules,
    { status: ad.status, level: ad.approvalLevel },
    {
      type: input.decision,
      by: { userId: input.userId, email: input.reviewerEmail, role: input.role },
      current: input.revision === ad.revision,
    },
  );
  if (step.kind === 'refuse') throw new AppError(step.code, step.message);
  return step;
}

/**
 * Records a review (from the preview page or a member) and moves the ad as the project's chain
 * says (reviewStep): the review, its audit entry, the move (one conditional write at the status,
 * level, revision and chain version read), the level's name on the review when it moved the ad,
 * and the move's event, in one batch. A review that moved nothing is kept (on an older revision,
 * an approval raced by another, …); a visitor who is not an approver of the level comments. Every
 * member of the project but the reviewer gets one email about it (unless `mailMembers` is false); when the ad moved on to a
 * level, that level's approvers get one asking for their approval.
 */
export async function recordReview(
  db: Db,
  mailer: Mailer,
  ad: repo.AdRow,
  input: ReviewInput,
  chain?: LoadedChain,
  /** `false`: the members are told by the caller (the board's one email for several ads). */
  mailMembers = true,
): Promise<AdReview> {
  const comment = input.comment.trim();
  if (input.decision === 'request_changes' && comment === '') throw invalid('comment', 'Say what should change.');
  if (comment.length > AD_LIMITS.comment) throw invalid('comment', `Use at most ${AD_LIMITS.comment.toLocaleString('en')} characters.`);
  const name = clip(input.reviewerName.trim(), AD_LIMITS.reviewerName);
  if (name === '') throw invalid('name', 'Enter your name.');
  const loaded = chain ?? (await chainOf(db, ad.projectId));
  const step = reviewStep(loaded, ad, input);
  const decision: ReviewDecision = step.kind === 'comment' ? 'comment' : input.decision;
  const now = new Date();
  const review = {
    id: newId(),
    adId: ad.id,
    userId: input.userId,
    reviewerName: name,
    reviewerEmail: input.reviewerEmail,
    decision,
    comment,
    revision: input.revision,
    createdAt: now,
  };
  const move = step.kind === 'move' ? step : undefined;
  // An event when the ad is approved, sent back, or passes a level to the next (with both levels' names).
  const passed =
    move?.to.status === 'in_review' && move.levelName !== null ? { level: move.levelName, nextLevel: loaded.rules.levels[move.to.level]?.name ?? null } : null;
  const eventType =
    move?.to.status === 'approved'
      ? 'ad.approved'
      : move?.to.status === 'changes_requested'
        ? 'ad.changes_requested'
        : passed
          ? 'ad.review_level_passed'
          : undefined;
  const event = eventType
    ? eventStatement(
        db,
        ad.projectId,
        eventType,
        { adId: ad.id, name: ad.name, revision: input.revision, ...passed },
        `/projects/${ad.projectId}/marketing`,
        'changed',
      )
    : undefined;
  // The review, its audit entry, the move and what follows it only when the one before wrote (each guarded by the one before).
  const results = await rawBatch(db, [
    repo.insertReviewIfRoom(db, review, MAX_REVIEWS_PER_AD),
    auditIfChangedStatement(db, {
      actorUserId: input.userId,
      action: 'ad.review',
      targetType: 'ad',
      targetId: ad.id,
      projectId: ad.projectId,
      details: { decision, revision: input.revision, ...(move?.levelName ? { level: move.levelName } : {}) },
    }),
    ...(move
      ? [
          repo.moveIf(db, ad, move.to, { version: loaded.version, revision: input.revision, afterChange: true }, now),
          ...(move.levelName !== null ? [repo.markReviewCounted(db, review.id, move.levelName)] : []),
          ...(event ? [event.statement] : []),
        ]
      : []),
  ]);
  if (results[0]?.meta.changes === 0) {
    throw new AppError('conflict', `This ad has ${MAX_REVIEWS_PER_AD} reviews, as many as it can take. Create a new ad to collect more.`);
  }
  const moved = move !== undefined && (results[2]?.meta.changes ?? 0) > 0;
  // The statement's result holds the deliveries it wrote: none when the status did not move.
  await event?.queue(results.at(-1));
  for (const member of mailMembers ? loaded.members : []) {
    if (member.userId === input.userId) continue;
    await mailer.send(reviewMail(member, ad, { ...input, decision, reviewerName: name, comment }));
  }
  if (moved && move.notify !== null) await notifyLevel(db, mailer, loaded, move.notify, ad, input.origin);
  return toReview({ ...review, levelName: moved ? move.levelName : null });
}

/** An archived project takes no reviews (409); what a member's role gives is the chain's (reviewStep). */
export function refuseMemberReview(membership: { project: { archivedAt: Date | null } }): void {
  if (membership.project.archivedAt !== null) throw projectArchivedError();
}

/** A member's review (in the workspace, or signed in on the preview page): their name and address, as the chain allows them. */
export async function memberReview(
  db: Db,
  mailer: Mailer,
  row: repo.AdRow,
  member: { user: { id: string; name: string; email: string }; role: ProjectRole; project: { archivedAt: Date | null } },
  input: { decision: ReviewDecision; comment?: string | undefined; revision?: number | undefined },
  origin: string,
  chain?: LoadedChain,
): Promise<AdReview> {
  const loaded = chain ?? (await chainOf(db, row.projectId));
  const review: ReviewInput = {
    decision: input.decision,
    comment: input.comment ?? '',
    reviewerName: member.user.name,
    reviewerEmail: member.user.email,
    userId: member.user.id,
    role: member.role,
    revision: input.revision ?? row.revision,
    origin,
  };
  // What the chain refuses (a viewer's approval: 403) before the archived project's 409.
  reviewStep(loaded, row, review);
  refuseMemberReview(member);
  return recordReview(db, mailer, row, review, loaded);
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
  const [items, avatar, chain] = await Promise.all([
    repo.itemsOf(db, [ad.id]),
    ad.avatarMediaId ? projectImage(db, ad.projectId, ad.avatarMediaId) : Promise.resolve(undefined),
    chainOf(db, ad.projectId),
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
    /** The project's approval chain: the decisions the form offers, and the rules of a review through it. */
    chain,
  };
}
