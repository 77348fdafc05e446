import type { FormatId } from '#common/creative/document.ts';

/**
 * The placements a creative is shown in, and which of them each format is made for: what the
 * editor's safe-zones toggle offers before the zones themselves (common/creative/safe-zones.ts)
 * have loaded.
 */

export type PlacementId = 'instagram-feed' | 'facebook-feed' | 'instagram-story' | 'facebook-story' | 'instagram-reels' | 'facebook-reels';
export const PLACEMENT_IDS: readonly PlacementId[] = [
  'instagram-feed',
  'facebook-feed',
  'instagram-story',
  'facebook-story',
  'instagram-reels',
  'facebook-reels',
];

/** The placements each format is made for: feed for 1:1 and 4:5 (and Facebook's link ads), story and reels for 9:16. */
export const PLACEMENTS_OF: Record<FormatId, readonly PlacementId[]> = {
  square: ['instagram-feed', 'facebook-feed'],
  portrait: ['instagram-feed', 'facebook-feed'],
  story: ['instagram-story', 'facebook-story', 'instagram-reels', 'facebook-reels'],
  landscape: ['facebook-feed'],
};

export function placementsFor(format: FormatId): readonly PlacementId[] {
  return PLACEMENTS_OF[format];
}
