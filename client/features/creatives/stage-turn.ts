import type { CreativeDocument } from '#common/creative/document.ts';
import { angleTo, resizeTurned, snapAngle, type Edges, type Point } from '#common/creative/geometry.ts';
import { rotateLayers, setRotation } from '#client/features/creatives/arrange.ts';
import { round2, type Gap, type Guides } from '#client/features/creatives/editor-state.ts';
import { NO_GUIDES } from '#client/features/creatives/stage-guides.tsx';

/** A turn dragged on the rotate handle: the pivot (percent of the format and screen pixels) and where the pointer began. */
export interface Turn {
  pivot: Point;
  screen: Point;
  start: Point;
}

/**
 * The document while the rotate handle is dragged to `pointer` (screen pixels), and the angle to
 * show. One layer: its rotation follows the pointer (Shift: 15° steps; else whole degrees, pulled
 * to a multiple of 45° within 3° unless free). Several: they turn together about the centre of
 * their bounds by the pointer's turn (the same steps), so their positions move and rotations add.
 */
export function turnResult(
  from: CreativeDocument,
  ids: readonly string[],
  turn: Turn,
  pointer: Point,
  modifiers: { free: boolean; steps: boolean },
): { doc: CreativeDocument; lines: Guides; gaps: Gap[]; angle: number } {
  const delta = angleTo(turn.screen, pointer) - angleTo(turn.screen, turn.start);
  const one = ids.length === 1 ? from.layers.find((l) => l.id === ids[0]) : undefined;
  if (one) {
    const angle = snapAngle((one.rotation ?? 0) + delta, modifiers);
    return { doc: setRotation(from, ids, angle), lines: NO_GUIDES, gaps: [], angle };
  }
  const angle = snapAngle(delta, modifiers);
  return { doc: rotateLayers(from, ids, angle, turn.pivot), lines: NO_GUIDES, gaps: [], angle };
}

/**
 * One turned layer resized by a handle: in its own frame, the opposite edge staying put on screen
 * (common/creative/geometry.ts), within the schema's limits. Null when `ids` is not one turned
 * layer (then the upright resize of the selection applies).
 */
export function resizeOneTurned(from: CreativeDocument, ids: readonly string[], edges: Edges, dx: number, dy: number): CreativeDocument | null {
  if (ids.length !== 1) return null;
  const layer = from.layers.find((l) => l.id === ids[0]);
  if (!layer?.rotation) return null;
  const next = resizeTurned(layer, from.format, edges, dx, dy);
  const clamp = (n: number, min: number, max: number) => round2(Math.min(max, Math.max(min, n)));
  const box = { x: clamp(next.x, -100, 200), y: clamp(next.y, -100, 200), w: clamp(next.w, 0.5, 300), h: clamp(next.h, 0.5, 300) };
  return { ...from, layers: from.layers.map((l) => (l === layer ? { ...l, ...box } : l)) };
}
