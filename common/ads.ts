/**
 * Ads (PRODUCT.md §4.4): the fixed lists, the hard limits and the per-placement length
 * guidance, shared by the worker (validation, preview page) and the client (warnings while typing).
 */
import type { ProjectRole } from '#common/schemas/projects.ts';

export const AD_KINDS = ['single', 'carousel', 'story'] as const;
export type AdKind = (typeof AD_KINDS)[number];

export const AD_STATUSES = ['draft', 'in_review', 'approved', 'changes_requested', 'scheduled', 'published', 'failed'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const CTAS = ['learn_more', 'shop_now', 'sign_up', 'book_now', 'contact_us', 'download'] as const;
export type Cta = (typeof CTAS)[number];

export const PLACEMENTS = ['instagram_feed', 'instagram_story', 'instagram_reels', 'facebook_feed'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const PLACEMENT_LABELS: Record<Placement, string> = {
  instagram_feed: 'Instagram feed',
  instagram_story: 'Instagram story',
  instagram_reels: 'Instagram reels',
  facebook_feed: 'Facebook feed',
};

/** One picture of the ad as the preview page serves it. */
export interface MockupItem {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** What every placement mock-up shows (the preview page's, a presentation's ad cards). */
export interface MockupAd {
  kind: AdKind;
  pageName: string;
  /** The account name as Instagram shows it (lower case, no spaces). */
  handle: string;
  avatarUrl: string | null;
  primaryText: string;
  headline: string;
  description: string;
  cta: Cta;
  destinationUrl: string;
  items: MockupItem[];
}

export const REVIEW_DECISIONS = ['approve', 'request_changes', 'comment'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * The decisions a reviewer may give (PRODUCT.md §1: a project's viewers comment on ads, its
 * editors and owner approve them). `null` is a visitor of the preview link who is not a member:
 * the link is the customer's, and the customer approves.
 */
export function decisionsFor(role: ProjectRole | null): readonly ReviewDecision[] {
  return role === 'viewer' ? ['comment'] : REVIEW_DECISIONS;
}

/** Why a viewer's approval or change request is refused (403), in the workspace and on the preview page alike. */
export const VIEWER_REVIEW_MESSAGE = 'Viewers of this project can comment on its ads; approving them or requesting changes is up to its editors and owner.';

/** Hard limits (refused with 422) — Instagram's own caption limits and ours. */
export const AD_LIMITS = {
  name: 80,
  primaryText: 2200,
  hashtags: 30,
  headline: 255,
  description: 255,
  pageName: 80,
  destinationUrl: 2048,
  reviewerName: 80,
  comment: 2000,
  carouselMin: 2,
  carouselMax: 10,
} as const;

/** Recommended lengths (warnings only), as Meta's ads guide gives them. */
export const PLACEMENT_GUIDANCE: Record<Placement, { primaryText: number; headline: number; description: number | null }> = {
  instagram_feed: { primaryText: 125, headline: 40, description: null },
  instagram_story: { primaryText: 125, headline: 40, description: null },
  instagram_reels: { primaryText: 72, headline: 40, description: null },
  facebook_feed: { primaryText: 125, headline: 40, description: 30 },
};

/** Characters as a person counts them (code points), the unit of Instagram's 2,200. */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** The hashtags of a caption (`#word`, Unicode letters and digits), as Instagram counts them. */
export function hashtagsOf(value: string): string[] {
  return value.match(/(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu) ?? [];
}

export interface CopyWarning {
  field: 'primaryText' | 'headline' | 'description';
  placement: Placement;
  message: string;
}

/** Length guidance for the chosen placements, one warning per field and placement over it. */
export function copyWarnings(copy: { primaryText: string; headline: string; description: string }, placements: readonly Placement[]): CopyWarning[] {
  const warnings: CopyWarning[] = [];
  for (const placement of placements) {
    const guide = PLACEMENT_GUIDANCE[placement];
    const label = PLACEMENT_LABELS[placement];
    const check = (field: CopyWarning['field'], limit: number | null, what: string) => {
      const n = charCount(copy[field]);
      if (limit !== null && n > limit) {
        warnings.push({
          field,
          placement,
          message: `${label} shows about ${limit} characters of the ${what}; this one has ${n}, the rest is hidden behind "… more".`,
        });
      }
    };
    check('primaryText', guide.primaryText, 'primary text');
    check('headline', guide.headline, 'headline');
    check('description', guide.description, 'description');
  }
  return warnings;
}
