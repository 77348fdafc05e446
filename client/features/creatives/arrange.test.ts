import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creativeDocument, MAX_LAYERS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import {
  alignLayers,
  boundsOf,
  canDistribute,
  distributeLayers,
  expandGroups,
  groupLayers,
  moveLayers,
  removeLayers,
  renameLayer,
  reorderLayer,
  reorderLayers,
  resizeLayers,
  selectionBounds,
  setHidden,
  setLocked,
  shiftLayers,
  ungroupLayers,
  unitsOf,
  type AlignEdge,
  type Box,
} from '#client/features/creatives/arrange.ts';

/* ---------- arbitraries ---------- */

/** A value on the editor's 0.01 % grid in [min, max]. */
const grid = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((n) => n / 100 + 0);
/** Any number in [min, max], as a hand-written document may hold. */
const real = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((n) => n + 0);

interface LayerLimits {
  pos: [number, number];
  ext: [number, number];
  numbers?: 'grid' | 'real';
}

function layersArb({ pos, ext, numbers = 'grid' }: LayerLimits, options: { groups?: boolean; locked?: boolean; minLength?: number } = {}) {
  const n = numbers === 'grid' ? grid : real;
  const layer = fc.record(
    {
      id: fc.stringMatching(/^[a-z0-9]{1,6}$/),
      x: n(...pos),
      y: n(...pos),
      w: n(...ext),
      h: n(...ext),
      group: options.groups ? fc.constantFrom('ga', 'gb', 'gc') : fc.constant(undefined),
      locked: options.locked ? fc.boolean() : fc.constant(false),
      kind: fc.constantFrom('shape', 'text'),
    },
    { requiredKeys: ['id', 'x', 'y', 'w', 'h', 'kind', 'locked'] },
  );
  return fc.uniqueArray(layer, { selector: (l) => l.id, minLength: options.minLength ?? 0, maxLength: MAX_LAYERS }).map((items) =>
    items.map(({ kind, group, locked, ...box }): Layer => {
      const common = { ...box, ...(group ? { group } : {}), ...(locked ? { locked: true } : {}) };
      return kind === 'shape'
        ? { ...common, type: 'shape', shape: 'rect', fill: '#112233', opacity: 1, radius: 0 }
        : {
            ...common,
            type: 'text',
            text: 'Hi',
            font: 'inter',
            weight: 400,
            size: 5,
            color: '#000000',
            align: 'left',
            vAlign: 'top',
            lineHeight: 1.2,
            uppercase: false,
          };
    }),
  );
}

const docOf = (layers: Layer[]): CreativeDocument => ({
  version: 2,
  format: 'square',
  template: 'blank',
  background: { type: 'color', color: '#ffffff' },
  layers,
});

/** A document and a subset of its layers' ids. */
function withSelection(limits: LayerLimits, options: Parameters<typeof layersArb>[1] = {}) {
  return layersArb(limits, options).chain((layers) => fc.subarray(layers.map((l) => l.id)).map((ids) => ({ doc: docOf(layers), ids })));
}

const SCHEMA: LayerLimits = { pos: [-100, 200], ext: [0.5, 300] };
const byId = (doc: CreativeDocument) => new Map(doc.layers.map((l) => [l.id, l]));
const close = (a: number, b: number, tolerance = 0.011) => Math.abs(a - b) <= tolerance;
const valid = (doc: CreativeDocument) => expect(creativeDocument.safeParse(doc).success).toBe(true);

/* ---------- properties ---------- */

describe('moving a selection', () => {
  it('keeps the relative layout, stays within the schema, and never moves locked or unselected layers', () => {
    fc.assert(
      fc.property(withSelection(SCHEMA, { locked: true }), real(-400, 400), real(-400, 400), ({ doc, ids }, dx, dy) => {
        const next = moveLayers(doc, ids, dx, dy);
        valid(next);
        const before = byId(doc);
        const moved = next.layers.filter((l) => ids.includes(l.id) && !l.locked);
        for (const l of next.layers) {
          const b = before.get(l.id)!;
          if (!ids.includes(l.id) || l.locked) expect(l).toBe(b);
          expect([l.w, l.h]).toEqual([b.w, b.h]);
        }
        const [first] = moved;
        if (!first) return;
        const shift = [first.x - before.get(first.id)!.x, first.y - before.get(first.id)!.y];
        for (const l of moved) {
          expect(close(l.x - before.get(l.id)!.x, shift[0]!)).toBe(true);
          expect(close(l.y - before.get(l.id)!.y, shift[1]!)).toBe(true);
        }
      }),
    );
  });

  it('moves by exactly (dx, dy) when that stays in bounds', () => {
    fc.assert(
      fc.property(withSelection({ pos: [0, 100], ext: [0.5, 100] }), grid(-100, 100), grid(-100, 100), ({ doc, ids }, dx, dy) => {
        const next = byId(moveLayers(doc, ids, dx, dy));
        for (const l of doc.layers) {
          if (!ids.includes(l.id)) continue;
          expect(close(next.get(l.id)!.x, l.x + dx, 0.001)).toBe(true);
          expect(close(next.get(l.id)!.y, l.y + dy, 0.001)).toBe(true);
        }
      }),
    );
  });
});

