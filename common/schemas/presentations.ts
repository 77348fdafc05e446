import * as z from 'zod/mini';
import type { MockupAd, Placement } from '#common/ads.ts';
import { BLOCK_SAMPLES, blockSamples } from '#common/schemas/blocks-defaults.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { DEFAULT_THEME, funnelThemeSchema, type FunnelTheme } from '#common/schemas/blocks-theme.ts';
import { BLOCK_ID, SAFE_HREF, filled, imageRefSchema, line, pricingProps, prose, testimonialsProps, type ImageRef } from '#common/schemas/blocks.ts';
import { idField, localeField, pageQuery, text } from '#common/schemas/fields.ts';

/**
 * Presentations (PRODUCT.md §4.9, issue 13): a personal pitch page per customer or campaign at
 * `/presents/{slug}`. One props schema per section type, the document and its theme (the
 * funnel theme: colours, fonts, radius, made from the author's or the customer's brand kit).
 * The same schemas validate the editor, the API and the public page; `client/presentations/`
 * draws them.
 */
export const SECTION_TYPES = ['hero', 'intro', 'creatives', 'adPreviews', 'funnelPages', 'pricing', 'testimonials', 'cta'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const MAX_SECTIONS = 20;
export const PRESENTATION_LIMITS = {
  customerName: 80,
  headline: 140,
  intro: 2000,
  /** The document as stored JSON, in UTF-8 bytes. */
  documentBytes: 256 * 1024,
  passwordMin: 8,
  passwordMax: 128,
  /** Seconds of one view the beacon may report (longer visits count as this). */
  maxViewSeconds: 4 * 3600,
} as const;

// ---------------------------------------------------------------------------------------
// Field building blocks (line, filled and prose are the funnel blocks', with their messages)

const image = z.nullable(imageRefSchema);
const background = z.enum(['plain', 'surface', 'primary']);
const objectId = (message: string) => text(message).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, message));

// ---------------------------------------------------------------------------------------
// Props per section type

/** The opening: the customer's logo and name, the presentation's headline (its only h1), a picture. */
export const heroSection = z.object({
  /** Above the headline; empty → "Prepared for {customer}". */
  eyebrow: line(80),
  subheading: prose(400),
  image,
  /** A button that scrolls to the call to action (when there is one). */
  buttonLabel: line(40),
  background,
});

/** The author's personal note to the customer (the document's intro), signed. */
export const introSection = z.object({
  heading: line(120),
  /** Under the note, e.g. "Dana, Northwind Studio"; empty → the author's name. */
  signature: line(120),
});

export const creativesSection = z.object({
  heading: line(120),
  intro: prose(400),
  items: z
    .array(z.object({ creationId: objectId('Pick a rendered creative.'), caption: line(200) }))
    .check(z.minLength(1, 'Pick at least one creative.'), z.maxLength(12, 'Use at most 12 creatives.')),
});

export const adPreviewsSection = z.object({
  heading: line(120),
  intro: prose(400),
  items: z.array(z.object({ adId: objectId('Pick an ad.') })).check(z.minLength(1, 'Pick at least one ad.'), z.maxLength(6, 'Use at most 6 ads.')),
});

export const funnelPagesSection = z.object({
  heading: line(120),
  intro: prose(400),
  items: z
    .array(
      z.object({
        pageId: objectId('Pick a funnel page.'),
        caption: line(200),
        /** A screenshot from the library; without one, the page's card shows its title and address. */
        screenshot: image,
      }),
    )
    .check(z.minLength(1, 'Pick at least one page.'), z.maxLength(6, 'Use at most 6 pages.')),
  /** Link each card to the live page (published pages only). */
  liveLinks: z.boolean(),
});

export { pricingProps as pricingSection, testimonialsProps as testimonialsSection };

/**
 * Where the call to action may point: a web page over https or a path on this site (`/…`),
 * the places a `?ref=` can be added to. The author's affiliate code is appended when the
 * page is rendered (withRef), never stored in the link.
 */
const CTA_HREF = /^(?:https:\/\/|\/(?![/\\]))/;
const ctaHref = text('Use a link starting with https:// or /.').check(
  z.trim(),
  z.maxLength(1000, 'That link is too long.'),
  z.refine((v) => v === '' || (SAFE_HREF.test(v) && CTA_HREF.test(v)), 'Use a link starting with https:// or /.'),
);

