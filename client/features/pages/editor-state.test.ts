import { describe, expect, it } from 'vitest';
import { blockDefaults, emptyDocument } from '#common/schemas/blocks-defaults.ts';
import { pageDocumentSchema, type Block, type PageDocument } from '#common/schemas/blocks.ts';
import {
  addBlock,
  createVariantB,
  currentDoc,
  duplicateBlock,
  initialPageEditorState,
  moveBlock,
  pageEditorReducer,
  removeBlock,
  removeVariantB,
  uniqueBlockId,
  updateBlockProps,
  withDoc,
  type PageDraft,
} from '#client/features/pages/editor-state.ts';

const hero = { id: 'hero', type: 'hero', props: blockDefaults.hero() } as Block;
const text = { id: 'text', type: 'text', props: blockDefaults.text() } as Block;
const doc: PageDocument = { ...emptyDocument('Offer'), blocks: [hero, text] };
const draft: PageDraft = { a: doc, b: null, splitB: 0 };
const ids = (d: PageDocument) => d.blocks.map((b) => b.id);

describe('page editor history', () => {
  it('undoes and redoes, one step per change; a new change clears what could be redone', () => {
    let state = initialPageEditorState(draft);
    const one = withDoc(draft, 'a', moveBlock(doc, 'text', 0));
    const two = withDoc(one, 'a', removeBlock(one.a, 'hero'));
    state = pageEditorReducer(state, { type: 'change', value: one });
    state = pageEditorReducer(state, { type: 'change', value: two });
    state = pageEditorReducer(state, { type: 'undo' });
    expect(state.present).toBe(one);
    state = pageEditorReducer(state, { type: 'undo' });
    expect(state.present).toBe(draft);
    expect(pageEditorReducer(state, { type: 'undo' })).toBe(state);
    state = pageEditorReducer(state, { type: 'redo' });
    expect(state.present).toBe(one);
    state = pageEditorReducer(state, { type: 'change', value: withDoc(one, 'a', removeBlock(one.a, 'text')) });
    expect(state.future).toEqual([]);
    expect(pageEditorReducer(state, { type: 'redo' })).toBe(state);
  });

  it('merges one burst of typing (a group) into one step until sealed', () => {
    let state = initialPageEditorState(draft);
    for (const heading of ['H', 'He', 'Hey']) {
      const props = { ...blockDefaults.hero(), heading };
      state = pageEditorReducer(state, {
        type: 'change',
        value: withDoc(state.present, 'a', updateBlockProps(state.present.a, 'hero', props)),
        group: 'hero:heading',
      });
    }
    expect(state.past).toEqual([draft]);
    state = pageEditorReducer(state, { type: 'seal' });
    state = pageEditorReducer(state, { type: 'change', value: { ...state.present, splitB: 3 }, group: 'hero:heading' });
    expect(state.past).toHaveLength(2);
  });

  it('forgets a selection whose block is gone, and goes back to A when B is removed or undone away', () => {
    let state = pageEditorReducer(initialPageEditorState(draft), { type: 'select', id: 'hero' });
    state = pageEditorReducer(state, { type: 'change', value: withDoc(draft, 'a', removeBlock(doc, 'hero')) });
    expect(state.selected).toBeNull();

    state = initialPageEditorState(draft);
    state = pageEditorReducer(state, { type: 'variant', variant: 'b' });
    expect(state.variant).toBe('a'); // there is no B yet
    state = pageEditorReducer(state, { type: 'change', value: createVariantB(draft) });
    state = pageEditorReducer(state, { type: 'variant', variant: 'b' });
    expect(state.variant).toBe('b');
    expect(state.present.splitB).toBe(50);
    state = pageEditorReducer(state, { type: 'undo' });
    expect(state.variant).toBe('a');
    expect(state.present.b).toBeNull();
  });

  it('edits the variant being shown', () => {
    const withB = createVariantB(draft);
    expect(withB.b).toEqual(withB.a);
    expect(withB.b).not.toBe(withB.a);
    const changed = withDoc(withB, 'b', removeBlock(currentDoc(withB, 'b'), 'text'));
    expect(ids(changed.a)).toEqual(['hero', 'text']);
    expect(ids(changed.b!)).toEqual(['hero']);
    expect(currentDoc(changed, 'a')).toBe(changed.a);
    expect(removeVariantB(changed)).toEqual({ a: changed.a, b: null, splitB: 0 });
  });
});

describe('block helpers', () => {
  it('adds after a position with default props and a unique id, valid for the schema', () => {
    const { doc: added, id } = addBlock(doc, 'hero', 0);
    expect(id).toBe('hero-2');
    expect(ids(added)).toEqual(['hero', 'hero-2', 'text']);
    expect(ids(addBlock(doc, 'form').doc)).toEqual(['hero', 'text', 'form']);
    expect(pageDocumentSchema.safeParse(added).success).toBe(true);
  });

  it('duplicates right after the original with a deep copy, moves within bounds', () => {
    const copy = duplicateBlock(doc, 'hero')!;
    expect(ids(copy.doc)).toEqual(['hero', 'hero-2', 'text']);
    expect(copy.doc.blocks[1]!.props).toEqual(hero.props);
    expect(copy.doc.blocks[1]!.props).not.toBe(hero.props);
    expect(duplicateBlock(doc, 'nope')).toBeNull();
    expect(ids(moveBlock(doc, 'hero', 1))).toEqual(['text', 'hero']);
    expect(moveBlock(doc, 'hero', -5)).toBe(doc);
    expect(ids(moveBlock(doc, 'hero', 99))).toEqual(['text', 'hero']);
    expect(uniqueBlockId(doc, 'text')).toBe('text-2');
    expect(uniqueBlockId(doc, 'faq')).toBe('faq');
  });
});

describe('a new block in a German page (issue 28)', () => {
  it('starts with German words, valid like the English ones; an English page’s stay as they were', () => {
    const doc = emptyDocument('Angebot');
    const { doc: german } = addBlock(doc, 'form', undefined, 'de');
    expect(german.blocks[0]).toMatchObject({ type: 'form', props: { title: 'Kontakt aufnehmen', submitLabel: 'Senden' } });
    expect(JSON.stringify(german)).toContain('Vielen Dank! Wir melden uns in Kürze bei Ihnen.');
    expect(pageDocumentSchema.safeParse(german).success).toBe(true);
    const { doc: english } = addBlock(doc, 'form');
    expect(english.blocks[0]).toMatchObject({ type: 'form', props: blockDefaults.form() });
    for (const type of ['hero', 'text', 'features', 'testimonials', 'pricing', 'faq', 'countdown', 'cta', 'footer'] as const) {
      expect(pageDocumentSchema.safeParse(addBlock(doc, type, undefined, 'de').doc).success, type).toBe(true);
    }
  });
});
