import type { FontId } from '#common/fonts.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import { CREATIVE_VERSION, type Background, type CreativeDocument, type FormatId, type Layer, type Slot } from '#common/creative/document.ts';
import { fitCopy, isCopyLayer } from '#common/creative/text-fit.ts';

/**
 * The starting templates (issue #6): each one is a function of the brand kit and the
 * format, so that a template takes the project's colours, fonts and logo and lays
 * itself out again in every format. `palette` shifts the brand colours (variations).
 */
export interface TemplateInput {
  brand: Pick<BrandKit, 'headingFont' | 'bodyFont' | 'logoMediaId'> & { colors: readonly string[] };
  format: FormatId;
  copy?: Partial<Copy> | undefined;
  /** Rotates the brand colours: 0 is the brand's own order. */
  palette?: number | undefined;
  /** A media object for the template's picture (the brand's photo), when there is one. */
  imageMediaId?: string | null | undefined;
}

export interface Copy {
  headline: string;
  body: string;
  cta: string;
}

export const DEFAULT_COPY: Copy = {
  headline: 'Made for the way you work',
  body: 'Everything your team needs, in one place. Try it free for 14 days.',
  cta: 'Get started',
};

interface Palette {
  primary: string;
  secondary: string;
  accent: string;
  light: string;
  dark: string;
}

const FALLBACK = ['#1f3a5f', '#f4a261', '#e76f51', '#2a9d8f'];

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

export function paletteOf(colors: readonly string[], shift = 0): Palette {
  const base = colors.length > 0 ? [...colors] : [...FALLBACK];
  while (base.length < 3) base.push(FALLBACK[base.length % FALLBACK.length]!);
  const k = ((shift % base.length) + base.length) % base.length;
  const c = [...base.slice(k), ...base.slice(0, k)].map((x) => x.toLowerCase());
  return { primary: c[0]!, secondary: c[1]!, accent: c[2]!, light: '#f8f5f0', dark: '#111827' };
}

type Box = { x: number; y: number; w: number; h: number };
type PerFormat = { square: Box; portrait?: Box; story?: Box; landscape: Box };

function at(boxes: PerFormat, format: FormatId): Box {
  if (format === 'story') return boxes.story ?? boxes.portrait ?? boxes.square;
  if (format === 'portrait') return boxes.portrait ?? boxes.square;
  return boxes[format];
}

interface Ctx {
  p: Palette;
  f: FormatId;
  heading: FontId;
  body: FontId;
  copy: Copy;
  logo: string | null;
  image: string | null;
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
const image = (box: Box, c: Ctx, radius = 0): Layer => ({ id: 'image', slot: 'image', type: 'image', ...box, mediaId: c.image, fit: 'cover', radius });
/**
 * A picture where the template has room for one, only when there is one: templates designed
 * around their copy still show a picture that is added (the playground's, a variation's).
 */
const picture = (box: Box, c: Ctx, radius = 2): Layer[] => (c.image ? [image(box, c, radius)] : []);

interface TemplateDef {
  id: string;
  name: string;
  description: string;
  build(c: Ctx): { background: Background; layers: Layer[] };
}

export const TEMPLATES: readonly TemplateDef[] = [
  {
    id: 'bold-headline',
    name: 'Bold headline',
    description: 'One big message on your brand colour.',
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
    build: (c) => ({
      background: { type: 'gradient', from: c.p.primary, to: c.p.accent, angle: 135 },
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
            color: '#ffffff',
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
            color: '#ffffff',
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
    }),
  },
  {
    id: 'minimal-serif',
    name: 'Minimal serif',
    description: 'Quiet, editorial, lots of air.',
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
          '-30%',
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
            color: c.p.secondary,
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
            color: c.p.secondary,
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
];

export const TEMPLATE_IDS = TEMPLATES.map((t) => t.id);

export function templateById(id: string): TemplateDef | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

export function buildTemplate(id: string, input: TemplateInput): CreativeDocument {
  const template = templateById(id) ?? TEMPLATES[0]!;
  const ctx: Ctx = {
    p: paletteOf(input.brand.colors, input.palette ?? 0),
    f: input.format,
    heading: input.brand.headingFont,
    body: input.brand.bodyFont,
    copy: { ...DEFAULT_COPY, ...input.copy },
    logo: input.brand.logoMediaId,
    image: input.imageMediaId ?? null,
  };
  const { background, layers } = template.build(ctx);
  // Copy longer than the template's own (a user's, a variation's) takes a smaller size rather than spilling over the next layer.
  return {
    version: CREATIVE_VERSION,
    format: input.format,
    template: template.id,
    background,
    layers: layers.map((l) => (isCopyLayer(l) ? fitCopy(l, input.format) : l)),
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

/** The text of the layers in each copy slot, to carry content into another template. */
export function copyOf(doc: CreativeDocument): Partial<Copy> {
  const copy: Partial<Copy> = {};
  for (const layer of doc.layers) {
    if (layer.type === 'text' && layer.slot === 'headline' && copy.headline === undefined) copy.headline = layer.text;
    if (layer.type === 'text' && layer.slot === 'body' && copy.body === undefined) copy.body = layer.text;
    if (layer.type === 'cta' && copy.cta === undefined) copy.cta = layer.text;
  }
  return copy;
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
  if (own) return { ...doc, layers: doc.layers.map((l) => (l === own ? { ...l, mediaId } : l)) };
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
