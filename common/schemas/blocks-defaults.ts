import type { Locale } from '#common/i18n/locales.ts';
import type { BlockOf, BlockPropsMap, BlockType, PageDocument } from '#common/schemas/blocks.ts';

// Defaults (what "add block" inserts) and samples (the component sheet) of the funnel-page blocks,
// in each content language (issue 28): a block is content, written in its funnel's `locale`.

type Defaults = { [T in BlockType]: () => BlockPropsMap[T] };

/** In a week from now, on the hour (the countdown block's default end). */
function nextWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
}

/** What "add block" inserts in an English funnel. */
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

/** What "add block" inserts in a German funnel: native placeholder copy, formal Sie. */
const blockDefaultsDe: Defaults = {
  hero: () => ({
    eyebrow: '',
    heading: 'Eine Überschrift, die sagt, was Sie anbieten',
    subheading: 'Ein, zwei Sätze dazu, für wen es ist und wobei es hilft.',
    primary: { label: 'Jetzt starten', href: '#signup' },
    secondary: null,
    image: null,
    layout: 'centered',
    background: 'plain',
  }),
  text: () => ({
    markdown: '## Eine Zwischenüberschrift\n\nSchreiben Sie hier Ihren Text. Mit **fett**, *kursiv* und [Links](https://example.com).',
    align: 'left',
  }),
  image: () => ({ image: null, caption: '', width: 'content' }),
  video: () => ({ title: 'Unser Video', caption: '', source: 'embed', file: null, url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', poster: null }),
  features: () => ({
    heading: 'Warum wir',
    intro: '',
    columns: 3,
    items: [
      { icon: 'zap', title: 'Schnell', text: 'Sagen Sie, was es so schnell macht.' },
      { icon: 'shield', title: 'Sicher', text: 'Sagen Sie, warum man ihm vertrauen kann.' },
      { icon: 'heart', title: 'Beliebt', text: 'Sagen Sie, was Kunden am meisten schätzen.' },
    ],
  }),
  testimonials: () => ({
    heading: 'Das sagen unsere Kunden',
    items: [{ quote: 'Ein kurzes, konkretes Zitat eines zufriedenen Kunden.', name: 'Name des Kunden', role: 'Rolle, Unternehmen', avatar: null, rating: 5 }],
  }),
  pricing: () => ({
    heading: 'Preise',
    intro: '',
    plans: [
      {
        name: 'Basic',
        price: '19 €',
        period: 'pro Monat',
        description: '',
        features: ['Erste Leistung', 'Zweite Leistung'],
        button: { label: 'Basic wählen', href: '#signup' },
        highlighted: false,
      },
      {
        name: 'Pro',
        price: '49 €',
        period: 'pro Monat',
        description: '',
        features: ['Alles aus Basic', 'Eine weitere Leistung'],
        button: { label: 'Pro wählen', href: '#signup' },
        highlighted: true,
      },
    ],
  }),
  faq: () => ({ heading: 'Fragen und Antworten', items: [{ question: 'Eine Frage, die oft gestellt wird?', answer: 'Die Antwort, in ein, zwei Sätzen.' }] }),
  countdown: () => ({ heading: 'Das Angebot endet in', endsAt: nextWeek(), expiredText: 'Dieses Angebot ist abgelaufen.', button: null }),
  form: () => ({
    title: 'Kontakt aufnehmen',
    intro: '',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'E-Mail', type: 'email', required: true },
    ],
    submitLabel: 'Senden',
    successMessage: 'Vielen Dank! Wir melden uns in Kürze bei Ihnen.',
  }),
  cta: () => ({ heading: 'Bereit für den Start?', text: '', primary: { label: 'Jetzt starten', href: '#signup' }, secondary: null, background: 'primary' }),
  footer: () => ({ text: `© ${new Date().getUTCFullYear()} Ihr Unternehmen`, links: [{ label: 'Datenschutz', href: '/privacy' }] }),
};

/** The defaults per content language. */
export const BLOCK_DEFAULTS: Record<Locale, Defaults> = { en: blockDefaults, de: blockDefaultsDe };

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

