import { fontById, type FontId } from '#common/fonts.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';

/** The Latin subset's unicode-range (as client/styles.css and @fontsource have it). */
export const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
/** The Latin Extended subset's unicode-range: its file is fetched only for text that needs it. */
export const LATIN_EXT_RANGE =
  'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF';

/**
 * The characters pages show (decision 0039): Latin-1 (German included) and the punctuation the
 * house's copy uses (General Punctuation: “ ” „ ‘ ’ – — … •; € ™ −). The pages' WOFF2 files hold these only
 * (scripts/subset-page-fonts.mjs); the rest of the Latin file's characters come from it, by
 * PAGE_REST_RANGE, only for text that has them.
 */
export const PAGE_RANGE = 'U+0000-00FF, U+0131, U+0152-0153, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+FEFF, U+FFFD';

type Range = readonly [number, number];

function parseRanges(css: string): Range[] {
  return css.split(',').map((part) => {
    const [from, to] = part.trim().slice(2).split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const;
  });
}

function formatRange([from, to]: Range): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`;
}

/** The code points of `css` (a unicode-range) that are not in `minus`, as a unicode-range. */
export function rangeMinus(css: string, minus: string): string {
  const cut = parseRanges(minus);
  const out: Range[] = [];
  for (const [from, to] of parseRanges(css)) {
    let start = from;
    for (const [a, b] of [...cut].sort((x, y) => x[0] - y[0])) {
      if (b < start || a > to) continue;
      if (a > start) out.push([start, a - 1]);
      start = Math.max(start, b + 1);
    }
    if (start <= to) out.push([start, to]);
  }
  return out.map(formatRange).join(', ');
}

/** The Latin file's characters beyond PAGE_RANGE: the full file is fetched only for text that has them. */
export const PAGE_REST_RANGE = rangeMinus(LATIN_RANGE, PAGE_RANGE);

/** A theme font's files, each fetched only for text in its range: the pages' WOFF2 first, then the full Latin and Latin Extended. */
const SUBSETS = [
  ['page', PAGE_RANGE],
  ['latin', PAGE_REST_RANGE],
  ['latin-ext', LATIN_EXT_RANGE],
] as const;

/**
 * A bundled font's file (client/static/fonts, served under /fonts): the WOFF files the renderer
 * draws with too, and the pages' WOFF2 cut of the Latin one (scripts/subset-page-fonts.mjs).
 */
export function fontFileUrl(id: FontId, subset: (typeof SUBSETS)[number][0], weight: 400 | 700): string {
  return subset === 'page' ? `/fonts/${id}-page-${weight}-normal.woff2` : `/fonts/${id}-${subset}-${weight}-normal.woff`;
}

/** The family name a bundled font is drawn under on themed pages: the first of its `css` stack. */
export function themeFamily(id: FontId): string {
  return fontById(id).css.split(',')[0]!.trim();
}

/**
 * The @font-face rules of a theme's fonts other than Inter (every stylesheet has it, variable):
 * the self-hosted files from /fonts (client/static/fonts), regular and bold, one rule per file
 * by unicode-range (the pages' WOFF2 for nearly all text, decision 0039), under the family names the blocks' CSS variables use (`--fp-heading-font`,
 * `--fp-body-font`). The one loading path of every themed surface: the live funnel pages and
 * presentations put the CSS in their <style>; the workspace's component sheet and editor
 * previews adopt it as a stylesheet of their frame (client/blocks/theme-fonts.ts).
 */
export function themeFontFaces(theme: Pick<FunnelTheme, 'fonts'>): string {
  const ids = [...new Set([theme.fonts.heading, theme.fonts.body])].filter((id): id is FontId => id !== 'inter');
  return ids
    .flatMap((id) =>
      ([400, 700] as const).flatMap((weight) =>
        SUBSETS.map(
          ([subset, range]) =>
            `@font-face{font-family:${themeFamily(id)};font-style:normal;font-weight:${weight};font-display:swap;src:url(${fontFileUrl(id, subset, weight)}) format("${subset === 'page' ? 'woff2' : 'woff'}");unicode-range:${range}}`,
        ),
      ),
    )
    .join('');
}
