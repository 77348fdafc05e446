import { BRAND_FONTS } from '#common/fonts.ts';
import type { ColorProposal, ColorSource, FontProposal } from '#common/schemas/brand-reader.ts';
import { MAX_BRAND_COLORS } from '#common/schemas/projects.ts';
import { contrastRatio } from '#common/schemas/blocks-theme.ts';

/**
 * The colours and fonts a site's CSS declares, read with a few regular expressions rather than
 * a CSS parser: a proposal the user reviews, so "most of what real sites write" is enough, and
 * nothing here runs or stores the CSS itself.
 */

/** A colour as lower-case #rrggbb; null for anything else, and for a fully transparent one. */
export function normaliseColor(value: string): string | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex;
    if (full.length === 8 && full.slice(6) === '00') return null;
    return `#${full.slice(0, 6)}`;
  }
  const rgb = /^rgba?\(\s*([^)]*)\)$/.exec(text)?.[1];
  if (!rgb) return null;
  const parts = rgb.split(/\s*[,/]\s*|\s+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const channel = (part: string) => (part.endsWith('%') ? (parseFloat(part) / 100) * 255 : parseFloat(part));
  const channels = parts.slice(0, 3).map(channel);
  if (channels.some((c) => !Number.isFinite(c))) return null;
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
  if (!Number.isFinite(alpha) || alpha <= 0) return null;
  return `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Every colour literal in a stretch of CSS (hex, rgb(), rgba()). */
const COLOR_LITERAL = /#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Two colours a person would call the same (a shade apart): one is enough in a brand kit. */
function nearlySame(a: string, b: string): boolean {
  const [x, y] = [channels(a), channels(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) < 24;
}

/** White, black and greys: every site uses them for text and backgrounds, so how often they appear says nothing about the brand. */
function isNeutral(hex: string): boolean {
  const [r, g, b] = channels(hex);
  return Math.max(r, g, b) - Math.min(r, g, b) < 16;
}

/** CSS without its comments. */
function uncommented(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** The custom properties a stylesheet defines (`--name: value`), the first definition of each. */
export function customProperties(css: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of uncommented(css).matchAll(/(--[\w-]+)\s*:\s*([^;}]+)/g)) {
    const name = match[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, match[2]!.trim());
  }
  return found;
}

/** A value with its `var(--x)` references replaced (a few levels deep; a fallback when the property is missing). */
function resolved(value: string, properties: Map<string, string>, depth = 0): string {
  if (depth > 3 || !value.includes('var(')) return value;
  const next = value.replace(
    /var\(\s*(--[\w-]+)\s*(?:,\s*([^)]*))?\)/gi,
    (_, name: string, fallback?: string) => properties.get(name.toLowerCase()) ?? fallback ?? '',
  );
  return resolved(next, properties, depth + 1);
}

/** Custom properties whose name says they are the brand's colours: --primary, --brand…, --color-accent. */
const BRAND_PROPERTY = /^--(?:[\w-]*-)?(?:primary|secondary|accent|brand)(?:-|$)/;
/** Colour custom properties of any name (--color-…, --theme-…): after the brand ones, greys left out (a palette's greys say little about the brand). */
const COLOR_PROPERTY = /^--(?:colou?r|theme)(?:-|$)/;

/**
 * The colours to propose, most characteristic first: the page's theme-color, then the brand
 * custom properties in the order the CSS defines them, then the colours the CSS uses most
 * (greys left out); near-duplicates dropped, at most MAX_BRAND_COLORS.
 */
export function proposeColors(themeColor: string | null, css: string): ColorProposal[] {
  const text = uncommented(css);
  const properties = customProperties(text);
  const candidates: { hex: string; source: ColorSource }[] = [];
  const theme = themeColor ? normaliseColor(themeColor) : null;
  if (theme) candidates.push({ hex: theme, source: 'theme-color' });
  const named = [...properties].filter(([name]) => BRAND_PROPERTY.test(name));
  const palette = [...properties].filter(([name]) => !BRAND_PROPERTY.test(name) && COLOR_PROPERTY.test(name));
  for (const [index, [, value]] of [...named, ...palette].entries()) {
    const hex = normaliseColor(resolved(value, properties));
    if (hex && (index < named.length || !isNeutral(hex))) candidates.push({ hex, source: 'css-variable' });
  }
  // Colours used in declarations (not ids in selectors such as #add), counted.
  const counts = new Map<string, number>();
  for (const block of text.matchAll(/\{([^{}]*)\}/g))
    for (const literal of block[1]!.matchAll(COLOR_LITERAL)) {
      const hex = normaliseColor(literal[0]);
      if (hex && !isNeutral(hex)) counts.set(hex, (counts.get(hex) ?? 0) + 1);
    }
  for (const [hex] of [...counts].sort((a, b) => b[1] - a[1])) candidates.push({ hex, source: 'stylesheet' });

  const chosen: ColorProposal[] = [];
  for (const { hex, source } of candidates) {
    if (chosen.length >= MAX_BRAND_COLORS) break;
    if (chosen.some((c) => nearlySame(c.hex, hex))) continue;
    const round = (n: number) => Math.round(n * 100) / 100;
    chosen.push({ hex, source, contrast: { onWhite: round(contrastRatio(hex, '#ffffff')), onBlack: round(contrastRatio(hex, '#000000')) } });
  }
  return chosen;
}

/** Families that name no font of the site's own: the browser's defaults and keywords. */
const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'ui-rounded',
  '-apple-system',
  'blinkmacsystemfont',
  'inherit',
  'initial',
  'unset',
  'revert',
  'emoji',
  'math',
]);

/** The first real family of a `font-family` list ("'Playfair Display', Georgia, serif" → "Playfair Display"). */
export function firstFamily(list: string): string | null {
  for (const part of list.split(',')) {
    const family = part
      .trim()
      .replace(/^["']|["']$/g, '')
      .replace(/\s*!important$/i, '')
      .trim();
    if (family && !GENERIC.has(family.toLowerCase()) && !family.includes('(')) return family.slice(0, 100);
  }
  return null;
}

/** The families a Google Fonts stylesheet address loads, in its order (css2's `family=A:wght@…&family=B`, css's `family=A:400|B`). */
export function googleFontFamilies(href: string): string[] {
  if (!URL.canParse(href)) return [];
  const url = new URL(href);
  if (url.hostname !== 'fonts.googleapis.com') return [];
  return url.searchParams
    .getAll('family')
    .flatMap((value) => value.split('|'))
    .map((value) => value.split(':')[0]!.trim())
    .filter(Boolean)
    .slice(0, 10);
}

/** The heading (h1–h3) and body (body, html, :root) font families the CSS declares; the first declaration of each wins. */
export function declaredFonts(css: string): { heading: string | null; body: string | null } {
  const text = uncommented(css);
  const properties = customProperties(text);
  const fonts: { heading: string | null; body: string | null } = { heading: null, body: null };
  for (const rule of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declaration = /(?:^|;|\s)font-family\s*:\s*([^;}]+)/i.exec(rule[2]!);
    if (!declaration) continue;
    const family = firstFamily(resolved(declaration[1]!, properties));
    if (!family) continue;
    const selectors = rule[1]!.split(',').map((s) => s.trim().toLowerCase());
    if (!fonts.heading && selectors.some((s) => /^h[1-3]$/.test(s))) fonts.heading = family;
    if (!fonts.body && selectors.some((s) => s === 'body' || s === 'html' || s === ':root')) fonts.body = family;
  }
  return fonts;
}

/** A family name as compared with the bundled fonts: case, spaces, dashes and a "Variable" suffix do not count. */
const fontKey = (family: string) =>
  family
    .toLowerCase()
    .replace(/\s*variable$/, '')
    .replace(/[\s_-]+/g, '');

function fontProposal(family: string, googleFamilies: string[]): FontProposal {
  const key = fontKey(family);
  const bundled = BRAND_FONTS.find((font) => fontKey(font.name) === key);
  return { family, fontId: bundled?.id ?? null, source: googleFamilies.some((g) => fontKey(g) === key) ? 'google-fonts' : 'css' };
}

/**
 * The heading and body fonts: what the CSS declares for h1–h3 and for the body, else the
 * families a Google Fonts link loads (the first for the body, the first other one for
 * headings: a site loads a second family for its headings); headings without a font of their
 * own take the body's, as they do on the page.
 */
export function proposeFonts(googleFamilies: string[], css: string): { heading: FontProposal | null; body: FontProposal | null } {
  const declared = declaredFonts(css);
  const body = declared.body ?? googleFamilies[0] ?? null;
  const heading = declared.heading ?? googleFamilies.find((family) => body === null || fontKey(family) !== fontKey(body)) ?? body;
  return { heading: heading ? fontProposal(heading, googleFamilies) : null, body: body ? fontProposal(body, googleFamilies) : null };
}