/** The samples in German (the component sheet of a German funnel; a German presentation's pricing and testimonials). */
const blockSamplesDe: { [T in BlockType]: BlockPropsMap[T] } = {
  hero: {
    eyebrow: 'Neu in diesem Frühling',
    heading: 'Frischer Kaffee, geliefert, bevor Sie aufwachen',
    subheading: 'Sortenreine Bohnen, jeden Montag geröstet und am Mittwoch bei Ihnen. Jederzeit pausieren oder kündigen.',
    primary: { label: 'Abo starten', href: '#signup' },
    secondary: { label: 'Zu den Bohnen', href: '#features' },
    image: null,
    layout: 'split',
    background: 'surface',
  },
  text: {
    markdown:
      '## Unsere Geschichte\n\nWir haben **2014** in einer Garage mit dem Rösten angefangen, weil wir keinen Kaffee fanden, der uns *wirklich* schmeckte.\n\n- Direkt von 12 Farmen bezogen\n- In kleinen Mengen geröstet\n- In derselben Woche verschickt\n\nMehr in [unserem Blog](https://example.com/blog), oder [schreiben Sie uns](mailto:hello@example.com).',
    align: 'left',
  },
  image: { image: null, caption: 'Unsere Rösterei in Hamburg.', width: 'wide' },
  video: {
    title: 'So rösten wir',
    caption: 'Drei Minuten in der Rösterei.',
    source: 'embed',
    file: null,
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    poster: null,
  },
  features: {
    heading: 'Warum Kunden wechseln',
    intro: 'Alles für einen besseren Morgen, nichts, was Sie nicht brauchen.',
    columns: 3,
    items: [
      { icon: 'leaf', title: 'Fair bezogen', text: 'Wir zahlen mehr als den Fairtrade-Preis und nennen jede Farm auf der Tüte.' },
      { icon: 'clock', title: 'Immer frisch', text: 'Montags geröstet, mittwochs bei Ihnen: nie älter als eine Woche.' },
      { icon: 'gift', title: 'Erste Tüte gratis', text: 'Ohne Risiko testen: Ihre ersten 250 g gehen auf uns.' },
    ],
  },
  testimonials: {
    heading: 'Beliebt bei Frühaufstehern',
    items: [
      {
        quote: 'Der beste Kaffee, den ich je zu Hause getrunken habe. Die Montagsröstung ist jetzt ein Ritual.',
        name: 'Lena Fischer',
        role: 'Designerin, Berlin',
        avatar: null,
        rating: 5,
      },
      {
        quote: 'Die Lieferung kommt pünktlich wie ein Uhrwerk, und für den Urlaub pausiere ich mit einem Klick.',
        name: 'Tom Becker',
        role: 'Lehrer, München',
        avatar: null,
        rating: 5,
      },
      { quote: 'Ich habe es verschenkt, und jetzt hat die ganze Familie ein Abo.', name: 'Aylin Kaya', role: 'Pflegerin, Köln', avatar: null, rating: 4 },
    ],
  },
  pricing: {
    heading: 'Einfache Preise',
    intro: 'Versandkostenfrei in jedem Paket.',
    plans: [
      {
        name: 'Probierpaket',
        price: '12 €',
        period: 'pro Tüte',
        description: 'Eine Tüte, wann Sie möchten.',
        features: ['250 g ganze Bohnen', 'Röstung nach Wahl'],
        button: { label: 'Einmal bestellen', href: '#signup' },
        highlighted: false,
      },
      {
        name: 'Wöchentlich',
        price: '39 €',
        period: 'pro Monat',
        description: 'Unser beliebtestes Paket.',
        features: ['4 × 250 g pro Monat', 'Jederzeit pausieren', 'Gratis-Mühle nach 6 Monaten'],
        button: { label: 'Abonnieren', href: '#signup' },
        highlighted: true,
      },
      {
        name: 'Büro',
        price: '99 €',
        period: 'pro Monat',
        description: 'Für Teams bis 20 Personen.',
        features: ['4 × 1 kg pro Monat', 'Kauf auf Rechnung'],
        button: { label: 'Vertrieb kontaktieren', href: 'mailto:sales@example.com' },
        highlighted: false,
      },
    ],
  },
  faq: {
    heading: 'Fragen',
    items: [
      { question: 'Kann ich mein Abo pausieren?', answer: 'Ja, jederzeit in Ihrem Konto, so lange Sie möchten.' },
      { question: 'Wohin liefern Sie?', answer: 'In die ganze EU. Der Versand ist kostenlos.' },
      { question: 'Ganze Bohnen oder gemahlen?', answer: 'Beides: Nennen Sie uns Ihre Zubereitung, und wir mahlen passend dazu.' },
    ],
  },
  countdown: {
    heading: 'Das Frühlingsangebot endet in',
    endsAt: '2030-04-30T22:00:00Z',
    expiredText: 'Das Frühlingsangebot ist abgelaufen.',
    button: { label: 'Angebot sichern', href: '#signup' },
  },
  form: {
    title: 'Ihre erste Tüte gratis',
    intro: 'Hinterlassen Sie Ihre Daten, und wir schicken Ihnen einen Gutschein.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'E-Mail', type: 'email', required: true },
      { name: 'phone', label: 'Telefon', type: 'phone', required: false },
      { name: 'roast', label: 'Lieblingsröstung', type: 'select', required: true, options: ['Hell', 'Mittel', 'Dunkel'] },
      {
        name: 'consent',
        label: 'Einwilligung',
        type: 'checkbox',
        required: true,
        consentText: 'Ich bin einverstanden, dass Northwind Coffee mir zu meinem Gutschein E-Mails schickt.',
      },
    ],
    submitLabel: 'Gutschein anfordern',
    successMessage: 'Vielen Dank! Ihr Gutschein ist unterwegs.',
  },
  cta: {
    heading: 'Bereit für bessere Morgen?',
    text: 'Ihre erste Tüte ist gratis.',
    primary: { label: 'Jetzt starten', href: '#signup' },
    secondary: { label: 'Rufen Sie uns an', href: 'tel:+49401234567' },
    background: 'primary',
  },
  footer: {
    text: '© 2026 Northwind Coffee GmbH',
    links: [
      { label: 'Impressum', href: 'https://example.com/imprint' },
      { label: 'Datenschutz', href: 'https://example.com/privacy' },
      { label: 'Kontakt', href: 'mailto:hello@example.com' },
    ],
  },
};

/** The samples per content language. */
export const BLOCK_SAMPLES: Record<Locale, { [T in BlockType]: BlockPropsMap[T] }> = { en: blockSamples, de: blockSamplesDe };

/** A new block of `type` with its default props, in the content's language. */
export function newBlock<T extends BlockType>(type: T, id: string, locale: Locale = 'en'): BlockOf<T> {
  return { id, type, props: BLOCK_DEFAULTS[locale][type]() } as unknown as BlockOf<T>;
}

/** An empty page document (a new page gets a hero and a text block from the worker). */
export function emptyDocument(title = ''): PageDocument {
  return { blocks: [], seo: { title, description: '', image: null } };
}
