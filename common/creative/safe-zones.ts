import { FORMATS, type CreativeDocument, type FormatId, type Layer } from '#common/creative/document.ts';
import { PLACEMENTS_OF, type PlacementId } from '#common/creative/placements.ts';

export { PLACEMENT_IDS, placementsFor, type PlacementId } from '#common/creative/placements.ts';

/**
 * Safe zones (issue 29, point 6): where Instagram's and Facebook's own interface covers a creative
 * in each placement, in percent of the canvas (x, w of its width; y, h of its height), so that
 * the editor can show them and keep what must be read or tapped out of them.
 *
 * Sources (Meta's published guidance, as quoted by the ad-spec guides that track it):
 * - Stories (Facebook and Instagram): "avoid putting text or logos in the top 14 % (250 px) and
 *   the bottom 20 % (340 px)" of a 1080 × 1920 ad: the profile row and progress bar at the top,
 *   the reply bar and the ad's button at the bottom (Meta Business Help Center, "Stories ads
 *   safe zones"; e.g. digitalspecsguide.webdev13.acsmi.com/social-creative, adsuploader.com/blog/meta-ads-safe-zones).
 * - Reels (Facebook and Instagram): keep "14 % at the top, 35 % at the bottom and 6 % on each
 *   side" free: the top bar, the profile, caption and button at the bottom, the like, comment and
 *   share column on the right (Meta's Reels ads safe zone; e.g. shotstack.io/learn/vertical-video-safe-zones).
 * - Instagram feed: nothing covers a 1:1 or 4:5 post in the feed itself, but the profile grid
 *   shows every post cut to 3:4 around its centre (Instagram, January 2025), which hides the sides.
 * - Facebook feed: the post is shown whole (profile row and caption sit above and below it).
 * Meta revises these numbers now and then; they live here only.
 */

/** What covers a zone; the editor names it in the user's language (creativeEditor.safeZones.zone). */
export type ZoneId = 'profile' | 'reply' | 'topBar' | 'caption' | 'actions' | 'edge' | 'grid';

export interface Zone {
  id: ZoneId;
  x: number;
  y: number;
  w: number;
  h: number;
}

const STORY: readonly Zone[] = [
  { id: 'profile', x: 0, y: 0, w: 100, h: 14 },
  { id: 'reply', x: 0, y: 80, w: 100, h: 20 },
];
const REELS: readonly Zone[] = [
  { id: 'topBar', x: 0, y: 0, w: 100, h: 14 },
  { id: 'caption', x: 0, y: 65, w: 100, h: 35 },
  { id: 'edge', x: 0, y: 14, w: 6, h: 51 },
  { id: 'actions', x: 94, y: 14, w: 6, h: 51 },
];

/** The sides the 3:4 profile grid cuts off a post of `format` (centred crop). */
function gridCrop(format: FormatId): Zone[] {
  const { width, height } = FORMATS[format];
  const kept = ((height * 3) / 4 / width) * 100;
  if (kept >= 100) return [];
  const side = Math.round(((100 - kept) / 2) * 1000) / 1000;
  return [
    { id: 'grid', x: 0, y: 0, w: side, h: 100 },
    { id: 'grid', x: 100 - side, y: 0, w: side, h: 100 },
  ];
}

/** The areas `placement` covers on a creative of `format` (none when the placement does not show that format). */
export function zonesFor(placement: PlacementId, format: FormatId): readonly Zone[] {
  if (!PLACEMENTS_OF[format].includes(placement)) return [];
  switch (placement) {
    case 'instagram-story':
    case 'facebook-story':
      return STORY;
    case 'instagram-reels':
    case 'facebook-reels':
      return REELS;
    case 'instagram-feed':
      return gridCrop(format);
    case 'facebook-feed':
      return [];
  }
}

/** The placement a format copy made by "Resize" keeps its copy clear for: the story's top and bottom bands. */
export const RESIZE_PLACEMENT: Partial<Record<FormatId, PlacementId>> = { story: 'instagram-story' };

/** Layers that must be read or tapped (text, buttons, logos): those a covered area must not hide. */
export function mustStayClear(layer: Layer): boolean {
  return !layer.hidden && (layer.type === 'text' || layer.type === 'cta' || layer.type === 'logo');
}

type Box = Pick<Layer, 'x' | 'y' | 'w' | 'h'>;

/** Touching is not covering, and a sliver under 0.05 % is a rounding error. */
const EPS = 0.05;

function overlaps(box: Box, zone: Box): boolean {
  return Math.min(box.x + box.w, zone.x + zone.w) - Math.max(box.x, zone.x) > EPS && Math.min(box.y + box.h, zone.y + zone.h) - Math.max(box.y, zone.y) > EPS;
}

/** The zones that cover part of `box` (only its part on the canvas counts). */
export function zonesCovering(box: Box, zones: readonly Zone[]): Zone[] {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const visible = { x, y, w: Math.min(100, box.x + box.w) - x, h: Math.min(100, box.y + box.h) - y };
  if (visible.w <= 0 || visible.h <= 0) return [];
  return zones.filter((zone) => overlaps(visible, zone));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The nearest place (in pixels of `format`) for `box` that no zone covers, with the whole box on
 * the canvas; null when there is none (the box is too large for the space the zones leave).
 * Exact: the free places form rectangles whose edges are the canvas's and the zones' edges
 * offset by the box's size, and the nearest point of a rectangle has each coordinate either the
 * original one or one of those edges, so trying every such pair finds the optimum.
 */
export function escapeZones(box: Box, zones: readonly Zone[], format: FormatId): { x: number; y: number } | null {
  if (zonesCovering(box, zones).length === 0) return { x: box.x, y: box.y };
  const xs = [box.x, 0, 100 - box.w, ...zones.flatMap((z) => [z.x - box.w, z.x + z.w])];
  const ys = [box.y, 0, 100 - box.h, ...zones.flatMap((z) => [z.y - box.h, z.y + z.h])];
  const { width, height } = FORMATS[format];
  let best: { x: number; y: number; d: number } | null = null;
  for (const cx of xs) {
    for (const cy of ys) {
      const x = round2(cx);
      const y = round2(cy);
      if (x < -1e-9 || y < -1e-9 || x + box.w > 100 + 1e-9 || y + box.h > 100 + 1e-9) continue;
      if (zones.some((zone) => overlaps({ x, y, w: box.w, h: box.h }, zone))) continue;
      const d = Math.hypot(((x - box.x) / 100) * width, ((y - box.y) / 100) * height);
      if (!best || d < best.d) best = { x, y, d };
    }
  }
  return best ? { x: best.x, y: best.y } : null;
}

export interface Covered {
  layerId: string;
  zones: ZoneId[];
  /** Where the smallest move takes it out; null: it cannot fit between the covered areas. */
  fix: { x: number; y: number } | null;
}

/** The layers that must stay clear but that `placement`'s interface covers, with their fixes. */
export function coveredLayers(doc: CreativeDocument, placement: PlacementId): Covered[] {
  const zones = zonesFor(placement, doc.format);
  if (zones.length === 0) return [];
  return doc.layers.flatMap((layer) => {
    if (!mustStayClear(layer)) return [];
    const covering = zonesCovering(layer, zones);
    if (covering.length === 0) return [];
    return [{ layerId: layer.id, zones: [...new Set(covering.map((z) => z.id))], fix: escapeZones(layer, zones, doc.format) }];
  });
}
