import type { Locale } from '#common/i18n/locales.ts';
import type { Block, BlockOf, BlockPropsMap, FeatureIcon, FormField, PageDocument } from '#common/schemas/blocks.ts';
import { clip } from '#common/schemas/fields.ts';
import { PAGE_TEMPLATES_DE } from '#common/templates/pages/de.ts';
import { PAGE_TEMPLATES_EN, type PageTemplatesCopy } from '#common/templates/pages/en.ts';
import type { FunnelTemplateId, PageTemplateId } from '#common/templates/pages/ids.ts';

/**
 * Builds the page templates (issue 30 §2) from their words (en.ts, de.ts) and the project's
 * brand: its name, its logo (the social image, and the link-in-bio page's picture) and its
 * Instagram handle. The funnel's theme (colours, fonts) is the brand kit's already
 * (themeFromBrandKit when the funnel is made): a template's blocks only choose which of its
 * colours a section takes. Every template passes the checks before publishing with no error
 * (templates.test.ts): real copy, every button pointing at a block of its page or at the
 * project's Instagram profile, an email form always with its consent checkbox.
 */

export interface TemplateBrand {
  projectName: string;
  /** The brand kit's logo, when it is a live image of the project. */
  logoMediaId: string | null;
  /** The username of the project's connected Instagram account. */
  instagram: string | null;
  /** Now: the countdowns end a week after it, the footer's year is its year. */
  now: Date;
}

export interface BuiltPage {
  title: string;
  slug: string;
  document: PageDocument;
}

const COPY: Record<Locale, PageTemplatesCopy> = { en: PAGE_TEMPLATES_EN, de: PAGE_TEMPLATES_DE };

/** A template's words for one brand: `{project}`, `{year}`, `{handle}` filled in, clipped to the field's length. */
type Fill = (text: string, max: number) => string;

function filler(brand: TemplateBrand): Fill {
  return (text, max) =>
    clip(
      text
        .replaceAll('{project}', brand.projectName)
        .replaceAll('{year}', String(brand.now.getUTCFullYear()))
        .replaceAll('{handle}', brand.instagram ?? ''),
      max,
    );
}

const SIGNUP = '#signup';

