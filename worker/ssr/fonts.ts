import { fontById, type FontId } from '#common/fonts.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';

/** A font subset's file name part and its unicode-range. */
export type FontSubset = readonly [subset: string, unicodeRange: string];

/**
 * @font-face rules for the theme's fonts other than Inter (which the stylesheet has, variable):
 * self-hosted files from /fonts (client/static/fonts), regular and bold, one rule per subset
 * by unicode-range (the browser fetches latin-ext only for text that needs it), under the
 * family names the blocks' CSS variables use (fontById(id).css). The public pages (funnels,
 * presentations) put them in their <style>; each passes its own ranges.
 */
export function themeFontFaces(theme: FunnelTheme, subsets: readonly FontSubset[]): string {
  const ids = [...new Set([theme.fonts.heading, theme.fonts.body])].filter((id): id is FontId => id !== 'inter');
  return ids
    .flatMap((id) => {
      const family = fontById(id).css.split(',')[0]!.trim();
      return [400, 700].flatMap((weight) =>
        subsets.map(
          ([subset, range]) =>
            `@font-face{font-family:${family};font-style:normal;font-weight:${weight};font-display:swap;src:url(/fonts/${id}-${subset}-${weight}-normal.woff) format("woff");unicode-range:${range}}`,
        ),
      );
    })
    .join('');
}
