import type { Copy } from '#common/creative/document.ts';
import type { TemplateId } from '#common/creative/template-ids.ts';
import type { Locale } from '#common/i18n/locales.ts';

/**
 * The words the templates write into a creative (issue 28): their placeholder copy and the
 * short lines that are part of their design ("New", "Use code", "-30%"), in the content's
 * language (the project's `locale`). Content, not interface: they are stored in the creative
 * and belong to the customer from then on, so they live here as data per language, not in the
 * UI catalogs. `default` is the copy of a template without its own (DEFAULT_COPY); a template's
 * `headline`, `body` and `cta` are its copy, its other keys the ids of its own text lines.
 * German is typed against English: a missing or extra line is a type error.
 */
export const TEMPLATE_TEXTS_EN = {
  default: {
    headline: 'Made for the way you work',
    body: 'Everything your team needs, in one place. Try it free for 14 days.',
    cta: 'Get started',
  },
  'sale-badge': { badge: '-30%' },
  'flash-sale': { headline: 'Flash sale', body: 'Everything in store, this weekend only.', cta: 'Shop the sale', band: 'Limited time · Ends Sunday' },
  'coupon-code': { headline: '20% off your first order', body: 'Online and in store until 31 May.', cta: 'Shop now', codeLabel: 'Use code', code: 'SPRING20' },
  'product-spotlight': { headline: 'The everyday tote, remade', body: 'Recycled canvas, repaired for life.', cta: 'Shop now', price: '€49' },
  'new-arrival': { headline: 'Meet the new collection', body: 'Designed in Lisbon, made to last.', cta: 'Discover', tag: 'New' },
  'launch-spotlight': { headline: 'Our boldest launch yet', cta: 'See what’s new', kicker: 'Introducing' },
  'customer-review': {
    headline: 'The best decision we made this year. Our team saves hours every week.',
    body: 'Maya Lindqvist, Studio Nord',
    rating: '5.0 rating',
  },
  'big-quote': { headline: 'Simple things, done well, are never simple.', body: 'Ada Moreno, founder' },
  'event-date': {
    headline: 'Spring tasting night',
    body: 'Thursday, 7 pm · Harbour Hall, Lisbon',
    cta: 'Save your seat',
    month: 'June',
    kicker: 'Live · In person',
  },
  webinar: {
    headline: 'Grow your shop with social ads',
    body: 'Thursday 14 March, 6 pm CET\nLive online · 45 minutes',
    cta: 'Register free',
    kicker: 'Free webinar',
    speaker: 'With Ada Moreno, founder',
  },
  'hiring-bold': {
    headline: 'Senior barista, Lisbon',
    body: 'Full-time · from €1,900 a month · free coffee, obviously',
    cta: 'Apply now',
    title: 'We’re\nhiring.',
  },
  'join-team': {
    headline: 'We’re looking for a head baker',
    body: 'Full-time in Porto. Early mornings, great bread.',
    cta: 'Apply now',
    kicker: 'Join the team',
  },
  'app-install': {
    headline: 'Your coffee, ordered in two taps',
    body: 'Skip the queue, collect points and pay with your phone.',
    cta: 'Download free',
    rating: 'Rated 4.8 by 12,000 people',
  },
  'before-after': {
    headline: 'Three weeks, one routine',
    body: 'Real results from real customers. No filters.',
    cta: 'See how',
    before: 'Before',
    after: 'After',
  },
  'carousel-cover': { headline: '5 ways to brew better coffee at home', body: 'A short guide from our baristas.', swipe: 'Swipe for more  ›' },
  'big-stat': { headline: 'people start their day with our coffee', cta: 'Find a café', number: '10,000+' },
} as const satisfies { default: Copy } & { readonly [T in TemplateId]?: Readonly<Record<string, string>> };

type Texts = typeof TEMPLATE_TEXTS_EN;
/** The same templates and lines as English, each with its own words. */
export type TemplateTexts = { readonly [T in keyof Texts]: { readonly [K in keyof Texts[T]]: string } };

