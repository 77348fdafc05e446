/**
 * The bundled brand fonts (a fixed list, from @fontsource packages copied into
 * client/static/fonts: Latin and Latin Extended, regular and bold): what a brand kit may
 * choose for headings and body text, and what creatives render with. A new font here
 * needs its files (`{id}-{latin|latin-ext}-{400|700}-normal.woff`), a run of
 * scripts/font-metrics.mjs and its @font-face rules in client/styles.css. Each `css` stack names,
 * after the font, its fallback face there (`cf-{id}-fallback`, decision 0031): text shows at once
 * in a local Arial or Times New Roman of the same size and swaps without moving.
 */
export const BRAND_FONTS = [
  { id: 'inter', name: 'Inter', category: 'sans-serif', css: '"Inter Variable", cf-inter-fallback, Inter, ui-sans-serif, system-ui, sans-serif' },
  { id: 'poppins', name: 'Poppins', category: 'sans-serif', css: 'Poppins, cf-poppins-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'montserrat', name: 'Montserrat', category: 'sans-serif', css: 'Montserrat, cf-montserrat-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'playfair-display', name: 'Playfair Display', category: 'serif', css: '"Playfair Display", cf-playfair-display-fallback, ui-serif, Georgia, serif' },
  { id: 'lora', name: 'Lora', category: 'serif', css: 'Lora, cf-lora-fallback, ui-serif, Georgia, serif' },
  {
    id: 'space-grotesk',
    name: 'Space Grotesk',
    category: 'sans-serif',
    css: '"Space Grotesk", cf-space-grotesk-fallback, ui-sans-serif, system-ui, sans-serif',
  },
  { id: 'dm-sans', name: 'DM Sans', category: 'sans-serif', css: '"DM Sans", cf-dm-sans-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'roboto', name: 'Roboto', category: 'sans-serif', css: 'Roboto, cf-roboto-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'open-sans', name: 'Open Sans', category: 'sans-serif', css: '"Open Sans", cf-open-sans-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'lato', name: 'Lato', category: 'sans-serif', css: 'Lato, cf-lato-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'raleway', name: 'Raleway', category: 'sans-serif', css: 'Raleway, cf-raleway-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'nunito', name: 'Nunito', category: 'sans-serif', css: 'Nunito, cf-nunito-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'rubik', name: 'Rubik', category: 'sans-serif', css: 'Rubik, cf-rubik-fallback, ui-sans-serif, system-ui, sans-serif' },
  { id: 'oswald', name: 'Oswald', category: 'display', css: 'Oswald, cf-oswald-fallback, "Arial Narrow", ui-sans-serif, sans-serif' },
  { id: 'merriweather', name: 'Merriweather', category: 'serif', css: 'Merriweather, cf-merriweather-fallback, ui-serif, Georgia, serif' },
  {
    id: 'libre-baskerville',
    name: 'Libre Baskerville',
    category: 'serif',
    css: '"Libre Baskerville", cf-libre-baskerville-fallback, ui-serif, Georgia, serif',
  },
  { id: 'eb-garamond', name: 'EB Garamond', category: 'serif', css: '"EB Garamond", cf-eb-garamond-fallback, ui-serif, Georgia, serif' },
  { id: 'caveat', name: 'Caveat', category: 'handwriting', css: 'Caveat, cf-caveat-fallback, cursive' },
] as const;

export type FontId = (typeof BRAND_FONTS)[number]['id'];

export const FONT_IDS = BRAND_FONTS.map((f) => f.id) as unknown as readonly [FontId, ...FontId[]];

export function fontById(id: string) {
  return BRAND_FONTS.find((f) => f.id === id) ?? BRAND_FONTS[0];
}

/** A font uploaded to a project: `brand:{brand font id}` in a creative's text style. */
export type BrandFontRef = `brand:${string}`;
export const BRAND_FONT_REF = /^brand:[A-Za-z0-9_-]{1,64}$/;
/** What a text layer's `font` holds: a bundled font or a project's uploaded font. */
export type FontRef = FontId | BrandFontRef;

export function isBrandFont(ref: string): ref is BrandFontRef {
  return BRAND_FONT_REF.test(ref);
}

/** The bundled font whose metrics stand in for `ref` (an uploaded font is measured as Inter). */
export function metricFont(ref: string): FontId {
  return isBrandFont(ref) ? 'inter' : (fontById(ref).id as FontId);
}
