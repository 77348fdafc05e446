import type { FontId } from '#common/fonts.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import {
  CREATIVE_VERSION,
  FORMATS,
  copyOf,
  paletteOf,
  type Background,
  type Copy,
  type CreativeDocument,
  type FormatId,
  type Layer,
  type Palette,
  type Slot,
} from '#common/creative/document.ts';
import { TEMPLATE_IDS } from '#common/creative/template-ids.ts';
import { TEMPLATE_TEXTS_EN, templateCopyIn, templateLine, type TemplateLine } from '#common/creative/template-texts.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { fitCopy } from '#common/creative/text-fit.ts';

export { copyOf, paletteOf, type Copy, type Palette };

/**
 * The starting templates (issues #6 and #14): each one is a function of the brand kit and
 * the format, so that a template takes the project's colours, fonts, logo and picture and
 * lays itself out again in every format (its own place for every layer in each of the four).
 * Each has a category (the ad's goal) and search tags for the template picker, and its own
 * placeholder copy. `palette` shifts the brand colours (variations).
 */
export interface TemplateInput {
  brand: Pick<BrandKit, 'headingFont' | 'bodyFont' | 'logoMediaId'> & { colors: readonly string[] };
  format: FormatId;
  copy?: Partial<Copy> | undefined;
  /** Rotates the brand colours: 0 is the brand's own order. */
  palette?: number | undefined;
  /** A media object for the template's picture (the brand's photo), when there is one. */
  imageMediaId?: string | null | undefined;
  /** The content's language (the project's): the template's own words are written in it. English unless told. */
  locale?: Locale | undefined;
}

/** The copy of a template without its own, in English (template-texts.ts has every language). */
export const DEFAULT_COPY: Copy = { ...TEMPLATE_TEXTS_EN.default };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark or light text, whichever reads better on `background`. */
export function textOn(background: string, dark = '#111827', light = '#ffffff'): string {
  const l = luminance(background);
  return (l + 0.05) / (luminance(dark) + 0.05) > (luminance(light) + 0.05) / (l + 0.05) ? dark : light;
}

/** The colour `t` of the way from `a` to `b` (0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Dark or light text for a gradient: whichever reads better on its worse end. */
function gradientInk(from: string, to: string): string {
  const worst = (ink: string) => Math.min(contrast(ink, from), contrast(ink, to));
  return worst('#ffffff') >= worst('#111827') ? '#ffffff' : '#111827';
}

/**
 * The end of a gradient from `from` towards `to`, as far as text can still be read on all of it
 * (two brand colours far apart in lightness make a gradient no text reads on).
 */
function gradientEnd(from: string, to: string): string {
  for (let t = 1; t > 0; t -= 0.1) {
    const end = mix(from, to, t);
    const ink = gradientInk(from, end);
    if (Math.min(contrast(ink, from), contrast(ink, end)) >= 2.5) return end;
  }
  return from;
}

