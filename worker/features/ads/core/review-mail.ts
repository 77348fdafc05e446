import type { ReviewDecision } from '#common/ads.ts';
import { personalEmail, type Email } from '#worker/lib/mailer.ts';

/** The email about a review that every member of the project but the reviewer gets. */

const DECISION_VERB: Record<ReviewDecision, string> = {
  approve: 'approved',
  request_changes: 'requested changes to',
  comment: 'commented on',
};

export function reviewMail(
  member: { name: string; email: string },
  ad: { projectId: string; name: string },
  review: { decision: ReviewDecision; reviewerName: string; comment: string; userId: string | null; revision: number; origin: string },
): Email {
  const name = review.reviewerName;
  const verb = DECISION_VERB[review.decision];
  const link = `${review.origin}/projects/${ad.projectId}/marketing`;
  return personalEmail('ad_review', member, `${name} ${verb} “${ad.name}”`, [
    `${name}${review.userId ? '' : ' (through the preview link)'} ${verb} the ad “${ad.name}” (version ${review.revision}).`,
    ...(review.comment ? ['', review.comment] : []),
    '',
    'See the ad and its review thread:',
    link,
  ]);
}
