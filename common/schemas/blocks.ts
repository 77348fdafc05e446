import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';

/**
 * The funnel-page block set (PRODUCT.md §4.5): one props schema per block type and the page
 * document. The same schemas validate the editor's side panel, the worker's API and the edge
 * renderer's input; `client/blocks/` draws them. Beside them: the funnel theme
 * (blocks-theme.ts), the schema of a form block's submission (blocks-leads.ts) and what "add
 * block" inserts and the component sheet shows (blocks-defaults.ts).
 */
export const BLOCK_TYPES = ['hero', 'text', 'image', 'video', 'features', 'testimonials', 'pricing', 'faq', 'countdown', 'form', 'cta', 'footer'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const MAX_BLOCKS = 40;
export const MAX_FORM_FIELDS = 12;
export const MAX_MARKDOWN = 5000;

// ---------------------------------------------------------------------------------------
// Building blocks of the props

/** Trimmed text of at most `max` characters (empty allowed). */
export const line = (max: number) => text().check(z.trim(), z.maxLength(max, `Use at most ${max.toLocaleString('en')} characters.`));
/** Trimmed text of 1 to `max` characters. */
export const filled = (max: number, message = 'Fill this in.') =>
  text(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Use at most ${max.toLocaleString('en')} characters.`));
/** Multi-line text: trimmed, line breaks kept (CRLF becomes LF). */
export const prose = (max: number) =>
  text().check(
    z.overwrite((value) => value.replace(/\r\n?/g, '\n')),
    z.trim(),
    z.maxLength(max, `Use at most ${max.toLocaleString('en')} characters.`),
  );
const whole = (min: number, max: number, message: string) => z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

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
/**
 * Where a block is not shown: `phone` hides it below the phone breakpoint (the edge's CSS only, no script).
 * Optional: absent (every page stored before it) means shown everywhere.
 */
export const blockHiddenSchema = z.object({ phone: z.optional(z.literal(true)) });
export type BlockHidden = z.infer<typeof blockHiddenSchema>;
const blockOf = <T extends BlockType>(type: T) =>
  z.object({ id: blockId, type: z.literal(type), props: blockPropsSchemas[type], hidden: z.optional(blockHiddenSchema) });

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
