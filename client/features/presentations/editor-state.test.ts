import { describe, expect, it } from 'vitest';
import { newSection, starterDocument } from '#common/schemas/presentations.ts';
import {
  editorReducer,
  initialEditorState,
  insertSection,
  moveSection,
  removeSection,
  uniqueSectionId,
  updateSectionProps,
} from '#client/features/presentations/editor-state.ts';

const doc = starterDocument('Harbour Bakery');

describe('the presentation editor’s state', () => {
  it('makes one undo step of a burst of typing in one field, and another for the next field', () => {
    let state = initialEditorState(doc);
    state = editorReducer(state, { type: 'change', value: { ...doc, headline: 'A' }, group: 'details:headline' });
    state = editorReducer(state, { type: 'change', value: { ...state.present, headline: 'AB' }, group: 'details:headline' });
    state = editorReducer(state, { type: 'change', value: { ...state.present, intro: 'Hi' }, group: 'details:intro' });
    expect(state.past).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.present.intro).toBe('');
    expect(state.present.headline).toBe('AB');
    state = editorReducer(state, { type: 'undo' });
    expect(state.present).toBe(doc);
    state = editorReducer(state, { type: 'redo' });
    expect(state.present.headline).toBe('AB');
    // Leaving the field (seal) ends the step: the same field again is a new one.
    state = editorReducer(state, { type: 'seal' });
    state = editorReducer(state, { type: 'change', value: { ...state.present, headline: 'ABC' }, group: 'details:headline' });
    expect(state.past).toHaveLength(2);
  });

  it('forgets the selection of a section that an undo removes', () => {
    const added = insertSection(doc, newSection('pricing', 'pricing'));
    let state = editorReducer(initialEditorState(doc), { type: 'change', value: added });
    state = editorReducer(state, { type: 'select', id: 'pricing' });
    expect(state.selected).toBe('pricing');
    state = editorReducer(state, { type: 'undo' });
    expect(state.selected).toBeNull();
  });

  it('inserts after a position, moves (clamped), removes and updates sections without touching the others', () => {
    const ids = (d: typeof doc) => d.sections.map((s) => s.id);
    expect(ids(doc)).toEqual(['hero', 'intro', 'cta']);
    const withPricing = insertSection(doc, newSection('pricing', uniqueSectionId(doc, 'pricing')), 0);
    expect(ids(withPricing)).toEqual(['hero', 'pricing', 'intro', 'cta']);
    expect(uniqueSectionId(withPricing, 'pricing')).toBe('pricing-2');
    expect(uniqueSectionId(withPricing, 'ad previews!')).toBe('adpreviews');
    expect(ids(moveSection(withPricing, 'pricing', 99))).toEqual(['hero', 'intro', 'cta', 'pricing']);
    expect(ids(moveSection(withPricing, 'pricing', -5))).toEqual(['pricing', 'hero', 'intro', 'cta']);
    expect(moveSection(withPricing, 'pricing', 1)).toBe(withPricing);
    expect(ids(removeSection(withPricing, 'intro'))).toEqual(['hero', 'pricing', 'cta']);
    const cta = withPricing.sections[3]!;
    const updated = updateSectionProps(withPricing, 'cta', { ...cta.props, heading: 'Let’s bake' } as typeof cta.props);
    expect(updated.sections[3]).toMatchObject({ id: 'cta', type: 'cta', props: { heading: 'Let’s bake' } });
    expect(updated.sections[0]).toBe(withPricing.sections[0]);
  });
});