/** A week after `now`, on the hour. */
function weekAfter(now: Date): string {
  const d = new Date(now.getTime() + 7 * 86_400_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
}

const block = <T extends Block['type']>(id: string, type: T, props: BlockPropsMap[T]) => ({ id, type, props }) as BlockOf<T>;

interface Parts {
  copy: PageTemplatesCopy;
  fill: Fill;
  brand: TemplateBrand;
}

type HeroWords = { eyebrow: string; heading: string; subheading: string; button?: string };

function hero({ fill }: Parts, words: HeroWords, background: BlockPropsMap['hero']['background'] = 'surface') {
  return block('hero', 'hero', {
    eyebrow: fill(words.eyebrow, 60),
    heading: fill(words.heading, 120),
    subheading: fill(words.subheading, 400),
    primary: words.button ? { label: fill(words.button, 40), href: SIGNUP } : null,
    secondary: null,
    image: null,
    layout: 'centered',
    background,
  });
}

type FeatureWords = { heading: string; intro: string; items: { title: string; text: string }[] };
const ICONS: readonly FeatureIcon[] = ['check', 'star', 'zap'];

function features({ fill }: Parts, words: FeatureWords, icons: readonly FeatureIcon[] = ICONS) {
  return block('details', 'features', {
    heading: fill(words.heading, 120),
    intro: fill(words.intro, 400),
    columns: 3,
    items: words.items.map((item, i) => ({ icon: icons[i % icons.length]!, title: fill(item.title, 80), text: fill(item.text, 400) })),
  });
}

function faq({ fill }: Parts, words: { heading: string; items: { question: string; answer: string }[] }) {
  return block('faq', 'faq', {
    heading: fill(words.heading, 120),
    items: words.items.map((item) => ({ question: fill(item.question, 200), answer: fill(item.answer, 2000) })),
  });
}

type FormWords = { title: string; intro: string; submit: string; success: string };

/** The form every template collects with: its fields, then the email and the consent checkbox that collecting it needs. */
function form({ copy, fill }: Parts, words: FormWords, fields: readonly FormField[] = []) {
  const shared = copy.shared;
  return block('signup', 'form', {
    title: fill(words.title, 120),
    intro: fill(words.intro, 400),
    fields: [
      ...fields,
      { name: 'email', label: fill(shared.fields.email, 120), type: 'email', required: true },
      { name: 'consent', label: fill(shared.fields.consentLabel, 120), type: 'checkbox', required: true, consentText: fill(shared.consent, 500) },
    ],
    submitLabel: fill(words.submit, 40),
    successMessage: fill(words.success, 300),
  });
}

const nameField = ({ copy, fill }: Parts): FormField => ({ name: 'name', label: fill(copy.shared.fields.name, 120), type: 'text', required: true });

function countdown({ fill, brand }: Parts, words: { heading: string; expired: string; button: string }) {
  return block('countdown', 'countdown', {
    heading: fill(words.heading, 120),
    endsAt: weekAfter(brand.now),
    expiredText: fill(words.expired, 200),
    button: { label: fill(words.button, 40), href: SIGNUP },
  });
}

const instagramUrl = (handle: string) => `https://www.instagram.com/${encodeURIComponent(handle)}/`;

function footer({ copy, fill, brand }: Parts) {
  return block('footer', 'footer', {
    text: fill(copy.shared.footer, 300),
    links: brand.instagram ? [{ label: copy.shared.instagram, href: instagramUrl(brand.instagram) }] : [],
  });
}

/** The search and sharing fields: the template's title and description with the project's name, the logo as the social image. */
function seo({ copy, fill, brand }: Parts, words: { title: string; description: string }): PageDocument['seo'] {
  return {
    title: fill(words.title, 70),
    description: fill(words.description, 160),
    image: brand.logoMediaId ? { mediaId: brand.logoMediaId, alt: fill(copy.shared.logoAlt, 200) } : null,
  };
}

type ThanksKind = keyof PageTemplatesCopy['thanks'];

function thanksPage(parts: Parts, kind: ThanksKind): BuiltPage {
  const words = parts.copy.thanks[kind];
  return page(parts, words, [hero(parts, words.hero), features(parts, words.features, ['check', 'clock', 'heart']), footer(parts)]);
}

function page(parts: Parts, words: { page: { title: string; slug: string }; seo: { title: string; description: string } }, blocks: Block[]): BuiltPage {
  return { title: words.page.title, slug: words.page.slug, document: { blocks, seo: seo(parts, words.seo) } };
}

function linkInBio(parts: Parts): BuiltPage {
  const { copy, fill, brand } = parts;
  const words = copy['link-in-bio'];
  const newsletter = { label: fill(words.hero.newsletter, 40), href: SIGNUP };
  const top = block('hero', 'hero', {
    eyebrow: brand.instagram ? fill(words.hero.eyebrow, 60) : '',
    heading: fill(words.hero.heading, 120),
    subheading: fill(words.hero.subheading, 400),
    primary: brand.instagram ? { label: fill(words.hero.follow, 40), href: instagramUrl(brand.instagram) } : newsletter,
    secondary: brand.instagram ? newsletter : null,
    image: brand.logoMediaId ? { mediaId: brand.logoMediaId, alt: fill(copy.shared.logoAlt, 200) } : null,
    layout: 'centered',
    background: 'plain',
  });
  const offer = block('offer', 'cta', {
    heading: fill(words.cta.heading, 120),
    text: fill(words.cta.text, 400),
    primary: { label: fill(words.cta.button, 40), href: SIGNUP },
    secondary: null,
    background: 'primary',
  });
  return page(parts, words, [top, offer, form(parts, words.form), footer(parts)]);
}

const BUILDERS: Record<PageTemplateId, (parts: Parts) => BuiltPage> = {
  'lead-magnet': (p) => {
    const w = p.copy['lead-magnet'];
    return page(p, w, [hero(p, w.hero), features(p, w.features, ['check', 'star', 'sparkles']), form(p, w.form, [nameField(p)]), faq(p, w.faq), footer(p)]);
  },
  webinar: (p) => {
    const w = p.copy.webinar;
    return page(p, w, [hero(p, w.hero), countdown(p, w.countdown), features(p, w.features), form(p, w.form, [nameField(p)]), faq(p, w.faq), footer(p)]);
  },
  launch: (p) => {
    const { fill } = p;
    const w = p.copy.launch;
    const pricing = block('pricing', 'pricing', {
      heading: fill(w.pricing.heading, 120),
      intro: fill(w.pricing.intro, 400),
      plans: [
        {
          name: fill(w.pricing.plan, 60),
          price: fill(w.pricing.price, 20),
          period: fill(w.pricing.period, 30),
          description: fill(w.pricing.description, 200),
          features: w.pricing.features.map((f) => fill(f, 100)),
          button: { label: fill(w.pricing.button, 40), href: SIGNUP },
          highlighted: true,
        },
      ],
    });
    return page(p, w, [hero(p, w.hero), features(p, w.features), pricing, form(p, w.form, [nameField(p)]), faq(p, w.faq), footer(p)]);
  },
  sale: (p) => {
    const w = p.copy.sale;
    return page(p, w, [
      hero(p, w.hero, 'primary'),
      countdown(p, w.countdown),
      features(p, w.features),
      form(p, w.form, [nameField(p)]),
      faq(p, w.faq),
      footer(p),
    ]);
  },
  waitlist: (p) => {
    const w = p.copy.waitlist;
    return page(p, w, [hero(p, w.hero), features(p, w.features), form(p, w.form), footer(p)]);
  },
  event: (p) => {
    const w = p.copy.event;
    const guests: FormField = {
      name: 'guests',
      label: p.fill(w.form.guests, 120),
      type: 'select',
      required: true,
      options: w.form.guestOptions.map((o) => p.fill(o, 80)),
    };
    return page(p, w, [
      hero(p, w.hero),
      features(p, w.features, ['clock', 'globe', 'users']),
      form(p, w.form, [nameField(p), guests]),
      faq(p, w.faq),
      footer(p),
    ]);
  },
  booking: (p) => {
    const { fill, copy } = p;
    const w = p.copy.booking;
    const fields: FormField[] = [
      nameField(p),
      { name: 'phone', label: fill(copy.shared.fields.phone, 120), type: 'phone', required: false },
      { name: 'time', label: fill(w.form.time, 120), type: 'select', required: true, options: w.form.timeOptions.map((o) => fill(o, 80)) },
      { name: 'message', label: fill(copy.shared.fields.message, 120), type: 'text', required: false },
    ];
    return page(p, w, [hero(p, w.hero), features(p, w.features), form(p, w.form, fields), faq(p, w.faq), footer(p)]);
  },
  coupon: (p) => {
    const w = p.copy.coupon;
    return page(p, w, [hero(p, w.hero, 'primary'), form(p, w.form), features(p, w.features, ['check', 'gift', 'star']), footer(p)]);
  },
  'thank-you': (p) => thanksPage(p, 'page'),
  'link-in-bio': linkInBio,
};

/** The two pages of each funnel template: the first's form leads to the second (the funnel's next published page). */
const FUNNELS: Record<FunnelTemplateId, [PageTemplateId, ThanksKind]> = {
  'lead-magnet-funnel': ['lead-magnet', 'lead'],
  'webinar-funnel': ['webinar', 'webinar'],
  'sale-funnel': ['sale', 'order'],
};

const partsOf = (locale: Locale, brand: TemplateBrand): Parts => ({ copy: COPY[locale], fill: filler(brand), brand });

/** A page template in the funnel's language for the project's brand. */
export function buildPageTemplate(id: PageTemplateId, locale: Locale, brand: TemplateBrand): BuiltPage {
  return BUILDERS[id](partsOf(locale, brand));
}

/** A funnel template's two pages, in their order. */
export function buildFunnelTemplate(id: FunnelTemplateId, locale: Locale, brand: TemplateBrand): [BuiltPage, BuiltPage] {
  const parts = partsOf(locale, brand);
  const [first, thanks] = FUNNELS[id];
  return [BUILDERS[first](parts), thanksPage(parts, thanks)];
}
