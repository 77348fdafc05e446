import * as z from 'zod/mini';
import { AD_LIMITS } from '#common/ads.ts';
import { emailField, text } from '#common/schemas/fields.ts';

/**
 * A project's review board (issue 32 point 3, decision 0053): one capability link listing every ad
 * waiting for the customer, at /board/{token}.
 */

/** GET /api/projects/{projectId}/review-board: the project's live board, if any (its link is shown once, when made). */
export interface ReviewBoardDetail {
  id: string;
  createdAt: string;
  /** When a review was last sent through the board (a GET never writes); null: never. */
  lastUsedAt: string | null;
}

/** POST /api/projects/{projectId}/review-board: the new board and its link (the only time the link is shown). */
export interface ReviewBoardCreated {
  board: ReviewBoardDetail;
  url: string;
}

/** What a button of the board's form asks: one ad approved or sent back, or the ticked ones approved. */
export const BOARD_ACTION = /^(?:(approve|changes):([A-Za-z0-9_-]{1,64})|approve_selected)$/;

/**
 * The board's one form (a plain post, no JavaScript): the reviewer's name (and address, which
 * decides the level they approve for) once, then per ad `pick.{adId}` (its checkbox),
 * `comment.{adId}` (its message) and `revision.{adId}` (the version seen); `action` is the button
 * pressed; `website` is a honeypot. The per-ad fields are the catch-all's, each a bounded text.
 */
export const boardReviewForm = z.catchall(
  z.object({
    action: text('Pick what to do.').check(z.regex(BOARD_ACTION, 'Pick what to do.')),
    name: text('Enter your name.').check(
      z.trim(),
      z.minLength(1, 'Enter your name.'),
      z.maxLength(AD_LIMITS.reviewerName, `Use at most ${AD_LIMITS.reviewerName} characters.`),
    ),
    email: z.optional(z.union([z.literal(''), emailField])),
    website: z.optional(text().check(z.maxLength(200))),
  }),
  text().check(z.trim(), z.maxLength(AD_LIMITS.comment, `Use at most ${AD_LIMITS.comment.toLocaleString('en')} characters.`)),
);
export type BoardReviewForm = z.infer<typeof boardReviewForm>;
