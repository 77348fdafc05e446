import type { CreativeDocument } from '#common/creative/document.ts';

/**
 * The small part of the templates the editor needs at once (the brand's palette, a document's
 * copy), apart from common/creative/templates.ts so that the editor loads the templates only
 * when it changes a format. templates.ts re-exports these.
 */
export interface Palette {
  primary: string;
  secondary: string;
  accent: string;
  light: string;
  dark: string;
}

export interface Copy {
  headline: string;
  body: string;
  cta: string;
}

export const FALLBACK = ['#1f3a5f', '#f4a261', '#e76f51', '#2a9d8f'];

/** The brand's colours as a palette, turned by `shift` (variations). */
export function paletteOf(colors: readonly string[], shift = 0): Palette {
  const base = colors.length > 0 ? [...colors] : [...FALLBACK];
  while (base.length < 3) base.push(FALLBACK[base.length % FALLBACK.length]!);
  const k = ((shift % base.length) + base.length) % base.length;
  const c = [...base.slice(k), ...base.slice(0, k)].map((x) => x.toLowerCase());
  return { primary: c[0]!, secondary: c[1]!, accent: c[2]!, light: '#f8f5f0', dark: '#111827' };
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