describe('resizing a selection', () => {
  it('scales every layer with the bounding box (relative layout kept) and stays within the schema', () => {
    fc.assert(
      fc.property(
        withSelection({ ...SCHEMA, numbers: 'real' }, { locked: true }),
        fc.record({ x: real(-150, 250), y: real(-150, 250), w: real(0.01, 700), h: real(0.01, 700) }),
        ({ doc, ids }, target) => {
          const next = resizeLayers(doc, ids, target, { scaleText: true });
          valid(next);
          const before = byId(doc);
          const changed = doc.layers.filter((l) => ids.includes(l.id) && !l.locked).map((l) => [before.get(l.id)!, byId(next).get(l.id)!] as const);
          for (const l of next.layers) if (!ids.includes(l.id) || l.locked) expect(l).toBe(before.get(l.id));
          if (changed.length === 0) return;
          // One factor per axis for all of them: sizes and distances scale alike (to the rounding of 0.01 %).
          const from = boundsOf(changed.map(([b]) => b))!;
          const to = boundsOf(changed.map(([, a]) => a))!;
          const [fx, fy] = [to.w / from.w, to.h / from.h];
          for (const [b, a] of changed) {
            expect(Math.abs(a.w - b.w * fx)).toBeLessThanOrEqual(0.02);
            expect(Math.abs(a.h - b.h * fy)).toBeLessThanOrEqual(0.02);
            expect(Math.abs(a.x - to.x - (b.x - from.x) * fx)).toBeLessThanOrEqual(0.02);
            expect(Math.abs(a.y - to.y - (b.y - from.y) * fy)).toBeLessThanOrEqual(0.02);
          }
        },
      ),
    );
  });

  it('makes the bounding box the target when the target is within limits', () => {
    fc.assert(
      fc.property(
        withSelection({ pos: [0, 80], ext: [1, 20] }),
        real(0.5, 1.5),
        real(0.5, 1.5),
        grid(-20, 20),
        grid(-20, 20),
        ({ doc, ids }, sx, sy, dx, dy) => {
          const from = selectionBounds(doc, ids);
          if (!from) return;
          const target = { x: from.x + dx, y: from.y + dy, w: from.w * sx, h: from.h * sy };
          const got = selectionBounds(resizeLayers(doc, ids, target), ids)!;
          for (const k of ['x', 'y', 'w', 'h'] as const) expect(close(got[k], target[k], 0.03)).toBe(true);
        },
      ),
    );
  });

  it('keeps the edge that did not move when the factor is limited', () => {
    const doc = docOf([
      { id: 'a', type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: 50, y: 10, w: 1, h: 10 },
      { id: 'b', type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: 55, y: 10, w: 5, h: 10 },
    ]);
    // Dragging the left edge far to the right: the smallest layer stops at 0.5 %, the right edge stays at 60.
    const next = resizeLayers(doc, ['a', 'b'], { x: 59.9, y: 10, w: 0.1, h: 10 });
    const got = selectionBounds(next, ['a', 'b'])!;
    expect(close(got.x + got.w, 60)).toBe(true);
    expect(next.layers[0]!.w).toBe(0.5);
  });
});

describe('removing layers', () => {
  it('removes the unlocked selected layers only', () => {
    fc.assert(
      fc.property(withSelection(SCHEMA, { locked: true }), ({ doc, ids }) => {
        const next = removeLayers(doc, ids);
        expect(next.layers.map((l) => l.id)).toEqual(doc.layers.filter((l) => !ids.includes(l.id) || l.locked).map((l) => l.id));
      }),
    );
  });
});

const EDGES: AlignEdge[] = ['left', 'center', 'right', 'top', 'middle', 'bottom'];
const edgeOf = (box: Box, edge: AlignEdge) =>
  ({ left: box.x, center: box.x + box.w / 2, right: box.x + box.w, top: box.y, middle: box.y + box.h / 2, bottom: box.y + box.h })[edge];

