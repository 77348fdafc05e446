import { describe, expect, it } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import {
  clampZoom,
  editorReducer,
  gapsAround,
  initialEditorState,
  intersects,
  moveLayer,
  rectFromPoints,
  removeLayer,
  singleSelection,
  snap,
  stepZoom,
  uniqueLayerId,
  updateLayer,
} from '#client/features/creatives/editor-state.ts';

const brand = { colors: ['#1f3a5f', '#f4a261'], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null } as const;
const doc = buildTemplate('bold-headline', { brand, format: 'square' });

describe('editor history', () => {
  it('undoes and redoes changes, one step per change', () => {
    let state = initialEditorState(doc);
    const a = updateLayer(doc, 'headline', { x: 10 });
    const b = updateLayer(a, 'headline', { x: 20 });
    state = editorReducer(state, { type: 'change', value: a });
    state = editorReducer(state, { type: 'change', value: b });
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.present).toBe(a);
    state = editorReducer(state, { type: 'undo' });
    expect(state.present).toBe(doc);
    expect(editorReducer(state, { type: 'undo' })).toBe(state);
    state = editorReducer(state, { type: 'redo' });
    state = editorReducer(state, { type: 'redo' });
    expect(state.present).toBe(b);
  });

  it('merges the changes of one drag or one burst of typing (a group) into one undo step, until sealed', () => {
    let state = initialEditorState(doc);
    for (const x of [11, 12, 13]) state = editorReducer(state, { type: 'change', value: updateLayer(state.present, 'headline', { x }), group: 'drag-1' });
    expect(state.past).toEqual([doc]);
    state = editorReducer(state, { type: 'seal' });
    state = editorReducer(state, { type: 'change', value: updateLayer(state.present, 'headline', { x: 14 }), group: 'drag-1' });
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.present.layers.find((l) => l.id === 'headline')?.x).toBe(13);
  });

  it('a new change clears what could be redone; a removed layer is no longer selected', () => {
    let state = editorReducer(initialEditorState(doc), { type: 'select', ids: ['headline'] });
    state = editorReducer(state, { type: 'change', value: updateLayer(doc, 'headline', { y: 5 }) });
    state = editorReducer(state, { type: 'undo' });
    expect(state.future).toHaveLength(1);
    state = editorReducer(state, { type: 'change', value: removeLayer(state.present, 'headline') });
    expect(state.future).toEqual([]);
    expect(state.selected).toEqual([]);
  });
});

describe('layer helpers', () => {
  it('reorders layers within bounds and makes unique ids', () => {
    const ids = (d: typeof doc) => d.layers.map((l) => l.id);
    expect(ids(moveLayer(doc, 'logo', 1))[1]).toBe('logo');
    expect(moveLayer(doc, ids(doc).at(-1)!, 1)).toBe(doc);
    expect(uniqueLayerId(doc, 'text')).toBe('text');
    expect(uniqueLayerId(doc, 'headline')).toBe('headline-2');
  });
});

describe('snapping', () => {
  it('snaps a moving box to the canvas centre and edges, and to other layers, within the threshold only', () => {
    const centred = snap({ x: 29.4, y: 10, w: 40, h: 10 }, [], 1);
    expect(centred.box.x).toBe(30); // its centre is at 49.4 → 50
    expect(centred.guides.x).toBe(50);
    expect(snap({ x: 0.6, y: 30, w: 10, h: 10 }, [], 1).box.x).toBe(0);
    expect(snap({ x: 20, y: 20, w: 10, h: 10 }, [{ x: 50, y: 40.5, w: 10, h: 10 }], 1).box.y).toBe(20); // nothing within 1 %
    expect(snap({ x: 20, y: 29.6, w: 10, h: 10 }, [{ x: 50, y: 40, w: 10, h: 10 }], 1).box.y).toBe(30); // bottom edge to the other's top
  });

  it('moves only the dragged edges when resizing', () => {
    const { box, guides } = snap({ x: 10, y: 10, w: 39.5, h: 20 }, [], 1, { right: true });
    expect(box).toEqual({ x: 10, y: 10, w: 40, h: 20 });
    expect(guides).toEqual({ x: 50, y: null });
  });
});

describe('selection', () => {
  it('holds several layers, drops unknown and repeated ids, and keeps only those a change or undo leaves', () => {
    let state = editorReducer(initialEditorState(doc), { type: 'select', ids: ['headline', 'logo', 'headline', 'nope'] });
    expect(state.selected).toEqual(['headline', 'logo']);
    expect(singleSelection(state.selected)).toBeNull();
    // The same selection again is no new state.
    expect(editorReducer(state, { type: 'select', ids: ['headline', 'logo'] })).toBe(state);
    state = editorReducer(state, { type: 'change', value: removeLayer(state.present, 'logo') });
    expect(state.selected).toEqual(['headline']);
    expect(singleSelection(state.selected)).toBe('headline');
    state = editorReducer(state, { type: 'undo' });
    expect(state.selected).toEqual(['headline']);
    state = editorReducer(state, { type: 'select', ids: [] });
    expect(state.selected).toEqual([]);
  });
});

describe('zoom', () => {
  it('steps through 50–200 %, with the fit as a stop of its own, and never past the limits', () => {
    expect(stepZoom(1, 1, 0.56)).toBe(1.25);
    expect(stepZoom(1, -1, 0.56)).toBe(0.75);
    expect(stepZoom(0.75, -1, 0.56)).toBe(0.56);
    expect(stepZoom(0.56, -1, 0.56)).toBe(0.5);
    expect(stepZoom(0.5, -1, 0.56)).toBe(0.5);
    expect(stepZoom(2, 1, 0.56)).toBe(2);
    expect(stepZoom(0.56, 1, 0.56)).toBe(0.75);
    // A phone: the fit is below 50 %, and zooming out ends there.
    expect(stepZoom(0.5, -1, 0.33)).toBe(0.33);
    expect(clampZoom(0.1, 0.33)).toBe(0.33);
    expect(clampZoom(0.1, 0.8)).toBe(0.5);
    expect(clampZoom(9, 0.8)).toBe(2);
  });
});

describe('marquee and distances', () => {
  it('makes a box from two corners in any order, and finds what it touches', () => {
    expect(rectFromPoints(30, 40, 10, 5)).toEqual({ x: 10, y: 5, w: 20, h: 35 });
    expect(intersects({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 10, w: 5, h: 5 })).toBe(true);
    expect(intersects({ x: 0, y: 0, w: 10, h: 10 }, { x: 10.1, y: 0, w: 5, h: 5 })).toBe(false);
  });

  it('measures from each side of a box to the nearest layer beside it, or to the canvas edge', () => {
    const gaps = gapsAround({ x: 40, y: 40, w: 20, h: 20 }, [
      { x: 0, y: 45, w: 30, h: 5 }, // left of it, overlapping across
      { x: 70, y: 0, w: 10, h: 10 }, // right but above: not beside it
      { x: 45, y: 80, w: 5, h: 5 }, // below
    ]);
    expect(gaps).toEqual([
      { side: 'left', from: 30, to: 40, at: 50 },
      { side: 'right', from: 60, to: 100, at: 50 },
      { side: 'top', from: 0, to: 40, at: 50 },
      { side: 'bottom', from: 60, to: 80, at: 50 },
    ]);
    // Touching the canvas edge: no distance on that side.
    expect(gapsAround({ x: 0, y: 0, w: 100, h: 50 }, []).map((g) => g.side)).toEqual(['bottom']);
  });
});