/** What the call to action does: a link, or "I'm interested" (a small form whose answer reaches the author: decision 0056). */
export const CTA_ACTIONS = ['link', 'interest'] as const;

export const ctaSection = z
  .object({
    heading: filled(120, 'Write a headline.'),
    text: prose(400),
    label: filled(40, 'Label the button.'),
    /** A booking or sign-up page (https://… or /…): it carries the author's affiliate code as `?ref=`. Unused by "interest". */
    href: z._default(ctaHref, ''),
    action: z._default(z.enum(CTA_ACTIONS), 'link'),
    background,
  })
  .check(z.refine((v) => v.action !== 'link' || v.href !== '', { message: 'Add a link.', path: ['href'] }));

export const sectionPropsSchemas = {
  hero: heroSection,
  intro: introSection,
  creatives: creativesSection,
  adPreviews: adPreviewsSection,
  funnelPages: funnelPagesSection,
  pricing: pricingProps,
  testimonials: testimonialsProps,
  cta: ctaSection,
} as const;

export type SectionPropsMap = { [T in SectionType]: z.infer<(typeof sectionPropsSchemas)[T]> };
export type HeroSectionProps = SectionPropsMap['hero'];
export type IntroSectionProps = SectionPropsMap['intro'];
export type CreativesSectionProps = SectionPropsMap['creatives'];
export type AdPreviewsSectionProps = SectionPropsMap['adPreviews'];
export type FunnelPagesSectionProps = SectionPropsMap['funnelPages'];
export type PricingSectionProps = SectionPropsMap['pricing'];
export type TestimonialsSectionProps = SectionPropsMap['testimonials'];
export type CtaSectionProps = SectionPropsMap['cta'];

// ---------------------------------------------------------------------------------------
// Sections and the document

/** Ids the page's own elements take (`main`, the view beacon's marker): no section may take one. */
export const RESERVED_SECTION_IDS = ['main', 'top'] as const;
const sectionId = text('Sections have short ids.').check(
  z.regex(BLOCK_ID, 'Sections have short ids.'),
  z.refine((v) => !(RESERVED_SECTION_IDS as readonly string[]).includes(v) && !v.endsWith('-title'), 'That id is used by the page itself: pick another.'),
);
const sectionOf = <T extends SectionType>(type: T) => z.object({ id: sectionId, type: z.literal(type), props: sectionPropsSchemas[type] });

export const sectionSchema = z.discriminatedUnion('type', [
  sectionOf('hero'),
  sectionOf('intro'),
  sectionOf('creatives'),
  sectionOf('adPreviews'),
  sectionOf('funnelPages'),
  sectionOf('pricing'),
  sectionOf('testimonials'),
  sectionOf('cta'),
]);
export type Section = z.infer<typeof sectionSchema>;
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

export const presentationDocumentSchema = z.object({
  customerName: filled(PRESENTATION_LIMITS.customerName, 'Name the customer.'),
  /** The customer's logo: a media object of the linked project. */
  logo: image,
  headline: filled(PRESENTATION_LIMITS.headline, 'Write a headline.'),
  /** The personal note (the intro section shows it). */
  intro: prose(PRESENTATION_LIMITS.intro),
  theme: funnelThemeSchema,
  /**
   * The language of the page's own words, `<html lang>` and dates (issue 28): the customer's,
   * not the author's or the visitor's. Documents saved before it existed read as English.
   */
  locale: z._default(localeField, 'en'),
  sections: z.array(sectionSchema).check(
    z.maxLength(MAX_SECTIONS, `Use at most ${MAX_SECTIONS} sections.`),
    z.refine((sections) => new Set(sections.map((s) => s.id)).size === sections.length, 'Each section needs its own id.'),
  ),
});
export type PresentationDocument = z.infer<typeof presentationDocumentSchema>;
export type { FunnelTheme as PresentationTheme, ImageRef };

// ---------------------------------------------------------------------------------------
// Slugs, inputs

/** `/presents/{slug}`: 3–64 of a–z, 0–9 and inner hyphens. */
export const PRESENTATION_SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{1,62}[a-z0-9])$/;
/** Slugs that would hide the presentation's own paths or mislead. */
export const RESERVED_PRESENTATION_SLUGS: ReadonlySet<string> = new Set(['components', 'new', 'admin', 'api', 'assets', 'og', 'beacon', 'unlock', 'edit']);

