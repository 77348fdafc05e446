import { fontById, type FontId } from '#common/fonts.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';

/** The Latin subset's unicode-range (as client/styles.css and @fontsource have it). */
export const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
/** The Latin Extended subset's unicode-range: its file is fetched only for text that needs it. */
export const LATIN_EXT_RANGE =
  'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF';

const SUBSETS = [
  ['latin', LATIN_RANGE],
  ['latin-ext', LATIN_EXT_RANGE],
] as const;

/** A bundled font's file (client/static/fonts, served under /fonts). */
export function fontFileUrl(id: FontId, subset: (typeof SUBSETS)[number][0], weight: 400 | 700): string {
  return `/fonts/${id}-${subset}-${weight}-normal.woff`;
}

/** The family name a bundled font is drawn under on themed pages: the first of its `css` stack. */
export function themeFamily(id: FontId): string {
  return fontById(id).css.split(',')[0]!.trim();
}

/**
 * The @font-face rules of a theme's fonts other than Inter (every stylesheet has it, variable):
 * the self-hosted files from /fonts (client/static/fonts), regular and bold, one rule per subset
 * by unicode-range, under the family names the blocks' CSS variables use (`--fp-heading-font`,
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
            `@font-face{font-family:${themeFamily(id)};font-style:normal;font-weight:${weight};font-display:swap;src:url(${fontFileUrl(id, subset, weight)}) format("woff");unicode-range:${range}}`,
        ),
      ),
    )
    .join('');
}