describe('aligning', () => {
  it('makes the edges of several units equal to their bounding box’s (groups count as one, locked ones stay)', () => {
    fc.assert(
      fc.property(withSelection({ pos: [-50, 150], ext: [0.5, 50] }, { groups: true, locked: true }), fc.constantFrom(...EDGES), ({ doc, ids }, edge) => {
        const units = unitsOf(doc, ids);
        const next = alignLayers(doc, ids, edge);
        valid(next);
        if (units.length < 2) return;
        const target = edgeOf(boundsOf(units.map((u) => u.box))!, edge);
        for (const unit of unitsOf(next, ids)) {
          if (unit.locked) continue;
          expect(close(edgeOf(unit.box, edge), target, 0.02)).toBe(true);
        }
        // A group moves as a whole: its own layout is kept.
        for (const unit of unitsOf(next, ids)) {
          const old = unitsOf(doc, unit.ids)[0]!;
          for (const id of unit.ids) {
            const [a, b] = [byId(next).get(id)!, byId(doc).get(id)!];
            expect(close(a.x - unit.box.x, b.x - old.box.x, 0.02) && close(a.y - unit.box.y, b.y - old.box.y, 0.02)).toBe(true);
          }
        }
      }),
    );
  });

  it('stays within the schema even where an edge cannot be reached (a position is at most 200 %)', () => {
    fc.assert(
      fc.property(withSelection(SCHEMA, { groups: true, locked: true }), fc.constantFrom(...EDGES), ({ doc, ids }, edge) => {
        const next = alignLayers(doc, ids, edge);
        valid(next);
        for (const l of next.layers) if (!ids.includes(l.id) || l.locked) expect(l).toBe(byId(doc).get(l.id));
      }),
    );
  });

  it('aligns one layer (or one group) to the canvas', () => {
    fc.assert(
      fc.property(layersArb({ pos: [-100, 200], ext: [0.5, 150] }, { minLength: 1 }), fc.constantFrom(...EDGES), (layers, edge) => {
        const doc = docOf(layers);
        const id = layers[0]!.id;
        const got = byId(alignLayers(doc, [id], edge)).get(id)!;
        expect(close(edgeOf(got, edge), edgeOf({ x: 0, y: 0, w: 100, h: 100 }, edge), 0.01)).toBe(true);
      }),
    );
    const doc = buildTemplate('bold-headline', {
      brand: { colors: ['#1f3a5f'], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null },
      format: 'square',
    });
    const grouped = groupLayers(doc, ['headline', 'logo']);
    const aligned = alignLayers(grouped, expandGroups(grouped, ['logo']), 'left');
    expect(close(selectionBounds(aligned, ['headline', 'logo'])!.x, 0)).toBe(true);
  });
});

describe('distributing', () => {
  it('makes the gaps between neighbours equal and keeps the first and last in place', () => {
    fc.assert(
      fc.property(
        withSelection({ pos: [-50, 150], ext: [0.5, 60] }, { groups: true, locked: true }),
        fc.constantFrom('x' as const, 'y' as const),
        ({ doc, ids }, axis) => {
          const next = distributeLayers(doc, ids, axis);
          valid(next);
          if (!canDistribute(doc, ids)) {
            expect(next).toBe(doc);
            return;
          }
          const [pos, size] = axis === 'x' ? (['x', 'w'] as const) : (['y', 'h'] as const);
          const sortUnits = (d: CreativeDocument) => {
            const units = unitsOf(d, ids).filter((u) => !u.locked);
            const order = new Map(
              unitsOf(doc, ids)
                .filter((u) => !u.locked)
                .sort((a, b) => a.box[pos] - b.box[pos] || a.box[pos] + a.box[size] - (b.box[pos] + b.box[size]) || (a.ids[0]! < b.ids[0]! ? -1 : 1))
                .map((u, i) => [u.ids[0]!, i]),
            );
            return units.sort((a, b) => order.get(a.ids[0]!)! - order.get(b.ids[0]!)!);
          };
          const before = sortUnits(doc);
          const after = sortUnits(next);
          expect(after[0]!.box).toEqual(before[0]!.box);
          expect(after.at(-1)!.box).toEqual(before.at(-1)!.box);
          const gaps = after.slice(1).map((u, i) => u.box[pos] - (after[i]!.box[pos] + after[i]!.box[size]));
          for (const gap of gaps) expect(close(gap, gaps[0]!, 0.03)).toBe(true);
        },
      ),
    );
  });

  it('needs three units', () => {
    const doc = docOf([
      { id: 'a', type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: 0, y: 0, w: 10, h: 10 },
      { id: 'b', type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: 30, y: 0, w: 10, h: 10 },
      { id: 'c', type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: 80, y: 0, w: 10, h: 10 },
    ]);
    expect(distributeLayers(doc, ['a', 'c'], 'x')).toBe(doc);
    expect(byId(distributeLayers(doc, ['a', 'b', 'c'], 'x')).get('b')!.x).toBe(40);
    // Two of them grouped: only two units.
    const grouped = groupLayers(doc, ['a', 'b']);
    expect(canDistribute(grouped, ['a', 'b', 'c'])).toBe(false);
  });
});

