import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { normalizeAngle, rotateAbout, turnedBounds, type Point } from '#common/creative/geometry.ts';

/**
 * Arranging several layers at once (PRODUCT.md §4.3, issue 14 point 3): pure functions of
 * the document, shared by the canvas, the arrange toolbar and the layer list.
 *
 * Rules common to all of them:
 * - they act on exactly the `ids` given (call `expandGroups` first where a group acts as
 *   one: the canvas selects a group as one); unknown ids are ignored;
 * - locked layers never move, resize or disappear (the layer list can still unlock them);
 * - results stay within the schema's limits (x, y in [-100, 200], w, h in [0.5, 300],
 *   rounded to 0.01 %): a transform that would leave them is limited as a whole, so the
 *   selection keeps its relative layout;
 * - nothing to do returns the same document object (callers can skip the history step).
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type Axis = 'x' | 'y';

const POS_MIN = -100;
const POS_MAX = 200;
const EXT_MIN = 0.5;
const EXT_MAX = 300;

const round2 = (n: number) => Math.round(n * 100) / 100 + 0;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function pick(doc: CreativeDocument, ids: readonly string[]): Layer[] {
  const wanted = new Set(ids);
  return doc.layers.filter((l) => wanted.has(l.id));
}

const movable = (layers: readonly Layer[]) => layers.filter((l) => !l.locked);

/** The bounding box of some layers, or null when there are none. */
export function boundsOf(layers: readonly Box[]): Box | null {
  if (layers.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const l of layers) {
    left = Math.min(left, l.x);
    top = Math.min(top, l.y);
    right = Math.max(right, l.x + l.w);
    bottom = Math.max(bottom, l.y + l.h);
  }
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/** The boxes as drawn: a turned layer's is the upright box around its turned corners. */
const drawnBoxes = (doc: CreativeDocument, layers: readonly Layer[]): Box[] => layers.map((l) => turnedBounds(l, doc.format));

/** The bounding box of the layers `ids` as drawn (turned ones by their turned corners; percent of the format), or null when none exists. */
export function selectionBounds(doc: CreativeDocument, ids: readonly string[]): Box | null {
  return boundsOf(drawnBoxes(doc, pick(doc, ids)));
}

/** `ids` plus every layer sharing a group with one of them, in document order (back to front). */
export function expandGroups(doc: CreativeDocument, ids: readonly string[]): string[] {
  const wanted = new Set(ids);
  const groups = new Set(doc.layers.filter((l) => wanted.has(l.id) && l.group).map((l) => l.group));
  return doc.layers.filter((l) => wanted.has(l.id) || (l.group !== undefined && groups.has(l.group))).map((l) => l.id);
}

/** The group of a layer and its members (document order), or null for an ungrouped layer. */
export function groupMembers(doc: CreativeDocument, id: string): string[] | null {
  const group = doc.layers.find((l) => l.id === id)?.group;
  return group ? doc.layers.filter((l) => l.group === group).map((l) => l.id) : null;
}

function withLayers(doc: CreativeDocument, change: (layer: Layer) => Layer): CreativeDocument {
  let changed = false;
  const layers = doc.layers.map((l) => {
    const next = change(l);
    if (next !== l) changed = true;
    return next;
  });
  return changed ? { ...doc, layers } : doc;
}

/** The largest part of (dx, dy) that keeps every one of `layers` within the position limits. */
function limitShift(layers: readonly Box[], dx: number, dy: number): [number, number] {
  let minDx = -Infinity;
  let maxDx = Infinity;
  let minDy = -Infinity;
  let maxDy = Infinity;
  for (const l of layers) {
    minDx = Math.max(minDx, POS_MIN - l.x);
    maxDx = Math.min(maxDx, POS_MAX - l.x);
    minDy = Math.max(minDy, POS_MIN - l.y);
    maxDy = Math.min(maxDy, POS_MAX - l.y);
  }
  // Layers already outside the limits (never in a valid document) do not block the others.
  return [minDx > maxDx ? 0 : clamp(dx, minDx, maxDx), minDy > maxDy ? 0 : clamp(dy, minDy, maxDy)];
}

function shifted(layer: Layer, dx: number, dy: number): Layer {
  if (dx === 0 && dy === 0) return layer;
  const x = clamp(round2(layer.x + dx), POS_MIN, POS_MAX);
  const y = clamp(round2(layer.y + dy), POS_MIN, POS_MAX);
  return x === layer.x && y === layer.y ? layer : { ...layer, x, y };
}

/** Moves the unlocked layers of `ids` by (dx, dy) percent together, limited so that all of them stay in bounds. */
export function moveLayers(doc: CreativeDocument, ids: readonly string[], dx: number, dy: number): CreativeDocument {
  const layers = movable(pick(doc, ids));
  if (layers.length === 0) return doc;
  const [sx, sy] = limitShift(layers, dx, dy);
  const moving = new Set(layers.map((l) => l.id));
  return withLayers(doc, (l) => (moving.has(l.id) ? shifted(l, round2(sx), round2(sy)) : l));
}

export interface ResizeOptions {
  /** Scale text and button font sizes with the box (by the smaller of the two factors). */
  scaleText?: boolean;
}

/**
 * Scales the unlocked layers of `ids` so that their bounding box becomes `target`: every
 * position and size scales with it, so the selection keeps its layout. The factors are
 * limited so that every layer keeps a size within the schema's limits; when limited, the
 * edge that did not move (the left or top one unless only it moved) stays where it was.
 */
export function resizeLayers(doc: CreativeDocument, ids: readonly string[], target: Box, options: ResizeOptions = {}): CreativeDocument {
  const layers = movable(pick(doc, ids));
  const from = boundsOf(drawnBoxes(doc, layers));
  if (!from || from.w <= 0 || from.h <= 0) return doc;
  const factor = (axis: Axis) => {
    const size = axis === 'x' ? 'w' : 'h';
    const pos = axis === 'x' ? 'x' : 'y';
    let min = 0;
    let max = Infinity;
    let lo = Infinity;
    let hi = -Infinity;
    for (const l of layers) {
      min = Math.max(min, EXT_MIN / l[size]);
      max = Math.min(max, EXT_MAX / l[size]);
      lo = Math.min(lo, l[pos]);
      hi = Math.max(hi, l[pos]);
    }
    // The layers' own positions must fit within the position limits once scaled.
    if (hi > lo) max = Math.min(max, (POS_MAX - POS_MIN) / (hi - lo));
    const wanted = target[size] / from[size];
    return clamp(Number.isFinite(wanted) && wanted > 0 ? wanted : 1, min, Math.max(min, max));
  };
  const fx = factor('x');
  const fy = factor('y');
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  // Keep the edge that did not move (when the factor was limited, the target's far edge cannot be kept too).
  const originX = !near(target.x, from.x) && near(target.x + target.w, from.x + from.w) ? from.x + from.w - from.w * fx : target.x;
  const originY = !near(target.y, from.y) && near(target.y + target.h, from.y + from.h) ? from.y + from.h - from.h * fy : target.y;
  const scaled = new Map<string, Layer>();
  for (const l of layers) {
    // Each centre scales with the box (for an unturned layer the same as its corner); a turned layer keeps its angle.
    const next = {
      ...l,
      x: originX + (l.x + l.w / 2 - from.x) * fx - (l.w * fx) / 2,
      y: originY + (l.y + l.h / 2 - from.y) * fy - (l.h * fy) / 2,
      w: l.w * fx,
      h: l.h * fy,
    } as Layer;
    if (options.scaleText && (next.type === 'text' || next.type === 'cta')) next.size = clamp(round2(next.size * Math.min(fx, fy)), 1, 50);
    scaled.set(l.id, next);
  }
  const [dx, dy] = limitShift([...scaled.values()], 0, 0);
  return withLayers(doc, (l) => {
    const s = scaled.get(l.id);
    if (!s) return l;
    const box = {
      x: clamp(round2(s.x + dx), POS_MIN, POS_MAX),
      y: clamp(round2(s.y + dy), POS_MIN, POS_MAX),
      w: clamp(round2(s.w), EXT_MIN, EXT_MAX),
      h: clamp(round2(s.h), EXT_MIN, EXT_MAX),
    };
    const same = box.x === l.x && box.y === l.y && box.w === l.w && box.h === l.h && (!('size' in s) || s.size === (l as { size?: number }).size);
    return same ? l : ({ ...s, ...box } as Layer);
  });
}

/** Removes the unlocked layers of `ids`. */
export function removeLayers(doc: CreativeDocument, ids: readonly string[]): CreativeDocument {
  const gone = new Set(movable(pick(doc, ids)).map((l) => l.id));
  return gone.size === 0 ? doc : { ...doc, layers: doc.layers.filter((l) => !gone.has(l.id)) };
}

interface Unit {
  ids: string[];
  box: Box;
  locked: boolean;
  layers: Layer[];
}

/** The layers of `ids` as units: those sharing a group are one unit (in document order of their first layer). */
export function unitsOf(doc: CreativeDocument, ids: readonly string[]): Unit[] {
  const units: Unit[] = [];
  const byGroup = new Map<string, Unit>();
  for (const layer of pick(doc, ids)) {
    const existing = layer.group ? byGroup.get(layer.group) : undefined;
    if (existing) {
      existing.layers.push(layer);
      existing.ids.push(layer.id);
      existing.locked ||= Boolean(layer.locked);
      continue;
    }
    const unit: Unit = { ids: [layer.id], box: layer, locked: Boolean(layer.locked), layers: [layer] };
    units.push(unit);
    if (layer.group) byGroup.set(layer.group, unit);
  }
  for (const unit of units) unit.box = boundsOf(drawnBoxes(doc, unit.layers))!;
  return units;
}

/**
 * Turns the unlocked layers of `ids` by `delta` degrees about `pivot` (percent; default the
 * centre of their drawn bounds): each centre goes round the pivot and each rotation adds, so a
 * group turns as one. Positions stay within the schema's limits (a layer that would leave them
 * is held at the limit); a rotation of 0 is stored as no rotation.
 */
export function rotateLayers(doc: CreativeDocument, ids: readonly string[], delta: number, pivot?: Point): CreativeDocument {
  const layers = movable(pick(doc, ids));
  const bounds = boundsOf(drawnBoxes(doc, layers));
  if (!bounds || delta === 0) return doc;
  const about: Point = pivot ?? [bounds.x + bounds.w / 2, bounds.y + bounds.h / 2];
  const turned = new Map(layers.map((l) => [l.id, rotateAbout(l, doc.format, about, delta)]));
  return withLayers(doc, (l) => {
    const t = turned.get(l.id);
    return t ? withRotation({ ...t, x: clamp(round2(t.x), POS_MIN, POS_MAX), y: clamp(round2(t.y), POS_MIN, POS_MAX) }, t.rotation ?? 0, l) : l;
  });
}

/** Sets the rotation of the unlocked layers `ids` (each about its own centre). */
export function setRotation(doc: CreativeDocument, ids: readonly string[], rotation: number): CreativeDocument {
  const wanted = new Set(movable(pick(doc, ids)).map((l) => l.id));
  return withLayers(doc, (l) => (wanted.has(l.id) ? withRotation(l, normalizeAngle(rotation), l) : l));
}

/** `next` with `rotation` (none for 0), or `before` itself when nothing changed. */
function withRotation(next: Layer, rotation: number, before: Layer): Layer {
  const copy = { ...next };
  if (rotation === 0) delete copy.rotation;
  else copy.rotation = rotation;
  const same = copy.x === before.x && copy.y === before.y && copy.rotation === before.rotation;
  return same ? before : copy;
}

/** Applies one shift per unit (each limited to the position limits, so a unit keeps its own layout). */
function shiftUnits(doc: CreativeDocument, shifts: ReadonlyArray<{ unit: Unit; dx: number; dy: number }>): CreativeDocument {
  const moves = new Map<string, [number, number]>();
  for (const { unit, dx, dy } of shifts) {
    if (unit.locked) continue;
    const [sx, sy] = limitShift(unit.layers, dx, dy);
    for (const id of unit.ids) moves.set(id, [round2(sx), round2(sy)]);
  }
  return withLayers(doc, (l) => {
    const m = moves.get(l.id);
    return m ? shifted(l, m[0], m[1]) : l;
  });
}

/**
 * Aligns the layers of `ids` (a group counts as one): one unit aligns to the canvas, several
 * to their common bounding box. Locked layers stay put (and still count for the box).
 */
export function alignLayers(doc: CreativeDocument, ids: readonly string[], edge: AlignEdge): CreativeDocument {
  const units = unitsOf(doc, ids);
  if (units.length === 0) return doc;
  const ref = units.length === 1 ? { x: 0, y: 0, w: 100, h: 100 } : boundsOf(units.map((u) => u.box))!;
  return shiftUnits(
    doc,
    units.map((unit) => {
      const b = unit.box;
      switch (edge) {
        case 'left':
          return { unit, dx: ref.x - b.x, dy: 0 };
        case 'center':
          return { unit, dx: ref.x + ref.w / 2 - (b.x + b.w / 2), dy: 0 };
        case 'right':
          return { unit, dx: ref.x + ref.w - (b.x + b.w), dy: 0 };
        case 'top':
          return { unit, dx: 0, dy: ref.y - b.y };
        case 'middle':
          return { unit, dx: 0, dy: ref.y + ref.h / 2 - (b.y + b.h / 2) };
        case 'bottom':
          return { unit, dx: 0, dy: ref.y + ref.h - (b.y + b.h) };
      }
    }),
  );
}

/** Whether `distributeLayers` can act: at least three unlocked units. */
export function canDistribute(doc: CreativeDocument, ids: readonly string[]): boolean {
  return unitsOf(doc, ids).filter((u) => !u.locked).length >= 3;
}

/**
 * Spaces the layers of `ids` (a group counts as one; locked ones are left out) evenly along
 * an axis: the first and the last (by their start edge) stay, the others move so that the
 * gaps between neighbours are equal. Needs three units or more.
 */
export function distributeLayers(doc: CreativeDocument, ids: readonly string[], axis: Axis): CreativeDocument {
  const units = unitsOf(doc, ids).filter((u) => !u.locked);
  if (units.length < 3) return doc;
  const pos = axis === 'x' ? 'x' : 'y';
  const size = axis === 'x' ? 'w' : 'h';
  const sorted = [...units].sort(
    (a, b) => a.box[pos] - b.box[pos] || a.box[pos] + a.box[size] - (b.box[pos] + b.box[size]) || (a.ids[0]! < b.ids[0]! ? -1 : 1),
  );
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const span = last.box[pos] + last.box[size] - first.box[pos];
  const total = sorted.reduce((sum, u) => sum + u.box[size], 0);
  const gap = (span - total) / (sorted.length - 1);
  let at = first.box[pos];
  const shifts = sorted.map((unit) => {
    const delta = at - unit.box[pos];
    at += unit.box[size] + gap;
    return axis === 'x' ? { unit, dx: delta, dy: 0 } : { unit, dx: 0, dy: delta };
  });
  return shiftUnits(doc, shifts.slice(1, -1));
}

/** A group id no layer uses yet. */
export function newGroupId(doc: CreativeDocument): string {
  const taken = new Set(doc.layers.map((l) => l.group).filter(Boolean));
  for (let i = 1; ; i += 1) if (!taken.has(`g${i}`)) return `g${i}`;
}

/**
 * Groups the layers of `ids` and of the groups they belong to into one new group (two
 * layers or more). The members become neighbours in the stacking order, at the place of
 * the frontmost one, keeping their order.
 */
export function groupLayers(doc: CreativeDocument, ids: readonly string[]): CreativeDocument {
  const members = new Set(expandGroups(doc, ids));
  if (members.size < 2) return doc;
  const group = newGroupId(doc);
  const inGroup = doc.layers.filter((l) => members.has(l.id)).map((l) => ({ ...l, group }) as Layer);
  const lastIndex = doc.layers.findLastIndex((l) => members.has(l.id));
  const layers: Layer[] = [];
  doc.layers.forEach((l, i) => {
    if (!members.has(l.id)) layers.push(l);
    if (i === lastIndex) layers.push(...inGroup);
  });
  return { ...doc, layers };
}

const without = <K extends 'group' | 'locked' | 'hidden'>(layer: Layer, key: K): Layer => {
  const copy = { ...layer };
  delete copy[key];
  return copy;
};

/** Dissolves the groups of the layers `ids` (their layers stay where they are). */
export function ungroupLayers(doc: CreativeDocument, ids: readonly string[]): CreativeDocument {
  const members = new Set(expandGroups(doc, ids));
  return withLayers(doc, (l) => (members.has(l.id) && l.group !== undefined ? without(l, 'group') : l));
}

/** Locks or unlocks the layers `ids` (an unlocked layer has no `locked` key). */
export function setLocked(doc: CreativeDocument, ids: readonly string[], locked: boolean): CreativeDocument {
  const wanted = new Set(ids);
  return withLayers(doc, (l) => {
    if (!wanted.has(l.id) || Boolean(l.locked) === locked) return l;
    return locked ? ({ ...l, locked: true } as Layer) : without(l, 'locked');
  });
}

/** Hides or shows the layers `ids` (a shown layer has no `hidden` key). */
export function setHidden(doc: CreativeDocument, ids: readonly string[], hidden: boolean): CreativeDocument {
  const wanted = new Set(ids);
  return withLayers(doc, (l) => {
    if (!wanted.has(l.id) || Boolean(l.hidden) === hidden) return l;
    return hidden ? ({ ...l, hidden: true } as Layer) : without(l, 'hidden');
  });
}

/** Renames a layer (an empty name goes back to the automatic one). */
export function renameLayer(doc: CreativeDocument, id: string, name: string): CreativeDocument {
  const trimmed = name.trim().slice(0, 60);
  return withLayers(doc, (l) => {
    if (l.id !== id || (l.name ?? '') === trimmed) return l;
    if (trimmed) return { ...l, name: trimmed } as Layer;
    const copy = { ...l };
    delete copy.name;
    return copy;
  });
}

/**
 * Moves a layer to `toIndex` of the stacking order (0 = the back). A grouped layer that lands
 * outside its group's run of layers leaves the group; a layer that lands between two layers
 * of one group joins it (as in a layer list where groups are shown as blocks).
 */
export function reorderLayer(doc: CreativeDocument, id: string, toIndex: number): CreativeDocument {
  const from = doc.layers.findIndex((l) => l.id === id);
  if (from < 0) return doc;
  const to = clamp(Math.round(toIndex), 0, doc.layers.length - 1);
  const rest = doc.layers.filter((l) => l.id !== id);
  let layer = doc.layers[from]!;
  const below = rest[to - 1];
  const above = rest[to];
  if (below?.group && below.group === above?.group) layer = { ...layer, group: below.group } as Layer;
  else if (layer.group && below?.group !== layer.group && above?.group !== layer.group && rest.some((l) => l.group === layer.group))
    layer = without(layer, 'group');
  if (to === from && layer === doc.layers[from]) return doc;
  return { ...doc, layers: [...rest.slice(0, to), layer, ...rest.slice(to)] };
}

/**
 * Moves the layers `ids` (kept in their order, e.g. a whole group) one step towards the front
 * (+1) or the back (−1): past the next layer, or past the whole next group.
 */
export function shiftLayers(doc: CreativeDocument, ids: readonly string[], direction: 1 | -1): CreativeDocument {
  const moving = new Set(ids);
  const indices = doc.layers.flatMap((l, i) => (moving.has(l.id) ? [i] : []));
  if (indices.length === 0) return doc;
  const block = indices.map((i) => doc.layers[i]!);
  const rest = doc.layers.filter((l) => !moving.has(l.id));
  // Where the block sits in `rest`: after the layers that were behind its front-most member.
  const anchor = direction === 1 ? indices.at(-1)! : indices[0]!;
  let at = doc.layers.slice(0, anchor).filter((l) => !moving.has(l.id)).length;
  const gathered = (index: number) => {
    const layers = [...rest.slice(0, index), ...block, ...rest.slice(index)];
    return layers.every((l, i) => l === doc.layers[i]) ? doc : { ...doc, layers };
  };
  // At the end already: only gathered (a scattered selection becomes one block).
  if (direction === 1 && at >= rest.length) return gathered(rest.length);
  if (direction === -1 && at <= 0) return gathered(0);
  if (direction === 1) {
    const next = rest[at]!;
    at += 1;
    if (next.group && !block.some((l) => l.group === next.group)) while (at < rest.length && rest[at]!.group === next.group) at += 1;
  } else {
    const prev = rest[at - 1]!;
    at -= 1;
    if (prev.group && !block.some((l) => l.group === prev.group)) while (at > 0 && rest[at - 1]!.group === prev.group) at -= 1;
  }
  return gathered(at);
}

/**
 * Moves the layers `ids` (kept in their order, e.g. a whole group) so that the first of them
 * lands at `toIndex` among the others (0 = the back). A block never splits another group:
 * dropped inside one, it goes in front of it.
 */
export function reorderLayers(doc: CreativeDocument, ids: readonly string[], toIndex: number): CreativeDocument {
  const moving = new Set(ids);
  const block = doc.layers.filter((l) => moving.has(l.id));
  if (block.length === 0) return doc;
  const rest = doc.layers.filter((l) => !moving.has(l.id));
  let at = clamp(Math.round(toIndex), 0, rest.length);
  const inside = (i: number) => i > 0 && i < rest.length && rest[i - 1]!.group !== undefined && rest[i - 1]!.group === rest[i]!.group;
  while (inside(at) && !block.some((l) => l.group === rest[at]!.group)) at += 1;
  const layers = [...rest.slice(0, at), ...block, ...rest.slice(at)];
  return layers.every((l, i) => l === doc.layers[i]) ? doc : { ...doc, layers };
}