export const slugField = text('Use 3–64 lower-case letters, digits and hyphens.').check(
  z.trim(),
  z.toLowerCase(),
  z.regex(PRESENTATION_SLUG_RE, 'Use 3–64 lower-case letters, digits and hyphens (not at the start or end).'),
  z.refine((v) => !RESERVED_PRESENTATION_SLUGS.has(v), 'That address is reserved: pick another.'),
);

export const presentationCreateInput = z.object({
  slug: slugField,
  customerName: filled(PRESENTATION_LIMITS.customerName, 'Name the customer.'),
  /** Prefill from this project: its brand, best creatives, ads and funnel pages. */
  fromProjectId: z.optional(idField()),
});
export type PresentationCreateInput = z.infer<typeof presentationCreateInput>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
export const expiresAtField = text('Pick a date and time.').check(
  z.regex(ISO_INSTANT, 'Pick a date and time.'),
  z.refine((v) => Number.isFinite(Date.parse(v)), 'Pick a date and time.'),
);

export const passwordField = text('Enter a password.').check(
  z.minLength(PRESENTATION_LIMITS.passwordMin, `Use at least ${PRESENTATION_LIMITS.passwordMin} characters.`),
  z.maxLength(PRESENTATION_LIMITS.passwordMax, `Use at most ${PRESENTATION_LIMITS.passwordMax} characters.`),
);

export const presentationUpdateInput = z.object({
  /** The revision the change was made on (409 when someone saved since). */
  baseRevision: z.number('Reload: the revision is missing.').check(z.int(), z.minimum(1)),
  slug: z.optional(slugField),
  projectId: z.optional(z.nullable(idField())),
  document: z.optional(presentationDocumentSchema),
  /** A new password (null removes it); never returned. */
  password: z.optional(z.nullable(passwordField)),
  expiresAt: z.optional(z.nullable(expiresAtField)),
});
export type PresentationUpdateInput = z.infer<typeof presentationUpdateInput>;

export const presentationListQuery = z.extend(pageQuery, {
  scope: z.optional(z.enum(['mine', 'all'])),
  q: z.optional(text().check(z.trim(), z.maxLength(100, 'Use at most 100 characters.'))),
});

export const presentationStatsQuery = z.object({
  days: z.optional(
    z.pipe(
      z.enum(['7', '30']),
      z.transform((v) => Number(v) as 7 | 30),
    ),
  ),
});

/** The unlock form (`POST /presents/{slug}/unlock`). */
export const unlockInput = z.object({ password: text().check(z.maxLength(PRESENTATION_LIMITS.passwordMax + 100)) });

/**
 * The view beacon (`POST /presents/{slug}/beacon`, urlencoded: navigator.sendBeacon): the
 * signed view token of the page, the seconds the page was visible, the section ids reached
 * (comma-separated).
 */
export const beaconInput = z.object({
  t: text().check(z.maxLength(300)),
  s: text().check(z.regex(/^\d{1,9}$/)),
  r: z._default(text().check(z.maxLength(40 * 33)), ''),
  /** Seconds in each section, `id:seconds` comma-separated (the visit's timeline, decision 0056). */
  d: z._default(text().check(z.maxLength(40 * 72)), ''),
});

// ---------------------------------------------------------------------------------------
// API shapes

export type PresentationStatus = 'draft' | 'published';

/** A media object or a rendered creative resolved for drawing: URL and intrinsic size. */
export interface ResolvedImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
}

/** One ad as its mock-up draws it (client/public/pages/ad-mockups.tsx) and a link to its shareable preview. */
export interface AdCard extends MockupAd {
  id: string;
  name: string;
  status: string;
  placements: Placement[];
  /** The shareable preview `/preview/{id}` when the ad has one. */
  previewUrl: string | null;
}

/** One funnel page as a card: its title, funnel and live address (null while unpublished). */
export interface PageCard {
  id: string;
  title: string;
  funnelTitle: string;
  url: string | null;
}

export interface Resolved {
  images: Record<string, ResolvedImage>;
  creations: Record<string, ResolvedImage & { name: string }>;
  ads: Record<string, AdCard>;
  pages: Record<string, PageCard>;
}

