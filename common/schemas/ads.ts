import * as z from 'zod/mini';
import { AD_KINDS, AD_LIMITS, AD_STATUSES, CTAS, PLACEMENTS, REVIEW_DECISIONS, charCount, hashtagsOf } from '#common/ads.ts';
import type { AdKind, AdStatus, Cta, Placement, ReviewDecision } from '#common/ads.ts';
import { emailField, idField, pageQuery, text } from '#common/schemas/fields.ts';
import type { AdApproval } from '#common/schemas/approval-chain.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';

const adName = text('Give the ad a name.').check(
  z.trim(),
  z.minLength(1, 'Give the ad a name.'),
  z.maxLength(AD_LIMITS.name, `Use at most ${AD_LIMITS.name} characters.`),
);

/** Primary text / caption: ≤ 2,200 characters and ≤ 30 hashtags (Instagram refuses more). */
export const primaryTextField = text().check(
  z.refine((v) => charCount(v) <= AD_LIMITS.primaryText, `Use at most ${AD_LIMITS.primaryText.toLocaleString('en')} characters.`),
  z.refine((v) => hashtagsOf(v).length <= AD_LIMITS.hashtags, `Use at most ${AD_LIMITS.hashtags} hashtags.`),
);

const shortText = (max: number) => text().check(z.trim(), z.maxLength(max, `Use at most ${max} characters.`));

/** An https URL (or empty while the ad is a draft). */
export const destinationUrlField = text().check(
  z.trim(),
  z.maxLength(AD_LIMITS.destinationUrl, 'That address is too long.'),
  z.refine((v) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Use a full https:// address, like https://example.com/offer.'),
);

const placementsField = z.array(z.enum(PLACEMENTS, 'Pick a placement.')).check(z.minLength(1, 'Pick at least one placement.'), z.maxLength(PLACEMENTS.length));

const creationIdsField = z
  .array(idField())
  .check(z.minLength(1, 'Pick a picture.'), z.maxLength(AD_LIMITS.carouselMax, `A carousel holds at most ${AD_LIMITS.carouselMax} pictures.`));

/** The ad's pictures and copy, as creating and editing it take them (all optional). */
const adContent = {
  creationIds: z.optional(creationIdsField),
  primaryText: z.optional(primaryTextField),
  headline: z.optional(shortText(AD_LIMITS.headline)),
  description: z.optional(shortText(AD_LIMITS.description)),
  cta: z.optional(z.enum(CTAS, 'Pick a call to action.')),
  destinationUrl: z.optional(destinationUrlField),
  pageName: z.optional(shortText(AD_LIMITS.pageName)),
};

/** POST /api/projects/{projectId}/ads: from a creative (its latest creation, rendered if needed) or from creations. */
export const adCreateInput = z.object({
  name: z.optional(adName),
  kind: z.optional(z.enum(AD_KINDS, 'Pick single image, carousel or story.')),
  creativeId: z.optional(idField()),
  ...adContent,
  placements: z.optional(placementsField),
});
export type AdCreateInput = z.infer<typeof adCreateInput>;

/** PATCH /api/ads/{id}: copy, pictures, placements; changing an approved ad's copy or pictures sends it back to review. */
export const adUpdateInput = z.object({
  name: z.optional(adName),
  kind: z.optional(z.enum(AD_KINDS, 'Pick single image, carousel or story.')),
  ...adContent,
  avatarMediaId: z.optional(z.nullable(idField())),
  placements: z.optional(placementsField),
  /** The revision the form was loaded at: a save on top of a newer one is refused (409). */
  baseRevision: z.optional(z.number().check(z.int(), z.minimum(1))),
});
export type AdUpdateInput = z.infer<typeof adUpdateInput>;

export const adListQuery = z.extend(pageQuery, {
  status: z.optional(z.enum(AD_STATUSES, 'Pick a status.')),
});

const commentField = text().check(z.trim(), z.maxLength(AD_LIMITS.comment, `Use at most ${AD_LIMITS.comment.toLocaleString('en')} characters.`));

/** POST /api/ads/{id}/reviews (a member in the workspace): name and email are the member's. */
export const memberReviewInput = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, 'Pick approve, request changes or comment.'),
    comment: z.optional(commentField),
  })
  .check(
    z.refine((v) => v.decision === 'approve' || (v.comment ?? '').length > 0, {
      message: 'Say what should change.',
      path: ['comment'],
    }),
  );
