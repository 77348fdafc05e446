import type { Locale } from '#common/i18n/locales.ts';
import { BLOCK_DEFAULTS } from '#common/schemas/blocks-defaults.ts';
import { MAX_BLOCKS, type Block, type BlockType, type PageDocument } from '#common/schemas/blocks.ts';
import { historyReducer, startHistory, type History, type HistoryAction } from '#client/lib/history.ts';
import { moveById } from '#client/lib/move-by-id.ts';

/** The page editor's undoable draft: both variants and the split between them. */
export interface PageDraft {
  a: PageDocument;
  /** Variant B, or null when the page has none. */
  b: PageDocument | null;
  /** Percent of visitors shown B (0–100). */
  splitB: number;
}

export type Variant = 'a' | 'b';

/** The editor's draft with its undo/redo history (client/lib/history.ts), the variant shown and the selected block. */
export interface PageEditorState extends History<PageDraft> {
  /** The variant being edited and previewed. */
  variant: Variant;
  /** The block whose properties the side panel shows. */
  selected: string | null;
}

export type PageEditorAction = HistoryAction<PageDraft> | { type: 'select'; id: string | null } | { type: 'variant'; variant: Variant };

export { MAX_BLOCKS };

export function initialPageEditorState(draft: PageDraft): PageEditorState {
  return { ...startHistory(draft), variant: 'a', selected: null };
}

/** The document of the variant being edited (A when B does not exist). */
export function currentDoc(draft: PageDraft, variant: Variant): PageDocument {
  return variant === 'b' && draft.b ? draft.b : draft.a;
}

/** The draft with the edited variant's document replaced. */
export function withDoc(draft: PageDraft, variant: Variant, doc: PageDocument): PageDraft {
  return variant === 'b' && draft.b ? { ...draft, b: doc } : { ...draft, a: doc };
}

/** A variant and selection that still exist in `draft`. */
function settle(state: PageEditorState, draft: PageDraft): Pick<PageEditorState, 'variant' | 'selected'> {
  const variant = state.variant === 'b' && !draft.b ? 'a' : state.variant;
  const doc = currentDoc(draft, variant);
  const selected = state.selected && doc.blocks.some((b) => b.id === state.selected) ? state.selected : null;
  return { variant, selected };
}

export function pageEditorReducer(state: PageEditorState, action: PageEditorAction): PageEditorState {
  switch (action.type) {
    case 'select':
      return state.selected === action.id ? state : { ...state, selected: action.id, group: null };
    case 'variant': {
      const variant = action.variant === 'b' && !state.present.b ? 'a' : action.variant;
      return variant === state.variant ? state : { ...state, variant, selected: null, group: null };
    }
    default: {
      const next = historyReducer(state, action);
      return next === state ? state : { ...next, ...settle(state, next.present) };
    }
  }
}

/** A block id not used in the document: the type, then type-2, type-3… */
export function uniqueBlockId(doc: PageDocument, base: string): string {
  const taken = new Set(doc.blocks.map((b) => b.id));
  const stem = base.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24) || 'block';
  if (!taken.has(stem)) return stem;
  for (let i = 2; ; i += 1) if (!taken.has(`${stem}-${i}`)) return `${stem}-${i}`;
}

/** A new block of `type` with its default props in the page's language, after index `after` (at the end when omitted). */
export function addBlock(doc: PageDocument, type: BlockType, after?: number, locale: Locale = 'en'): { doc: PageDocument; id: string } {
  const id = uniqueBlockId(doc, type);
  const block = { id, type, props: BLOCK_DEFAULTS[locale][type]() } as Block;
  const at = after === undefined ? doc.blocks.length : Math.min(doc.blocks.length, Math.max(0, after + 1));
  return { doc: { ...doc, blocks: [...doc.blocks.slice(0, at), block, ...doc.blocks.slice(at)] }, id };
}

/** A copy of the block right after it, with a new id. */
export function duplicateBlock(doc: PageDocument, id: string): { doc: PageDocument; id: string } | null {
  const index = doc.blocks.findIndex((b) => b.id === id);
  const block = doc.blocks[index];
  if (!block) return null;
  const copyId = uniqueBlockId(doc, block.type);
  const copy = { ...block, id: copyId, props: structuredClone(block.props) } as Block;
  return { doc: { ...doc, blocks: [...doc.blocks.slice(0, index + 1), copy, ...doc.blocks.slice(index + 1)] }, id: copyId };
}

export function removeBlock(doc: PageDocument, id: string): PageDocument {
  return { ...doc, blocks: doc.blocks.filter((b) => b.id !== id) };
}

/** Moves a block to position `to` (clamped); the same document when nothing moves. */
export function moveBlock(doc: PageDocument, id: string, to: number): PageDocument {
  const blocks = moveById(doc.blocks, id, to);
  return blocks === doc.blocks ? doc : { ...doc, blocks };
}

export function updateBlockProps(doc: PageDocument, id: string, props: Block['props']): PageDocument {
  return { ...doc, blocks: doc.blocks.map((b) => (b.id === id ? ({ ...b, props } as Block) : b)) };
}

/** The block hidden on phones (`hidden: { phone: true }`) or shown again (the field left out, as on every block before it existed). */
export function hideOnPhone(doc: PageDocument, id: string, hidden: boolean): PageDocument {
  return {
    ...doc,
    blocks: doc.blocks.map((b) => {
      if (b.id !== id) return b;
      const { hidden: _old, ...rest } = b;
      return (hidden ? { ...rest, hidden: { phone: true } } : rest) as Block;
    }),
  };
}

/** Variant B as a copy of A (the usual start of a test: change one thing). */
export function createVariantB(draft: PageDraft): PageDraft {
  return { ...draft, b: structuredClone(draft.a), splitB: draft.b ? draft.splitB : 50 };
}

export function removeVariantB(draft: PageDraft): PageDraft {
  return { ...draft, b: null, splitB: 0 };
}