export interface DailyPresentationCount {
  day: string;
  visitors: number;
  views: number;
}

export interface PresentationSummary {
  id: string;
  slug: string;
  customerName: string;
  headline: string;
  status: PresentationStatus;
  /** Past its expiry: visitors see the expired page. */
  expired: boolean;
  url: string;
  author: { id: string; name: string } | null;
  projectId: string | null;
  projectName: string | null;
  hasPassword: boolean;
  expiresAt: string | null;
  updatedAt: string;
  publishedAt: string | null;
  views7d: number;
  visitors7d: number;
  daily7d: DailyPresentationCount[];
}

export interface Presentation extends PresentationSummary {
  revision: number;
  createdAt: string;
  document: PresentationDocument;
  resolved: Resolved;
  ogImageUrl: string;
  /** The author's affiliate code, appended to the call to action as `?ref=`. */
  refCode: string | null;
}

export interface PresentationSources {
  project: { id: string; name: string } | null;
  media: { id: string; name: string; image: ResolvedImage }[];
  creations: { id: string; name: string; image: ResolvedImage }[];
  ads: AdCard[];
  pages: PageCard[];
}

export interface PresentationStats {
  days: number;
  totals: { visitors: number; views: number; seconds: number; avgSeconds: number };
  series: { day: string; visitors: number; views: number; seconds: number }[];
  sections: { id: string; type: SectionType; title: string; reached: number }[];
}

// ---------------------------------------------------------------------------------------
// Labels, defaults and samples

export const sectionLabels: Record<SectionType, { label: string; description: string }> = {
  hero: { label: 'Hero', description: 'The customer’s logo and name, your headline and a picture.' },
  intro: { label: 'Personal intro', description: 'Your note to the customer, signed.' },
  creatives: { label: 'Creatives', description: 'Selected rendered creatives in a grid.' },
  adPreviews: { label: 'Ad previews', description: 'Ads as they look in the Instagram feed.' },
  funnelPages: { label: 'Funnel pages', description: 'Landing pages as screenshots or live links.' },
  pricing: { label: 'Pricing offer', description: 'Packages and prices side by side.' },
  testimonials: { label: 'Testimonials', description: 'Quotes from happy customers.' },
  cta: { label: 'Call to action', description: 'A booking or sign-up button with your affiliate code.' },
};

type Defaults = { [T in SectionType]: () => SectionPropsMap[T] };

/** What "add section" inserts in English (the picker sections need items picked in the editor: they start with a placeholder id). */
export const sectionDefaults: Defaults = {
  hero: () => ({
    eyebrow: '',
    subheading: 'What we would do together, in one or two sentences.',
    image: null,
    buttonLabel: 'Book a call',
    background: 'surface',
  }),
  intro: () => ({ heading: 'Why we wrote this for you', signature: '' }),
  creatives: () => ({ heading: 'Creatives we made for you', intro: '', items: [{ creationId: 'pick', caption: '' }] }),
  adPreviews: () => ({ heading: 'How your ads would look', intro: '', items: [{ adId: 'pick' }] }),
  funnelPages: () => ({ heading: 'Landing pages that convert', intro: '', items: [{ pageId: 'pick', caption: '', screenshot: null }], liveLinks: true }),
  pricing: () => structuredClone(blockSamples.pricing),
  testimonials: () => structuredClone(blockSamples.testimonials),
  cta: () => ({
    heading: 'Let’s talk',
    text: 'Book a 20-minute call and we walk you through it.',
    label: 'Book a call',
    action: 'link',
    href: '/redirect',
    background: 'primary',
  }),
};

/** What "add section" inserts in a German presentation (issue 28: a presentation is content, in its own language). */
const sectionDefaultsDe: Defaults = {
  hero: () => ({
    eyebrow: '',
    subheading: 'Was wir gemeinsam vorhaben, in ein, zwei Sätzen.',
    image: null,
    buttonLabel: 'Gespräch vereinbaren',
    background: 'surface',
  }),
  intro: () => ({ heading: 'Warum wir Ihnen schreiben', signature: '' }),
  creatives: () => ({ heading: 'Creatives, die wir für Sie gestaltet haben', intro: '', items: [{ creationId: 'pick', caption: '' }] }),
  adPreviews: () => ({ heading: 'So würden Ihre Anzeigen aussehen', intro: '', items: [{ adId: 'pick' }] }),
  funnelPages: () => ({ heading: 'Landingpages, die überzeugen', intro: '', items: [{ pageId: 'pick', caption: '', screenshot: null }], liveLinks: true }),
  pricing: () => structuredClone(BLOCK_SAMPLES.de.pricing),
  testimonials: () => structuredClone(BLOCK_SAMPLES.de.testimonials),
  cta: () => ({
    heading: 'Lassen Sie uns sprechen',
    text: 'Vereinbaren Sie ein 20-minütiges Gespräch, und wir gehen alles gemeinsam durch.',
    label: 'Gespräch vereinbaren',
    action: 'link',
    href: '/redirect',
    background: 'primary',
  }),
};

