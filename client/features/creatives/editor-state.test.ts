import { describe, expect, it } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import { editorReducer, initialEditorState, moveLayer, removeLayer, snap, uniqueLayerId, updateLayer } from '#client/features/creatives/editor-state.ts';

const brand = { colors: ['#1f3a5f', '#f4a261'], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null } as const;
const doc = buildTemplate('bold-headline', { brand, format: 'square' });

describe('editor history', () => {
  it('undoes and redoes changes, one step per change', () => {
    let state = initialEditorState(doc);
    const a = updateLayer(doc, 'headline', { x: 10 });
    const b = updateLayer(a, 'headline', { x: 20 });
    state = editorReducer(state, { type: 'change', doc: a });
    state = editorReducer(state, { type: 'change', doc: b });
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.doc).toBe(a);
    state = editorReducer(state, { type: 'undo' });
    expect(state.doc).toBe(doc);
    expect(editorReducer(state, { type: 'undo' })).toBe(state);
    state = editorReducer(state, { type: 'redo' });
    state = editorReducer(state, { type: 'redo' });
    expect(state.doc).toBe(b);
  });

  it('merges the changes of one drag or one burst of typing (a group) into one undo step, until sealed', () => {
    let state = initialEditorState(doc);
    for (const x of [11, 12, 13]) state = editorReducer(state, { type: 'change', doc: updateLayer(state.doc, 'headline', { x }), group: 'drag-1' });
    expect(state.past).toEqual([doc]);
    state = editorReducer(state, { type: 'seal' });
    state = editorReducer(state, { type: 'change', doc: updateLayer(state.doc, 'headline', { x: 14 }), group: 'drag-1' });
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.doc.layers.find((l) => l.id === 'headline')?.x).toBe(13);
  });

  it('a new change clears what could be redone; a removed layer is no longer selected', () => {
    let state = editorReducer(initialEditorState(doc), { type: 'select', id: 'headline' });
    state = editorReducer(state, { type: 'change', doc: updateLayer(doc, 'headline', { y: 5 }) });
    state = editorReducer(state, { type: 'undo' });
    expect(state.future).toHaveLength(1);
    state = editorReducer(state, { type: 'change', doc: removeLayer(state.doc, 'headline') });
    expect(state.future).toEqual([]);
    expect(state.selected).toBeNull();
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
