import { historyReducer, startHistory, type History, type HistoryAction } from '#client/lib/history.ts';
import { moveById } from '#client/lib/move-by-id.ts';
import type { PresentationDocument, Section } from '#client/features/presentations/model.ts';

/** The presentation editor's document with its undo/redo history (client/lib/history.ts), and the selected section. */
export interface EditorState extends History<PresentationDocument> {
  /** The section whose properties the side panel shows. */
  selected: string | null;
}

export type EditorAction = HistoryAction<PresentationDocument> | { type: 'select'; id: string | null };

export function initialEditorState(doc: PresentationDocument): EditorState {
  return { ...startHistory(doc), selected: null };
}

function selectedIn(doc: PresentationDocument, id: string | null): string | null {
  return id && doc.sections.some((s) => s.id === id) ? id : null;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (action.type === 'select') return state.selected === action.id ? state : { ...state, selected: action.id, group: null };
  const next = historyReducer(state, action);
  return next === state ? state : { ...next, selected: selectedIn(next.present, state.selected) };
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
  const sections = moveById(doc.sections, id, to);
  return sections === doc.sections ? doc : { ...doc, sections };
}

export function updateSectionProps(doc: PresentationDocument, id: string, props: Section['props']): PresentationDocument {
  return { ...doc, sections: doc.sections.map((s) => (s.id === id ? ({ ...s, props } as Section) : s)) };
}
