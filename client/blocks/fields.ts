/**
 * The editor's side panel of each block type, as field descriptions (drawn by SpecForm):
 * the page editor's block form, and the presentation editor's pricing and testimonials
 * sections, which are these blocks.
 */
import { FEATURE_ICONS, FORM_FIELD_TYPES, type BlockType, type FormField } from '#common/schemas/blocks.ts';
import type { MessageIds } from '#common/i18n/register.ts';
import type { Choice, FieldSpec } from '#client/components/editor/field-spec.ts';

type T = (id: MessageIds) => string;

const choices = (...values: (readonly [Choice['value'], string])[]): Choice[] => values.map(([value, label]) => ({ value, label }));

const buttonField = (key: string, label: string, optional = true): FieldSpec => ({ kind: 'button', key, label, optional });

function nextFieldName(items: readonly unknown[]): string {
  const taken = new Set(items.map((f) => (f as FormField).name));
  for (let i = items.length + 1; ; i += 1) if (!taken.has(`field_${i}`)) return `field_${i}`;
}

const TYPE_LABELS = {
  text: 'funnels.field.type.text',
  email: 'funnels.field.type.email',
  phone: 'funnels.field.type.phone',
  select: 'funnels.field.type.select',
  checkbox: 'funnels.field.type.checkbox',
} as const satisfies Record<(typeof FORM_FIELD_TYPES)[number], MessageIds>;

/** The fields of one field of a form block. */
export const formFieldSpecs = (t: T): readonly FieldSpec[] => [
  { kind: 'text', key: 'label', label: t('funnels.field.label'), max: 120 },
  {
    kind: 'text',
    key: 'name',
    label: t('funnels.field.nameInLeads'),
    max: 32,
    hint: t('funnels.field.nameHint'),
  },
  { kind: 'select', key: 'type', label: t('funnels.field.type'), choices: FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) })) },
  { kind: 'checkbox', key: 'required', label: t('funnels.field.required') },
  {
    kind: 'strings',
    key: 'options',
    label: t('funnels.field.options'),
    itemLabel: t('funnels.field.option'),
    max: 20,
    itemMax: 80,
    when: (f) => f.type === 'select',
  },
  { kind: 'text', key: 'consentText', label: t('funnels.field.consentText'), max: 500, multiline: true, when: (f) => f.type === 'checkbox' },
];

