import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, historyReducer, startHistory, type History, type HistoryAction } from '#client/lib/history.ts';

type Doc = { n: number };
const doc = (n: number): Doc => ({ n });
const run = (state: History<Doc>, ...actions: HistoryAction<Doc>[]) => actions.reduce((s, a) => historyReducer(s, a), state);
const values = (list: readonly Doc[]) => list.map((d) => d.n);

describe('historyReducer', () => {
  it('undoes and redoes one step per change; a new change forgets what could be redone', () => {
    const start = startHistory(doc(0));
    let state = run(start, { type: 'change', value: doc(1) }, { type: 'change', value: doc(2) });
    expect(values(state.past)).toEqual([0, 1]);
    state = run(state, { type: 'undo' });
    expect(state.present.n).toBe(1);
    expect(values(state.future)).toEqual([2]);
    state = run(state, { type: 'undo' });
    expect(state.present).toBe(start.present);
    // Nothing left to undo: the same state, so that React skips the render.
    expect(historyReducer(state, { type: 'undo' })).toBe(state);
    state = run(state, { type: 'redo' }, { type: 'redo' });
    expect(state.present.n).toBe(2);
    expect(historyReducer(state, { type: 'redo' })).toBe(state);
    state = run(state, { type: 'undo' }, { type: 'change', value: doc(3) });
    expect(state.future).toEqual([]);
    expect(values(state.past)).toEqual([0, 1]);
  });

  it('merges the changes of one group into one step, until the group changes or is sealed', () => {
    let state = run(
      startHistory(doc(0)),
      { type: 'change', value: doc(1), group: 'drag' },
      { type: 'change', value: doc(2), group: 'drag' },
      { type: 'change', value: doc(3), group: 'drag' },
    );
    expect(values(state.past)).toEqual([0]);
    expect(state.group).toBe('drag');
    // Another group is another step.
    state = run(state, { type: 'change', value: doc(4), group: 'typing' });
    expect(values(state.past)).toEqual([0, 3]);
    // Sealed: the same group again starts a new step.
    state = run(state, { type: 'seal' }, { type: 'change', value: doc(5), group: 'typing' });
    expect(values(state.past)).toEqual([0, 3, 4]);
    // A change without a group is always a step of its own, even after one.
    state = run(state, { type: 'change', value: doc(6) }, { type: 'change', value: doc(7) });
    expect(values(state.past)).toEqual([0, 3, 4, 5, 6]);
    state = run(state, { type: 'undo' });
    expect(state.present.n).toBe(6);
  });

  it('ends a group on undo and redo, and keeps a sealed state as it is', () => {
    let state = run(startHistory(doc(0)), { type: 'change', value: doc(1), group: 'g' }, { type: 'undo' }, { type: 'redo' });
    expect(state.group).toBeNull();
    state = run(state, { type: 'change', value: doc(2), group: 'g' });
    expect(values(state.past)).toEqual([0, 1]);
    const sealed = run(state, { type: 'seal' });
    expect(historyReducer(sealed, { type: 'seal' })).toBe(sealed);
  });

  it('ignores the same value again', () => {
    const state = run(startHistory(doc(0)), { type: 'change', value: doc(1) });
    expect(historyReducer(state, { type: 'change', value: state.present })).toBe(state);
    expect(historyReducer(state, { type: 'replace', value: state.present })).toBe(state);
  });

  it('makes a replaced value (a restored version) an undoable step of its own, never merged into a group', () => {
    let state = run(startHistory(doc(0)), { type: 'change', value: doc(1), group: 'g' }, { type: 'replace', value: doc(9) });
    expect(values(state.past)).toEqual([0, 1]);
    expect(state.group).toBeNull();
    state = run(state, { type: 'change', value: doc(10), group: 'g' });
    expect(values(state.past)).toEqual([0, 1, 9]);
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(state.present.n).toBe(1);
  });

  it('keeps at most the limit of steps, dropping the oldest', () => {
    let state = startHistory(doc(0));
    for (let n = 1; n <= HISTORY_LIMIT + 5; n += 1) state = historyReducer(state, { type: 'change', value: doc(n) });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    expect(state.past[0]!.n).toBe(5);
    // A smaller limit, as a caller may pass.
    let small = startHistory(doc(0));
    for (let n = 1; n <= 4; n += 1) small = historyReducer(small, { type: 'replace', value: doc(n) }, 2);
    expect(values(small.past)).toEqual([2, 3]);
    for (let i = 0; i < 5; i += 1) small = historyReducer(small, { type: 'undo' }, 2);
    expect(small.present.n).toBe(2);
  });

  it('keeps the other fields of an editor’s state', () => {
    const state = { ...startHistory(doc(0)), selected: 'hero' };
    const next = historyReducer(state, { type: 'change', value: doc(1) });
    expect(next.selected).toBe('hero');
  });
});
