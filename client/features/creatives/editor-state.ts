import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { retextRuns } from '#common/creative/runs.ts';
import { historyReducer, startHistory, type History, type HistoryAction } from '#client/lib/history.ts';

/** The editor's document with its undo/redo history (client/lib/history.ts), and the selection. */
export interface EditorState extends History<CreativeDocument> {
  /** The selected layers' ids (in the order they were selected); empty: nothing selected. */
  selected: string[];
}

export type EditorAction =
  | HistoryAction<CreativeDocument>
  /** Replaces the selection (an empty list clears it). */
  | { type: 'select'; ids: readonly string[] };

export function initialEditorState(doc: CreativeDocument): EditorState {
  return { ...startHistory(doc), selected: [] };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (action.type === 'select') {
    const ids = [...new Set(action.ids)].filter((id) => state.present.layers.some((l) => l.id === id));
    if (ids.length === state.selected.length && ids.every((id, i) => id === state.selected[i])) return state;
    return { ...state, selected: ids, group: null };
  }
  const next = historyReducer(state, action);
  return next === state ? state : { ...next, selected: keep(state.selected, next.present) };
}

/** The selection without the layers a document no longer has (the same array when nothing went). */
function keep(selected: string[], doc: CreativeDocument): string[] {
  const kept = selected.filter((id) => doc.layers.some((l) => l.id === id));
  return kept.length === selected.length ? selected : kept;
}

/** The one selected layer's id, or null when none or several are selected (what the properties panel edits). */
export function singleSelection(selected: readonly string[]): string | null {
  return selected.length === 1 ? selected[0]! : null;
}

export function updateLayer(doc: CreativeDocument, id: string, patch: Partial<Layer>): CreativeDocument {
  return { ...doc, layers: doc.layers.map((l) => (l.id === id ? patched(l, patch) : l)) };
}

/** The layer with `patch` applied; a new text moves the styled words along with it (common/creative/runs.ts). */
function patched(layer: Layer, patch: Partial<Layer>): Layer {
  const next = { ...layer, ...patch } as Layer;
  if (layer.type !== 'text' || next.type !== 'text' || !layer.runs || 'runs' in patch || next.text === layer.text) return next;
  const { runs: _old, ...rest } = next;
  const runs = retextRuns(layer.text, next.text, layer.runs);
  return runs ? { ...rest, runs } : rest;
}

export function removeLayer(doc: CreativeDocument, id: string): CreativeDocument {
  return { ...doc, layers: doc.layers.filter((l) => l.id !== id) };
}

/** Moves a layer one step up (towards the front) or down (towards the back). */
export function moveLayer(doc: CreativeDocument, id: string, direction: 1 | -1): CreativeDocument {
  const index = doc.layers.findIndex((l) => l.id === id);
  const target = index + direction;
  if (index < 0 || target < 0 || target >= doc.layers.length) return doc;
  const layers = [...doc.layers];
  [layers[index], layers[target]] = [layers[target]!, layers[index]!];
  return { ...doc, layers };
}

export function uniqueLayerId(doc: CreativeDocument, base: string): string {
  const taken = new Set(doc.layers.map((l) => l.id));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i += 1) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Guides {
  x: number | null;
  y: number | null;
}

const AXES = [
  { pos: 'x', size: 'w', low: 'left', high: 'right' },
  { pos: 'y', size: 'h', low: 'top', high: 'bottom' },
] as const;

/**
 * Snaps a moving box to the canvas edges and centre and to the other layers' edges and
 * centres, per axis, when one of its edges or its centre is within `threshold` (percent).
 * With `edges`, only those edges of the box move (a resize).
 */
