/**
 * An editor's undoable value (a creative, a page draft, a presentation): the value shown
 * (`present`), the steps before it (`past`, oldest first) and the steps undone (`future`, next
 * first). Changes that belong together (one drag, one burst of typing in a field) share a
 * `group` and make one history step, until the group is sealed (the field is left).
 */
export interface History<T> {
  present: T;
  past: readonly T[];
  future: readonly T[];
  /** The group of the last change, to merge a drag or typing into one undo step. */
  group: string | null;
}

export type HistoryAction<T> =
  | { type: 'change'; value: T; group?: string }
  /** A value from elsewhere (a restored version): undoable like any other change, never merged. */
  | { type: 'replace'; value: T }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Ends the group of the last change: the next change is a step of its own. */
  | { type: 'seal' };

/** How many steps back an editor can go. */
export const HISTORY_LIMIT = 100;

export function startHistory<T>(present: T): History<T> {
  return { present, past: [], future: [], group: null };
}

/**
 * The history after `action`, keeping the other fields of an editor's state as they are; the
 * same object when nothing changes (nothing to undo or redo, the same value again).
 */
export function historyReducer<T, S extends History<T>>(state: S, action: HistoryAction<T>, limit = HISTORY_LIMIT): S {
  switch (action.type) {
    case 'change':
    case 'replace': {
      if (action.value === state.present) return state;
      const group = action.type === 'change' ? (action.group ?? null) : null;
      const past = group !== null && group === state.group ? state.past : [...state.past, state.present].slice(-limit);
      return { ...state, present: action.value, past, future: [], group };
    }
    case 'undo': {
      if (state.past.length === 0) return state;
      return { ...state, present: state.past.at(-1)!, past: state.past.slice(0, -1), future: [state.present, ...state.future], group: null };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      return { ...state, present: state.future[0]!, past: [...state.past, state.present], future: state.future.slice(1), group: null };
    }
    case 'seal':
      return state.group === null ? state : { ...state, group: null };
  }
}
