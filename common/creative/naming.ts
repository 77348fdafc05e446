import { FORMATS, type FormatId } from '#common/creative/document.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { de as libraryDe } from '#common/locales/library/de.ts';
import { clip, wellFormed } from '#common/schemas/fields.ts';

/**
 * How creatives are named so that work can be told apart (issue 27): a new creative after its
 * headline, a variation after its source and what differs, a format copy after its source and
 * its format. Pure, shared by the worker (which decides the names on save) and its tests.
 */

/** A creative's name is at most this many UTF-16 units (the schema's limit). */
export const NAME_MAX = 80;

/** One line of well-formed text: every run of whitespace (newlines too) one space, trimmed. */
function oneLine(value: string): string {
  return wellFormed(value).replace(/\s+/gu, ' ').trim();
}

/** The name a headline gives: one line, at most 80 units (an ellipsis when cut); `fallback` when the headline says nothing. */
export function nameFromHeadline(headline: string, fallback: string): string {
  const line = oneLine(headline);
  // A headline of only symbols or emoji still names the creative; one of only invisible marks does not.
  const named = /[\p{L}\p{N}\p{S}\p{P}]/u.test(line) ? line : oneLine(fallback) || 'Creative';
  return clip(named, NAME_MAX, '…');
}

/** `base` with `suffix` after it, the base cut (never the suffix) so the whole stays within 80 units. */
export function withSuffix(base: string, suffix: string): string {
  const short = clip(oneLine(base) || 'Creative', Math.max(1, NAME_MAX - suffix.length), '…');
  return clip(`${short}${suffix}`, NAME_MAX);
}

/**
 * The names are the project's content (issue 28): in a German project a format copy is
 * "Frühlingsangebot — Hochformat" and a variation "… — Variante 2, Layout Große Überschrift,
 * warme Palette". The suffixes of both languages are recognised, so they never pile up.
 */
const FORMAT_NAMES_DE: Record<FormatId, string> = { square: 'Quadrat', portrait: 'Hochformat', story: 'Story', landscape: 'Querformat' };
const FORMAT_NAMES = [...Object.values(FORMATS).map((f) => f.label.toLowerCase()), ...Object.values(FORMAT_NAMES_DE)].join('|');
/** A format copy's suffix ("— story", or "(story)" as copies were named before issue 27). */
const FORMAT_SUFFIX = new RegExp(`(?:^|\\s)(?:— (?:${FORMAT_NAMES})|\\((?:${FORMAT_NAMES})\\))$`, 'iu');
/** A variation's suffix ("— variation 2, minimal serif layout, warm palette", "— Variante 2, …"). */
const VARIATION_SUFFIX = /(?:^|\s)— (?:variation|Variante) \d+(?:, [^—]*)?$/u;

/** The name without its suffix: what a new variation (or format copy) builds on, so suffixes never pile up. */
function baseOf(name: string, suffix: RegExp): string {
  return oneLine(name).replace(suffix, '').trim() || 'Creative';
}

/** The name without its format ("Spring sale — story" → "Spring sale"): what the formats' ZIP is called. */
export function withoutFormat(name: string): string {
  return baseOf(name, FORMAT_SUFFIX);
}

/** A format copy: "Spring sale — story" ("Frühlingsangebot — Hochformat" in a German project). */
export function formatCopyName(name: string, format: FormatId, locale: Locale = 'en'): string {
  return withSuffix(withoutFormat(name), ` — ${locale === 'de' ? FORMAT_NAMES_DE[format] : FORMATS[format].label.toLowerCase()}`);
}

/** How a palette reads, from its leading colour: warm, cool, neutral, dark or light. */
export function paletteMood(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return 'brand';
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x!, 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (lightness < 0.18) return 'dark';
  if (lightness > 0.9) return 'light';
  if (chroma < 0.12) return 'neutral';
  let hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  return hue < 75 || hue >= 330 ? 'warm' : 'cool';
}

const PALETTES_DE: Record<string, string> = {
  warm: 'warme Palette',
  cool: 'kühle Palette',
  neutral: 'neutrale Palette',
  dark: 'dunkle Palette',
  light: 'helle Palette',
  brand: 'Markenpalette',
};

/** A template's name in German (the library's catalog), for a German project's variation names. */
function layoutDe(templateId: string, english: string): string {
  const id = `library.template.${templateId.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}.name`;
  return (libraryDe as Readonly<Record<string, string>>)[id] ?? english;
}

/** A variation: "Spring sale — variation 2, minimal serif layout, warm palette" (what differs from its source), in the project's language. */
export function variationName(
  source: string,
  number: number,
  differs: { layout?: string | undefined; templateId?: string | undefined; palette?: string | undefined },
  locale: Locale = 'en',
): string {
  if (locale === 'de') {
    const parts = [`Variante ${number}`];
    if (differs.layout) parts.push(`Layout ${differs.templateId ? layoutDe(differs.templateId, differs.layout) : differs.layout}`);
    if (differs.palette) parts.push(PALETTES_DE[differs.palette] ?? `Palette ${differs.palette}`);
    return withSuffix(baseOf(source, VARIATION_SUFFIX), ` — ${parts.join(', ')}`);
  }
  const parts = [`variation ${number}`];
  if (differs.layout) parts.push(`${differs.layout.toLowerCase()} layout`);
  if (differs.palette) parts.push(`${differs.palette} palette`);
  return withSuffix(baseOf(source, VARIATION_SUFFIX), ` — ${parts.join(', ')}`);
}