/** The darker of the brand's two main colours, for backgrounds under white text. */
function deepest(p: Palette): string {
  return luminance(p.primary) <= luminance(p.secondary) ? p.primary : p.secondary;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The first of `preferred` (brand colours) that stands out enough on `background`, else plain dark or light text. */
export function inkOn(background: string, preferred: string | readonly string[], min = 3): string {
  const found = (typeof preferred === 'string' ? [preferred] : preferred).find((c) => contrast(background, c) >= min);
  return found ?? textOn(background);
}

type Box = { x: number; y: number; w: number; h: number };
type PerFormat = { square: Box; portrait?: Box; story?: Box; landscape: Box };

function at(boxes: PerFormat, format: FormatId): Box {
  if (format === 'story') return boxes.story ?? boxes.portrait ?? boxes.square;
  if (format === 'portrait') return boxes.portrait ?? boxes.square;
  return boxes[format];
}

/** [x, y, w, h] in percent of the format's width (x, w) and height (y, h). */
type Quad = readonly [number, number, number, number];

/** A box as many pixels high as wide in `format` (circles, square pictures): the height follows the width. */
function sqr(format: FormatId, x: number, y: number, w: number): Quad {
  const { width, height } = FORMATS[format];
  return [x, y, w, Math.round(((w * width) / height) * 100) / 100];
}

interface Ctx {
  p: Palette;
  f: FormatId;
  heading: FontId;
  body: FontId;
  copy: Copy;
  logo: string | null;
  image: string | null;
  /** One of the template's own text lines ("New", "Use code"), in the content's language. */
  line(key: TemplateLine): string;
  /** The box for the current format, of one given for each: square, portrait, story, landscape. */
  b(square: Quad, portrait: Quad, story: Quad, landscape: Quad): Box;
}

const text = (
  id: string,
  slot: Slot,
  box: Box,
  value: string,
  style: {
    font: FontId;
    weight: 400 | 700;
    size: number;
    color: string;
    align?: 'left' | 'center' | 'right';
    vAlign?: 'top' | 'middle' | 'bottom';
    lineHeight?: number;
    uppercase?: boolean;
  },
): Layer => ({
  id,
  slot,
  type: 'text',
  ...box,
  text: value,
  font: style.font,
  weight: style.weight,
  size: style.size,
  color: style.color,
  align: style.align ?? 'left',
  vAlign: style.vAlign ?? 'top',
  lineHeight: style.lineHeight ?? 1.15,
  uppercase: style.uppercase ?? false,
  // Text shrinks to fit its box in the editor and the PNG alike: longer copy, another format, a wider font.
  autoFit: true,
});
const cta = (box: Box, c: Ctx, fill: string, size = 3.6, radius = 1.2): Layer => ({
  id: 'cta',
  slot: 'cta',
  type: 'cta',
  ...box,
  text: c.copy.cta,
  font: c.body,
  weight: 700,
  size,
  color: textOn(fill),
  fill,
  radius,
});
const logo = (box: Box, c: Ctx): Layer => ({ id: 'logo', slot: 'logo', type: 'logo', ...box, mediaId: c.logo });
const shape = (id: string, slot: Slot, box: Box, fill: string, s: { shape?: 'rect' | 'ellipse'; opacity?: number; radius?: number } = {}): Layer => ({
  id,
  slot,
  type: 'shape',
  ...box,
  shape: s.shape ?? 'rect',
  fill,
  opacity: s.opacity ?? 1,
  radius: s.radius ?? 0,
});
const image = (box: Box, c: Ctx, radius = 0, id = 'image'): Layer => ({ id, slot: 'image', type: 'image', ...box, mediaId: c.image, fit: 'cover', radius });
/** A short line of text that is part of the design (a tag, a date, a counter), in the body font, bold and upper case unless told. */
const label = (
  id: string,
  box: Box,
  value: string,
  color: string,
  c: Ctx,
  s: { size?: number; align?: 'left' | 'center' | 'right'; uppercase?: boolean; weight?: 400 | 700 } = {},
): Layer =>
  text(id, 'accent', box, value, {
    font: c.body,
    weight: s.weight ?? 700,
    size: s.size ?? 2.6,
    color,
    align: s.align ?? 'left',
    vAlign: 'middle',
    lineHeight: 1.15,
    uppercase: s.uppercase ?? true,
  });
/**
 * A picture where the template has room for one, only when there is one: templates designed
 * around their copy still show a picture that is added (the playground's, a variation's).
 */
const picture = (box: Box, c: Ctx, radius = 2): Layer[] => (c.image ? [image(box, c, radius)] : []);

/** What an ad is for: the template picker's categories. */
export const TEMPLATE_CATEGORIES = [
  { id: 'sale', label: 'Sale and offers' },
  { id: 'launch', label: 'Launch' },
  { id: 'product', label: 'Product' },
  { id: 'testimonial', label: 'Testimonial' },
  { id: 'quote', label: 'Quote' },
  { id: 'event', label: 'Event' },
  { id: 'hiring', label: 'Hiring' },
  { id: 'app', label: 'App install' },
  { id: 'before-after', label: 'Before and after' },
  { id: 'carousel', label: 'Carousel cover' },
  { id: 'brand', label: 'Brand and news' },
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]['id'];

export interface TemplateDef {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  /** More words the picker's search finds the template by. */
  tags: readonly string[];
  build(c: Ctx): { background: Background; layers: Layer[] };
}

export const TEMPLATES: readonly TemplateDef[] = [
  {
    id: 'bold-headline',
    name: 'Bold headline',
    description: 'One big message on your brand colour.',
    category: 'brand',
    tags: ['message', 'brand', 'colour', 'simple', 'awareness'],
    build: (c) => ({
      background: { type: 'color', color: c.p.primary },
      layers: [
        logo(at({ square: { x: 7, y: 7, w: 22, h: 9 }, story: { x: 8, y: 6, w: 26, h: 6 }, landscape: { x: 5, y: 9, w: 16, h: 14 } }, c.f), c),
        ...picture(at({ square: { x: 60, y: 6, w: 33, h: 17 }, story: { x: 50, y: 5, w: 42, h: 19 }, landscape: { x: 70, y: 8, w: 25, h: 28 } }, c.f), c),
        text(
          'headline',
          'headline',
          at({ square: { x: 7, y: 26, w: 86, h: 34 }, story: { x: 8, y: 28, w: 84, h: 28 }, landscape: { x: 5, y: 30, w: 62, h: 38 } }, c.f),
          c.copy.headline,
          {
            font: c.heading,
            weight: 700,
            size: 9,
            color: textOn(c.p.primary),
            lineHeight: 1.05,
          },
        ),
        text(
          'body',
          'body',
          at({ square: { x: 7, y: 62, w: 76, h: 14 }, story: { x: 8, y: 58, w: 80, h: 10 }, landscape: { x: 5, y: 70, w: 55, h: 20 } }, c.f),
          c.copy.body,
          {
            font: c.body,
            weight: 400,
            size: 3.6,
            color: textOn(c.p.primary),
            lineHeight: 1.35,
          },
        ),
        cta(
          at({ square: { x: 7, y: 81, w: 38, h: 9 }, story: { x: 8, y: 82, w: 44, h: 6 }, landscape: { x: 70, y: 40, w: 25, h: 18 } }, c.f),
          c,
          c.p.secondary,
        ),
      ],
    }),
  },
  {
    id: 'photo-overlay',
    name: 'Photo with overlay',
    description: 'Your photo full bleed, the headline on a dark veil.',
    category: 'brand',
    tags: ['photo', 'full bleed', 'picture', 'awareness', 'lifestyle'],
    build: (c) => ({
      background: { type: 'media', mediaId: c.image, color: c.p.dark, overlay: 0.45 },
      layers: [
        logo(at({ square: { x: 7, y: 7, w: 20, h: 8 }, story: { x: 8, y: 6, w: 24, h: 5 }, landscape: { x: 4, y: 8, w: 14, h: 13 } }, c.f), c),
        shape(
          'bar',
          'accent',
          at({ square: { x: 7, y: 55, w: 12, h: 1.2 }, story: { x: 8, y: 60, w: 14, h: 0.8 }, landscape: { x: 4, y: 46, w: 8, h: 2 } }, c.f),
          c.p.secondary,
        ),
        text(
          'headline',
          'headline',
          at({ square: { x: 7, y: 58, w: 86, h: 22 }, story: { x: 8, y: 62, w: 84, h: 18 }, landscape: { x: 4, y: 50, w: 60, h: 30 } }, c.f),
          c.copy.headline,
          {
            font: c.heading,
            weight: 700,
            size: 7.5,
            color: '#ffffff',
            vAlign: 'bottom',
            lineHeight: 1.05,
          },
        ),
        cta(
          at({ square: { x: 7, y: 83, w: 36, h: 8.5 }, story: { x: 8, y: 84, w: 42, h: 5.5 }, landscape: { x: 70, y: 70, w: 25, h: 16 } }, c.f),
          c,
          c.p.secondary,
        ),
      ],
    }),
  },
  {
    id: 'split-image',
    name: 'Split with image',
    description: 'Half picture, half message.',
    category: 'product',
    tags: ['photo', 'half', 'product', 'picture', 'shop'],
    build: (c) => {
      return {
        background: { type: 'color', color: c.p.light },
        layers: [
          image(at({ square: { x: 0, y: 0, w: 100, h: 50 }, story: { x: 0, y: 0, w: 100, h: 52 }, landscape: { x: 0, y: 0, w: 48, h: 100 } }, c.f), c),
          text(
            'headline',
            'headline',
            at({ square: { x: 7, y: 55, w: 86, h: 18 }, story: { x: 8, y: 56, w: 84, h: 16 }, landscape: { x: 52, y: 12, w: 44, h: 40 } }, c.f),
            c.copy.headline,
            {
              font: c.heading,
              weight: 700,
              size: 6.5,
              color: c.p.dark,
              lineHeight: 1.1,
            },
          ),
          text(
            'body',
            'body',
            at({ square: { x: 7, y: 73, w: 86, h: 10 }, story: { x: 8, y: 73, w: 84, h: 9 }, landscape: { x: 53, y: 52, w: 42, h: 20 } }, c.f),
            c.copy.body,
            {
              font: c.body,
              weight: 400,
              size: 3.2,
              color: '#374151',
              lineHeight: 1.35,
            },
          ),
          cta(
            at({ square: { x: 7, y: 85, w: 34, h: 8 }, story: { x: 8, y: 86, w: 40, h: 5.5 }, landscape: { x: 53, y: 76, w: 26, h: 14 } }, c.f),
            c,
            c.p.primary,
          ),
          logo(at({ square: { x: 74, y: 86, w: 19, h: 6 }, story: { x: 70, y: 87, w: 22, h: 4 }, landscape: { x: 83, y: 78, w: 13, h: 12 } }, c.f), c),
        ],
      };
    },
  },
  {
    id: 'gradient-promo',
    name: 'Gradient promo',
    description: 'A loud gradient for launches and offers.',
    category: 'launch',
    tags: ['gradient', 'offer', 'promo', 'loud', 'launch'],
    build: (c) => {
      const end = gradientEnd(c.p.primary, c.p.accent);
      const ink = gradientInk(c.p.primary, end);
      return {
        background: { type: 'gradient', from: c.p.primary, to: end, angle: 135 },
        layers: [
          shape(
            'circle',
            'accent',
            at(
              {
                square: { x: 58, y: -12, w: 60, h: 60 },
                portrait: { x: 55, y: -10, w: 62, h: 50 },
                story: { x: 50, y: -6, w: 70, h: 40 },
                landscape: { x: 72, y: -30, w: 36, h: 70 },
              },
              c.f,
            ),
            '#ffffff',
            {
              shape: 'ellipse',
              opacity: 0.14,
            },
          ),
          ...picture(at({ square: { x: 28, y: 5, w: 44, h: 22 }, story: { x: 20, y: 8, w: 60, h: 20 }, landscape: { x: 70, y: 8, w: 25, h: 30 } }, c.f), c, 3),
          text(
            'headline',
            'headline',
            at({ square: { x: 8, y: 30, w: 84, h: 30 }, story: { x: 8, y: 32, w: 84, h: 24 }, landscape: { x: 6, y: 22, w: 60, h: 40 } }, c.f),
            c.copy.headline,
            {
              font: c.heading,
              weight: 700,
              size: 9.5,
              color: ink,
              align: 'center',
              vAlign: 'middle',
              lineHeight: 1,
              uppercase: true,
            },
          ),
          text(
            'body',
            'body',
            at({ square: { x: 12, y: 61, w: 76, h: 12 }, story: { x: 10, y: 57, w: 80, h: 9 }, landscape: { x: 6, y: 64, w: 60, h: 18 } }, c.f),
            c.copy.body,
            {
              font: c.body,
              weight: 400,
              size: 3.4,
              color: ink,
              align: 'center',
              lineHeight: 1.35,
            },
          ),
          cta(
            at({ square: { x: 31, y: 78, w: 38, h: 9 }, story: { x: 28, y: 76, w: 44, h: 6 }, landscape: { x: 70, y: 42, w: 25, h: 17 } }, c.f),
            c,
            '#ffffff',
            3.6,
            10,
          ),
          logo(at({ square: { x: 41, y: 89, w: 18, h: 7 }, story: { x: 38, y: 88, w: 24, h: 5 }, landscape: { x: 74, y: 68, w: 17, h: 14 } }, c.f), c),
        ],
      };
    },
  },
  {
    id: 'minimal-serif',
    name: 'Minimal serif',
    description: 'Quiet, editorial, lots of air.',
    category: 'quote',
    tags: ['editorial', 'serif', 'elegant', 'calm', 'luxury'],
    build: (c) => ({
      background: { type: 'color', color: c.p.light },
      layers: [
        shape(
          'rule',
          'accent',
          at({ square: { x: 44, y: 22, w: 12, h: 0.6 }, story: { x: 42, y: 26, w: 16, h: 0.5 }, landscape: { x: 46, y: 18, w: 8, h: 1 } }, c.f),
          c.p.primary,
        ),
        ...picture(at({ square: { x: 36, y: 5, w: 28, h: 15 }, story: { x: 30, y: 8, w: 40, h: 16 }, landscape: { x: 40, y: 3, w: 20, h: 13 } }, c.f), c),
        text(
          'headline',
          'headline',
          at({ square: { x: 10, y: 28, w: 80, h: 30 }, story: { x: 10, y: 30, w: 80, h: 24 }, landscape: { x: 12, y: 25, w: 76, h: 36 } }, c.f),
          c.copy.headline,
          {
            font: 'playfair-display',
            weight: 400,
            size: 8,
            color: c.p.dark,
            align: 'center',
            vAlign: 'middle',
            lineHeight: 1.1,
          },
        ),
        text(
          'body',
          'body',
          at({ square: { x: 16, y: 60, w: 68, h: 12 }, story: { x: 14, y: 56, w: 72, h: 9 }, landscape: { x: 18, y: 63, w: 64, h: 16 } }, c.f),
          c.copy.body,
          {
            font: c.body,
            weight: 400,
            size: 3,
            color: '#4b5563',
            align: 'center',
            lineHeight: 1.45,
          },
        ),
        logo(at({ square: { x: 40, y: 82, w: 20, h: 8 }, story: { x: 38, y: 85, w: 24, h: 5 }, landscape: { x: 43, y: 82, w: 14, h: 12 } }, c.f), c),
      ],
    }),
  },
  {
    id: 'sale-badge',
    name: 'Sale badge',
    description: 'A round badge that shouts the offer.',
    category: 'sale',
    tags: ['discount', 'percent', 'badge', 'offer', 'promo'],
    build: (c) => ({
      background: { type: 'color', color: c.p.secondary },
      layers: [
        shape(
          'badge',
          'accent',
          at(
            {
              square: { x: 55, y: 8, w: 36, h: 36 },
              portrait: { x: 55, y: 7, w: 36, h: 28.8 },
              story: { x: 52, y: 6, w: 40, h: 22.5 },
              landscape: { x: 70, y: 14, w: 24, h: 46 },
            },
            c.f,
          ),
          c.p.primary,
          {
            shape: 'ellipse',
          },
        ),
        ...picture(at({ square: { x: 7, y: 8, w: 42, h: 36 }, story: { x: 8, y: 6, w: 40, h: 32 }, landscape: { x: 35, y: 66, w: 30, h: 30 } }, c.f), c),
        text(
          'badge-text',
          'panel',
          at(
            {
              square: { x: 55, y: 19, w: 36, h: 14 },
              portrait: { x: 55, y: 15, w: 36, h: 12 },
              story: { x: 52, y: 12, w: 40, h: 10 },
              landscape: { x: 70, y: 25, w: 24, h: 24 },
            },
            c.f,
          ),
          c.line('badge'),
          {
            font: c.heading,
            weight: 700,
            size: 8,
            color: textOn(c.p.primary),
            align: 'center',
            vAlign: 'middle',
            lineHeight: 1,
          },
        ),
        text(
          'headline',
          'headline',
          at({ square: { x: 7, y: 50, w: 86, h: 24 }, story: { x: 8, y: 44, w: 84, h: 22 }, landscape: { x: 5, y: 18, w: 60, h: 44 } }, c.f),
          c.copy.headline,
          {
            font: c.heading,
            weight: 700,
            size: 8,
            color: textOn(c.p.secondary),
            lineHeight: 1.05,
          },
        ),
        cta(at({ square: { x: 7, y: 80, w: 40, h: 9 }, story: { x: 8, y: 72, w: 46, h: 6 }, landscape: { x: 5, y: 70, w: 26, h: 17 } }, c.f), c, c.p.dark),
        logo(at({ square: { x: 72, y: 82, w: 21, h: 7 }, story: { x: 8, y: 90, w: 26, h: 4 }, landscape: { x: 78, y: 78, w: 16, h: 12 } }, c.f), c),
      ],
    }),
  },
  {
    id: 'quote-card',
    name: 'Customer quote',
    description: 'Let a happy customer say it for you.',
    category: 'testimonial',
    tags: ['review', 'customer', 'quote', 'dark', 'social proof'],
    build: (c) => ({
      background: { type: 'color', color: c.p.dark },
      layers: [
        text(
          'mark',
          'accent',
          at({ square: { x: 7, y: 6, w: 30, h: 22 }, story: { x: 8, y: 12, w: 30, h: 14 }, landscape: { x: 5, y: 2, w: 14, h: 40 } }, c.f),
          '“',
          {
            font: 'playfair-display',
            weight: 700,
            size: 26,
            color: inkOn(c.p.dark, [c.p.secondary, c.p.primary, c.p.accent]),
            lineHeight: 1,
          },
        ),
        ...picture(
          at(
            {
              square: { x: 71, y: 7, w: 22, h: 22 },
              portrait: { x: 71, y: 6, w: 22, h: 17.6 },
              story: { x: 70, y: 8, w: 22, h: 12.375 },
              landscape: { x: 5, y: 50, w: 12, h: 22.93 },
            },
            c.f,
          ),
          c,
          50,
        ),
        text(
          'headline',
          'headline',
          at({ square: { x: 7, y: 30, w: 86, h: 36 }, story: { x: 8, y: 30, w: 84, h: 30 }, landscape: { x: 20, y: 16, w: 74, h: 46 } }, c.f),
          c.copy.headline,
          {
            font: c.heading,
            weight: 400,
            size: 6.5,
            color: '#ffffff',
            lineHeight: 1.2,
          },
        ),
        text(
          'body',
          'body',
          at({ square: { x: 7, y: 70, w: 60, h: 8 }, story: { x: 8, y: 63, w: 70, h: 5 }, landscape: { x: 20, y: 68, w: 50, h: 12 } }, c.f),
          c.copy.body,
          {
            font: c.body,
            weight: 700,
            size: 3,
            color: inkOn(c.p.dark, [c.p.secondary, c.p.primary, c.p.accent]),
            uppercase: true,
            lineHeight: 1.3,
          },
        ),
        logo(at({ square: { x: 7, y: 84, w: 22, h: 8 }, story: { x: 8, y: 86, w: 26, h: 5 }, landscape: { x: 80, y: 80, w: 15, h: 12 } }, c.f), c),
      ],
    }),
  },
  {
    id: 'framed-product',
    name: 'Framed product',
    description: 'Your product on a card, price and button below.',
    category: 'product',
    tags: ['product', 'card', 'shop', 'price', 'ecommerce'],
    build: (c) => ({
      background: { type: 'color', color: c.p.primary },
      layers: [
        text(
          'headline',
          'headline',
          at({ square: { x: 8, y: 6, w: 84, h: 14 }, story: { x: 8, y: 8, w: 84, h: 10 }, landscape: { x: 52, y: 14, w: 44, h: 36 } }, c.f),
          c.copy.headline,
          {
            font: c.heading,
            weight: 700,
            size: 6,
            color: textOn(c.p.primary),
            align: c.f === 'landscape' ? 'left' : 'center',
            vAlign: 'middle',
            lineHeight: 1.05,
          },
        ),
        shape(
          'card',
          'panel',
          at({ square: { x: 14, y: 22, w: 72, h: 58 }, story: { x: 10, y: 21, w: 80, h: 55 }, landscape: { x: 4, y: 8, w: 44, h: 84 } }, c.f),
          '#ffffff',
          { radius: 4 },
        ),
        image(at({ square: { x: 17, y: 25, w: 66, h: 52 }, story: { x: 13, y: 22.7, w: 74, h: 51.6 }, landscape: { x: 6, y: 12, w: 40, h: 76 } }, c.f), c, 3),
        cta(
          at({ square: { x: 31, y: 85, w: 38, h: 9 }, story: { x: 28, y: 82, w: 44, h: 6 }, landscape: { x: 52, y: 62, w: 28, h: 17 } }, c.f),
          c,
          c.p.secondary,
          3.6,
          10,
        ),
        logo(at({ square: { x: 74, y: 86.5, w: 18, h: 6 }, story: { x: 38, y: 90, w: 24, h: 4.5 }, landscape: { x: 83, y: 64, w: 13, h: 13 } }, c.f), c),
      ],
    }),
  },
  {
    id: 'announcement-band',
    name: 'Announcement band',
    description: 'A bold band across the picture for news.',
    category: 'brand',
    tags: ['news', 'announcement', 'band', 'update', 'photo'],
    build: (c) => ({
      background: { type: 'media', mediaId: c.image, color: c.p.secondary, overlay: 0.1 },
      layers: [
        shape(
          'band',
          'panel',
          at({ square: { x: 0, y: 58, w: 100, h: 34 }, story: { x: 0, y: 62, w: 100, h: 26 }, landscape: { x: 0, y: 52, w: 100, h: 40 } }, c.f),
          c.p.primary,
          { opacity: 0.94 },
        ),
        text(
          'headline',
          'headline',
          at({ square: { x: 7, y: 62, w: 86, h: 16 }, story: { x: 8, y: 65, w: 84, h: 12 }, landscape: { x: 4, y: 56, w: 64, h: 20 } }, c.f),
          c.copy.headline,
          {
            font: c.heading,
            weight: 700,
            size: 6.5,
            color: textOn(c.p.primary),
            lineHeight: 1.05,
          },
        ),
        text(
          'body',
          'body',
          at({ square: { x: 7, y: 79, w: 60, h: 9 }, story: { x: 8, y: 78, w: 60, h: 7 }, landscape: { x: 4, y: 77, w: 60, h: 12 } }, c.f),
          c.copy.body,
          {
            font: c.body,
            weight: 400,
            size: 2.8,
            color: textOn(c.p.primary),
            lineHeight: 1.3,
          },
        ),
        cta(
          at({ square: { x: 68, y: 79, w: 25, h: 8 }, story: { x: 66, y: 78, w: 26, h: 5 }, landscape: { x: 72, y: 64, w: 24, h: 16 } }, c.f),
          c,
          c.p.secondary,
          3,
        ),
        logo(at({ square: { x: 7, y: 6, w: 20, h: 8 }, story: { x: 8, y: 6, w: 24, h: 5 }, landscape: { x: 4, y: 8, w: 14, h: 13 } }, c.f), c),
      ],
    }),
  },
  {
    id: 'flash-sale',
    name: 'Flash sale',
    description: 'A huge discount under a limited-time band.',
    category: 'sale',
    tags: ['discount', 'offer', 'percent', 'weekend', 'black friday', 'limited'],
    build: (c) => {
      const ink = textOn(c.p.primary);
      return {
        background: { type: 'color', color: c.p.primary },
        layers: [
          shape('band', 'panel', c.b([0, 0, 100, 10], [0, 0, 100, 8], [0, 9, 100, 5.5], [0, 0, 100, 14]), c.p.secondary),
          label('band-text', c.b([7, 0, 86, 10], [7, 0, 86, 8], [7, 9, 86, 5.5], [4, 0, 92, 14]), c.line('band'), textOn(c.p.secondary), c, {
            align: 'center',
            size: 2.8,
          }),
          ...picture(c.b(sqr('square', 7, 78, 13), sqr('portrait', 7, 80, 12), sqr('story', 7, 70, 14), sqr('landscape', 84, 64, 11)), c, 50),
          text('offer', 'accent', c.b([5, 13, 90, 36], [5, 13, 90, 30], [5, 20, 90, 21], [4, 18, 44, 60]), '-50%', {
            font: c.heading,
            weight: 700,
            size: 30,
            color: inkOn(c.p.primary, c.p.secondary),
            align: c.f === 'landscape' ? 'left' : 'center',
            vAlign: 'middle',
            lineHeight: 0.95,
          }),
          text('headline', 'headline', c.b([7, 49, 86, 12], [7, 44, 86, 10], [7, 42, 86, 8], [52, 22, 44, 20]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 8.5,
            color: ink,
            align: c.f === 'landscape' ? 'left' : 'center',
            vAlign: 'middle',
            lineHeight: 1,
            uppercase: true,
          }),
          text('body', 'body', c.b([27, 62, 46, 12], [27, 55, 46, 10], [30, 51, 40, 7], [52, 43, 44, 18]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3.4,
            color: ink,
            align: c.f === 'landscape' ? 'left' : 'center',
            lineHeight: 1.35,
          }),
          cta(c.b([30, 80, 40, 9], [30, 81.2, 40, 7.2], [28, 71.2, 44, 5.4], [52, 67, 26, 15]), c, c.p.secondary, 3.4, 10),
          logo(c.b([74, 81.5, 19, 6], [74, 82.3, 19, 5], [72, 71.9, 21, 4], [4, 84, 14, 10]), c),
        ],
      };
    },
  },
  {
    id: 'coupon-code',
    name: 'Coupon code',
    description: 'An offer with a code to copy, like a voucher.',
    category: 'sale',
    tags: ['voucher', 'discount', 'promo code', 'first order', 'offer'],
    build: (c) => {
      const tint = mix(c.p.primary, '#ffffff', 0.9);
      const edge = inkOn(tint, c.p.primary);
      return {
        background: { type: 'color', color: tint },
        layers: [
          logo(c.b([7, 7, 20, 7], [7, 6, 20, 6], [7, 9, 22, 4.5], [4, 9, 14, 12]), c),
          shape(
            'disc',
            'accent',
            c.b(sqr('square', 58, 5, 35), sqr('portrait', 58, 5, 35), sqr('story', 54, 8, 38), sqr('landscape', 70, 8, 26)),
            c.p.secondary,
            { shape: 'ellipse' },
          ),
          ...picture(c.b(sqr('square', 60, 7, 31), sqr('portrait', 60, 6.6, 31), sqr('story', 56, 9.125, 34), sqr('landscape', 71.5, 10.87, 23)), c, 50),
          text('headline', 'headline', c.b([7, 42, 86, 20], [7, 38, 86, 20], [7, 36, 86, 16], [4, 26, 60, 30]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 8,
            color: c.p.dark,
            vAlign: 'bottom',
            lineHeight: 1.02,
          }),
          text('body', 'body', c.b([7, 63, 86, 6], [7, 59.5, 86, 5], [7, 53, 86, 4], [4, 57, 60, 9]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3.2,
            color: '#374151',
            lineHeight: 1.3,
          }),
          shape('coupon', 'panel', c.b([7, 73, 48, 15], [7, 69, 48, 12], [7, 61, 86, 9], [4, 70, 30, 21]), edge, { radius: 2 }),
          shape('coupon-inner', 'panel', c.b([7.8, 73.8, 46.4, 13.4], [7.8, 69.64, 46.4, 10.72], [7.8, 61.45, 84.4, 8.1], [4.5, 70.96, 29, 19.08]), tint, {
            radius: 1.5,
          }),
          label('code-label', c.b([7, 75, 48, 4], [7, 70.5, 48, 3.2], [7, 62.2, 86, 2.4], [4, 72.5, 30, 6]), c.line('codeLabel'), edge, c, {
            align: 'center',
            size: 2.2,
          }),
          text('code', 'accent', c.b([7, 79, 48, 7.5], [7, 73.8, 48, 6.2], [7, 64.6, 86, 4.8], [4, 78, 30, 11]), c.line('code'), {
            font: c.heading,
            weight: 700,
            size: 5.4,
            color: c.p.dark,
            align: 'center',
            vAlign: 'middle',
            lineHeight: 1,
          }),
          cta(c.b([59, 76.5, 34, 8.5], [59, 71.5, 34, 7], [7, 73, 86, 5.4], [70, 73, 26, 15]), c, c.p.dark, 3.2, 10),
        ],
      };
    },
  },
  {
    id: 'product-spotlight',
    name: 'Product spotlight',
    description: 'Your product in a circle on a gradient, with its price.',
    category: 'product',
    tags: ['price', 'shop', 'ecommerce', 'hero', 'gradient', 'new product'],
    build: (c) => {
      const end = gradientEnd(c.p.primary, c.p.accent);
      const ink = gradientInk(c.p.primary, end);
      const landscape = c.f === 'landscape';
      return {
        background: { type: 'gradient', from: c.p.primary, to: end, angle: 150 },
        layers: [
          shape('ring', 'accent', c.b(sqr('square', 24, 5, 52), sqr('portrait', 20, 6, 60), sqr('story', 14, 12, 72), sqr('landscape', 6, 6, 40)), '#ffffff', {
            shape: 'ellipse',
            opacity: 0.16,
          }),
          image(c.b(sqr('square', 27, 8, 46), sqr('portrait', 23, 8.4, 54), sqr('story', 18, 14.25, 64), sqr('landscape', 9, 11.73, 34)), c, 50),
          shape(
            'price-disc',
            'accent',
            c.b(sqr('square', 64, 6, 21), sqr('portrait', 66, 7, 22), sqr('story', 64, 11, 26), sqr('landscape', 36, 6, 14.5)),
            c.p.secondary,
            { shape: 'ellipse' },
          ),
          text(
            'price',
            'accent',
            c.b(sqr('square', 64, 6, 21), sqr('portrait', 66, 7, 22), sqr('story', 64, 11, 26), sqr('landscape', 36, 6, 14.5)),
            c.line('price'),
            {
              font: c.heading,
              weight: 700,
              size: 6,
              color: textOn(c.p.secondary),
              align: 'center',
              vAlign: 'middle',
              lineHeight: 1,
            },
          ),
          text('headline', 'headline', c.b([8, 60, 84, 14], [8, 57, 84, 13], [8, 55, 84, 10], [53, 14, 43, 34]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 6.5,
            color: ink,
            align: landscape ? 'left' : 'center',
            vAlign: landscape ? 'bottom' : 'middle',
            lineHeight: 1.05,
          }),
          text('body', 'body', c.b([14, 74.5, 72, 6], [12, 70.5, 76, 5], [12, 65.5, 76, 4], [53, 50, 43, 12]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3.2,
            color: ink,
            align: landscape ? 'left' : 'center',
            lineHeight: 1.3,
          }),
          cta(c.b([32, 83, 36, 8.5], [31, 79, 38, 7], [28, 73, 44, 5.4], [53, 68, 24, 14]), c, '#ffffff', 3.2, 10),
          logo(c.b([6, 5, 16, 6], [6, 4, 16, 5], [38, 6.5, 24, 4], [84, 82, 12, 10]), c),
        ],
      };
    },
  },
  {
    id: 'new-arrival',
    name: 'New arrival',
    description: 'A large picture with a “new” tag, the message below.',
    category: 'launch',
    tags: ['new', 'collection', 'product', 'drop', 'photo'],
    build: (c) => ({
      background: { type: 'color', color: c.p.light },
      layers: [
        image(c.b([7, 7, 86, 52], [7, 6, 86, 55], [6, 10, 88, 46], [0, 0, 48, 100]), c, c.f === 'landscape' ? 0 : 2.5),
        shape('tag', 'accent', c.b([11, 11, 15, 6], [11, 9.5, 15, 4.8], [10, 12.5, 17, 3.4], [52, 12, 11, 10]), c.p.primary, { radius: 10 }),
        label('tag-text', c.b([11, 11, 15, 6], [11, 9.5, 15, 4.8], [10, 12.5, 17, 3.4], [52, 12, 11, 10]), c.line('tag'), textOn(c.p.primary), c, {
          align: 'center',
          size: 2.6,
        }),
        text('headline', 'headline', c.b([7, 63, 58, 16], [7, 65, 86, 10], [6, 59, 88, 10], [52, 26, 44, 30]), c.copy.headline, {
          font: c.heading,
          weight: 700,
          size: 6,
          color: c.p.dark,
          lineHeight: 1.05,
        }),
        text('body', 'body', c.b([7, 80, 56, 10], [7, 76, 60, 9], [6, 69.5, 88, 5], [52, 57, 44, 14]), c.copy.body, {
          font: c.body,
          weight: 400,
          size: 3,
          color: '#4b5563',
          lineHeight: 1.35,
        }),
        cta(c.b([67, 80.5, 26, 8.5], [63, 78, 30, 7], [6, 77, 40, 5.2], [52, 76, 22, 13]), c, c.p.primary, 3, 1.2),
        logo(c.b([69, 64, 24, 7], [7, 89, 20, 5], [70, 77.5, 24, 4], [80, 77.5, 16, 10]), c),
      ],
    }),
  },
  {
    id: 'launch-spotlight',
    name: 'Launch spotlight',
    description: 'Your picture glowing on a dark stage: “introducing”.',
    category: 'launch',
    tags: ['introducing', 'new', 'dark', 'premium', 'reveal', 'product launch'],
    build: (c) => {
      const landscape = c.f === 'landscape';
      const stage = mix(c.p.dark, c.p.primary, 0.35);
      return {
        background: { type: 'gradient', from: c.p.dark, to: stage, angle: 180 },
        layers: [
          shape(
            'glow',
            'accent',
            c.b(sqr('square', 18, 4, 64), sqr('portrait', 16, 5, 68), sqr('story', 10, 12, 80), sqr('landscape', 1, 5, 44)),
            c.p.primary,
            { shape: 'ellipse', opacity: 0.4 },
          ),
          image(c.b(sqr('square', 26, 12, 48), sqr('portrait', 24, 11.4, 52), sqr('story', 20, 16.5, 60), sqr('landscape', 8, 18.4, 30)), c, 50),
          label(
            'kicker',
            c.b([10, 65, 80, 5], [10, 57, 80, 4], [10, 55, 80, 3], [48, 18, 48, 8]),
            c.line('kicker'),
            inkOn(stage, [c.p.secondary, '#ffffff']),
            c,
            {
              align: landscape ? 'left' : 'center',
              size: 2.8,
            },
          ),
          text('headline', 'headline', c.b([8, 70, 84, 13], [8, 62, 84, 14], [8, 59, 84, 11], [48, 27, 48, 38]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 6.5,
            color: '#ffffff',
            align: landscape ? 'left' : 'center',
            vAlign: 'top',
            lineHeight: 1.05,
          }),
          cta(c.b([33, 85, 34, 8], [32, 79, 36, 6.6], [30, 73, 40, 5], [48, 70, 24, 14]), c, c.p.secondary, 3, 10),
          logo(c.b([6, 5, 16, 6], [6, 4, 16, 5], [38, 7, 24, 4], [84, 8, 12, 10]), c),
        ],
      };
    },
  },
  {
    id: 'customer-review',
    name: 'Customer review',
    description: 'A review on a card, with the customer’s photo and name.',
    category: 'testimonial',
    tags: ['review', 'social proof', 'customer', 'quote', 'rating', 'card'],
    build: (c) => ({
      background: { type: 'color', color: c.p.primary },
      layers: [
        shape('card', 'panel', c.b([6, 6, 88, 88], [6, 5, 88, 90], [6, 10, 88, 76], [3, 6, 94, 88]), '#ffffff', { radius: 3 }),
        text('mark', 'accent', c.b([12, 9, 20, 16], [12, 8, 20, 12], [12, 13, 20, 8], [7, 10, 10, 30]), '“', {
          font: c.heading,
          weight: 700,
          size: 22,
          color: c.p.primary,
          lineHeight: 1,
        }),
        label('rating', c.b([62, 12, 26, 6], [62, 10.5, 26, 5], [58, 14, 30, 3.5], [72, 10, 20, 9]), c.line('rating'), inkOn('#ffffff', c.p.primary), c, {
          align: 'right',
          size: 2.4,
        }),
        text('headline', 'headline', c.b([12, 26, 76, 38], [12, 21, 76, 43], [12, 22, 76, 35], [18, 22, 74, 44]), c.copy.headline, {
          font: c.heading,
          weight: 700,
          size: { square: 5.4, portrait: 6, story: 6.8, landscape: 5.4 }[c.f],
          color: c.p.dark,
          lineHeight: 1.22,
        }),
        shape('rule', 'accent', c.b([12, 68, 76, 0.5], [12, 67, 76, 0.5], [12, 60, 76, 0.5], [18, 68, 74, 0.8]), mix(c.p.primary, '#ffffff', 0.7)),
        shape(
          'avatar',
          'accent',
          c.b(sqr('square', 12, 73, 13), sqr('portrait', 12, 72, 13), sqr('story', 12, 63, 16), sqr('landscape', 18, 73, 9)),
          mix(c.p.primary, '#ffffff', 0.75),
          { shape: 'ellipse' },
        ),
        ...picture(c.b(sqr('square', 12, 73, 13), sqr('portrait', 12, 72, 13), sqr('story', 12, 63, 16), sqr('landscape', 18, 73, 9)), c, 50),
        text('body', 'body', c.b([28, 73, 44, 13], [28, 72, 44, 10.4], [32, 63, 38, 9], [29, 73, 44, 17.2]), c.copy.body, {
          font: c.body,
          weight: 700,
          size: 2.8,
          color: c.p.dark,
          vAlign: 'middle',
          lineHeight: 1.3,
        }),
        logo(c.b([74, 75, 14, 9], [74, 73.5, 14, 7.5], [72, 64.5, 16, 6], [79, 74, 13, 15]), c),
      ],
    }),
  },
  {
    id: 'big-quote',
    name: 'Big quote',
    description: 'A memorable sentence, set large, with its author.',
    category: 'quote',
    tags: ['quote', 'inspiration', 'words', 'typography', 'founder', 'motivation'],
    build: (c) => {
      const ink = textOn(c.p.secondary);
      return {
        background: { type: 'color', color: c.p.secondary },
        layers: [
          ...picture(c.b(sqr('square', 43, 5, 14), sqr('portrait', 43, 4, 14), sqr('story', 42, 10, 16), sqr('landscape', 46, 3, 8)), c, 50),
          text('mark', 'accent', c.b([35, 19, 30, 12], [35, 16, 30, 9], [35, 20, 30, 6.5], [40, 21, 20, 15]), '“', {
            font: c.heading,
            weight: 700,
            size: c.f === 'landscape' ? 15 : c.f === 'square' ? 12 : 11,
            color: inkOn(c.p.secondary, c.p.primary),
            align: 'center',
            vAlign: 'middle',
            lineHeight: 1,
          }),
          text('headline', 'headline', c.b([9, 32, 82, 36], [9, 27, 82, 40], [9, 27, 82, 34], [12, 36, 76, 36]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 7,
            color: ink,
            align: 'center',
            vAlign: 'middle',
            lineHeight: 1.15,
          }),
          shape('rule', 'accent', c.b([45, 72, 10, 0.6], [45, 70, 10, 0.5], [45, 64, 10, 0.5], [47, 75, 6, 0.9]), inkOn(c.p.secondary, c.p.primary)),
          text('body', 'body', c.b([10, 75, 80, 6], [10, 73, 80, 5], [10, 66, 80, 4], [15, 78, 70, 8]), c.copy.body, {
            font: c.body,
            weight: 700,
            size: 2.6,
            color: ink,
            align: 'center',
            vAlign: 'middle',
            uppercase: true,
          }),
          logo(c.b([40, 87, 20, 6], [40, 88, 20, 5], [38, 79, 24, 4], [85, 84, 11, 10]), c),
        ],
      };
    },
  },
  {
    id: 'event-date',
    name: 'Event with date',
    description: 'The date on a tile over your picture, the event below.',
    category: 'event',
    tags: ['event', 'date', 'invitation', 'save the date', 'tasting', 'opening', 'workshop'],
    build: (c) => {
      const tile = c.b(sqr('square', 7, 28, 24), sqr('portrait', 7, 29, 24), sqr('story', 7, 30, 28), sqr('landscape', 38, 10, 16));
      return {
        background: { type: 'color', color: c.p.light },
        layers: [
          shape('band', 'panel', c.b([0, 0, 100, 41], [0, 0, 100, 40], [0, 0, 100, 38], [0, 0, 46, 100]), c.p.primary),
          ...picture(c.b([0, 0, 100, 41], [0, 0, 100, 40], [0, 0, 100, 38], [0, 0, 46, 100]), c, 0),
          logo(c.b([7, 6, 20, 7], [7, 5, 20, 6], [7, 9, 22, 4.5], [4, 8, 14, 12]), c),
          shape('tile', 'accent', tile, c.p.secondary, { radius: 2 }),
          text('day', 'accent', { ...tile, h: tile.h * 0.66 }, '12', {
            font: c.heading,
            weight: 700,
            size: c.f === 'landscape' ? 11 : 11.5,
            color: textOn(c.p.secondary),
            align: 'center',
            vAlign: 'bottom',
            lineHeight: 1,
          }),
          label('month', { ...tile, y: tile.y + tile.h * 0.64, h: tile.h * 0.26 }, c.line('month'), textOn(c.p.secondary), c, { align: 'center', size: 3 }),
          label('kicker', c.b([36, 44, 57, 5], [36, 44, 57, 4], [40, 41.5, 53, 3.5], [58, 12, 38, 9]), c.line('kicker'), inkOn(c.p.light, c.p.primary), c, {
            size: 2.6,
          }),
          text('headline', 'headline', c.b([7, 55, 86, 19], [7, 54, 86, 17], [7, 49, 86, 14], [58, 23, 38, 34]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 7,
            color: c.p.dark,
            lineHeight: 1.05,
          }),
          text('body', 'body', c.b([7, 74, 86, 7], [7, 72, 86, 6], [7, 64, 86, 5], [58, 58, 38, 15]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3.1,
            color: '#374151',
            lineHeight: 1.3,
          }),
          cta(c.b([7, 84, 38, 8.5], [7, 82, 40, 7], [7, 72, 46, 5.4], [58, 77, 24, 13]), c, c.p.primary, 3, 1.2),
        ],
      };
    },
  },
  {
    id: 'webinar',
    name: 'Webinar',
    description: 'A free online session with its speaker and time.',
    category: 'event',
    tags: ['webinar', 'online', 'live', 'speaker', 'talk', 'workshop', 'register'],
    build: (c) => {
      const speaker = c.b(sqr('square', 62, 45, 31), sqr('portrait', 57, 55, 36), sqr('story', 26, 44, 48), sqr('landscape', 69, 8, 24));
      return {
        background: { type: 'color', color: c.p.dark },
        layers: [
          shape('pill', 'accent', c.b([7, 7, 33, 6.5], [7, 6, 33, 5.2], [7, 10, 40, 3.8], [4, 10, 22, 11]), c.p.secondary, { radius: 10 }),
          label('kicker', c.b([7, 7, 33, 6.5], [7, 6, 33, 5.2], [7, 10, 40, 3.8], [4, 10, 22, 11]), c.line('kicker'), textOn(c.p.secondary), c, {
            align: 'center',
            size: 2.5,
          }),
          text('headline', 'headline', c.b([7, 18, 86, 24], [7, 15, 86, 22], [7, 16, 86, 15], [4, 26, 58, 34]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 7.5,
            color: '#ffffff',
            lineHeight: 1.05,
          }),
          text('body', 'body', c.b([7, 47, 52, 14], [7, 39, 48, 11], [7, 33, 86, 7], [4, 61, 52, 16]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3,
            color: '#d1d5db',
            lineHeight: 1.4,
          }),
          cta(c.b([7, 66, 36, 8.5], [7, 53, 38, 7], [26, 82, 48, 5.2], [4, 80, 22, 12]), c, c.p.secondary, 3, 10),
          shape(
            'halo',
            'accent',
            { ...speaker, x: speaker.x - 2, w: speaker.w + 4, y: speaker.y - 2 * (speaker.h / speaker.w), h: speaker.h + 4 * (speaker.h / speaker.w) },
            c.p.primary,
            {
              shape: 'ellipse',
            },
          ),
          ...picture(speaker, c, 50),
          label('speaker', c.b([56, 80, 43, 6], [50, 86, 50, 4], [10, 74.5, 80, 3], [62, 66, 38, 8]), c.line('speaker'), '#e5e7eb', c, {
            align: 'center',
            size: 2.4,
            uppercase: false,
            weight: 400,
          }),
          logo(c.b([7, 86, 20, 7], [7, 88, 20, 5.5], [70, 9.7, 23, 4.4], [82, 84, 14, 10]), c),
        ],
      };
    },
  },
  {
    id: 'hiring-bold',
    name: 'We’re hiring',
    description: 'A big “we’re hiring” with the role and what it offers.',
    category: 'hiring',
    tags: ['job', 'career', 'recruiting', 'team', 'role', 'vacancy'],
    build: (c) => {
      const tint = mix(c.p.primary, '#ffffff', 0.9);
      const disc = c.b(sqr('square', 66, 8, 27), sqr('portrait', 64, 6, 29), sqr('story', 60, 30, 33), sqr('landscape', 80, 56, 16));
      const inner = { x: disc.x + 1.5, y: disc.y + 1.5 * (disc.h / disc.w), w: disc.w - 3, h: disc.h - 3 * (disc.h / disc.w) };
      return {
        background: { type: 'color', color: tint },
        layers: [
          text('title', 'accent', c.b([7, 7, 58, 36], [7, 6, 56, 30], [7, 9, 86, 20], [4, 10, 42, 46]), c.line('title'), {
            font: c.heading,
            weight: 700,
            size: c.f === 'story' ? 14 : 12,
            color: inkOn(tint, c.p.primary, 4.5),
            lineHeight: 0.95,
          }),
          shape('disc', 'accent', disc, c.p.secondary, { shape: 'ellipse' }),
          ...picture(inner, c, 50),
          shape('rule', 'accent', c.b([7, 47, 12, 1], [7, 40, 12, 0.8], [7, 36, 12, 0.5], [4, 62, 8, 1.5]), c.p.secondary),
          text('headline', 'headline', c.b([7, 51, 86, 12], [7, 44, 86, 12], [7, 39, 50, 12], [48, 12, 48, 24]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 5.5,
            color: c.p.dark,
            lineHeight: 1.1,
          }),
          text('body', 'body', c.b([7, 64, 80, 12], [7, 57, 80, 12], [7, 53, 86, 8], [48, 38, 46, 24]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3.2,
            color: '#374151',
            lineHeight: 1.4,
          }),
          cta(c.b([7, 82, 34, 9], [7, 79, 36, 7.2], [7, 66, 44, 5.5], [48, 68, 24, 15]), c, c.p.primary, 3.2, 1.2),
          logo(c.b([72, 83.5, 21, 6], [70, 80, 23, 5.5], [7, 78, 26, 4.5], [4, 82, 14, 11]), c),
        ],
      };
    },
  },
  {
    id: 'join-team',
    name: 'Join the team',
    description: 'Your team’s photo above a band with the open role.',
    category: 'hiring',
    tags: ['job', 'career', 'team photo', 'recruiting', 'culture'],
    build: (c) => {
      const ink = textOn(c.p.primary);
      return {
        background: { type: 'color', color: c.p.primary },
        layers: [
          image(c.b([0, 0, 100, 58], [0, 0, 100, 56], [0, 0, 100, 54], [0, 0, 50, 100]), c, 0),
          logo(c.b([7, 6, 20, 7], [7, 5, 20, 6], [7, 9, 24, 4.5], [4, 8, 14, 12]), c),
          label('kicker', c.b([7, 63, 60, 5], [7, 61, 60, 4], [7, 58.5, 60, 3], [54, 12, 42, 8]), c.line('kicker'), inkOn(c.p.primary, c.p.secondary), c, {
            size: 2.6,
          }),
          text('headline', 'headline', c.b([7, 68, 60, 16], [7, 66, 86, 12], [7, 62.5, 86, 11], [54, 22, 42, 32]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 6,
            color: ink,
            lineHeight: 1.05,
          }),
          text('body', 'body', c.b([7, 85, 60, 9], [7, 79, 60, 9], [7, 74, 86, 5], [54, 55, 42, 16]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 2.8,
            color: ink,
            lineHeight: 1.35,
          }),
          cta(c.b([70, 77, 23, 8.5], [67, 82, 26, 7], [7, 81, 42, 5.2], [54, 76, 22, 13]), c, c.p.secondary, 3, 1.2),
        ],
      };
    },
  },
  {
    id: 'app-install',
    name: 'App install',
    description: 'Your app’s screen in a phone, the download button beside it.',
    category: 'app',
    tags: ['app', 'mobile', 'download', 'install', 'phone', 'screenshot', 'ios', 'android'],
    build: (c) => {
      const tint = mix(c.p.primary, '#ffffff', 0.88);
      const story = c.f === 'story';
      return {
        background: { type: 'color', color: tint },
        layers: [
          shape(
            'blob',
            'accent',
            c.b(sqr('square', 50, 40, 58), sqr('portrait', 48, 44, 60), sqr('story', 10, 50, 80), sqr('landscape', 58, 30, 40)),
            c.p.secondary,
            {
              shape: 'ellipse',
              opacity: 0.5,
            },
          ),
          shape('phone', 'panel', c.b([58, 8, 32, 84], [57, 8, 34, 84], [18, 42, 64, 70], [66, 10, 26, 100]), c.p.dark, { radius: 5 }),
          image(c.b([59.6, 9.6, 28.8, 80.8], [58.6, 9.28, 30.8, 81.44], [19.6, 42.9, 60.8, 57.1], [67.5, 12.87, 23, 87.13]), c, 3.6),
          shape('notch', 'accent', c.b([69, 10.8, 10, 2], [69, 10.2, 10, 1.5], [43, 44, 14, 1.1], [75.5, 15, 7, 3.4]), c.p.dark, { radius: 10 }),
          logo(c.b([7, 7, 20, 7], [7, 6, 20, 6], [39, 8, 22, 4.4], [4, 9, 14, 12]), c),
          text('headline', 'headline', c.b([7, 20, 46, 30], [7, 18, 45, 26], [7, 14, 86, 11], [4, 25, 56, 30]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 6.5,
            color: c.p.dark,
            align: story ? 'center' : 'left',
            vAlign: story ? 'middle' : 'bottom',
            lineHeight: 1.05,
          }),
          text('body', 'body', c.b([7, 52, 46, 14], [7, 46, 45, 12], [10, 25.5, 80, 5], [4, 56, 56, 14]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3,
            color: '#374151',
            align: story ? 'center' : 'left',
            lineHeight: 1.35,
          }),
          cta(c.b([7, 69, 38, 9], [7, 61, 38, 7.2], [29, 32, 42, 4.8], [4, 74, 24, 14]), c, c.p.dark, 3.2, 10),
          label('rating', c.b([7, 80, 46, 5], [7, 70, 45, 4], [10, 37.4, 80, 2.6], [31, 74, 32, 14]), c.line('rating'), '#4b5563', c, {
            size: 2.4,
            uppercase: false,
            weight: 400,
            align: story ? 'center' : 'left',
          }),
        ],
      };
    },
  },
  {
    id: 'before-after',
    name: 'Before and after',
    description: 'Two pictures side by side: the change you make.',
    category: 'before-after',
    tags: ['comparison', 'transformation', 'result', 'renovation', 'skincare', 'makeover'],
    build: (c) => {
      const story = c.f === 'story';
      const before = c.b([7, 20, 42, 60], [7, 17, 42, 63], [7, 17, 86, 30.5], [4, 8, 32, 84]);
      const after = c.b([51, 20, 42, 60], [51, 17, 42, 63], [7, 49.5, 86, 30.5], [38, 8, 32, 84]);
      const pill = (frame: Box): Box =>
        c.f === 'landscape'
          ? { x: frame.x + 2, y: frame.y + 4, w: 12, h: 9 }
          : { x: frame.x + 3, y: frame.y + (story ? 1.4 : 3), w: story ? 22 : 18, h: story ? 3.2 : c.f === 'portrait' ? 4.4 : 5.5 };
      return {
        background: { type: 'color', color: c.p.light },
        layers: [
          text('headline', 'headline', c.b([7, 5, 64, 13], [7, 4, 64, 11], [7, 10, 86, 6], [73, 10, 24, 36]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 5.2,
            color: c.p.dark,
            align: story ? 'center' : 'left',
            vAlign: c.f === 'landscape' ? 'top' : 'middle',
            lineHeight: 1.05,
          }),
          logo(c.b([75, 7, 18, 8], [75, 5, 18, 7], [40, 5, 20, 4.5], [84, 84, 12, 10]), c),
          image(before, c, 2, 'before'),
          image(after, c, 2),
          shape('before-tag', 'accent', pill(before), c.p.dark, { radius: 10, opacity: 0.85 }),
          label('before-text', pill(before), c.line('before'), '#ffffff', c, { align: 'center', size: 2.3 }),
          shape('after-tag', 'accent', pill(after), c.p.primary, { radius: 10 }),
          label('after-text', pill(after), c.line('after'), textOn(c.p.primary), c, { align: 'center', size: 2.3 }),
          text('body', 'body', c.b([7, 83, 54, 11], [7, 83, 54, 10], [7, 81.5, 86, 3.5], [73, 48, 24, 22]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 2.8,
            color: '#374151',
            align: story ? 'center' : 'left',
            vAlign: c.f === 'landscape' ? 'top' : 'middle',
            lineHeight: 1.35,
          }),
          cta(c.b([66, 84, 27, 8.5], [66, 84, 27, 7], [30, 86, 40, 4.8], [73, 71, 23, 12]), c, c.p.primary, 3, 1.2),
        ],
      };
    },
  },
  {
    id: 'carousel-cover',
    name: 'Carousel cover',
    description: 'The first slide of a carousel: a title that makes people swipe.',
    category: 'carousel',
    tags: ['carousel', 'guide', 'tips', 'slides', 'swipe', 'list', 'how to'],
    build: (c) => {
      const ink = textOn(c.p.primary);
      return {
        background: { type: 'color', color: c.p.primary },
        layers: [
          shape(
            'disc',
            'accent',
            c.b(sqr('square', 66, 57, 50), sqr('portrait', 64, 58, 52), sqr('story', 62, 52, 54), sqr('landscape', 80, 50, 30)),
            c.p.secondary,
            {
              shape: 'ellipse',
            },
          ),
          ...picture(c.b([57, 58, 36, 34], [55, 58, 38, 31], [7, 56, 86, 25], [60, 20, 34, 70]), c, 3),
          logo(c.b([7, 7, 20, 7], [7, 6, 20, 6], [7, 9, 22, 4.5], [4, 8, 14, 11]), c),
          shape('counter-pill', 'accent', c.b([79, 7, 14, 6.5], [79, 6, 14, 5.2], [77, 9, 16, 3.6], [84, 6, 11, 10]), ink, { radius: 10, opacity: 0.16 }),
          label('counter', c.b([79, 7, 14, 6.5], [79, 6, 14, 5.2], [77, 9, 16, 3.6], [84, 6, 11, 10]), '1/5', ink, c, { align: 'center', size: 2.6 }),
          text('headline', 'headline', c.b([7, 20, 86, 34], [7, 17, 86, 36], [7, 17, 86, 24], [4, 22, 52, 44]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 8.5,
            color: ink,
            lineHeight: 1.02,
          }),
          text('body', 'body', c.b([7, 59, 46, 14], [7, 57, 44, 14], [7, 44, 86, 8], [4, 68, 52, 12]), c.copy.body, {
            font: c.body,
            weight: 400,
            size: 3.3,
            color: ink,
            lineHeight: 1.35,
          }),
          label('swipe', c.b([7, 85, 46, 6], [7, 87, 46, 5], [7, 83, 50, 3.6], [4, 84, 40, 9]), c.line('swipe'), inkOn(c.p.primary, c.p.secondary), c, {
            size: 3,
            uppercase: false,
          }),
        ],
      };
    },
  },
  {
    id: 'big-stat',
    name: 'Big number',
    description: 'One impressive number, large, over your picture.',
    category: 'brand',
    tags: ['statistic', 'milestone', 'social proof', 'number', 'customers', 'anniversary'],
    build: (c) => {
      const landscape = c.f === 'landscape';
      const deep = deepest(c.p);
      const bright = deep === c.p.primary ? c.p.secondary : c.p.primary;
      return {
        background: { type: 'media', mediaId: c.image, color: deep, overlay: 0.4 },
        layers: [
          logo(c.b([40, 8, 20, 7], [40, 7, 20, 6], [38, 10, 24, 4.5], [4, 9, 14, 12]), c),
          text('number', 'accent', c.b([5, 22, 90, 27], [5, 22, 90, 23], [5, 30, 90, 14], [4, 20, 60, 40]), c.line('number'), {
            font: c.heading,
            weight: 700,
            size: 19,
            color: '#ffffff',
            align: landscape ? 'left' : 'center',
            vAlign: 'bottom',
            lineHeight: 1,
          }),
          shape('rule', 'accent', c.b([45, 53, 10, 0.6], [45, 49, 10, 0.5], [45, 46.5, 10, 0.5], [4, 63, 6, 1.2]), bright),
          text('headline', 'headline', c.b([12, 57, 76, 14], [12, 52, 76, 12], [10, 49.5, 80, 10], [4, 67, 56, 22]), c.copy.headline, {
            font: c.heading,
            weight: 700,
            size: 5,
            color: '#ffffff',
            align: landscape ? 'left' : 'center',
            lineHeight: 1.15,
          }),
          cta(c.b([33, 79, 34, 8.5], [32, 73, 36, 7], [28, 66, 44, 5.4], [70, 40, 26, 16]), c, bright, 3.2, 10),
        ],
      };
    },
  },
];

export { TEMPLATE_IDS };

export function templateById(id: string): TemplateDef | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

/** The placeholder copy a template starts with, in `locale` (variations replace it rather than keep it). */
export function templateCopy(id: string, locale: Locale = 'en'): Copy {
  return templateCopyIn(templateById(id)?.id ?? '', locale);
}

export function buildTemplate(id: string, input: TemplateInput): CreativeDocument {
  const template = templateById(id) ?? TEMPLATES[0]!;
  const format = input.format;
  const locale = input.locale ?? 'en';
  const ctx: Ctx = {
    p: paletteOf(input.brand.colors, input.palette ?? 0),
    f: format,
    heading: input.brand.headingFont,
    body: input.brand.bodyFont,
    copy: { ...templateCopyIn(template.id, locale), ...input.copy },
    logo: input.brand.logoMediaId,
    image: input.imageMediaId ?? null,
    line: (key) => templateLine(template.id, key, locale),
    b: (square, portrait, story, landscape) => {
      const [x, y, w, h] = { square, portrait, story, landscape }[format];
      return { x, y, w, h };
    },
  };
  const { background, layers } = template.build(ctx);
  // Copy longer than the template's own (a user's, a variation's, in a wide brand font) takes a
  // smaller size rather than spilling over the next layer; so do the template's own labels.
  return {
    version: CREATIVE_VERSION,
    format,
    template: template.id,
    background,
    layers: layers.map((l) => (l.type === 'text' || l.type === 'cta' ? fitCopy(l, format) : l)),
  };
}

/**
 * The document in another format: layers that play a role in the template (headline,
 * CTA, logo…) take the template's place for that role in the new format; the others
 * keep their relative position. Content and style are kept.
 */
export function changeFormat(doc: CreativeDocument, format: FormatId, brand: TemplateInput['brand']): CreativeDocument {
  const template = templateById(doc.template);
  if (!template) return { ...doc, format };
  // Built with the document's picture, so that a picture the template only shows when there is one has its place too.
  const target = buildTemplate(template.id, { brand, format, imageMediaId: pictureOf(doc) });
  const places = new Map<string, Layer>();
  // The template's own layers take their places first; other layers of a role (a
  // duplicated headline) take what is left, whatever their order in the list.
  for (const layer of doc.layers) {
    const own = layer.slot && target.layers.find((t) => t.id === layer.id && t.slot === layer.slot);
    if (own) places.set(layer.id, own);
  }
  const used = new Set([...places.values()].map((t) => t.id));
  for (const layer of doc.layers) {
    if (!layer.slot || places.has(layer.id)) continue;
    const match = target.layers.find((t) => t.slot === layer.slot && !used.has(t.id) && t.type === layer.type);
    if (!match) continue;
    used.add(match.id);
    places.set(layer.id, match);
  }
  const layers = doc.layers.map((layer) => {
    const place = places.get(layer.id);
    return place ? { ...layer, x: place.x, y: place.y, w: place.w, h: place.h } : layer;
  });
  return { ...doc, format, layers };
}

/** The headline of a document (the first headline text), for names and variations. */
export function headlineOf(doc: CreativeDocument): string {
  const layer = doc.layers.find((l) => l.type === 'text' && l.slot === 'headline') ?? doc.layers.find((l) => l.type === 'text');
  return layer && layer.type === 'text' ? layer.text : '';
}

/** The picture a document shows (its image layer or media background), to carry into another template. */
export function pictureOf(doc: CreativeDocument): string | null {
  for (const layer of doc.layers) if (layer.type === 'image' && layer.mediaId) return layer.mediaId;
  return doc.background.type === 'media' ? doc.background.mediaId : null;
}

/**
 * The document showing `mediaId` as its picture: in its image layer or picture background, or,
 * in a template designed around its copy, in the place the template keeps for a picture (a
 * new image layer, at the template's depth). A document without such a place is returned as it is.
 */
export function withPictureIn(doc: CreativeDocument, mediaId: string, brand: TemplateInput['brand']): CreativeDocument {
  const own = doc.layers.find((l) => l.type === 'image');
  // Every frame that showed the same picture (a before/after pair) shows the new one.
  if (own)
    return {
      ...doc,
      layers: doc.layers.map((l) => (l === own || (l.type === 'image' && l.slot === 'image' && l.mediaId === own.mediaId) ? { ...l, mediaId } : l)),
    };
  if (doc.background.type === 'media') return { ...doc, background: { ...doc.background, mediaId } };
  const template = templateById(doc.template);
  if (!template) return doc;
  const target = buildTemplate(template.id, { brand, format: doc.format, imageMediaId: mediaId });
  const at = target.layers.findIndex((l) => l.type === 'image');
  const place = target.layers[at];
  if (!place) return doc;
  // Above the layers the template draws under it (those still in the document), under the rest.
  const below = new Set(target.layers.slice(0, at).map((l) => l.id));
  let index = 0;
  doc.layers.forEach((l, i) => {
    if (below.has(l.id)) index = i + 1;
  });
  const ids = new Set(doc.layers.map((l) => l.id));
  let id = place.id;
  for (let n = 2; ids.has(id); n += 1) id = `${place.id}-${n}`;
  return { ...doc, layers: [...doc.layers.slice(0, index), { ...place, id }, ...doc.layers.slice(index)] };
}
