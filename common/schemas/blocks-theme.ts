import * as z from 'zod/mini';
import { FONT_IDS, type FontId } from '#common/fonts.ts';
import { text } from '#common/schemas/fields.ts';
import type { BrandKit } from '#common/schemas/projects.ts';

/**
 * The funnel theme (PRODUCT.md §4.5): the colours, fonts and corner style a funnel's pages are
 * drawn with (common/schemas/blocks.ts has the blocks), its default, the WCAG contrast helpers
 * that keep its text legible, and the theme made from a project's brand kit.
 */

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const hexColor = text('Use a colour like #1A2B3C.').check(z.regex(HEX_COLOR, 'Use a colour like #1A2B3C.'), z.toLowerCase());

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
