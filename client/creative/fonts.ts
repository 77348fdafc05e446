import { BRAND_FONTS } from '#common/fonts.ts';
import { fontFamily } from '#client/creative/tree.tsx';

/** The creative fonts as the browser loads them: the files in client/static/fonts. */
export const FONT_FILES_FOR_BROWSER = BRAND_FONTS.flatMap((font) =>
  ([400, 700] as const).map((weight) => ({ family: fontFamily(font.id), weight, url: `/fonts/${font.id}-latin-${weight}-normal.woff` })),
);