/** German as a German agency would write it for a customer: formal Sie, short, no hype. */
export const TEMPLATE_TEXTS_DE: TemplateTexts = {
  default: {
    headline: 'Gemacht für Ihre Art zu arbeiten',
    body: 'Alles, was Ihr Team braucht, an einem Ort. 14 Tage kostenlos testen.',
    cta: 'Jetzt starten',
  },
  'sale-badge': { badge: '-30 %' },
  'flash-sale': { headline: 'Flash Sale', body: 'Das ganze Sortiment, nur an diesem Wochenende.', cta: 'Zum Sale', band: 'Nur kurze Zeit · Bis Sonntag' },
  'coupon-code': {
    headline: '20 % auf Ihre erste Bestellung',
    body: 'Online und im Laden bis 31. Mai.',
    cta: 'Jetzt shoppen',
    codeLabel: 'Mit dem Code',
    code: 'FRÜHLING20',
  },
  'product-spotlight': {
    headline: 'Die Alltagstasche, neu gemacht',
    body: 'Recyceltes Canvas, ein Leben lang reparierbar.',
    cta: 'Jetzt shoppen',
    price: '49 €',
  },
  'new-arrival': { headline: 'Die neue Kollektion ist da', body: 'In Lissabon entworfen, für lange gemacht.', cta: 'Entdecken', tag: 'Neu' },
  'launch-spotlight': { headline: 'Unser größter Launch bisher', cta: 'Jetzt entdecken', kicker: 'Ganz neu' },
  'customer-review': {
    headline: 'Die beste Entscheidung dieses Jahres. Unser Team spart jede Woche Stunden.',
    body: 'Maya Lindqvist, Studio Nord',
    rating: '5,0 Sterne',
  },
  'big-quote': { headline: 'Einfache Dinge gut zu machen, ist nie einfach.', body: 'Ada Moreno, Gründerin' },
  'event-date': {
    headline: 'Frühlingsverkostung',
    body: 'Donnerstag, 19 Uhr · Harbour Hall, Lissabon',
    cta: 'Platz sichern',
    month: 'Juni',
    kicker: 'Live · Vor Ort',
  },
  webinar: {
    headline: 'Mehr Umsatz mit Social Ads',
    body: 'Donnerstag, 14. März, 18 Uhr MEZ\nLive online · 45 Minuten',
    cta: 'Gratis anmelden',
    kicker: 'Gratis-Webinar',
    speaker: 'Mit Ada Moreno, Gründerin',
  },
  'hiring-bold': {
    headline: 'Barista (m/w/d), Lissabon',
    body: 'Vollzeit · ab 1.900 € im Monat · Kaffee gratis, versteht sich',
    cta: 'Jetzt bewerben',
    title: 'Wir\nsuchen Sie.',
  },
  'join-team': {
    headline: 'Wir suchen eine Backstubenleitung (m/w/d)',
    body: 'Vollzeit in Porto. Früh aufstehen, großartiges Brot.',
    cta: 'Jetzt bewerben',
    kicker: 'Verstärken Sie unser Team',
  },
  'app-install': {
    headline: 'Ihr Kaffee, bestellt mit zwei Tipps',
    body: 'Nicht anstehen, Punkte sammeln und mit dem Handy bezahlen.',
    cta: 'Gratis laden',
    rating: '4,8 Sterne von 12.000 Menschen',
  },
  'before-after': {
    headline: 'Drei Wochen, eine Routine',
    body: 'Echte Ergebnisse echter Kunden. Ohne Filter.',
    cta: 'So geht’s',
    before: 'Vorher',
    after: 'Nachher',
  },
  'carousel-cover': { headline: '5 Tipps für besseren Kaffee zu Hause', body: 'Ein kurzer Guide von unseren Baristas.', swipe: 'Weiterwischen  ›' },
  'big-stat': { headline: 'Menschen starten mit unserem Kaffee in den Tag', cta: 'Café finden', number: '10.000+' },
};

export const TEMPLATE_TEXTS: Record<Locale, TemplateTexts> = { en: TEMPLATE_TEXTS_EN, de: TEMPLATE_TEXTS_DE };

const COPY_KEYS = ['headline', 'body', 'cta'] as const;

/** A template's placeholder copy in `locale`: its own, else the default's. */
export function templateCopyIn(id: string, locale: Locale): Copy {
  const texts = TEMPLATE_TEXTS[locale];
  const own: Readonly<Record<string, string>> = (texts as Readonly<Record<string, Readonly<Record<string, string>>>>)[id] ?? {};
  const copy: Copy = { ...texts.default };
  for (const key of COPY_KEYS) if (own[key] !== undefined) copy[key] = own[key];
  return copy;
}

/** The keys of the templates' own text lines (not their copy). */
export type TemplateLine = { [T in Exclude<keyof Texts, 'default'>]: Exclude<keyof Texts[T], (typeof COPY_KEYS)[number]> }[Exclude<keyof Texts, 'default'>];

/** One of a template's own text lines in `locale` ('' for a line the template does not have). */
export function templateLine(id: string, line: TemplateLine, locale: Locale): string {
  return (TEMPLATE_TEXTS[locale] as Readonly<Record<string, Readonly<Record<string, string>>>>)[id]?.[line] ?? '';
}
