/**
 * The editor's side panel of each block type, as field descriptions (drawn by SpecForm):
 * the page editor's block form, and the presentation editor's pricing and testimonials
 * sections, which are these blocks.
 */
import { FEATURE_ICONS, FORM_FIELD_TYPES, type BlockType, type FormField } from '#common/schemas/blocks.ts';
import type { Choice, FieldSpec } from '#client/components/editor/field-spec.ts';

const choices = (...values: (readonly [Choice['value'], string])[]): Choice[] => values.map(([value, label]) => ({ value, label }));

const buttonField = (key: string, label: string, optional = true): FieldSpec => ({ kind: 'button', key, label, optional });

function nextFieldName(items: readonly unknown[]): string {
  const taken = new Set(items.map((f) => (f as FormField).name));
  for (let i = items.length + 1; ; i += 1) if (!taken.has(`field_${i}`)) return `field_${i}`;
}

const TYPE_LABELS: Record<(typeof FORM_FIELD_TYPES)[number], string> = {
  text: 'Text',
  email: 'Email',
  phone: 'Phone',
  select: 'Choice (select)',
  checkbox: 'Checkbox (consent)',
};

export const FORM_FIELD_SPECS: readonly FieldSpec[] = [
  { kind: 'text', key: 'label', label: 'Label', max: 120 },
  {
    kind: 'text',
    key: 'name',
    label: 'Name in leads',
    max: 32,
    hint: 'The column in the leads table and CSV: lower-case letters, digits and _.',
  },
  { kind: 'select', key: 'type', label: 'Type', choices: FORM_FIELD_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })) },
  { kind: 'checkbox', key: 'required', label: 'Required' },
  { kind: 'strings', key: 'options', label: 'Options', itemLabel: 'Option', max: 20, itemMax: 80, when: (f) => f.type === 'select' },
  { kind: 'text', key: 'consentText', label: 'Consent text', max: 500, multiline: true, when: (f) => f.type === 'checkbox' },
];