describe('groups', () => {
  it('group then ungroup gives back the same layers; grouping puts the members side by side, frontmost place', () => {
    fc.assert(
      fc.property(withSelection(SCHEMA), ({ doc, ids }) => {
        const grouped = groupLayers(doc, ids);
        if (ids.length < 2) {
          expect(grouped).toBe(doc);
          return;
        }
        valid(grouped);
        const members = grouped.layers.flatMap((l, i) => (ids.includes(l.id) ? [i] : []));
        expect(members.at(-1)! - members[0]! + 1).toBe(ids.length);
        expect(new Set(members.map((i) => grouped.layers[i]!.group)).size).toBe(1);
        expect(grouped.layers.at(members.at(-1)!)!.id).toBe(doc.layers.findLast((l) => ids.includes(l.id))!.id);
        expect(grouped.layers.filter((l) => !ids.includes(l.id))).toEqual(doc.layers.filter((l) => !ids.includes(l.id)));
        const back = ungroupLayers(grouped, [ids[0]!]);
        expect([...back.layers].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([...doc.layers].sort((a, b) => (a.id < b.id ? -1 : 1)));
        // Already side by side: the round trip is the identity.
        expect(ungroupLayers(groupLayers(back, ids), ids)).toEqual(back);
      }),
    );
  });

  it('grouping a member of a group takes its whole group along; expandGroups is closed and idempotent', () => {
    fc.assert(
      fc.property(withSelection(SCHEMA, { groups: true }), ({ doc, ids }) => {
        const expanded = expandGroups(doc, ids);
        expect(expandGroups(doc, expanded)).toEqual(expanded);
        for (const id of ids) expect(expanded).toContain(id);
        const groups = new Set(doc.layers.filter((l) => expanded.includes(l.id)).map((l) => l.group));
        for (const l of doc.layers) if (l.group && groups.has(l.group)) expect(expanded).toContain(l.id);
        const grouped = groupLayers(doc, ids);
        if (expanded.length >= 2) expect(new Set(grouped.layers.filter((l) => expanded.includes(l.id)).map((l) => l.group)).size).toBe(1);
        const others = new Set(grouped.layers.filter((l) => !expanded.includes(l.id)).map((l) => l.group));
        if (expanded.length >= 2) expect(others.has(grouped.layers.find((l) => l.id === expanded[0])!.group)).toBe(false);
      }),
    );
  });
});

describe('lock, hide, rename', () => {
  it('round trips: locking then unlocking (and hiding then showing) leaves no trace', () => {
    fc.assert(
      fc.property(withSelection(SCHEMA), ({ doc, ids }) => {
        expect(setLocked(setLocked(doc, ids, true), ids, false)).toEqual(doc);
        expect(setHidden(setHidden(doc, ids, true), ids, false)).toEqual(doc);
        const locked = setLocked(doc, ids, true);
        for (const l of locked.layers) expect(Boolean(l.locked)).toBe(ids.includes(l.id));
        expect(setLocked(locked, ids, true)).toBe(locked);
        // Locked layers do not move, resize or go.
        expect(moveLayers(locked, ids, 5, 5)).toBe(locked);
        expect(removeLayers(locked, ids)).toBe(locked);
        expect(resizeLayers(locked, ids, { x: 0, y: 0, w: 50, h: 50 })).toBe(locked);
      }),
    );
  });

  it('renames a layer, and an empty name restores the automatic one', () => {
    const doc = docOf([{ id: 'a', type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: 0, y: 0, w: 10, h: 10 }]);
    const named = renameLayer(doc, 'a', '  Badge ');
    expect(named.layers[0]!.name).toBe('Badge');
    expect(renameLayer(named, 'a', 'Badge')).toBe(named);
    expect(renameLayer(named, 'a', ' ')).toEqual(doc);
    expect(renameLayer(doc, 'a', 'x'.repeat(80)).layers[0]!.name).toHaveLength(60);
  });
});

describe('stacking order', () => {
  it('reorderLayer puts the layer at the index and keeps the others’ order; groups stay runs', () => {
    fc.assert(
      fc.property(layersArb(SCHEMA, { groups: true, minLength: 1 }), fc.nat(), fc.integer({ min: -2, max: MAX_LAYERS + 2 }), (layers, pick, to) => {
        const doc = docOf(layers);
        const id = layers[pick % layers.length]!.id;
        const next = reorderLayer(doc, id, to);
        valid(next);
        const index = Math.min(Math.max(to, 0), layers.length - 1);
        expect(next.layers[index]!.id).toBe(id);
        expect(next.layers.filter((l) => l.id !== id)).toEqual(doc.layers.filter((l) => l.id !== id));
        const moved = next.layers[index]!;
        if (moved.group) {
          const neighbours = [next.layers[index - 1]?.group, next.layers[index + 1]?.group];
          const alone = !next.layers.some((l) => l.id !== id && l.group === moved.group);
          expect(alone || neighbours.includes(moved.group)).toBe(true);
        }
      }),
    );
  });

  it('shiftLayers moves a block one step, past a whole neighbouring group, and keeps it together', () => {
    fc.assert(
      fc.property(layersArb(SCHEMA, { groups: true, minLength: 1 }), fc.nat(), fc.constantFrom(1 as const, -1 as const), (layers, pick, dir) => {
        const doc = groupLayers(docOf(layers), []);
        const id = layers[pick % layers.length]!.id;
        const block = expandGroups(doc, [id]);
        const next = shiftLayers(doc, block, dir);
        expect([...next.layers].map((l) => l.id).sort()).toEqual([...doc.layers].map((l) => l.id).sort());
        const at = next.layers.flatMap((l, i) => (block.includes(l.id) ? [i] : []));
        expect(at.at(-1)! - at[0]! + 1).toBe(block.length);
        expect(next.layers.filter((l) => !block.includes(l.id))).toEqual(doc.layers.filter((l) => !block.includes(l.id)));
      }),
    );
    const doc = docOf(
      ['a', 'b', 'c', 'd'].map((id, i) => ({ id, type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: i, y: 0, w: 10, h: 10 }) as Layer),
    );
    const grouped = groupLayers(doc, ['b', 'c']);
    expect(shiftLayers(grouped, ['a'], 1).layers.map((l) => l.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(shiftLayers(grouped, ['b', 'c'], 1).layers.map((l) => l.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(shiftLayers(grouped, ['d'], 1)).toBe(grouped);
    expect(shiftLayers(grouped, ['a'], -1)).toBe(grouped);
  });

  it('reorderLayers moves a block to an index among the others, never into another group', () => {
    fc.assert(
      fc.property(layersArb(SCHEMA, { groups: true, minLength: 1 }), fc.nat(), fc.integer({ min: -2, max: MAX_LAYERS + 2 }), (layers, pick, to) => {
        const doc = groupLayers(docOf(layers), []);
        const block = expandGroups(doc, [layers[pick % layers.length]!.id]);
        const next = reorderLayers(doc, block, to);
        const rest = next.layers.filter((l) => !block.includes(l.id));
        expect(rest).toEqual(doc.layers.filter((l) => !block.includes(l.id)));
        const at = next.layers.flatMap((l, i) => (block.includes(l.id) ? [i] : []));
        expect(at.at(-1)! - at[0]! + 1).toBe(block.length);
        const [before, after] = [next.layers[at[0]! - 1], next.layers[at.at(-1)! + 1]];
        if (before?.group && before.group === after?.group) expect(block.some((id) => byId(next).get(id)!.group === before.group)).toBe(true);
      }),
    );
    const doc = docOf(
      ['a', 'b', 'c', 'd'].map((id, i) => ({ id, type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: i, y: 0, w: 10, h: 10 }) as Layer),
    );
    const grouped = groupLayers(doc, ['b', 'c']);
    expect(reorderLayers(grouped, ['d'], 0).layers.map((l) => l.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(reorderLayers(grouped, ['a'], 2).layers.map((l) => l.id)).toEqual(['b', 'c', 'a', 'd']);
    // Into the middle of b+c: in front of the group instead.
    expect(reorderLayers(grouped, ['d'], 2).layers.map((l) => l.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(reorderLayers(grouped, ['d'], 2)).toBe(grouped);
  });
});
