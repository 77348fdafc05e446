import type { ReviewDecision } from '#common/ads.ts';
import { personalEmail, type Email, type Recipient } from '#worker/lib/mailer.ts';

/**
 * The email about a review that every member of the project but the reviewer gets, in the
 * member's language. A reviewer without an account reviewed through a shared link (the ad's preview link or the project's review board).
 */
export function reviewMail(
  member: Recipient,
  ad: { projectId: string; name: string },
  review: { decision: ReviewDecision; reviewerName: string; comment: string; userId: string | null; revision: number; origin: string },
): Email {
  const values = { reviewer: review.reviewerName, decision: review.decision, ad: ad.name };
  const link = `${review.origin}/projects/${ad.projectId}/marketing`;
  return personalEmail('ad_review', member, (i18n) => ({
    subject: i18n._('email.review.subject', values),
    lines: [
      i18n._('email.review.body', { ...values, via: review.userId ? 'account' : 'preview', revision: review.revision }),
      ...(review.comment ? ['', review.comment] : []),
      '',
      i18n._('email.review.see'),
      link,
    ],
  }));
}

/**
 * The one email about several ads reviewed at once on the review board (decision 0053), instead
 * of one per ad: each ad with what was decided and the comment on it, in the member's language.
 */
export function boardReviewMail(
  member: Recipient,
  project: { id: string; name: string },
  reviewerName: string,
  reviews: readonly { ad: string; decision: ReviewDecision; comment: string }[],
  origin: string,
): Email {
  return personalEmail('ad_review', member, (i18n) => ({
    subject: i18n._('email.boardReview.subject', { reviewer: reviewerName, count: reviews.length, project: project.name }),
    lines: [
      i18n._('email.boardReview.body', { reviewer: reviewerName }),
      '',
      ...reviews.flatMap((review) => [
        i18n._('email.boardReview.item', { ad: review.ad, decision: review.decision }),
        ...(review.comment ? [`  ${review.comment}`] : []),
      ]),
      '',
      i18n._('email.boardReview.see'),
      `${origin}/projects/${project.id}/marketing`,
    ],
  }));
}
