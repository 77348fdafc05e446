import * as z from 'zod/mini';
import { FONT_IDS, type FontId } from '#common/fonts.ts';
import { text } from '#common/schemas/fields.ts';
import type { BrandKit } from '#common/schemas/projects.ts';

/**
 * The funnel-page block set (PRODUCT.md §4.5): one props schema per block type, the page
 * document and the funnel theme. The same schemas validate the editor's side panel, the
 * worker's API and the edge renderer's input; `client/blocks/` draws them.
 */
export const BLOCK_TYPES = ['hero', 'text', 'image', 'video', 'features', 'testimonials', 'pricing', 'faq', 'countdown', 'form', 'cta', 'footer'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const MAX_BLOCKS = 40;
export const MAX_FORM_FIELDS = 12;
export const MAX_MARKDOWN = 5000;

// ---------------------------------------------------------------------------------------
// Building blocks of the props

/** Trimmed text of at most `max` characters (empty allowed). */
const line = (max: number) => text().check(z.trim(), z.maxLength(max, `Use at most ${max.toLocaleString('en')} characters.`));
/** Trimmed text of 1 to `max` characters. */
const filled = (max: number, message = 'Fill this in.') =>
  text(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Use at most ${max.toLocaleString('en')} characters.`));
/** Multi-line text: trimmed, line breaks kept (CRLF becomes LF). */
const prose = (max: number) =>
  text().check(
    z.overwrite((value) => value.replace(/\r\n?/g, '\n')),
    z.trim(),
    z.maxLength(max, `Use at most ${max.toLocaleString('en')} characters.`),
  );
const whole = (min: number, max: number, message: string) => z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const hexColor = text('Use a colour like #1A2B3C.').check(z.regex(HEX_COLOR, 'Use a colour like #1A2B3C.'), z.toLowerCase());

/**
 * Where a button or a link may point: a web page over https, an email address, a phone
 * number, a path on the same site (`/…`, not `//host`) or an anchor on the page. Nothing
 * else (no `javascript:`, `data:`, `http:`); no spaces, quotes, angle brackets, backslashes
 * or control characters anywhere.
 */
export const SAFE_HREF =
  /^(?:https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s"'<>\\\p{Cc}]*)?|mailto:[^\s"'<>\\\p{Cc}:/]+@[^\s"'<>\\\p{Cc}]+|tel:\+?[0-9 ()./-]{3,30}|\/(?![/\\])[^\s"'<>\\\p{Cc}]*|#[A-Za-z][A-Za-z0-9_:.-]{0,63})$/u;

/** True when `href` may be rendered as a link (see SAFE_HREF). */
export function isSafeHref(href: string): boolean {
  return href.length <= 2000 && SAFE_HREF.test(href);
}

const HREF_MESSAGE = 'Use a link starting with https://, mailto:, tel:, / or #.';
export const hrefField = text(HREF_MESSAGE).check(
  z.trim(),
  z.minLength(1, 'Add a link.'),
  z.maxLength(2000, 'That link is too long.'),
  z.regex(SAFE_HREF, HREF_MESSAGE),
);

/** A media object of the funnel's project, resolved at render time to a URL and its size. */
export const imageRefSchema = z.object({
  mediaId: text('Pick an image.').check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Pick an image.')),
  /** What the image shows, for people who cannot see it ('' = decorative). */
  alt: line(200),
});
export type ImageRef = z.infer<typeof imageRefSchema>;
const image = z.nullable(imageRefSchema);

export const buttonSchema = z.object({
  label: filled(40, 'Give the button a label.'),
  href: hrefField,
});
export type ButtonProps = z.infer<typeof buttonSchema>;
const button = z.nullable(buttonSchema);

export const linkSchema = z.object({ label: filled(60, 'Give the link a label.'), href: hrefField });
export type LinkProps = z.infer<typeof linkSchema>;

// ---------------------------------------------------------------------------------------
// Props per block type

export const heroProps = z.object({
  eyebrow: line(60),
  heading: filled(120, 'Write a headline.'),
  subheading: prose(400),
  primary: button,
  secondary: button,
  image,
  /** centered: text over the full width (image below); split: text beside the image from tablet width. */
  layout: z.enum(['centered', 'split']),
  background: z.enum(['plain', 'surface', 'primary']),
});

export const textProps = z.object({
  /** The markdown subset of common/markdown-lite.ts. */
  markdown: prose(MAX_MARKDOWN),
  align: z.enum(['left', 'center']),
});

export const imageProps = z.object({
  image,
  caption: line(200),
  width: z.enum(['content', 'wide', 'full']),
});

/** A YouTube or Vimeo address: what a video block's `url` may hold. */
export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  id: string;
  /** The privacy-friendly player to load on click (youtube-nocookie, Vimeo with dnt=1). */
  embedUrl: string;
  /** The page of the video: where the facade links to without JavaScript. */
  watchUrl: string;
}

const YOUTUBE =
  /^https:\/\/(?:(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#][^\s"'<>\\]*)?$/;
const VIMEO = /^https:\/\/(?:www\.)?(?:vimeo\.com\/(?:video\/)?|player\.vimeo\.com\/video\/)(\d{1,12})(?:[/?#][^\s"'<>\\]*)?$/;

/** The YouTube or Vimeo video an address points to, or null. */
export function parseVideoUrl(url: string): VideoEmbed | null {
  const youtube = YOUTUBE.exec(url);
  if (youtube) {
    const id = youtube[1]!;
    return { provider: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`, watchUrl: `https://www.youtube.com/watch?v=${id}` };
  }
  const vimeo = VIMEO.exec(url);
  if (vimeo) {
    const id = vimeo[1]!;
    return { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`, watchUrl: `https://vimeo.com/${id}` };
  }
  return null;
}

export const videoProps = z
  .object({
    /** Names the video for screen readers and the player's frame. */
    title: filled(120, 'Give the video a title.'),
    caption: line(200),
    /** file: a video of the project's library; embed: a YouTube or Vimeo address. */
    source: z.enum(['file', 'embed']),
    file: z.nullable(text('Pick a video.').check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Pick a video.'))),
    url: line(300),
    /** The still shown before playing (the file's poster, the facade's picture). */
    poster: image,
  })
  .check(
    z.refine((v) => v.source !== 'embed' || parseVideoUrl(v.url) !== null, {
      message: 'Paste a YouTube or Vimeo link, like https://www.youtube.com/watch?v=…',
      path: ['url'],
    }),
  );

const FEATURE_ICONS = ['check', 'star', 'zap', 'shield', 'heart', 'clock', 'chart', 'users', 'globe', 'sparkles', 'gift', 'leaf'] as const;
export { FEATURE_ICONS };
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

export const featuresProps = z.object({
  heading: line(120),
  intro: prose(400),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)], 'Use 2, 3 or 4 columns.'),
  items: z
    .array(
      z.object({
        icon: z.nullable(z.enum(FEATURE_ICONS, 'Pick an icon from the list.')),
        title: filled(80, 'Give the feature a title.'),
        text: prose(400),
      }),
    )
    .check(z.minLength(1, 'Add at least one feature.'), z.maxLength(12, 'Use at most 12 features.')),
});

export const testimonialsProps = z.object({
  heading: line(120),
  items: z
    .array(
      z.object({
        quote: prose(600).check(z.minLength(1, 'Write the quote.')),
        name: filled(80, 'Say who said it.'),
        role: line(80),
        avatar: image,
        /** Stars out of 5; 0 shows none. */
        rating: whole(0, 5, 'Use a rating from 0 to 5.'),
      }),
    )
    .check(z.minLength(1, 'Add at least one testimonial.'), z.maxLength(9, 'Use at most 9 testimonials.')),
});

export const pricingProps = z.object({
  heading: line(120),
  intro: prose(400),
  plans: z
    .array(
      z.object({
        name: filled(60, 'Name the plan.'),
        price: filled(20, 'Give the price, like €29.'),
        period: line(30),
        description: line(200),
        features: z.array(filled(100, 'Describe the feature.')).check(z.maxLength(12, 'Use at most 12 features per plan.')),
        button,
        highlighted: z.boolean(),
      }),
    )
    .check(z.minLength(1, 'Add at least one plan.'), z.maxLength(4, 'Use at most 4 plans.')),
});

export const faqProps = z.object({
  heading: line(120),
  items: z
    .array(z.object({ question: filled(200, 'Write the question.'), answer: prose(2000).check(z.minLength(1, 'Write the answer.')) }))
    .check(z.minLength(1, 'Add at least one question.'), z.maxLength(30, 'Use at most 30 questions.')),
});

/** An instant in UTC, `2026-05-01T09:00:00Z` (seconds and milliseconds optional). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/;
export const countdownProps = z.object({
  heading: line(120),
  endsAt: text('Pick the date and time it ends.').check(
    z.regex(ISO_INSTANT, 'Pick the date and time it ends.'),
    z.refine((v) => Number.isFinite(Date.parse(v)), 'Pick the date and time it ends.'),
  ),
  /** Shown instead of the clock once it has ended. */
  expiredText: line(200),
  button,
});

export const FORM_FIELD_TYPES = ['text', 'email', 'phone', 'select', 'checkbox'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,31}$/;
/**
 * Names the edge form uses for itself (honeypot, block id, attribution) or the leads CSV's own
 * columns, and `constructor`: the one name of the pattern that every plain object already has
 * (a form's values and errors would read it from Object's prototype).
 */
export const RESERVED_FIELD_NAMES = [
  'constructor',
  'website',
  'form_id',
  'formid',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'page',
  'variant',
  'created_at',
] as const;

export const formFieldSchema = z
  .object({
    name: text('Name the field: lower-case letters, digits and _.').check(
      z.regex(FIELD_NAME, 'Name the field: a lower-case letter, then letters, digits or _ (at most 32).'),
      z.refine((v) => !(RESERVED_FIELD_NAMES as readonly string[]).includes(v), 'That name is used by the page itself: pick another.'),
    ),
    label: filled(120, 'Label the field.'),
    type: z.enum(FORM_FIELD_TYPES, 'Pick a field type.'),
    required: z.boolean(),
    /** The choices of a select (1–20). */
    options: z.optional(z.array(filled(80, 'Write the option.')).check(z.maxLength(20, 'Use at most 20 options.'))),
    /** The sentence a checkbox agrees to (links are not rendered: keep it plain). */
    consentText: z.optional(prose(500)),
  })
  .check(
    z.refine((f) => f.type !== 'select' || (f.options !== undefined && f.options.length > 0), {
      message: 'Add at least one option.',
      path: ['options'],
    }),
    z.refine((f) => f.options === undefined || new Set(f.options).size === f.options.length, {
      message: 'Each option must be different.',
      path: ['options'],
    }),
  );
export type FormField = z.infer<typeof formFieldSchema>;

export const formProps = z.object({
  title: line(120),
  intro: prose(400),
  fields: z.array(formFieldSchema).check(
    z.minLength(1, 'Add at least one field.'),
    z.maxLength(MAX_FORM_FIELDS, `Use at most ${MAX_FORM_FIELDS} fields.`),
    z.refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, 'Each field needs its own name.'),
  ),
  submitLabel: filled(40, 'Label the button.'),
  successMessage: prose(300).check(z.minLength(1, 'Write what people see after sending.')),
});
export type FormProps = z.infer<typeof formProps>;

export const ctaProps = z.object({
  heading: filled(120, 'Write a headline.'),
  text: prose(400),
  primary: buttonSchema,
  secondary: button,
  background: z.enum(['primary', 'surface', 'plain']),
});

export const footerProps = z.object({
  text: line(300),
  links: z.array(linkSchema).check(z.maxLength(8, 'Use at most 8 links.')),
});

export const blockPropsSchemas = {
  hero: heroProps,
  text: textProps,
  image: imageProps,
  video: videoProps,
  features: featuresProps,
  testimonials: testimonialsProps,
  pricing: pricingProps,
  faq: faqProps,
  countdown: countdownProps,
  form: formProps,
  cta: ctaProps,
  footer: footerProps,
} as const;

export type BlockPropsMap = { [T in BlockType]: z.infer<(typeof blockPropsSchemas)[T]> };
export type BlockProps<T extends BlockType = BlockType> = BlockPropsMap[T];
export type HeroProps = BlockPropsMap['hero'];
export type TextProps = BlockPropsMap['text'];
export type ImageProps = BlockPropsMap['image'];
export type VideoProps = BlockPropsMap['video'];
export type FeaturesProps = BlockPropsMap['features'];
export type TestimonialsProps = BlockPropsMap['testimonials'];
export type PricingProps = BlockPropsMap['pricing'];
export type FaqProps = BlockPropsMap['faq'];
export type CountdownProps = BlockPropsMap['countdown'];
export type CtaProps = BlockPropsMap['cta'];
export type FooterProps = BlockPropsMap['footer'];

// ---------------------------------------------------------------------------------------
// Blocks and the page document

export const BLOCK_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** Ids of the published page's own elements (`<main id="main">`, the skip link's target): no block may take one. */
export const RESERVED_BLOCK_IDS = ['main'] as const;
const blockId = text('Blocks have short ids.').check(
  z.regex(BLOCK_ID, 'Blocks have short ids.'),
  z.refine((v) => !(RESERVED_BLOCK_IDS as readonly string[]).includes(v), 'That id is used by the page itself: pick another.'),
);
const blockOf = <T extends BlockType>(type: T) => z.object({ id: blockId, type: z.literal(type), props: blockPropsSchemas[type] });

export const blockSchema = z.discriminatedUnion('type', [
  blockOf('hero'),
  blockOf('text'),
  blockOf('image'),
  blockOf('video'),
  blockOf('features'),
  blockOf('testimonials'),
  blockOf('pricing'),
  blockOf('faq'),
  blockOf('countdown'),
  blockOf('form'),
  blockOf('cta'),
  blockOf('footer'),
]);
export type Block = z.infer<typeof blockSchema>;
/** The block of one type. */
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export const seoSchema = z.object({
  title: line(70),
  description: line(160),
  image,
});
export type Seo = z.infer<typeof seoSchema>;

/**
 * The element ids a block's parts take on the page (client/blocks: its heading `{id}-title`;
 * a form's fields `{id}-{name}`, their errors `{id}-{name}-error` and the honeypot
 * `{id}-website`): another block with one of them as its id would make two elements share it.
 */
export function blockPartIds(block: Block): string[] {
  const ids = [`${block.id}-title`];
  if (block.type === 'form') {
    ids.push(`${block.id}-website`);
    for (const field of block.props.fields ?? []) ids.push(`${block.id}-${field.name}`, `${block.id}-${field.name}-error`);
  }
  return ids;
}

export const pageDocumentSchema = z.object({
  blocks: z.array(blockSchema).check(
    z.maxLength(MAX_BLOCKS, `Use at most ${MAX_BLOCKS} blocks on a page.`),
    z.refine((blocks) => new Set(blocks.map((b) => b.id)).size === blocks.length, 'Each block needs its own id.'),
    z.refine((blocks) => {
      const parts = new Set(blocks.flatMap(blockPartIds));
      return blocks.every((b) => !parts.has(b.id));
    }, 'A block’s id is taken by a part of another block (like “hero-title”): pick another id.'),
  ),
  seo: seoSchema,
});
export type PageDocument = z.infer<typeof pageDocumentSchema>;

// ---------------------------------------------------------------------------------------
// Theme

export const RADII = ['none', 'small', 'medium', 'large'] as const;
export type Radius = (typeof RADII)[number];

export const funnelThemeSchema = z.object({
  colors: z.object({
    /** Buttons, links, accents. */
    primary: hexColor,
    /** The page. */
    background: hexColor,
    /** Cards and alternating sections. */
    surface: hexColor,
    text: hexColor,
    /** Secondary text. */
    muted: hexColor,
  }),
  fonts: z.object({
    heading: z.enum(FONT_IDS, 'Pick a font from the list.'),
    body: z.enum(FONT_IDS, 'Pick a font from the list.'),
  }),
  radius: z.enum(RADII, 'Pick a corner style.'),
});
export type FunnelTheme = z.infer<typeof funnelThemeSchema>;

/** Legible on white and on light greys (WCAG AA for text: ≥ 4.5:1). */
export const DEFAULT_THEME: FunnelTheme = {
  colors: { primary: '#4338ca', background: '#ffffff', surface: '#f4f4f7', text: '#18181b', muted: '#52525b' },
  fonts: { heading: 'inter', body: 'inter' },
  radius: 'medium',
};

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Near-white or near-black, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111111', background) ? '#ffffff' : '#111111';
}

/**
 * A theme from a project's brand kit: its fonts, its first colour that carries white text
 * (WCAG AA, else the first colour at all) as the primary, and neutral light surfaces so that
 * text stays legible whatever the kit's colours are.
 */
export function themeFromBrandKit(kit: BrandKit): FunnelTheme {
  const colors = kit.colors.filter((c) => HEX_COLOR.test(c)).map((c) => c.toLowerCase());
  const primary = colors.find((c) => contrastRatio(c, '#ffffff') >= 4.5) ?? colors[0] ?? DEFAULT_THEME.colors.primary;
  const fontIds = FONT_IDS as readonly string[];
  const font = (id: string, fallback: FontId) => (fontIds.includes(id) ? (id as FontId) : fallback);
  return {
    colors: { ...DEFAULT_THEME.colors, primary },
    fonts: { heading: font(kit.headingFont, 'inter'), body: font(kit.bodyFont, 'inter') },
    radius: DEFAULT_THEME.radius,
  };
}

// ---------------------------------------------------------------------------------------
// Leads: the schema a form block's submission is validated with

const LEAD_TEXT_MAX = 500;
const PHONE = /^\+?[0-9 ()./-]{5,40}$/;

/**
 * The zod/mini schema of a submission of `form`: one key per field (others are dropped),
 * text trimmed, emails lower-cased, checkboxes as booleans (`on`/`true`/`1` = ticked), an
 * optional field left empty as '' (or false). Error paths are field names.
 */
export function leadSchemaFor(form: Pick<FormProps, 'fields'>) {
  const shape: Record<string, z.ZodMiniType<string | boolean, unknown>> = {};
  for (const field of form.fields) shape[field.name] = leadFieldSchema(field);
  return z.object(shape);
}
export type LeadData = Record<string, string | boolean>;

function leadFieldSchema(field: FormField): z.ZodMiniType<string | boolean, unknown> {
  const required = field.required;
  const missing = required ? `Fill in “${field.label}”.` : 'Use text here.';
  const base = (max: number) => z._default(text(missing).check(z.trim(), z.maxLength(max, `Use at most ${max} characters.`)), '');
  const need = (message: string) => z.refine<string>((v) => !required || v.length > 0, message);
  switch (field.type) {
    case 'text':
      return base(LEAD_TEXT_MAX).check(need(missing));
    case 'email':
      return z._default(text(missing).check(z.trim(), z.toLowerCase(), z.maxLength(254, 'That email address is too long.')), '').check(
        need('Enter your email address.'),
        z.refine((v) => v === '' || z.regexes.email.test(v), 'Enter a valid email address, like name@example.com.'),
      );
    case 'phone':
      return base(40).check(
        need('Enter your phone number.'),
        z.refine((v) => v === '' || (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 5), 'Enter a valid phone number, like +49 30 1234567.'),
      );
    case 'select': {
      const options = field.options ?? [];
      return base(80).check(
        need('Pick one of the options.'),
        z.refine((v) => v === '' || options.includes(v), 'Pick one of the options.'),
      );
    }
    case 'checkbox':
      return z
        .pipe(
          z.optional(z.union([z.boolean(), text()])),
          z.transform((v) => v === true || v === 'on' || v === 'true' || v === '1'),
        )
        .check(z.refine((v) => !required || v, 'Tick this box to continue.'));
  }
}

// ---------------------------------------------------------------------------------------
// Defaults (what "add block" inserts) and samples (the component sheet)

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
