import type { BlockOf, BlockPropsMap, BlockType, PageDocument } from '#common/schemas/blocks.ts';

// Defaults (what "add block" inserts) and samples (the component sheet) of the funnel-page blocks

type Defaults = { [T in BlockType]: () => BlockPropsMap[T] };

/** In a week from now, on the hour (the countdown block's default end). */
function nextWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
}

export const blockDefaults: Defaults = {
  hero: () => ({
    eyebrow: '',
    heading: 'A headline that says what you offer',
    subheading: 'One or two sentences on who it is for and why it helps.',
    primary: { label: 'Get started', href: '#signup' },
    secondary: null,
    image: null,
    layout: 'centered',
    background: 'plain',
  }),
  text: () => ({ markdown: '## A heading\n\nWrite your text here. Use **bold**, *italic* and [links](https://example.com).', align: 'left' }),
  image: () => ({ image: null, caption: '', width: 'content' }),
  video: () => ({ title: 'Our video', caption: '', source: 'embed', file: null, url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', poster: null }),
  features: () => ({
    heading: 'Why choose us',
    intro: '',
    columns: 3,
    items: [
      { icon: 'zap', title: 'Fast', text: 'Say what makes it quick.' },
      { icon: 'shield', title: 'Safe', text: 'Say why people can trust it.' },
      { icon: 'heart', title: 'Loved', text: 'Say what customers like most.' },
    ],
  }),
  testimonials: () => ({
    heading: 'What customers say',
    items: [{ quote: 'A short, specific quote from a happy customer.', name: 'Customer name', role: 'Role, company', avatar: null, rating: 5 }],
  }),
  pricing: () => ({
    heading: 'Pricing',
    intro: '',
    plans: [
      {
        name: 'Basic',
        price: '€19',
        period: 'per month',
        description: '',
        features: ['First feature', 'Second feature'],
        button: { label: 'Choose Basic', href: '#signup' },
        highlighted: false,
      },
      {
        name: 'Pro',
        price: '€49',
        period: 'per month',
        description: '',
        features: ['Everything in Basic', 'Another feature'],
        button: { label: 'Choose Pro', href: '#signup' },
        highlighted: true,
      },
    ],
  }),
  faq: () => ({ heading: 'Questions and answers', items: [{ question: 'A question people ask?', answer: 'The answer, in a sentence or two.' }] }),
  countdown: () => ({ heading: 'The offer ends in', endsAt: nextWeek(), expiredText: 'This offer has ended.', button: null }),
  form: () => ({
    title: 'Get in touch',
    intro: '',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
    ],
    submitLabel: 'Send',
    successMessage: 'Thank you! We will be in touch soon.',
  }),
  cta: () => ({ heading: 'Ready to start?', text: '', primary: { label: 'Get started', href: '#signup' }, secondary: null, background: 'primary' }),
  footer: () => ({ text: `© ${new Date().getUTCFullYear()} Your company`, links: [{ label: 'Privacy', href: '/privacy' }] }),
};

/** Full props for every block type (the component sheet shows each with its funnel's theme). */
export const blockSamples: { [T in BlockType]: BlockPropsMap[T] } = {
  hero: {
    eyebrow: 'New this spring',
    heading: 'Fresh coffee, delivered before you wake up',
    subheading: 'Single-origin beans roasted every Monday and at your door by Wednesday. Pause or cancel any time.',
    primary: { label: 'Start my subscription', href: '#signup' },
    secondary: { label: 'See the beans', href: '#features' },
    image: null,
    layout: 'split',
    background: 'surface',
  },
  text: {
    markdown:
      '## Our story\n\nWe started roasting in a garage in **2014**, because we could not find coffee we *really* liked.\n\n- Sourced directly from 12 farms\n- Roasted in small batches\n- Shipped the same week\n\nRead more on [our blog](https://example.com/blog) or [write to us](mailto:hello@example.com).',
    align: 'left',
  },
  image: { image: null, caption: 'Our roastery in Hamburg.', width: 'wide' },
  video: {
    title: 'How we roast',
    caption: 'Three minutes in the roastery.',
    source: 'embed',
    file: null,
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    poster: null,
  },
  features: {
    heading: 'Why people switch',
    intro: 'Everything you need for a better morning, nothing you do not.',
    columns: 3,
    items: [
      { icon: 'leaf', title: 'Fairly sourced', text: 'We pay farmers above fair-trade prices and name every farm on the bag.' },
      { icon: 'clock', title: 'Always fresh', text: 'Roasted on Monday, with you by Wednesday: never older than a week.' },
      { icon: 'gift', title: 'First bag free', text: 'Try it without risk: your first 250 g are on us.' },
    ],
  },
  testimonials: {
    heading: 'Loved by early risers',
    items: [
      {
        quote: 'The best coffee I have had at home. The Monday roast is a ritual now.',
        name: 'Lena Fischer',
        role: 'Designer, Berlin',
        avatar: null,
        rating: 5,
      },
      { quote: 'Delivery is like clockwork, and pausing for holidays takes one click.', name: 'Tom Becker', role: 'Teacher, Munich', avatar: null, rating: 5 },
      { quote: 'I gave it as a gift and now my whole family subscribes.', name: 'Aylin Kaya', role: 'Nurse, Cologne', avatar: null, rating: 4 },
    ],
  },
  pricing: {
    heading: 'Simple pricing',
    intro: 'Free shipping on every plan.',
    plans: [
      {
        name: 'Taster',
        price: '€12',
        period: 'per bag',
        description: 'One bag when you want it.',
        features: ['250 g whole beans', 'Choose your roast'],
        button: { label: 'Order once', href: '#signup' },
        highlighted: false,
      },
      {
        name: 'Weekly',
        price: '€39',
        period: 'per month',
        description: 'Our most popular plan.',
        features: ['4 × 250 g per month', 'Pause any time', 'Free grinder after 6 months'],
        button: { label: 'Subscribe', href: '#signup' },
        highlighted: true,
      },
      {
        name: 'Office',
        price: '€99',
        period: 'per month',
        description: 'For teams up to 20.',
        features: ['4 × 1 kg per month', 'Invoice billing'],
        button: { label: 'Contact sales', href: 'mailto:sales@example.com' },
        highlighted: false,
      },
    ],
  },
  faq: {
    heading: 'Questions',
    items: [
      { question: 'Can I pause my subscription?', answer: 'Yes, any time from your account, for as long as you like.' },
      { question: 'Where do you ship?', answer: 'Everywhere in the EU. Shipping is free.' },
      { question: 'Whole beans or ground?', answer: 'Either: tell us your brewing method and we grind to match.' },
    ],
  },
  countdown: {
    heading: 'Spring offer ends in',
    endsAt: '2030-04-30T22:00:00Z',
    expiredText: 'The spring offer has ended.',
    button: { label: 'Claim the offer', href: '#signup' },
  },
  form: {
    title: 'Get your first bag free',
    intro: 'Leave your details and we send a voucher.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'phone', label: 'Phone', type: 'phone', required: false },
      { name: 'roast', label: 'Favourite roast', type: 'select', required: true, options: ['Light', 'Medium', 'Dark'] },
      { name: 'consent', label: 'Consent', type: 'checkbox', required: true, consentText: 'I agree that Northwind Coffee may email me about my voucher.' },
    ],
    submitLabel: 'Send my voucher',
    successMessage: 'Thank you! Your voucher is on its way.',
  },
  cta: {
    heading: 'Ready for better mornings?',
    text: 'Your first bag is free.',
    primary: { label: 'Start now', href: '#signup' },
    secondary: { label: 'Call us', href: 'tel:+49401234567' },
    background: 'primary',
  },
  footer: {
    text: '© 2026 Northwind Coffee GmbH',
    links: [
      { label: 'Imprint', href: 'https://example.com/imprint' },
      { label: 'Privacy', href: 'https://example.com/privacy' },
      { label: 'Contact', href: 'mailto:hello@example.com' },
    ],
  },
};

/** A new block of `type` with its default props. */
export function newBlock<T extends BlockType>(type: T, id: string): BlockOf<T> {
  return { id, type, props: blockDefaults[type]() } as unknown as BlockOf<T>;
}

/** An empty page document (a new page gets a hero and a text block from the worker). */
export function emptyDocument(title = ''): PageDocument {
  return { blocks: [], seo: { title, description: '', image: null } };
}
