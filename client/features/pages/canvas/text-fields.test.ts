import { describe, expect, it } from 'vitest';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import type { Block } from '#common/schemas/blocks.ts';
import { elementOf, fieldAt, firstShown, textFields, withText } from '#client/features/pages/canvas/text-fields.ts';

const hero: Block = { id: 'h', type: 'hero', props: { ...blockSamples.hero, eyebrow: 'New', heading: 'Big news', subheading: 'Line one\nline two' } };
const qa = (question: string, answer: string) => ({ question, answer });
const faq: Block = { id: 'f', type: 'faq', props: { heading: '', items: [qa('Why?', 'Because.'), qa('How?', 'So.')] } };

const dom = (html: string): HTMLElement => Object.assign(document.createElement('div'), { innerHTML: html });

describe('texts edited on the page', () => {
  it('are the block’s plain words, its headline first; markdown, links, ids and empty texts are not', () => {
    expect(textFields(hero).map((f) => f.path.join('.'))).toEqual([
      'heading',
      'eyebrow',
      'subheading',
      'primary.label',
      ...(blockSamples.hero.secondary ? ['secondary.label'] : []),
    ]);
    expect(textFields(hero).find((f) => f.path[0] === 'subheading')!.multiline).toBe(true);
    expect(textFields(faq).map((f) => f.path.join('.'))).toEqual(['items.0.question', 'items.0.answer', 'items.1.question', 'items.1.answer']);
    expect(textFields({ id: 't', type: 'text', props: { markdown: 'Hello', align: 'left' } })).toEqual([]);
  });

  it('a text replaced along its path, the rest shared', () => {
    const props = faq.props as { items: object[] };
    const next = withText(props, ['items', 1, 'question'], 'When?') as typeof props;
    expect(next.items[1]).toEqual({ question: 'When?', answer: 'So.' });
    expect(next.items[0]).toBe(props.items[0]);
    expect(props.items[1]).toEqual({ question: 'How?', answer: 'So.' });
  });

  it('finds the field a click lands on (the innermost element showing exactly its words) and where a field is shown', () => {
    const root = dom('<section><p>New</p><h1><span>Big news</span></h1><p>Line one\nline two</p><a href="#signup">Get started</a></section>');
    const fields = textFields(hero);
    expect(fieldAt(root, root.querySelector('span')!, fields)?.field.path).toEqual(['heading']);
    expect(fieldAt(root, root.querySelectorAll('p')[1]!, fields)?.field.path).toEqual(['subheading']);
    expect(fieldAt(root, root.querySelector('section')!, fields)).toBeNull();
    expect(elementOf(root, fields[0]!)).toBe(root.querySelector('span'));
    expect(firstShown(root, fields)?.element).toBe(root.querySelector('span'));
    expect(firstShown(dom('<p>nothing here</p>'), fields)).toBeNull();
  });
});