export function snap(
  box: Rect,
  others: readonly Rect[],
  threshold: number,
  edges?: { left?: boolean; right?: boolean; top?: boolean; bottom?: boolean },
): { box: Rect; guides: Guides } {
  const result = { ...box };
  const guides: Guides = { x: null, y: null };
  const best = (candidates: number[], targets: number[]) => {
    let found: { delta: number; at: number; index: number } | null = null;
    targets.forEach((value, index) => {
      for (const c of candidates) {
        const delta = c - value;
        if (Math.abs(delta) <= threshold && (!found || Math.abs(delta) < Math.abs(found.delta))) found = { delta, at: c, index };
      }
    });
    return found as { delta: number; at: number; index: number } | null;
  };
  // Each axis snaps on its own, the same way: x with the width (left, right), y with the height (top, bottom).
  for (const { pos, size, low, high } of AXES) {
    const lines = [0, 50, 100, ...others.flatMap((o) => [o[pos], o[pos] + o[size] / 2, o[pos] + o[size]])];
    const start = box[pos];
    const length = box[size];
    if (!edges) {
      const s = best(lines, [start, start + length / 2, start + length]);
      if (s) {
        result[pos] = round2(start + s.delta);
        guides[pos] = s.at;
      }
    } else if (edges[high]) {
      const s = best(lines, [start + length]);
      if (s && length + s.delta >= 0.5) {
        result[size] = round2(length + s.delta);
        guides[pos] = s.at;
      }
    } else if (edges[low]) {
      const s = best(lines, [start]);
      if (s && length - s.delta >= 0.5) {
        result[pos] = round2(start + s.delta);
        result[size] = round2(length - s.delta);
        guides[pos] = s.at;
      }
    }
  }
  return { box: result, guides };
}

/** Keeps a box within the schema's limits. */
export function clampRect(box: Rect): Rect {
  const c = (n: number, min: number, max: number) => round2(Math.min(max, Math.max(min, n)));
  return { x: c(box.x, -100, 200), y: c(box.y, -100, 200), w: c(box.w, 0.5, 300), h: c(box.h, 0.5, 300) };
}

/** The zoom steps Ctrl+plus and Ctrl+minus go through (1 = the format's true pixels). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const ZOOM_MAX = 2;

/** The smallest zoom: 50 %, or less when fitting the canvas in the window needs less (a phone). */
export function zoomMin(fit: number): number {
  return Math.min(ZOOM_STEPS[0], fit);
}

export function clampZoom(scale: number, fit: number): number {
  return Math.min(ZOOM_MAX, Math.max(zoomMin(fit), scale));
}

/**
 * The zoom after one step in or out from `scale`: the next step of ZOOM_STEPS, or the fit
 * when it lies between (so that zooming out on a small screen ends at the whole canvas).
 */
export function stepZoom(scale: number, direction: 1 | -1, fit: number): number {
  const stops = [...new Set([...ZOOM_STEPS, fit].filter((s) => s >= zoomMin(fit) && s <= ZOOM_MAX))].sort((a, b) => a - b);
  const next = direction > 0 ? stops.find((s) => s > scale + 0.001) : stops.findLast((s) => s < scale - 0.001);
  return next ?? (direction > 0 ? stops.at(-1)! : stops[0]!);
}

/** True when two boxes overlap or touch (percent of the format). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}

/** A box from two corners, in any order. */
export function rectFromPoints(x1: number, y1: number, x2: number, y2: number): Rect {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) };
}

export interface Gap {
  side: 'left' | 'right' | 'top' | 'bottom';
  /** Where the measuring line starts and ends (percent), and where it runs across. */
  from: number;
  to: number;
  at: number;
}

/**
 * The distances shown while dragging: from each side of the moving box to the nearest
 * layer beside it on that side (one that overlaps it across), or to the canvas edge.
 */
export function gapsAround(box: Rect, others: readonly Rect[]): Gap[] {
  const midX = box.x + box.w / 2;
  const midY = box.y + box.h / 2;
  const acrossY = others.filter((o) => o.y < box.y + box.h && box.y < o.y + o.h);
  const acrossX = others.filter((o) => o.x < box.x + box.w && box.x < o.x + o.w);
  const left = Math.max(0, ...acrossY.filter((o) => o.x + o.w <= box.x).map((o) => o.x + o.w));
  const right = Math.min(100, ...acrossY.filter((o) => o.x >= box.x + box.w).map((o) => o.x));
  const top = Math.max(0, ...acrossX.filter((o) => o.y + o.h <= box.y).map((o) => o.y + o.h));
  const bottom = Math.min(100, ...acrossX.filter((o) => o.y >= box.y + box.h).map((o) => o.y));
  const gaps: Gap[] = [];
  if (box.x > left) gaps.push({ side: 'left', from: left, to: box.x, at: midY });
  if (right > box.x + box.w) gaps.push({ side: 'right', from: box.x + box.w, to: right, at: midY });
  if (box.y > top) gaps.push({ side: 'top', from: top, to: box.y, at: midX });
  if (bottom > box.y + box.h) gaps.push({ side: 'bottom', from: box.y + box.h, to: bottom, at: midX });
  return gaps;
}
