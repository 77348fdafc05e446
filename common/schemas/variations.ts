import type { CreationItem, CreativeSummary } from '#common/schemas/creatives.ts';

/** A generated variation (`POST /api/creatives/{id}/variations`): the new draft and its rendered PNG. */
export interface VariationItem extends CreativeSummary {
  /** The PNG of its first version with a small JPEG to pick from; null when it could not be drawn (its credit is refunded). */
  creation: CreationItem | null;
  /** Where its copy came from: Workers AI or the rule-based copywriter. */
  copySource: 'ai' | 'rules';
}

export interface VariationsResult {
  items: VariationItem[];
  nextCursor: null;
  /** Credits spent: one per variation drawn (those that failed are refunded). */
  charged: number;
}

export const creationThumbnailUrl = (creationId: string) => `/api/creations/${creationId}/thumbnail`;
