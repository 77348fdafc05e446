import type { PresentationDocument, Section } from '#client/features/presentations/model.ts';

/**
 * The presentation editor's document with its undo/redo history. Changes that belong together
 * (one burst of typing in a field) share a `group` and make one history step, as in the page
 * editor.
 */
export interface EditorState {
  doc: PresentationDocument;
  past: PresentationDocument[];
  future: PresentationDocument[];
  /** The section whose properties the side panel shows. */
  selected: string | null;
  group: string | null;
}

export type EditorAction =
  | { type: 'change'; doc: PresentationDocument; group?: string }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'seal' };

const HISTORY_LIMIT = 100;

export function initialEditorState(doc: PresentationDocument): EditorState {
  return { doc, past: [], future: [], selected: null, group: null };
}

function selectedIn(doc: PresentationDocument, id: string | null): string | null {
  return id && doc.sections.some((s) => s.id === id) ? id : null;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'change': {
      if (action.doc === state.doc) return state;
      const merge = action.group !== undefined && action.group === state.group;
      const past = merge ? state.past : [...state.past, state.doc].slice(-HISTORY_LIMIT);
      return { ...state, doc: action.doc, past, future: [], selected: selectedIn(action.doc, state.selected), group: action.group ?? null };
    }
    case 'select':
      return state.selected === action.id ? state : { ...state, selected: action.id, group: null };
    case 'seal':
      return state.group === null ? state : { ...state, group: null };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        doc: previous,
        past: state.past.slice(0, -1),
        future: [state.doc, ...state.future],
        group: null,
        selected: selectedIn(previous, state.selected),
      };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return { ...state, doc: next, past: [...state.past, state.doc], future: state.future.slice(1), group: null, selected: selectedIn(next, state.selected) };
    }
  }
}

/** A section id not used in the document: the type, then type-2, type-3… */
export function uniqueSectionId(doc: PresentationDocument, base: string): string {
  const taken = new Set(doc.sections.map((s) => s.id));
  const stem = base.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24) || 'section';
  if (!taken.has(stem)) return stem;
  for (let i = 2; ; i += 1) if (!taken.has(`${stem}-${i}`)) return `${stem}-${i}`;
}

/** `section` inserted after index `after` (at the end when omitted). */
export function insertSection(doc: PresentationDocument, section: Section, after?: number): PresentationDocument {
  const at = after === undefined ? doc.sections.length : Math.min(doc.sections.length, Math.max(0, after + 1));
  return { ...doc, sections: [...doc.sections.slice(0, at), section, ...doc.sections.slice(at)] };
}

export function removeSection(doc: PresentationDocument, id: string): PresentationDocument {
  return { ...doc, sections: doc.sections.filter((s) => s.id !== id) };
}

/** Moves a section to position `to` (clamped); the same document when nothing moves. */
export function moveSection(doc: PresentationDocument, id: string, to: number): PresentationDocument {
  const from = doc.sections.findIndex((s) => s.id === id);
  const target = Math.min(doc.sections.length - 1, Math.max(0, to));
  if (from < 0 || from === target) return doc;
  const sections = [...doc.sections];
  const [section] = sections.splice(from, 1);
  sections.splice(target, 0, section!);
  return { ...doc, sections };
}

export function updateSectionProps(doc: PresentationDocument, id: string, props: Section['props']): PresentationDocument {
  return { ...doc, sections: doc.sections.map((s) => (s.id === id ? ({ ...s, props } as Section) : s)) };
}