export type MemberReviewInput = z.infer<typeof memberReviewInput>;

/**
 * The review form on /preview/{id} (a plain form post; `website` is a honeypot, `revision` the
 * version seen). A signed-in member's form has no name (they review as themselves): the
 * service asks a visitor for one when it is missing.
 */
export const previewReviewForm = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, 'Pick approve, request changes or comment.'),
    name: z.optional(
      text('Enter your name.').check(
        z.trim(),
        z.minLength(1, 'Enter your name.'),
        z.maxLength(AD_LIMITS.reviewerName, `Use at most ${AD_LIMITS.reviewerName} characters.`),
      ),
    ),
    email: z.optional(z.union([z.literal(''), emailField])),
    comment: z.optional(commentField),
    revision: z.optional(text().check(z.regex(/^\d{1,9}$/))),
    website: z.optional(text().check(z.maxLength(200))),
  })
  .check(
    z.refine((v) => v.decision === 'approve' || (v.comment ?? '').length > 0, {
      message: 'Say what should change.',
      path: ['comment'],
    }),
  );

/** POST /api/ads/{id}/publish: now (no `at`) or at an ISO time in the future (≤ 75 days ahead). */
export const publishInput = z.object({
  at: z.optional(z.iso.datetime({ offset: true, message: 'Pick a date and time.' })),
});

export interface AdItem {
  position: number;
  creationId: string;
  name: string;
  format: 'square' | 'portrait' | 'story' | 'landscape';
  width: number;
  height: number;
  /** Same-origin URL of the PNG for the workspace (`/api/creations/{id}/file`). */
  url: string;
  deleted: boolean;
}

export interface AdPost {
  id: string;
  status: 'scheduled' | 'publishing' | 'published' | 'failed' | 'canceled';
  kind: AdKind;
  scheduledAt: string;
  publishedAt: string | null;
  permalink: string | null;
  attempts: number;
  errorClass: 'transient' | 'rate_limit' | 'media' | 'quota' | 'reconnect' | 'unknown' | null;
  /** The reason in plain words when it failed (or is waiting to retry). */
  error: string | null;
  sandbox: boolean;
  username: string | null;
}

export interface AdSummary {
  id: string;
  projectId: string;
  name: string;
  kind: AdKind;
  status: AdStatus;
  headline: string;
  placements: Placement[];
  revision: number;
  thumbnailUrl: string | null;
  itemCount: number;
  reviewCount: number;
  post: AdPost | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdDetail extends AdSummary {
  role: ProjectRole;
  primaryText: string;
  description: string;
  cta: Cta;
  destinationUrl: string;
  pageName: string;
  avatarMediaId: string | null;
  avatarUrl: string | null;
  items: AdItem[];
  /** The absolute preview link, or null when none is shared. */
  previewUrl: string | null;
  /** Where the ad stands in its project's approval chain. */
  approval: AdApproval;
}

export interface AdReview {
  id: string;
  reviewerName: string;
  /** Shown to members only; never on the public preview page. */
  reviewerEmail: string | null;
  member: boolean;
  decision: ReviewDecision;
  comment: string;
  revision: number;
  /** The approval chain's level this review moved the ad at (decision 0050); null when it moved nothing or there are no levels. */
  level: string | null;
  createdAt: string;
}

/** GET /api/projects/{projectId}/instagram. */
export interface InstagramConnection {
  /** Whether INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET are set (real Instagram Login possible). */
  configured: boolean;
  /** What to configure when not: shown by the connect button. */
  missing: string[];
  account: null | {
    id: string;
    username: string;
    pictureUrl: string | null;
    sandbox: boolean;
    status: 'active' | 'broken';
    brokenReason: string | null;
    tokenExpiresAt: string | null;
    connectedAt: string;
  };
}