/** The side panel of each block type, in the workspace's language. */
export const blockFields = (t: T): Record<BlockType, readonly FieldSpec[]> => ({
  hero: [
    { kind: 'text', key: 'eyebrow', label: t('funnels.field.eyebrow'), max: 60, hint: t('funnels.field.eyebrowHint') },
    { kind: 'text', key: 'heading', label: t('funnels.field.headline'), max: 120 },
    { kind: 'text', key: 'subheading', label: t('funnels.field.subheading'), max: 400, multiline: true },
    buttonField('primary', t('funnels.field.mainButton')),
    buttonField('secondary', t('funnels.field.secondButton')),
    { kind: 'image', key: 'image', label: t('funnels.field.picture') },
    {
      kind: 'select',
      key: 'layout',
      label: t('funnels.field.layout'),
      choices: choices(['centered', t('funnels.field.centred')], ['split', t('funnels.field.textBesideThePicture')]),
    },
    {
      kind: 'select',
      key: 'background',
      label: t('funnels.field.background'),
      choices: choices(['plain', t('funnels.field.pageColour')], ['surface', t('funnels.field.surfaceColour')], ['primary', t('funnels.field.primaryColour')]),
    },
  ],
  text: [
    {
      kind: 'text',
      key: 'markdown',
      label: t('funnels.field.text'),
      max: 5000,
      multiline: true,
      rows: 10,
      hint: t('funnels.field.markdownHint'),
    },
    {
      kind: 'select',
      key: 'align',
      label: t('funnels.field.alignment'),
      choices: choices(['left', t('funnels.field.left')], ['center', t('funnels.field.centred')]),
    },
  ],
  image: [
    { kind: 'image', key: 'image', label: t('funnels.field.picture') },
    { kind: 'text', key: 'caption', label: t('funnels.field.caption'), max: 200 },
    {
      kind: 'select',
      key: 'width',
      label: t('funnels.field.width'),
      choices: choices(['content', t('funnels.field.textWidth')], ['wide', t('funnels.field.wide')], ['full', t('funnels.field.fullWidth')]),
    },
  ],
  video: [
    { kind: 'text', key: 'title', label: t('funnels.field.title'), max: 120, hint: t('funnels.field.videoTitleHint') },
    {
      kind: 'select',
      key: 'source',
      label: t('funnels.field.source'),
      choices: choices(['embed', t('funnels.field.youtubeOrVimeoLink')], ['file', t('funnels.field.libraryVideo')]),
    },
    { kind: 'text', key: 'url', label: t('funnels.field.videoLink'), max: 300, when: (p) => p.source === 'embed' },
    { kind: 'video', key: 'file', label: t('funnels.field.videoFile'), when: (p) => p.source === 'file' },
    { kind: 'image', key: 'poster', label: t('funnels.field.posterPicture') },
    { kind: 'text', key: 'caption', label: t('funnels.field.caption'), max: 200 },
  ],
  features: [
    { kind: 'text', key: 'heading', label: t('funnels.field.heading'), max: 120 },
    { kind: 'text', key: 'intro', label: t('funnels.field.introduction'), max: 400, multiline: true },
    { kind: 'select', key: 'columns', label: t('funnels.field.columns'), choices: choices([2, '2'], [3, '3'], [4, '4']) },
    {
      kind: 'list',
      key: 'items',
      label: t('funnels.field.features'),
      itemLabel: t('funnels.field.feature'),
      max: 12,
      make: () => ({ icon: 'check', title: t('funnels.field.newFeature'), text: '' }),
      fields: [
        {
          kind: 'select',
          key: 'icon',
          label: t('funnels.field.icon'),
          choices: [{ value: null, label: t('funnels.field.none') }, ...FEATURE_ICONS.map((i) => ({ value: i, label: i }))],
        },
        { kind: 'text', key: 'title', label: t('funnels.field.title'), max: 80 },
        { kind: 'text', key: 'text', label: t('funnels.field.text'), max: 400, multiline: true },
      ],
    },
  ],
  testimonials: [
    { kind: 'text', key: 'heading', label: t('funnels.field.heading'), max: 120 },
    {
      kind: 'list',
      key: 'items',
      label: t('funnels.field.testimonials'),
      itemLabel: t('funnels.field.testimonial'),
      max: 9,
      make: () => ({ quote: t('funnels.field.aShortQuote'), name: t('funnels.field.customerName'), role: '', avatar: null, rating: 5 }),
      fields: [
        { kind: 'text', key: 'quote', label: t('funnels.field.quote'), max: 600, multiline: true },
        { kind: 'text', key: 'name', label: t('funnels.field.name'), max: 80 },
        { kind: 'text', key: 'role', label: t('funnels.field.role'), max: 80 },
        { kind: 'number', key: 'rating', label: t('funnels.field.stars'), min: 0, max: 5 },
        { kind: 'image', key: 'avatar', label: t('funnels.field.photo') },
      ],
    },
  ],
  pricing: [
    { kind: 'text', key: 'heading', label: t('funnels.field.heading'), max: 120 },
    { kind: 'text', key: 'intro', label: t('funnels.field.introduction'), max: 400, multiline: true },
    {
      kind: 'list',
      key: 'plans',
      label: t('funnels.field.plans'),
      itemLabel: t('funnels.field.plan'),
      max: 4,
      make: () => ({
        name: t('funnels.field.newPlan'),
        price: '€29',
        period: t('funnels.field.perMonth'),
        description: '',
        features: [],
        button: null,
        highlighted: false,
      }),
      fields: [
        { kind: 'text', key: 'name', label: t('funnels.field.name'), max: 60 },
        { kind: 'text', key: 'price', label: t('funnels.field.price'), max: 20 },
        { kind: 'text', key: 'period', label: t('funnels.field.period'), max: 30 },
        { kind: 'text', key: 'description', label: t('funnels.field.description'), max: 200 },
        { kind: 'strings', key: 'features', label: t('funnels.field.included'), itemLabel: t('funnels.field.item'), max: 12, itemMax: 100 },
        buttonField('button', t('funnels.field.button')),
        { kind: 'checkbox', key: 'highlighted', label: t('funnels.field.highlightThisPlan') },
      ],
    },
  ],
  faq: [
    { kind: 'text', key: 'heading', label: t('funnels.field.heading'), max: 120 },
    {
      kind: 'list',
      key: 'items',
      label: t('funnels.field.questions'),
      itemLabel: t('funnels.field.question'),
      max: 30,
      make: () => ({ question: t('funnels.field.aNewQuestion'), answer: t('funnels.field.itsAnswer') }),
      fields: [
        { kind: 'text', key: 'question', label: t('funnels.field.question'), max: 200 },
        { kind: 'text', key: 'answer', label: t('funnels.field.answer'), max: 2000, multiline: true },
      ],
    },
  ],
  countdown: [
    { kind: 'text', key: 'heading', label: t('funnels.field.heading'), max: 120 },
    { kind: 'datetime', key: 'endsAt', label: t('funnels.field.endsAt') },
    { kind: 'text', key: 'expiredText', label: t('funnels.field.textOnceItHasEnded'), max: 200 },
    buttonField('button', t('funnels.field.button')),
  ],
  form: [
    { kind: 'text', key: 'title', label: t('funnels.field.title'), max: 120 },
    { kind: 'text', key: 'intro', label: t('funnels.field.introduction'), max: 400, multiline: true },
    {
      kind: 'list',
      key: 'fields',
      label: t('funnels.field.fields'),
      itemLabel: t('funnels.field.field'),
      max: 12,
      make: (items) => ({ name: nextFieldName(items), label: t('funnels.field.newField'), type: 'text', required: false }),
      fields: formFieldSpecs(t),
    },
    { kind: 'text', key: 'submitLabel', label: t('funnels.field.buttonLabel'), max: 40 },
    { kind: 'text', key: 'successMessage', label: t('funnels.field.messageAfterSending'), max: 300, multiline: true },
  ],
  cta: [
    { kind: 'text', key: 'heading', label: t('funnels.field.headline'), max: 120 },
    { kind: 'text', key: 'text', label: t('funnels.field.text'), max: 400, multiline: true },
    buttonField('primary', t('funnels.field.mainButton'), false),
    buttonField('secondary', t('funnels.field.secondButton')),
    {
      kind: 'select',
      key: 'background',
      label: t('funnels.field.background'),
      choices: choices(['primary', t('funnels.field.primaryColour')], ['surface', t('funnels.field.surfaceColour')], ['plain', t('funnels.field.pageColour')]),
    },
  ],
  footer: [
    { kind: 'text', key: 'text', label: t('funnels.field.text'), max: 300 },
    {
      kind: 'list',
      key: 'links',
      label: t('funnels.field.links'),
      itemLabel: t('funnels.field.link'),
      max: 8,
      make: () => ({ label: t('funnels.field.link'), href: 'https://' }),
      fields: [
        { kind: 'text', key: 'label', label: t('funnels.field.label'), max: 60 },
        { kind: 'text', key: 'href', label: t('funnels.field.address'), max: 2000, hint: t('funnels.field.linkHint') },
      ],
    },
  ],
});