/** The side panel of each block type. */
export const BLOCK_FIELDS: Record<BlockType, readonly FieldSpec[]> = {
  hero: [
    { kind: 'text', key: 'eyebrow', label: 'Eyebrow', max: 60, hint: 'A short line above the headline (optional).' },
    { kind: 'text', key: 'heading', label: 'Headline', max: 120 },
    { kind: 'text', key: 'subheading', label: 'Subheading', max: 400, multiline: true },
    buttonField('primary', 'Main button'),
    buttonField('secondary', 'Second button'),
    { kind: 'image', key: 'image', label: 'Picture' },
    { kind: 'select', key: 'layout', label: 'Layout', choices: choices(['centered', 'Centred'], ['split', 'Text beside the picture']) },
    {
      kind: 'select',
      key: 'background',
      label: 'Background',
      choices: choices(['plain', 'Page colour'], ['surface', 'Surface colour'], ['primary', 'Primary colour']),
    },
  ],
  text: [
    {
      kind: 'text',
      key: 'markdown',
      label: 'Text',
      max: 5000,
      multiline: true,
      rows: 10,
      hint: 'Blank lines between paragraphs; ## for a subheading, - for a list, **bold**, *italic*, [link](https://…).',
    },
    { kind: 'select', key: 'align', label: 'Alignment', choices: choices(['left', 'Left'], ['center', 'Centred']) },
  ],
  image: [
    { kind: 'image', key: 'image', label: 'Picture' },
    { kind: 'text', key: 'caption', label: 'Caption', max: 200 },
    { kind: 'select', key: 'width', label: 'Width', choices: choices(['content', 'Text width'], ['wide', 'Wide'], ['full', 'Full width']) },
  ],
  video: [
    { kind: 'text', key: 'title', label: 'Title', max: 120, hint: 'Names the video for screen readers.' },
    { kind: 'select', key: 'source', label: 'Source', choices: choices(['embed', 'YouTube or Vimeo link'], ['file', 'A video of the library']) },
    { kind: 'text', key: 'url', label: 'Video link', max: 300, when: (p) => p.source === 'embed' },
    { kind: 'video', key: 'file', label: 'Video file', when: (p) => p.source === 'file' },
    { kind: 'image', key: 'poster', label: 'Poster picture' },
    { kind: 'text', key: 'caption', label: 'Caption', max: 200 },
  ],
  features: [
    { kind: 'text', key: 'heading', label: 'Heading', max: 120 },
    { kind: 'text', key: 'intro', label: 'Introduction', max: 400, multiline: true },
    { kind: 'select', key: 'columns', label: 'Columns', choices: choices([2, '2'], [3, '3'], [4, '4']) },
    {
      kind: 'list',
      key: 'items',
      label: 'Features',
      itemLabel: 'Feature',
      max: 12,
      make: () => ({ icon: 'check', title: 'New feature', text: '' }),
      fields: [
        { kind: 'select', key: 'icon', label: 'Icon', choices: [{ value: null, label: 'None' }, ...FEATURE_ICONS.map((i) => ({ value: i, label: i }))] },
        { kind: 'text', key: 'title', label: 'Title', max: 80 },
        { kind: 'text', key: 'text', label: 'Text', max: 400, multiline: true },
      ],
    },
  ],
  testimonials: [
    { kind: 'text', key: 'heading', label: 'Heading', max: 120 },
    {
      kind: 'list',
      key: 'items',
      label: 'Testimonials',
      itemLabel: 'Testimonial',
      max: 9,
      make: () => ({ quote: 'A short quote.', name: 'Customer name', role: '', avatar: null, rating: 5 }),
      fields: [
        { kind: 'text', key: 'quote', label: 'Quote', max: 600, multiline: true },
        { kind: 'text', key: 'name', label: 'Name', max: 80 },
        { kind: 'text', key: 'role', label: 'Role', max: 80 },
        { kind: 'number', key: 'rating', label: 'Stars (0 = none)', min: 0, max: 5 },
        { kind: 'image', key: 'avatar', label: 'Photo' },
      ],
    },
  ],
  pricing: [
    { kind: 'text', key: 'heading', label: 'Heading', max: 120 },
    { kind: 'text', key: 'intro', label: 'Introduction', max: 400, multiline: true },
    {
      kind: 'list',
      key: 'plans',
      label: 'Plans',
      itemLabel: 'Plan',
      max: 4,
      make: () => ({ name: 'New plan', price: '€29', period: 'per month', description: '', features: [], button: null, highlighted: false }),
      fields: [
        { kind: 'text', key: 'name', label: 'Name', max: 60 },
        { kind: 'text', key: 'price', label: 'Price', max: 20 },
        { kind: 'text', key: 'period', label: 'Period', max: 30 },
        { kind: 'text', key: 'description', label: 'Description', max: 200 },
        { kind: 'strings', key: 'features', label: 'Included', itemLabel: 'Item', max: 12, itemMax: 100 },
        buttonField('button', 'Button'),
        { kind: 'checkbox', key: 'highlighted', label: 'Highlight this plan' },
      ],
    },
  ],
  faq: [
    { kind: 'text', key: 'heading', label: 'Heading', max: 120 },
    {
      kind: 'list',
      key: 'items',
      label: 'Questions',
      itemLabel: 'Question',
      max: 30,
      make: () => ({ question: 'A new question?', answer: 'Its answer.' }),
      fields: [
        { kind: 'text', key: 'question', label: 'Question', max: 200 },
        { kind: 'text', key: 'answer', label: 'Answer', max: 2000, multiline: true },
      ],
    },
  ],
  countdown: [
    { kind: 'text', key: 'heading', label: 'Heading', max: 120 },
    { kind: 'datetime', key: 'endsAt', label: 'Ends at' },
    { kind: 'text', key: 'expiredText', label: 'Text once it has ended', max: 200 },
    buttonField('button', 'Button'),
  ],
  form: [
    { kind: 'text', key: 'title', label: 'Title', max: 120 },
    { kind: 'text', key: 'intro', label: 'Introduction', max: 400, multiline: true },
    {
      kind: 'list',
      key: 'fields',
      label: 'Fields',
      itemLabel: 'Field',
      max: 12,
      make: (items) => ({ name: nextFieldName(items), label: 'New field', type: 'text', required: false }),
      fields: FORM_FIELD_SPECS,
    },
    { kind: 'text', key: 'submitLabel', label: 'Button label', max: 40 },
    { kind: 'text', key: 'successMessage', label: 'Message after sending', max: 300, multiline: true },
  ],
  cta: [
    { kind: 'text', key: 'heading', label: 'Headline', max: 120 },
    { kind: 'text', key: 'text', label: 'Text', max: 400, multiline: true },
    buttonField('primary', 'Main button', false),
    buttonField('secondary', 'Second button'),
    {
      kind: 'select',
      key: 'background',
      label: 'Background',
      choices: choices(['primary', 'Primary colour'], ['surface', 'Surface colour'], ['plain', 'Page colour']),
    },
  ],
  footer: [
    { kind: 'text', key: 'text', label: 'Text', max: 300 },
    {
      kind: 'list',
      key: 'links',
      label: 'Links',
      itemLabel: 'Link',
      max: 8,
      make: () => ({ label: 'Link', href: 'https://' }),
      fields: [
        { kind: 'text', key: 'label', label: 'Label', max: 60 },
        { kind: 'text', key: 'href', label: 'Address', max: 2000, hint: 'https://…, mailto:…, tel:…, /path or #anchor' },
      ],
    },
  ],
};