/** The defaults per content language. */
export const SECTION_DEFAULTS: Record<Locale, Defaults> = { en: sectionDefaults, de: sectionDefaultsDe };

/** Full props for every section type (the components gallery; picker sections are drawn from the presentation's own items when it has them). */
export const sectionSamples: { [T in SectionType]: SectionPropsMap[T] } = {
  hero: {
    eyebrow: '',
    subheading: 'A spring campaign across Instagram and a landing page that turns clicks into visits.',
    image: null,
    buttonLabel: 'Book a call',
    background: 'surface',
  },
  intro: { heading: 'Why we wrote this for you', signature: '' },
  creatives: {
    heading: 'Creatives we made for you',
    intro: 'Rendered in your brand, ready for the feed and stories.',
    items: [{ creationId: 'sample', caption: 'Feed, 1:1' }],
  },
  adPreviews: { heading: 'How your ads would look', intro: 'In the Instagram feed, as your customers would see them.', items: [{ adId: 'sample' }] },
  funnelPages: {
    heading: 'Landing pages that convert',
    intro: 'Every ad leads to a page made for it.',
    items: [{ pageId: 'sample', caption: 'The offer page with a sign-up form.', screenshot: null }],
    liveLinks: true,
  },
  pricing: structuredClone(blockSamples.pricing),
  testimonials: structuredClone(blockSamples.testimonials),
  cta: {
    heading: 'Let’s start this spring',
    text: 'Book a 20-minute call: we show you the plan and the numbers.',
    label: 'Book a call',
    action: 'link',
    href: '/redirect',
    background: 'primary',
  },
};

/** A new section of `type` with its default props, in the presentation's language. */
export function newSection<T extends SectionType>(type: T, id: string, locale: Locale = 'en'): SectionOf<T> {
  return { id, type, props: SECTION_DEFAULTS[locale][type]() } as unknown as SectionOf<T>;
}

/** The starting headline of a presentation for `customerName`, in its language. */
const STARTER_HEADLINE: Record<Locale, (customerName: string) => string> = {
  en: (customerName) => `A plan for ${customerName}`,
  de: (customerName) => `Unser Plan für ${customerName}`,
};

/** A starting document for `customerName`, in `locale` (its words and its language setting). */
export function starterDocument(customerName: string, theme: FunnelTheme = DEFAULT_THEME, locale: Locale = 'en'): PresentationDocument {
  return {
    customerName,
    logo: null,
    headline: STARTER_HEADLINE[locale](customerName),
    intro: '',
    theme,
    locale,
    sections: [newSection('hero', 'hero', locale), newSection('intro', 'intro', locale), newSection('cta', 'cta', locale)],
  };
}

/**
 * The call to action's link with the author's affiliate code as `ref` (replacing one already
 * there); unchanged without a code or for a link that cannot carry one.
 */
export function withRef(href: string, code: string | null | undefined): string {
  if (!code || !/^[A-Za-z0-9_-]{1,64}$/.test(code)) return href;
  if (!CTA_HREF.test(href)) return href;
  const hashAt = href.indexOf('#');
  const base = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const queryAt = base.indexOf('?');
  const path = queryAt >= 0 ? base.slice(0, queryAt) : base;
  const params = new URLSearchParams(queryAt >= 0 ? base.slice(queryAt + 1) : '');
  params.set('ref', code);
  return `${path}?${params.toString()}${hash}`;
}

/** A section's title as lists show it (its heading, else its type's label). */
export function sectionTitle(section: Section): string {
  const heading = 'heading' in section.props ? section.props.heading : '';
  return heading || sectionLabels[section.type].label;
}
