/**
 * The bundled brand fonts (a fixed list): what a brand kit may choose for headings and
 * body text, and what creatives render with.
 */
export const BRAND_FONTS = [
  { id: 'inter', name: 'Inter', category: 'sans-serif', css: '"Inter Variable", Inter, ui-sans-serif, system-ui, sans-serif' },
  { id: 'poppins', name: 'Poppins', category: 'sans-serif', css: 'Poppins, ui-sans-serif, system-ui, sans-serif' },
  { id: 'montserrat', name: 'Montserrat', category: 'sans-serif', css: 'Montserrat, ui-sans-serif, system-ui, sans-serif' },
  { id: 'playfair-display', name: 'Playfair Display', category: 'serif', css: '"Playfair Display", ui-serif, Georgia, serif' },
  { id: 'lora', name: 'Lora', category: 'serif', css: 'Lora, ui-serif, Georgia, serif' },
  { id: 'space-grotesk', name: 'Space Grotesk', category: 'sans-serif', css: '"Space Grotesk", ui-sans-serif, system-ui, sans-serif' },
] as const;

export type FontId = (typeof BRAND_FONTS)[number]['id'];

export const FONT_IDS = BRAND_FONTS.map((f) => f.id) as unknown as readonly [FontId, ...FontId[]];

export function fontById(id: string) {
  return BRAND_FONTS.find((f) => f.id === id) ?? BRAND_FONTS[0];
}
